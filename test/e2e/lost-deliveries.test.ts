import { createServer, type IncomingMessage, type ServerResponse } from "node:http";
import { afterAll, describe, expect, it } from "vitest";
import { myTurn, newStats, playTurnHttp } from "../../bench/client";
import { d1Change, d1Query, type LocalService, newPersistDir, removeDir, startLocalService } from "../../scripts/local-service";
import { seededRandom } from "../../src/engine/index";
import { LEASE_MS } from "../../src/server/notify/schedule";
import type { CreateGameResponse, GameSnapshot } from "../../src/shared/api";

/**
 * Issue 15: a notification recorded in D1 is sent once even when the
 * runtime dies between the fan-out and the send. `wrangler dev` keeps its
 * queue in memory, so killing it (SIGKILL, like a crash) loses the queue
 * message for good: only the cron (notify/requeue.ts) can find the delivery
 * again. The receiver holds every request unanswered until the crash, so
 * nothing can be sent before it. The dead sender's lease (a minute) is not
 * waited out: while the service is down, the test moves it back a minute in
 * the local D1, as if the crash had been a minute ago. The queues batch for
 * 50 ms (quickQueuesConfig), so every wait below is short.
 */

const INTERVAL = "*/5+*+*+*+*";

/** A webhook receiver on this machine: holds requests unanswered, or answers 200 and counts them by webhook-id. */
function receiver() {
  let answering = false;
  const answered: string[] = [];
  const held: ServerResponse[] = [];
  const server = createServer((request: IncomingMessage, response: ServerResponse) => {
    request.resume();
    request.on("end", () => {
      if (!answering) return void held.push(response);
      answered.push(String(request.headers["webhook-id"]));
      response.writeHead(200).end("ok");
    });
  });
  return {
    answered,
    heldCount: () => held.length,
    answer: () => {
      answering = true;
      for (const r of held.splice(0)) r.destroy();
    },
    listen: () =>
      new Promise<number>((resolve) => server.listen(0, "127.0.0.1", () => resolve((server.address() as { port: number }).port))),
    port: async () => (server.address() as { port: number }).port,
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  };
}

/** Runs the Cron Trigger now (wrangler dev --test-scheduled). */
async function cron(url: string): Promise<string> {
  return (await fetch(`${url}/__scheduled?cron=${INTERVAL}`)).text();
}

type Row = { key: string; state: string; attempts: number; generation: number; kept: number };

async function rows(dir: string, gameId: string): Promise<Row[]> {
  return d1Query<Row>(
    dir,
    // A game's deliveries are kept in its log shard (src/server/notify/store.ts).
    `SELECT key, state, attempts, generation, message IS NOT NULL AS kept FROM notification_deliveries WHERE key LIKE '${gameId}/%/turn/%'`,
    "logs",
  );
}

async function view(url: string, id: string, token: string): Promise<GameSnapshot> {
  return (await (await fetch(`${url}/api/games/${id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as GameSnapshot;
}

describe("notifications across a crash", () => {
  let dir = "";
  let service: LocalService | null = null;
  const hooks = receiver();
  afterAll(async () => {
    await service?.stop("kill");
    await hooks.close();
    if (dir) await removeDir(dir);
  });

  it("sends a delivery whose queue message died with the runtime exactly once, when the cron finds it", async () => {
    const port = await hooks.listen();
    // The local cron runs at the real time (`/__scheduled` takes no other): a delivery counts as lost 5 s past due, not 10 min.
    const vars = { NOTIFY_ALLOW_LOCAL_HTTP: "1", DNS_RESOLVER_URL: "", REQUEUE_AFTER_SECONDS: "5" };
    dir = await newPersistDir();
    service = await startLocalService({ persistTo: dir, vars, quickQueues: true });
    const game = (await (
      await fetch(`${service.url}/api/games`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ players: 2, names: ["Anna", "Bruno"] }),
      })
    ).json()) as CreateGameResponse;
    const attached = await fetch(`${service.url}/api/games/${game.id}/webhooks`, {
      method: "POST",
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${game.invite.token}` },
      body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook`, events: ["turn"] }),
    });
    expect(attached.status).toBe(201);

    // One whole turn: the next seat's turn is fanned out to the game's webhook.
    const views = await Promise.all(game.seats.map((s) => view(service!.url, game.id, s.token!)));
    const seat = views.findIndex(myTurn);
    const stats = newStats();
    await playTurnHttp(
      { url: service.url, id: game.id, token: game.seats[seat]!.token!, stats, random: seededRandom("lost"), thinkMs: 0, budget: 50 },
      views[seat]!,
    );
    expect(stats.errors).toEqual([]);
    // The receiver holds the request: the delivery is claimed (its fan-out long acknowledged by the room), nothing answered.
    for (let i = 0; i < 120 && hooks.heldCount() === 0; i++) await new Promise((r) => setTimeout(r, 250));
    expect(hooks.heldCount()).toBe(1);
    const recorded = await rows(dir, game.id);
    expect(recorded).toEqual([expect.objectContaining({ state: "sending", attempts: 1 })]);

    // The crash: between the fan-out and any answer from the receiver. The queue's copy of the message dies with it.
    await service.stop("kill");
    // A minute passes for the delivery while the service is down: the dead sender's lease runs out.
    expect(
      await d1Change(
        dir,
        `UPDATE notification_deliveries SET lease_until = lease_until - ${LEASE_MS} WHERE key = '${recorded[0]!.key}'`,
        "logs",
      ),
    ).toBe(1);
    service = await startLocalService({ persistTo: dir, vars, quickQueues: true });
    hooks.answer();
    // Many times the queue's batching wait (50 ms): nothing comes back by itself, the delivery waits in D1
    // (a surviving copy of the message would have claimed the expired lease and sent it by now).
    await new Promise((r) => setTimeout(r, 2000));
    expect(await rows(dir, game.id)).toEqual([expect.objectContaining({ state: "sending", attempts: 1, generation: 0 })]);
    expect(hooks.answered).toEqual([]);

    // The cron, every half second as its five minutes would: once the lease is 5 s past, the delivery is queued again and sent.
    let sent: Row[] = [];
    for (let i = 0; i < 120 && sent[0]?.state !== "sent"; i++) {
      expect(await cron(service.url)).toContain("Ran scheduled event");
      await new Promise((r) => setTimeout(r, 500));
      sent = await rows(dir, game.id);
    }
    // One more attempt, whichever copy made it: with a grace this short, a run may queue again a copy still in the queue's batch (it is then dropped).
    expect(sent).toEqual([expect.objectContaining({ key: recorded[0]!.key, state: "sent", attempts: 2, kept: 0 })]);
    expect(sent[0]!.generation).toBeGreaterThanOrEqual(1);
    expect(hooks.answered).toEqual([recorded[0]!.key]);

    // The cron again: nothing more is sent.
    expect(await cron(service.url)).toContain("Ran scheduled event");
    await new Promise((r) => setTimeout(r, 2000));
    expect(hooks.answered).toEqual([recorded[0]!.key]);
  }, 300_000);

  it("never sends again a webhook whose answer was recorded before a crash; one answered but not yet recorded comes again with its webhook-id", async () => {
    // The service of the test above, its receiver answering now: a game with five webhooks, one queue message for the five.
    const vars = { NOTIFY_ALLOW_LOCAL_HTTP: "1", DNS_RESOLVER_URL: "", REQUEUE_AFTER_SECONDS: "5" };
    const port = await hooks.port();
    const game = (await (
      await fetch(`${service!.url}/api/games`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ players: 2, names: ["Anna", "Bruno"] }),
      })
    ).json()) as CreateGameResponse;
    for (let i = 0; i < 5; i++) {
      const attached = await fetch(`${service!.url}/api/games/${game.id}/webhooks`, {
        method: "POST",
        headers: { "Content-Type": "application/json", Authorization: `Bearer ${game.invite.token}` },
        body: JSON.stringify({ url: `http://127.0.0.1:${port}/hook/${i}`, events: ["turn"] }),
      });
      expect(attached.status).toBe(201);
    }
    const views = await Promise.all(game.seats.map((s) => view(service!.url, game.id, s.token!)));
    const seat = views.findIndex(myTurn);
    const stats = newStats();
    await playTurnHttp(
      { url: service!.url, id: game.id, token: game.seats[seat]!.token!, stats, random: seededRandom("answered"), thinkMs: 0, budget: 50 },
      views[seat]!,
    );
    expect(stats.errors).toEqual([]);
    const ours = () => hooks.answered.filter((key) => key.startsWith(`${game.id}/`));
    for (let i = 0; i < 200 && ours().length < 5; i++) await new Promise((r) => setTimeout(r, 50));
    expect(new Set(ours()).size).toBe(5);

    // The crash, right after the receivers answered: what was recorded by then is what the service knows was sent.
    await service!.stop("kill");
    // (The message's lease holds the first delivery's row; the others are written as they end: store.ts.)
    const before = await rows(dir, game.id);
    expect(before.length).toBeGreaterThanOrEqual(1);
    const recorded = before.filter((r) => r.state === "sent").map((r) => r.key);
    // Anything still held (answered, its outcome not written) counts as a dead sender's after a minute.
    await d1Change(
      dir,
      `UPDATE notification_deliveries SET lease_until = lease_until - ${LEASE_MS} WHERE key LIKE '${game.id}/%' AND state = 'sending'`,
      "logs",
    );
    service = await startLocalService({ persistTo: dir, vars, quickQueues: true });
    let after: Row[] = [];
    for (let i = 0; i < 120; i++) {
      expect(await cron(service.url)).toContain("Ran scheduled event");
      await new Promise((r) => setTimeout(r, 500));
      after = await rows(dir, game.id);
      if (after.every((r) => r.state === "sent")) break;
    }
    expect(after.map((r) => r.state)).toEqual(["sent", "sent", "sent", "sent", "sent"]);
    await new Promise((r) => setTimeout(r, 2000));
    const counts = new Map<string, number>();
    for (const key of ours()) counts.set(key, (counts.get(key) ?? 0) + 1);
    // A recorded answer is never sent again, whatever the cron does.
    for (const key of recorded) expect(counts.get(key)).toBe(1);
    // One answered in the instant before its outcome was written may come once more, with the same webhook-id (receivers drop it).
    for (const [key, n] of counts) expect(n, key).toBeLessThanOrEqual(recorded.includes(key) ? 1 : 2);
    expect(counts.size).toBe(5);
  }, 300_000);
});
