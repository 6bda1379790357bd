import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { deliveries, type SubscriptionRow, subscriptions } from "../db/notifications";
import { database } from "../db/queries";
import { LEASE_MS } from "./schedule";

/**
 * The delivery's state machine in D1, written with plain statements so
 * that each step is one atomic `UPDATE … WHERE … RETURNING`:
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
 */

export type DeliveryState = "pending" | "sending" | "sent" | "failed" | "dead" | "skipped";

export interface NewDelivery {
  readonly key: string;
  readonly subscriptionId: string;
  readonly event: string;
  readonly gameId: string | null;
  readonly seq: number | null;
  /** The queue message as JSON, kept until the delivery is over so that the cron can queue it again (requeue.ts). */
  readonly message?: string | null;
}

/** Inserts deliveries that do not exist yet; returns the keys still never attempted (to enqueue). */
export async function insertDeliveries(d1: D1Database, rows: readonly NewDelivery[], now: number): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const insert = d1.prepare(
    `INSERT INTO notification_deliveries (key, subscription_id, event, game_id, seq, state, attempts, next_at, created_at, message)
     VALUES (?, ?, ?, ?, ?, 'pending', 0, ?, ?, ?) ON CONFLICT (key) DO NOTHING`,
  );
  const pending = new Set<string>();
  // D1 binds at most 100 parameters per statement: ask about the keys in slices.
  for (let i = 0; i < rows.length; i += 50) {
    const slice = rows.slice(i, i + 50);
    await d1.batch(slice.map((r) => insert.bind(r.key, r.subscriptionId, r.event, r.gameId, r.seq, now, now, r.message ?? null)));
    const found = await d1
      .prepare(`SELECT key FROM notification_deliveries WHERE state = 'pending' AND key IN (${slice.map(() => "?").join(",")})`)
      .bind(...slice.map((r) => r.key))
      .all<{ key: string }>();
    for (const row of found.results) pending.add(row.key);
  }
  return pending;
}

/**
 * Takes the delivery for one attempt: its attempt number and subscription,
 * or what stands in the way. The subscription is read in the same round
 * trip (a batch), since nearly every claim succeeds. Only the live copy of
 * the queue message (its `generation`) may claim: an older copy, replaced
 * by the cron (requeue.ts), is done.
 */
export async function claim(
  d1: D1Database,
  key: string,
  subscriptionId: string,
  now: number,
  generation = 0,
): Promise<
  | { readonly claimed: number; readonly subscription: SubscriptionRow | null }
  | { readonly done: DeliveryState | "missing" | "superseded" }
  | { readonly waitMs: number }
> {
  const db = database(d1);
  const [taken, subscription] = await db.batch([
    db
      .update(deliveries)
      .set({ state: "sending", attempts: sql`${deliveries.attempts} + 1`, leaseUntil: now + LEASE_MS })
      .where(
        and(
          eq(deliveries.key, key),
          eq(deliveries.generation, generation),
          or(
            and(inArray(deliveries.state, ["pending", "failed"]), lte(deliveries.nextAt, now)),
            and(eq(deliveries.state, "sending"), lte(deliveries.leaseUntil, now)),
          ),
        ),
      )
      .returning({ attempts: deliveries.attempts }),
    db.select().from(subscriptions).where(eq(subscriptions.id, subscriptionId)),
  ]);
  const attempts = taken[0]?.attempts;
  if (attempts !== undefined) return { claimed: attempts, subscription: subscription[0] ?? null };
  const row = await d1
    .prepare("SELECT state, next_at, lease_until, generation FROM notification_deliveries WHERE key = ?")
    .bind(key)
    .first<{ state: DeliveryState; next_at: number; lease_until: number | null; generation: number }>();
  if (!row) return { done: "missing" };
  if (row.generation !== generation) return { done: "superseded" };
  if (row.state === "sending") return { waitMs: (row.lease_until ?? now) - now };
  if (row.state === "pending" || row.state === "failed") return { waitMs: row.next_at - now };
  return { done: row.state };
}

export type Attempt = {
  readonly key: string;
  readonly subscriptionId: string;
  readonly event: string;
  readonly attempt: number;
  readonly status: "sent" | "failed" | "gone" | "refused" | "dead";
  readonly httpStatus: number | null;
  readonly error: string | null;
};

function logStatement(d1: D1Database, a: Attempt, now: number): D1PreparedStatement {
  return d1
    .prepare(
      `INSERT INTO notification_attempts (delivery_key, subscription_id, event, attempt, status, http_status, error, at)
       VALUES (?, ?, ?, ?, ?, ?, ?, ?)`,
    )
    .bind(a.key, a.subscriptionId, a.event, a.attempt, a.status, a.httpStatus, a.error, now);
}

/** Records a success: the delivery is sent, the subscription's failures start again from zero. */
export async function recordSent(d1: D1Database, a: Attempt, now: number): Promise<void> {
  await d1.batch([
    d1
      .prepare(
        "UPDATE notification_deliveries SET state = 'sent', sent_at = ?, lease_until = NULL, last_error = NULL, message = NULL WHERE key = ?",
      )
      .bind(now, a.key),
    d1.prepare("UPDATE notification_subscriptions SET failures = 0 WHERE id = ? AND failures > 0").bind(a.subscriptionId),
    logStatement(d1, a, now),
  ]);
}

/** Records a failure to be tried again at `nextAt`. */
export async function recordFailed(d1: D1Database, a: Attempt, now: number, nextAt: number): Promise<void> {
  await d1.batch([
    d1
      .prepare("UPDATE notification_deliveries SET state = 'failed', next_at = ?, lease_until = NULL, last_error = ? WHERE key = ?")
      .bind(nextAt, a.error, a.key),
    d1.prepare("UPDATE notification_subscriptions SET failures = failures + 1 WHERE id = ?").bind(a.subscriptionId),
    logStatement(d1, a, now),
  ]);
}

/** Ends a delivery for good; with `disable`, its subscription is switched off with that reason. */
export async function recordDead(d1: D1Database, a: Attempt, now: number, disable: string | null): Promise<void> {
  const statements = [
    d1
      .prepare(
        "UPDATE notification_deliveries SET state = 'dead', lease_until = NULL, last_error = ?, message = NULL WHERE key = ? AND state != 'sent'",
      )
      .bind(a.error, a.key),
    logStatement(d1, a, now),
  ];
  if (a.status === "failed")
    statements.push(d1.prepare("UPDATE notification_subscriptions SET failures = failures + 1 WHERE id = ?").bind(a.subscriptionId));
  if (disable !== null)
    statements.push(
      d1
        .prepare(
          "UPDATE notification_subscriptions SET disabled_at = ?, disabled_reason = ?, updated_at = ? WHERE id = ? AND disabled_at IS NULL",
        )
        .bind(now, disable, now, a.subscriptionId),
    );
  await d1.batch(statements);
}

/** A delivery that will not be attempted (its subscription was removed, disabled or is unconfirmed). */
export async function recordSkipped(d1: D1Database, key: string, reason: string): Promise<void> {
  await d1
    .prepare(
      "UPDATE notification_deliveries SET state = 'skipped', lease_until = NULL, last_error = ?, message = NULL WHERE key = ? AND state != 'sent'",
    )
    .bind(reason, key)
    .run();
}

/** The log keeps 30 days: older attempts and finished deliveries are removed. Returns the rows removed. */
/** Days the delivery log (each subscription's attempts) goes back. */
export const LOG_DAYS = 30;

/** Attempts kept per subscription: the most its delivery log ever shows (GET /api/notifications/subscriptions/{id}). */
export const ATTEMPTS_KEPT = 50;

/**
 * Days a finished delivery's row is kept. The row is what makes a second
 * copy of its queue message send nothing; a copy can come back only while
 * the queue still holds the message, at most 14 days (the longest retention
 * Cloudflare Queues allows), and the hourly sending limits look back one
 * hour. Past that the row guards nothing, and D1 need not keep it.
 */
export const DELIVERY_KEEP_DAYS = 14;

const DAY = 24 * 3600 * 1000;

/** Daily: keeps only what the delivery log and idempotency need. Returns the rows removed. */
export async function pruneDeliveryLog(d1: D1Database, now: number): Promise<number> {
  const results = await d1.batch([
    d1.prepare("DELETE FROM notification_attempts WHERE at < ?").bind(now - LOG_DAYS * DAY),
    d1
      .prepare(
        `DELETE FROM notification_attempts WHERE id IN (SELECT id FROM (
           SELECT id, ROW_NUMBER() OVER (PARTITION BY subscription_id ORDER BY at DESC, id DESC) AS n FROM notification_attempts) WHERE n > ?)`,
      )
      .bind(ATTEMPTS_KEPT),
    d1
      .prepare("DELETE FROM notification_deliveries WHERE created_at < ? AND state IN ('sent', 'dead', 'skipped')")
      .bind(now - DELIVERY_KEEP_DAYS * DAY),
  ]);
  return results.reduce((n, r) => n + (r.meta.changes ?? 0), 0);
}
