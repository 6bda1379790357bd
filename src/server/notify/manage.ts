import type { DeliveryAttempt, SubscriptionView as WireSubscription } from "../../shared/wire/notifications";
import { hashToken, newToken, sha256Hex } from "../auth";
import { deliveriesSince, deliveryDatabases } from "../db/deliveries";
import { type AttemptRow, latestAttemptRows } from "../db/notify-sql";
import { gameWebhookRows, renewConfirmHash, subscriptionOfOwner } from "../db/subscription-queries";
import type { Env } from "../env";
import { enqueueNotice } from "./fanout";
import { mailboxOf } from "./send-limits";
import { type SubscriptionView, viewOf } from "./subscriptions";

/**
 * What the HTTP API of notifications needs beyond subscriptions.ts: each
 * subscription's latest attempts in one query, a game's own webhooks, the
 * confirmation and test messages with their limits. The limits are counted
 * in D1 from the deliveries' own keys, so they hold across Worker instances
 * (confirmations and tests are deliveries of no game: the main database's).
 */

/** A player's own subscriptions, and a game's own webhooks, at most. */
export const MAX_PLAYER_SUBSCRIPTIONS = 20;
export const MAX_GAME_WEBHOOKS = 5;
/** Confirmation messages one mailbox may be sent in 24 hours, whoever asks and however its address is spelt: no one can flood an inbox through us. */
export const CONFIRMATIONS_PER_DAY = 3;
/** Test messages per subscription per hour. */
export const TESTS_PER_HOUR = 10;

const HOUR = 3_600_000;
const DAY = 24 * HOUR;

/**
 * The latest attempts of each subscription, newest first, at most
 * `perSubscription` each: from every database holding deliveries (a
 * player's subscription hears of games in several log shards), asked at
 * once and merged.
 */
export async function latestAttempts(env: Env, ids: readonly string[], perSubscription: number): Promise<Map<string, DeliveryAttempt[]>> {
  const found = new Map<string, AttemptRow[]>(ids.map((id) => [id, []]));
  if (ids.length > 0 && perSubscription > 0) {
    const everywhere = await Promise.all(deliveryDatabases(env).map((d1) => latestAttemptRows(d1, ids, perSubscription)));
    for (const rows of everywhere) for (const r of rows) found.get(r.subscription_id)?.push(r);
  }
  return new Map(
    [...found].map(([id, rows]) => [
      id,
      rows
        .sort((a, b) => b.at - a.at)
        .slice(0, perSubscription)
        .map((r) => ({
          key: r.delivery_key,
          event: r.event,
          attempt: r.attempt,
          status: r.status,
          httpStatus: r.http_status,
          error: r.error,
          at: new Date(r.at).toISOString(),
        })),
    ]),
  );
}

/** A subscription's latest attempts, newest first (what its owner sees under "recent deliveries"), from every database holding deliveries. */
export async function recentAttempts(env: Env, ownerHash: string, id: string, limit = 50) {
  if (!(await subscriptionOfOwner(env.DB, ownerHash, id))) return null;
  return (await latestAttempts(env, [id], limit)).get(id) ?? [];
}

/**
 * A webhook URL cut short: Discord and Slack URLs are themselves the key to
 * post in a chat, and a game's webhooks are listed to whoever holds the
 * game creator's credential, so long path segments and the query are not
 * shown again.
 */
export function shortUrl(text: string): string {
  try {
    const url = new URL(text);
    const path = url.pathname
      .split("/")
      .map((part) => (part.length > 12 ? `${part.slice(0, 4)}…` : part))
      .join("/");
    return `${url.origin}${path}${url.search ? "?…" : ""}`;
  } catch {
    return "…";
  }
}

/** Subscriptions as the API shows them: with their latest attempts; a game's webhooks with their URLs cut short. */
export async function withDeliveries(env: Env, views: readonly SubscriptionView[], perSubscription: number): Promise<WireSubscription[]> {
  const attempts = await latestAttempts(
    env,
    views.map((v) => v.id),
    perSubscription,
  );
  return views.map((v) => ({
    ...v,
    target: v.scope === "game" ? shortUrl(v.target) : v.target,
    deliveries: attempts.get(v.id) ?? [],
  }));
}

/** A game's own webhooks as their owner sees them, oldest first. */
export async function gameWebhooks(d1: D1Database, gameId: string): Promise<SubscriptionView[]> {
  return (await gameWebhookRows(d1, gameId)).map(viewOf);
}

const waitSeconds = (first: number | null, window: number, now: number) => Math.max(1, Math.ceil(((first ?? now) + window - now) / 1000));

/** Confirmations are counted per mailbox, not per spelling of its address (send-limits.ts). */
const confirmPrefix = (address: string) => `confirm/${sha256Hex(mailboxOf(address))}/`;

/** Seconds before another confirmation message may go to `address` (0: now). */
export async function confirmationWait(d1: D1Database, address: string, now: number): Promise<number> {
  const sent = await deliveriesSince(d1, confirmPrefix(address), now - DAY);
  return sent.count < CONFIRMATIONS_PER_DAY ? 0 : waitSeconds(sent.first, DAY, now);
}

/** Queues the confirmation message: the only message an address gets before its owner opens the link. */
export async function sendConfirmation(env: Env, subscriptionId: string, address: string, token: string, now: number): Promise<void> {
  const key = `${confirmPrefix(address)}${subscriptionId}/${newToken()}`;
  await enqueueNotice(env, subscriptionId, { type: "confirm", token }, key, now);
}

/** A fresh confirmation token for an address not confirmed yet (the earlier link stops working); null if there is none. */
export async function renewConfirmation(d1: D1Database, ownerHash: string, id: string, now: number): Promise<string | null> {
  const token = newToken();
  return (await renewConfirmHash(d1, ownerHash, id, hashToken(token), now)) ? token : null;
}

/**
 * Queues one test message, under a fresh key each time (so each call is its
 * own delivery, never taken for a retry of the last). Two calls at the very
 * same moment may both pass the count: the limit is a brake, not a quota.
 */
export async function sendTest(env: Env, subscriptionId: string, now: number): Promise<{ key: string; left: number } | { wait: number }> {
  const prefix = `test/${subscriptionId}/`;
  const sent = await deliveriesSince(env.DB, prefix, now - HOUR);
  if (sent.count >= TESTS_PER_HOUR) return { wait: waitSeconds(sent.first, HOUR, now) };
  const key = `${prefix}${newToken()}`;
  await enqueueNotice(env, subscriptionId, { type: "test", at: now }, key, now);
  return { key, left: TESTS_PER_HOUR - sent.count - 1 };
}
