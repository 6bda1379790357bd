import { afterAll, describe, expect, it } from "vitest";
import { newPhase, type Phase, playPhase, receivers, startCounted } from "../../bench/cost-play";
import { type LocalService, removeDir } from "../../scripts/local-service";

/**
 * What a notified move writes, counted through the real bindings: the
 * service in the Workers runtime with its D1 databases, Durable Objects and
 * queue wrapped by the cost benchmark's counters (bench/cost-worker.ts: D1's
 * own rows-written figure from each result's meta, queue messages as they
 * are sent), two-player matches played over HTTP by scripted players, every
 * player subscribed to every event by email, webhook and push (the local
 * receivers answer). Counts, not times: the targets of docs/scale.md.
 */

const phase = (): Phase => newPhase("2p HTTP", 2, "http", true, 2);

describe("the rows a notified move writes", () => {
  let service: LocalService | null = null;
  const receiver = receivers();
  afterAll(async () => {
    await service?.stop();
    if (service) await removeDir(service.persistTo);
    (await receiver).close();
  });

  it("are at most 5 D1 rows a move on average, at most 3 a delivery, in one queue message per notification", async () => {
    service = await startCounted();
    const played = phase();
    await playPhase(service, (await receiver).url, played);
    expect(played.errors).toBe(0);
    expect(played.accepted).toBeGreaterThan(50);
    const c = played.counters;
    // Every player on three channels: a turn is three deliveries (and a hand's or the match's end, six).
    expect(c.queuedDeliveries).toBeGreaterThan(played.accepted / 2);
    expect(c.d1RowsWritten / played.accepted).toBeLessThanOrEqual(5);
    expect(c.d1RowsWrittenDeliveries / c.queuedDeliveries).toBeLessThanOrEqual(3);
    // One message per notification, whatever its channels: never one a delivery.
    expect(c.queueMessages * 3).toBeLessThanOrEqual(c.queuedDeliveries);
    console.log(
      `  ${played.accepted} moves: ${(c.d1RowsWritten / played.accepted).toFixed(2)} D1 rows written a move, ` +
        `${(c.d1RowsWrittenDeliveries / c.queuedDeliveries).toFixed(2)} a delivery by its bookkeeping, ` +
        `${c.queueMessages} queue messages for ${c.queuedDeliveries} deliveries`,
    );
  });
});
