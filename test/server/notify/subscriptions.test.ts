import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../../src/server/auth";
import {
  ATTEMPTS_KEPT,
  deleteSubscription,
  listSubscriptions,
  pruneDeliveryLog,
  recentAttempts,
  updateSubscription,
} from "../../../src/server/notify/index";
import { insertDeliveries } from "../../../src/server/notify/store";
import { createSubscription } from "../../../src/server/notify/subscriptions";
import { policy, subscribe, unique } from "./helpers";

describe("subscriptions", () => {
  it("belong to their owner: listed, changed and removed only with the owner's key", async () => {
    const owner = hashToken(unique("key"));
    const stranger = hashToken(unique("key"));
    const gameId = unique("g");
    const all = await subscribe({ channel: "email", target: `${unique("p")}@Example.org`, ownerHash: owner });
    const one = await subscribe({
      channel: "email",
      target: `${unique("p")}@example.org`,
      ownerHash: owner,
      gameId,
      events: ["turn", "gameOver"],
    });
    expect(all.subscription.target).toMatch(/@example\.org$/);
    expect((await listSubscriptions(env.DB, owner)).map((s) => s.id)).toEqual([all.subscription.id, one.subscription.id]);
    expect((await listSubscriptions(env.DB, owner, gameId)).map((s) => s.id)).toEqual([one.subscription.id]);
    expect(await listSubscriptions(env.DB, stranger)).toEqual([]);
    const listed = JSON.stringify(await listSubscriptions(env.DB, owner));
    const row = await env.DB.prepare("SELECT unsubscribe_token FROM notification_subscriptions WHERE id = ?")
      .bind(one.subscription.id)
      .first<{ unsubscribe_token: string }>();
    for (const secret of [one.confirmToken!, hashToken(one.confirmToken!), row!.unsubscribe_token]) expect(listed).not.toContain(secret);

    expect(await updateSubscription(env.DB, stranger, one.subscription.id, { language: "it" }, Date.now())).toBeNull();
    expect(await updateSubscription(env.DB, owner, one.subscription.id, { language: "it", events: ["invited"] }, Date.now())).toMatchObject(
      {
        language: "it",
        events: ["invited"],
      },
    );
    // Events, languages and time zones are the wire schema's to check (api-player.test.ts); here, how fields go together.
    expect(await updateSubscription(env.DB, owner, one.subscription.id, { digest: "daily" }, Date.now())).toMatchObject({
      refused: "a daily digest needs a time zone",
    });

    expect(await deleteSubscription(env.DB, stranger, all.subscription.id)).toBe(false);
    expect(await deleteSubscription(env.DB, owner, all.subscription.id)).toBe(true);
    expect((await listSubscriptions(env.DB, owner)).map((s) => s.id)).toEqual([one.subscription.id]);
  });

  it("refuses what cannot be delivered", async () => {
    // No event, a push subscription without its keys, a digest but by email: the wire schema's to refuse (api-changes.test.ts).
    const base = { ownerHash: null, gameId: null, scope: "player" as const, events: ["turn" as const], language: "en" as const };
    for (const [input, refusal] of [
      [{ ...base, channel: "email", target: "a@example.org", digest: "daily" }, "a daily digest needs a time zone"],
      [{ ...base, channel: "email", target: "a@example.org", scope: "game", gameId: "g" }, "a game's own subscription is a webhook"],
      [
        { ...base, channel: "webhook", target: "https://example.org/hook", scope: "game", gameId: null },
        "a game's own subscription is a webhook",
      ],
      [
        { ...base, channel: "webhook", target: "https://example.org/hook", scope: "game", gameId: "g", events: ["message"] },
        "do not hear its chat",
      ],
    ] as const) {
      expect(await createSubscription(env.DB, input as never, policy(), Date.now())).toMatchObject({
        refused: expect.stringContaining(refusal),
      });
    }
    const target = `${unique("p")}@example.org`;
    await subscribe({ channel: "email", target });
    expect(await createSubscription(env.DB, { ...base, channel: "email", target }, policy(), Date.now())).toEqual({
      refused: "this subscription exists already",
      kind: "exists",
    });
  });

  it("keeps the delivery log 30 days", async () => {
    const owner = hashToken(unique("key"));
    const made = await subscribe({ channel: "email", target: `${unique("p")}@example.org`, ownerHash: owner });
    const id = made.subscription.id;
    const day = 86_400_000;
    const now = Date.now();
    for (const [key, at] of [
      [unique("old"), now - 31 * day],
      [unique("new"), now - 29 * day],
    ] as const) {
      await insertDeliveries(env.DB, [{ key, subscriptionId: id }], at);
      await env.DB.prepare("UPDATE notification_deliveries SET state = 'sent' WHERE key = ?").bind(key).run();
      await env.DB.prepare(
        "INSERT INTO notification_attempts (delivery_key, subscription_id, event, attempt, status, at) VALUES (?, ?, 'turn', 1, 'sent', ?)",
      )
        .bind(key, id, at)
        .run();
    }
    expect(await recentAttempts(env, owner, id)).toHaveLength(2);
    expect(await recentAttempts(env, hashToken("stranger"), id)).toBeNull();
    expect(await pruneDeliveryLog(env, now)).toBeGreaterThanOrEqual(2);
    const left = await recentAttempts(env, owner, id);
    expect(left).toHaveLength(1);
    expect(left![0]!.key).toMatch(/^new/);
  });

  it("keeps only what the delivery log and idempotency need: 50 attempts a subscription, finished deliveries 14 days", async () => {
    const owner = hashToken(unique("prune-owner"));
    const made = await subscribe({ channel: "email", target: `${unique("q")}@example.org`, ownerHash: owner });
    const id = made.subscription.id;
    const day = 86_400_000;
    const now = Date.now();
    const keys = { finished: unique("finished"), recent: unique("recent"), failing: unique("failing") };
    await insertDeliveries(env.DB, [{ key: keys.finished, subscriptionId: id }], now - 15 * day);
    await insertDeliveries(env.DB, [{ key: keys.failing, subscriptionId: id }], now - 15 * day);
    await insertDeliveries(env.DB, [{ key: keys.recent, subscriptionId: id }], now - 13 * day);
    await env.DB.prepare("UPDATE notification_deliveries SET state = 'sent' WHERE key IN (?, ?)").bind(keys.finished, keys.recent).run();
    await env.DB.prepare("UPDATE notification_deliveries SET state = 'failed' WHERE key = ?").bind(keys.failing).run();
    for (let i = 0; i < 60; i++)
      await env.DB.prepare(
        "INSERT INTO notification_attempts (delivery_key, subscription_id, event, attempt, status, at) VALUES (?, ?, 'turn', 1, 'sent', ?)",
      )
        .bind(`${keys.recent}-${i}`, id, now - (60 - i) * 60_000)
        .run();
    await pruneDeliveryLog(env, now);
    const left = await recentAttempts(env, owner, id, 100);
    expect(left).toHaveLength(ATTEMPTS_KEPT);
    expect(left![0]!.key).toBe(`${keys.recent}-59`);
    const states = await env.DB.prepare("SELECT key FROM notification_deliveries WHERE subscription_id = ? ORDER BY key")
      .bind(id)
      .all<{ key: string }>();
    // The finished delivery past 14 days is gone; one still being retried, and a recent one, stay.
    expect(states.results.map((r) => r.key).sort()).toEqual([keys.failing, keys.recent].sort());
  });
});
