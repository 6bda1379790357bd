import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { deliveryKey } from "../../../src/server/notify/fanout";
import { REQUEUE_AFTER_MS, requeueLost } from "../../../src/server/notify/requeue";
import { insertDeliveries } from "../../../src/server/notify/store";
import type { Delivery } from "../../../src/server/notify/types";
import { deliveryRow, HANG_GUARD, hook, received, settle, subscribe, turnFor, unique, until } from "./helpers";

/**
 * A delivery recorded in D1 whose queue message was lost (issue 15): the
 * cron queues it again, and it is sent once. The same with a real crash and
 * restart of the local runtime is test/e2e/lost-deliveries.test.ts.
 */

/** A webhook delivery written to D1 exactly as the fan-out writes it, but whose queue message never left. */
async function lostDelivery(state: "pending" | "sending" = "pending") {
  const name = unique("h");
  const gameId = unique("g");
  const made = await subscribe({ channel: "webhook", target: await hook(name), scope: "game", gameId, events: ["turn"] });
  await hook(name, { secret: made.secret });
  const notification = turnFor(gameId, [null, null]);
  const key = deliveryKey(notification, made.subscription.id);
  const message: Delivery = { key, subscriptionId: made.subscription.id, notice: { type: "game", notification }, createdAt: Date.now() };
  await insertDeliveries(env.DB, [{ key, subscriptionId: made.subscription.id, message: JSON.stringify(message) }], Date.now());
  if (state === "sending")
    // Claimed by a Worker that died before it recorded anything: its lease runs out.
    await env.DB.prepare("UPDATE notification_deliveries SET state = 'sending', attempts = 1, lease_until = ? WHERE key = ?")
      .bind(Date.now(), key)
      .run();
  return { name, key, message };
}

describe("deliveries whose queue message was lost", () => {
  it("are queued again by the cron once long overdue, sent once, and an older copy is dropped", async () => {
    const { name, key, message } = await lostDelivery();
    // Not yet overdue: nothing is queued twice while its message may still be on its way.
    expect(await requeueLost(env, Date.now())).toBe(0);
    await settle(300);
    expect(await received(name)).toHaveLength(0);

    expect(await requeueLost(env, Date.now() + REQUEUE_AFTER_MS + 1000)).toBe(1);
    const [first] = await until(async () => ((await received(name)).length > 0 ? received(name) : null), HANG_GUARD, "the webhook");
    expect(first!.headers["webhook-id"]).toBe(key);
    await until(async () => (await deliveryRow(key))?.state === "sent", HANG_GUARD, "sent");
    const row = await deliveryRow(key);
    expect(row).toMatchObject({ state: "sent", attempts: 1, generation: 1, message: null });

    // The lost copy turns up after all: it is not the live one, and the delivery is sent already.
    await env.DELIVERIES.send(message);
    await settle(1500);
    expect(await received(name)).toHaveLength(1);
    expect(await requeueLost(env, Date.now() + REQUEUE_AFTER_MS + 1000)).toBe(0);
  });

  it("take over a delivery whose sender died with the lease, and an old copy never claims it", async () => {
    const { name, key, message } = await lostDelivery("sending");
    expect(await requeueLost(env, Date.now() + REQUEUE_AFTER_MS + 1000)).toBe(1);
    // The dead sender's own message, redelivered, is of the old generation: dropped.
    await env.DELIVERIES.send(message);
    await until(async () => (await deliveryRow(key))?.state === "sent", HANG_GUARD, "sent");
    await settle(1500);
    expect(await received(name)).toHaveLength(1);
    expect(await deliveryRow(key)).toMatchObject({ state: "sent", attempts: 2, generation: 1 });
  });
});
