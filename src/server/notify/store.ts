import {
  type AttemptRecord,
  type DeliveryEnd,
  type DeliveryId,
  type DeliveryState,
  deliveryDatabases,
  deliveryRow,
  endAttempt,
  existingDeliveries,
  insertDeliveryRows,
  pruneByAge,
  subscriptionRows,
  touchSubscription,
} from "../db/deliveries";
import type { SubscriptionRow } from "../db/notifications";
import { claimDelivery, pruneAttemptsPastLatest } from "../db/notify-sql";
import { shardDatabase } from "../db/shards";
import type { Env } from "../env";
import { LEASE_MS } from "./schedule";
import { type Delivery, eventOf } from "./types";

/**
 * The delivery's state machine in D1, each step one atomic statement
 * (db/deliveries.ts, db/notify-sql.ts):
 *
 *   (no row) ──claim──▶ sending ──▶ sent
 *   pending ───claim──▶    │  └────▶ dead (410, refused, retries spent)
 *      ▲                   │
 *      └── failed ◀────────┘ (next_at = when to try again)
 *
 * One queue message carries every delivery of one notification (a turn
 * told to a player's email, webhook and push: `Delivery.more`). Its first
 * delivery holds the message's **lease**: the consumer claims it — writing
 * its row in state `sending`, with the whole message kept in it — before
 * anything is sent. Only the holder of an unexpired lease sends, so two
 * copies of one message (a redelivery, a repeated fan-out) never send at
 * once, and a copy that finds the lease's delivery settled sends nothing.
 * Under the lease the other deliveries are sent (those without a row yet)
 * and each is written once, as it ended, right after its receiver's
 * answer; the lease's own delivery is sent last and settled last, so that
 * the lease covers the whole message until each delivery's outcome is
 * recorded. A delivery sent at its first attempt thus writes one row (two
 * and its lease's index entry for the message's first): an attempt row is
 * written only for an attempt that did not succeed.
 *
 * The one case that can repeat a message is a Worker that dies between a
 * receiver's answer and that write: the lease then runs out, the cron
 * queues the message again (requeue.ts) and what was not recorded is sent
 * again, with the same `webhook-id` (receivers drop it, as the
 * specification asks) and the same push `Topic` (the push service replaces
 * it). Nothing recorded is sent again.
 *
 * A delivery that failed waits for its retry in its own row (state
 * `failed`, its own message kept): the lease's by the message itself put
 * back on the queue, another by a message of its own (deliver.ts).
 * Notices of no game (confirmations, sign-in links, tests, digests) are
 * written `pending` when queued (their keys count the sending limits,
 * manage.ts) and claimed the same way.
 *
 * Where the rows are: a game's deliveries and their failed attempts in the
 * game's log shard (db/shards.ts), so that no single database takes every
 * notification of every game; deliveries of no game in the main database.
 * The queue message names the database (`Delivery.shard`; absent: the main
 * one, as for every message from before the shards). The subscriptions,
 * read at each claim and told of each failure, are always in the main
 * database.
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

/** Inserts pending deliveries (notices of no game) that do not exist yet; returns the keys still never attempted (to enqueue). */
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

/** A message's deliveries: its lease's first, then the others (`more`). */
export function deliveriesOf(message: Delivery): DeliveryId[] {
  return [{ key: message.key, subscriptionId: message.subscriptionId }, ...(message.more ?? [])];
}

/** One delivery of a message on its own, as the message of its retry (or its requeue) carries it. */
export function alone(message: Delivery, id: DeliveryId): Delivery {
  const { more: _others, generation: _generation, ...rest } = message;
  return { ...rest, key: id.key, subscriptionId: id.subscriptionId };
}

/** What a claim found: the message's deliveries to send now, with their subscriptions (null: removed). */
export interface Claimed {
  /** The lease's own delivery's attempt number. */
  readonly claimed: number;
  readonly subscriptions: ReadonlyMap<string, SubscriptionRow>;
  /** The message's other deliveries that have no row yet, to send under the lease. */
  readonly others: readonly DeliveryId[];
}

/**
 * Takes a message for one attempt: the lease (its first delivery's row,
 * written now if it has none), then the subscriptions of its deliveries
 * and which of the others still need sending; or what stands in the way.
 * Only the live copy of the queue message (its `generation`) may claim: an
 * older copy, replaced by the cron (requeue.ts), is done.
 */
export async function claim(
  at: Place,
  message: Delivery,
  now: number,
): Promise<Claimed | { readonly done: DeliveryState | "missing" | "superseded" } | { readonly waitMs: number }> {
  const lease = { key: message.key, subscriptionId: message.subscriptionId };
  const generation = message.generation ?? 0;
  const [taken, subscriptions] = await Promise.all([
    claimDelivery(
      at.deliveries,
      {
        ...lease,
        generation,
        message: JSON.stringify({ ...message, generation: undefined }),
        event: eventOf(message),
        createdAt: message.createdAt,
      },
      now,
      now + LEASE_MS,
    ),
    subscriptionRows(
      at.main,
      deliveriesOf(message).map((d) => d.subscriptionId),
    ),
  ]);
  if (taken !== null) {
    const more = message.more ?? [];
    // Under the lease now: the others that a holder before this one (whose lease ran out) did not settle.
    const settled = more.length > 0 ? await existingDeliveries(at.deliveries, more) : new Set<string>();
    return { claimed: taken, subscriptions, others: more.filter((d) => !settled.has(d.key)) };
  }
  const row = await deliveryRow(at.deliveries, lease);
  if (!row) return { done: "missing" };
  if (row.generation !== generation) return { done: "superseded" };
  if (row.state === "sending") return { waitMs: (row.leaseUntil ?? now) - now };
  if (row.state === "pending" || row.state === "failed") return { waitMs: row.nextAt - now };
  return { done: row.state };
}

export type Attempt = AttemptRecord;

/** How the row of a delivery sent under another's lease is first written (db/deliveries.ts `endAttempt`). */
export interface FirstWrite {
  readonly event: string;
  readonly createdAt: number;
  /** Its own queue message, kept while it waits for a retry. */
  readonly message: string;
}

/** Where an attempt's outcome goes: the lease's own delivery's row (updated), or another's (written once: `first`). */
function ending(at: Place, a: Attempt, end: DeliveryEnd, now: number, first?: FirstWrite) {
  const id = { key: a.key, subscriptionId: a.subscriptionId };
  return endAttempt(at.deliveries, id, end, a, now, first && { ...first, attempts: a.attempt });
}

/**
 * Records a success: the delivery is sent, and the subscription's failures
 * start again from zero (`failures`: the subscription's count as claimed;
 * when it is 0 the main database is not written at all).
 */
export async function recordSent(at: Place, a: Attempt, now: number, failures: number, first?: FirstWrite): Promise<void> {
  await ending(at, a, { state: "sent", httpStatus: a.httpStatus }, now, first);
  if (failures > 0) await touchSubscription(at.main, a.subscriptionId, { reset: true }, now);
}

/** Records a failure to be tried again at `nextAt`. */
export async function recordFailed(at: Place, a: Attempt, now: number, nextAt: number, first?: FirstWrite): Promise<void> {
  await ending(at, a, { state: "failed", nextAt, error: a.error, httpStatus: a.httpStatus }, now, first);
  await touchSubscription(at.main, a.subscriptionId, { failed: true }, now);
}

/** Ends a delivery for good; with `disable`, its subscription is switched off with that reason. */
export async function recordDead(at: Place, a: Attempt, now: number, disable: string | null, first?: FirstWrite): Promise<void> {
  await ending(at, a, { state: "dead", error: a.error, httpStatus: a.httpStatus }, now, first);
  await touchSubscription(at.main, a.subscriptionId, { failed: a.status === "failed", disable }, now);
}

/** A lease's delivery that will not be attempted (its subscription was removed, disabled or is unconfirmed). */
export async function recordSkipped(d1: D1Database, id: DeliveryId, reason: string): Promise<void> {
  await endAttempt(d1, id, { state: "skipped", error: reason }, null, Date.now());
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
