import { createExecutionContext, createMessageBatch, getQueueResult } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import type { Env } from "../../../src/server/env";
import { handleDeliveries } from "../../../src/server/notify/deliver";
import { deliveryKey } from "../../../src/server/notify/fanout";
import { insertDeliveries } from "../../../src/server/notify/store";
import type { Delivery } from "../../../src/server/notify/types";
import { deliveryRow, hook, received, subscribe, turnFor, unique } from "./helpers";

/**
 * The retry schedule with the clock in the test's hands: each step hands
 * the consumer one message at a chosen time and reads back what it asked
 * of the queue (retry after how long, or acknowledge).
 */
describe("retry schedule", () => {
  it("follows the Standard Webhooks schedule, splitting waits longer than a Queue's 12-hour maximum into hops", async () => {
    const name = unique("h");
    const gameId = unique("g");
    const made = await subscribe({ channel: "webhook", target: await hook(name, { after: 500 }), scope: "game", gameId });
    const notification = turnFor(gameId, [null, null], 20);
    const key = deliveryKey(notification, made.subscription.id);
    const start = Date.UTC(2026, 0, 1);
    await insertDeliveries(env.DB, [{ key, subscriptionId: made.subscription.id }], start);
    const delivery: Delivery = { key, subscriptionId: made.subscription.id, notice: { type: "game", notification }, createdAt: start };
    const realTime: Env = { ...env, DELIVERY_DELAY_SCALE: "1" };
    let clock = start;
    const step = async () => {
      const batch = createMessageBatch<Delivery>("burraco-deliveries", [{ id: "m", timestamp: clock, attempts: 1, body: delivery }]);
      // getQueueResult does not report a message's own retry delay: listen in on it.
      const message = batch.messages[0]!;
      let delay: number | undefined;
      const retry = message.retry.bind(message);
      message.retry = (options) => {
        delay = options?.delaySeconds;
        retry(options);
      };
      await handleDeliveries(batch, realTime, { now: () => clock });
      const result = await getQueueResult(batch, createExecutionContext());
      if (result.retryMessages.length > 0) return delay ?? "retry without delay";
      return result.explicitAcks.length > 0 ? "ack" : "none";
    };
    const hops: (number | string)[] = [];
    for (let i = 0; i < 40; i++) {
      const next = await step();
      hops.push(next);
      if (typeof next !== "number") break;
      clock += next * 1000;
    }
    const h = 3600;
    // Attempts are made at the start of each wait; the hops without an attempt come back early and wait the rest.
    expect(hops).toEqual([5, 300, 1800, 2 * h, 5 * h, 10 * h, 12 * h, 2 * h, 12 * h, 8 * h, 12 * h, 12 * h, "ack"]);
    const got = await received(name);
    expect(got).toHaveLength(10);
    const times = got.map((r) => Number(r.headers["webhook-timestamp"]) - start / 1000);
    expect(times).toEqual([0, 5, 305, 2105, 9305, 27305, 63305, 113705, 185705, 272105]);
    expect(await deliveryRow(key)).toMatchObject({ state: "dead", attempts: 10 });
  });

  it("never sends while another attempt holds the delivery, nor once it is sent", async () => {
    const name = unique("h");
    const gameId = unique("g");
    const made = await subscribe({ channel: "webhook", target: await hook(name), scope: "game", gameId });
    const notification = turnFor(gameId, [null, null], 21);
    const key = deliveryKey(notification, made.subscription.id);
    const now = Date.now();
    await insertDeliveries(env.DB, [{ key, subscriptionId: made.subscription.id }], now);
    const delivery: Delivery = { key, subscriptionId: made.subscription.id, notice: { type: "game", notification }, createdAt: now };
    // Two copies of one message in one batch (a redelivery racing the original).
    const batch = createMessageBatch<Delivery>("burraco-deliveries", [
      { id: "a", timestamp: now, attempts: 1, body: delivery },
      { id: "b", timestamp: now, attempts: 1, body: delivery },
    ]);
    await handleDeliveries(batch, env, { now: () => now });
    const result = await getQueueResult(batch, createExecutionContext());
    expect(await received(name)).toHaveLength(1);
    // One copy was sent and acknowledged; the other waits out the lease, then finds the delivery sent.
    expect(result.explicitAcks).toHaveLength(1);
    expect(result.retryMessages).toHaveLength(1);
    const again = createMessageBatch<Delivery>("burraco-deliveries", [{ id: "b", timestamp: now, attempts: 2, body: delivery }]);
    await handleDeliveries(again, env, { now: () => now + 61_000 });
    expect((await getQueueResult(again, createExecutionContext())).explicitAcks).toEqual(["b"]);
    expect(await received(name)).toHaveLength(1);
  });
});
