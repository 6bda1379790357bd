import {
  type AttemptRecord,
  type DeliveryState,
  deliveryDatabases,
  deliveryRow,
  endAttempt,
  insertDeliveryRows,
  pruneByAge,
  subscriptionRow,
  takeDelivery,
  touchSubscription,
} from "../db/deliveries";
import type { SubscriptionRow } from "../db/notifications";
import { pruneAttemptsPastLatest } from "../db/notify-sql";
import { shardDatabase } from "../db/shards";
import type { Env } from "../env";
import { LEASE_MS } from "./schedule";

/**
 * The delivery's state machine in D1, each step one atomic statement
 * (db/deliveries.ts):
 *
 *   pending ──claim──▶ sending ──▶ sent
 *      ▲                  │  └────▶ dead (410, refused, retries spent)
 *      └── failed ◀───────┘ (next_at = when to try again)
 *
 * Claiming sets a lease. Only the holder of an unexpired lease sends, so
 * two copies of one queue message (a redelivery, a repeated fan-out) can
 * never send at once, and once a delivery is `sent` no copy sends again.
 * "Sent" is recorded right after the receiver's 2xx; the one case that can
 * repeat a message is a Worker that dies between that answer and the
 * write: the lease then runs out and the next attempt sends again, with the
 * same `webhook-id` (receivers drop it, as the specification asks) and the
 * same push `Topic` (the push service replaces it).
 *
 * Where the rows are: a game's deliveries and their attempts in the game's
 * log shard (db/shards.ts), so that no single database takes every
 * notification of every game; deliveries of no game (confirmations, sign-in
 * links, tests, digests) in the main database. The queue message names the
 * database (`Delivery.shard`; absent: the main one, as for every message
 * from before the shards). The subscription, read at each claim and told of
 * each outcome, is always in the main database.
 */

export type { DeliveryState };

export interface NewDelivery {
  readonly key: string;
  readonly subscriptionId: string;
  /** The queue message as JSON, kept until the delivery is over so that the cron can queue it again (requeue.ts). */
  readonly message?: string | null;
}

/** The database holding a delivery's row: its game's log shard, or the main database (null). */
export function deliveryDatabase(env: Env, shard: string | null | undefined): D1Database {
  return shardDatabase(env, shard ?? null);
}

/** Inserts deliveries that do not exist yet; returns the keys still never attempted (to enqueue). */
export async function insertDeliveries(d1: D1Database, rows: readonly NewDelivery[], now: number): Promise<Set<string>> {
  return insertDeliveryRows(
    d1,
    rows.map((r) => ({ key: r.key, subscriptionId: r.subscriptionId, message: r.message ?? null })),
    now,
  );
}

/** Where a delivery and its subscription are: the delivery's database, and the main one. */
export interface Place {
  readonly deliveries: D1Database;
  readonly main: D1Database;
}

/**
 * Takes the delivery for one attempt: its attempt number and subscription,
 * or what stands in the way. The subscription is read at the same time
 * (from the main database), since nearly every claim succeeds. Only the
 * live copy of the queue message (its `generation`) may claim: an older
 * copy, replaced by the cron (requeue.ts), is done.
 */
export async function claim(
  at: Place,
  key: string,
  subscriptionId: string,
  now: number,
  generation = 0,
): Promise<
  | { readonly claimed: number; readonly subscription: SubscriptionRow | null }
  | { readonly done: DeliveryState | "missing" | "superseded" }
  | { readonly waitMs: number }
> {
  const [taken, subscription] = await Promise.all([
    takeDelivery(at.deliveries, key, generation, now, now + LEASE_MS),
    subscriptionRow(at.main, subscriptionId),
  ]);
  if (taken !== null) return { claimed: taken, subscription };
  const row = await deliveryRow(at.deliveries, key);
  if (!row) return { done: "missing" };
  if (row.generation !== generation) return { done: "superseded" };
  if (row.state === "sending") return { waitMs: (row.leaseUntil ?? now) - now };
  if (row.state === "pending" || row.state === "failed") return { waitMs: row.nextAt - now };
  return { done: row.state };
}

export type Attempt = AttemptRecord;

/**
 * Records a success: the delivery is sent, and the subscription's failures
 * start again from zero (`failures`: the subscription's count as claimed;
 * when it is 0 the main database is not written at all).
 */
export async function recordSent(at: Place, a: Attempt, now: number, failures: number): Promise<void> {
  await endAttempt(at.deliveries, a.key, { state: "sent" }, a, now);
  if (failures > 0) await touchSubscription(at.main, a.subscriptionId, { reset: true }, now);
}

/** Records a failure to be tried again at `nextAt`. */
export async function recordFailed(at: Place, a: Attempt, now: number, nextAt: number): Promise<void> {
  await endAttempt(at.deliveries, a.key, { state: "failed", nextAt, error: a.error }, a, now);
  await touchSubscription(at.main, a.subscriptionId, { failed: true }, now);
}

/** Ends a delivery for good; with `disable`, its subscription is switched off with that reason. */
export async function recordDead(at: Place, a: Attempt, now: number, disable: string | null): Promise<void> {
  await endAttempt(at.deliveries, a.key, { state: "dead", error: a.error }, a, now);
  await touchSubscription(at.main, a.subscriptionId, { failed: a.status === "failed", disable }, now);
}

/** A delivery that will not be attempted (its subscription was removed, disabled or is unconfirmed). */
export async function recordSkipped(d1: D1Database, key: string, reason: string): Promise<void> {
  await endAttempt(d1, key, { state: "skipped", error: reason }, null, Date.now());
}

/** Days the delivery log (each subscription's attempts) goes back. */
export const LOG_DAYS = 30;

/** Attempts kept per subscription: the most its delivery log ever shows (GET /api/notifications/subscriptions/{id}). */
export const ATTEMPTS_KEPT = 50;

/**
 * Days a finished delivery's row is kept. The row is what makes a second
 * copy of its queue message send nothing; a copy can come back only while
 * the queue still holds the message, at most 14 days (the longest retention
 * Cloudflare Queues allows), and the hourly sending limits look back one
 * hour. Past that the row guards nothing, and D1 need not keep it. A
 * delivery not over (pending, sending, failed) is never removed.
 */
export const DELIVERY_KEEP_DAYS = 14;

const DAY = 24 * 3600 * 1000;

/**
 * Daily: keeps only what the delivery log and idempotency need, in every
 * database holding deliveries (the main one and each log shard). Each
 * keeps its `ATTEMPTS_KEPT` latest attempts per subscription: a player's
 * subscription hears of games in several shards, and the union of each
 * shard's latest holds the latest overall, which is all the log shows.
 * Returns the rows removed.
 */
export async function pruneDeliveryLog(env: Env, now: number): Promise<number> {
  let removed = 0;
  for (const d1 of deliveryDatabases(env)) {
    removed += await pruneByAge(d1, now - LOG_DAYS * DAY, now - DELIVERY_KEEP_DAYS * DAY);
    removed += await pruneAttemptsPastLatest(d1, ATTEMPTS_KEPT);
  }
  return removed;
}
