import { and, count, eq, gt, gte, inArray, lt, min, sql } from "drizzle-orm";
import type { DataBindings } from "./bindings";
import type { DELIVERY_STATES } from "./delivery-columns";
import { type AttemptRow, attempts, deliveries, type SubscriptionRow, subscriptions } from "./notifications";
import { IDS_PER_STATEMENT } from "./notify-sql";
import { database } from "./queries";
import { MAIN, shardDatabase, shardNames } from "./shards";

/**
 * The notifications' delivery bookkeeping in D1, through drizzle: each
 * delivery's row (its idempotency, its state, and its line in the delivery
 * log once sent) and the log of its failed attempts, beside each other in
 * one database — the game's log shard for a game's deliveries, the main
 * database for the rest (confirmations, sign-in links, tests, digests) —
 * while the subscriptions stay in the main database. notify/store.ts says
 * what the states mean and which database each step goes to; the
 * statements drizzle cannot say are in notify-sql.ts. The two databases'
 * tables have the same columns and differ in their keys (db/log-shard.ts):
 * every statement here names a delivery by its subscription and key, which
 * both find at once, and none names a conflict target.
 */

export type DeliveryState = (typeof DELIVERY_STATES)[number];

/** Every database that may hold deliveries: the main one, then each log shard (the requeue, the pruning and the delivery log visit them all). */
export function deliveryDatabases(env: DataBindings): D1Database[] {
  return [...new Set([MAIN, ...shardNames(env)])].map((name) => shardDatabase(env, name));
}

/** A delivery, as its row is found: by subscription and key (a log shard's primary key). */
export interface DeliveryId {
  readonly key: string;
  readonly subscriptionId: string;
}

/** The WHERE of one delivery, by its subscription and key. */
export const byDeliveryId = (id: DeliveryId) => and(eq(deliveries.subscriptionId, id.subscriptionId), eq(deliveries.key, id.key));

export interface NewDeliveryRow extends DeliveryId {
  /** The queue message as JSON (requeue.ts). */
  readonly message: string | null;
}

/** Rows per INSERT: D1 binds at most 100 values to a statement, ten per row. */
const ROWS_PER_INSERT = 9;

/**
 * Inserts pending deliveries that do not exist yet and answers the keys
 * still never attempted (the caller queues those), in one round trip. Only
 * notices of no game are written before they are claimed (their keys are
 * the sending limits' counts, and a digest is made once a day: manage.ts,
 * digest.ts); a game's deliveries are written by their consumer (store.ts).
 */
export async function insertDeliveryRows(d1: D1Database, rows: readonly NewDeliveryRow[], now: number): Promise<Set<string>> {
  if (rows.length === 0) return new Set();
  const db = database(d1);
  const inserts = [];
  for (let i = 0; i < rows.length; i += ROWS_PER_INSERT)
    inserts.push(
      db
        .insert(deliveries)
        .values(
          rows.slice(i, i + ROWS_PER_INSERT).map((r) => ({
            key: r.key,
            subscriptionId: r.subscriptionId,
            state: "pending" as const,
            nextAt: now,
            createdAt: now,
            message: r.message,
          })),
        )
        .onConflictDoNothing(),
    );
  const asks = [];
  for (let i = 0; i < rows.length; i += IDS_PER_STATEMENT)
    asks.push(
      db
        .select({ key: deliveries.key })
        .from(deliveries)
        .where(
          and(
            eq(deliveries.state, "pending"),
            inArray(
              deliveries.key,
              rows.slice(i, i + IDS_PER_STATEMENT).map((r) => r.key),
            ),
          ),
        ),
    );
  const results = await db.batch([inserts[0]!, ...inserts.slice(1), ...asks]);
  const pending = new Set<string>();
  for (const found of results.slice(inserts.length) as { key: string }[][]) for (const row of found) pending.add(row.key);
  return pending;
}

/** A delivery's row as it stands; null when there is none. */
export async function deliveryRow(d1: D1Database, id: DeliveryId) {
  const [row] = await database(d1).select().from(deliveries).where(byDeliveryId(id));
  return row ?? null;
}

/** Which of these deliveries have a row (any state): a batch's deliveries that were settled already (store.ts). */
export async function existingDeliveries(d1: D1Database, ids: readonly DeliveryId[]): Promise<Set<string>> {
  const found = new Set<string>();
  const db = database(d1);
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    const part = ids.slice(i, i + IDS_PER_STATEMENT);
    const rows = await db
      .select({ key: deliveries.key })
      .from(deliveries)
      .where(
        and(
          inArray(
            deliveries.subscriptionId,
            part.map((p) => p.subscriptionId),
          ),
          inArray(
            deliveries.key,
            part.map((p) => p.key),
          ),
        ),
      );
    for (const row of rows) found.add(row.key);
  }
  return found;
}

/** The subscriptions deliveries go through (main database), by id; a removed one is absent. */
export async function subscriptionRows(d1: D1Database, ids: readonly string[]): Promise<Map<string, SubscriptionRow>> {
  const wanted = [...new Set(ids)];
  const found = new Map<string, SubscriptionRow>();
  for (let i = 0; i < wanted.length; i += IDS_PER_STATEMENT) {
    const rows = await database(d1)
      .select()
      .from(subscriptions)
      .where(inArray(subscriptions.id, wanted.slice(i, i + IDS_PER_STATEMENT)));
    for (const row of rows) found.set(row.id, row);
  }
  return found;
}

export type AttemptRecord = {
  readonly key: string;
  readonly subscriptionId: string;
  readonly event: string;
  readonly attempt: number;
  readonly status: AttemptRow["status"];
  readonly httpStatus: number | null;
  readonly error: string | null;
};

/** How an attempt ends its delivery: sent, failed (to be tried at `nextAt`), or over for good (dead, skipped). */
export type DeliveryEnd =
  | { readonly state: "sent"; readonly httpStatus: number | null }
  | { readonly state: "failed"; readonly nextAt: number; readonly error: string | null; readonly httpStatus: number | null }
  | { readonly state: "dead" | "skipped"; readonly error: string | null; readonly httpStatus?: number | null };

/**
 * Writes how an attempt ended its delivery, in one batch to the delivery's
 * database: the row of a delivery that holds one (its claim) is updated;
 * a delivery of a batch sent under another's lease (`insert`, with the
 * message to keep while it waits for a retry) is written once, now. The
 * attempt is logged (`attempt`) only when it did not succeed: a success is
 * its row's own line in the delivery log. A delivery already sent is never
 * marked dead or skipped.
 */
export async function endAttempt(
  d1: D1Database,
  id: DeliveryId,
  end: DeliveryEnd,
  attempt: AttemptRecord | null,
  now: number,
  insert?: { readonly event: string; readonly attempts: number; readonly createdAt: number; readonly message: string | null },
): Promise<void> {
  const db = database(d1);
  const settled = {
    leaseUntil: null,
    lastError: end.state === "sent" ? null : end.error,
    httpStatus: end.httpStatus ?? null,
    ...(end.state === "failed" ? { nextAt: end.nextAt } : { message: null, settledAt: now }),
  };
  const row = insert
    ? db
        .insert(deliveries)
        .values({
          key: id.key,
          subscriptionId: id.subscriptionId,
          state: end.state,
          attempts: insert.attempts,
          nextAt: end.state === "failed" ? end.nextAt : now,
          createdAt: insert.createdAt,
          event: insert.event,
          ...settled,
          message: end.state === "failed" ? insert.message : null,
        })
        .onConflictDoNothing()
    : end.state === "sent" || end.state === "failed"
      ? db
          .update(deliveries)
          .set({ state: end.state, ...settled })
          .where(byDeliveryId(id))
      : db
          .update(deliveries)
          .set({ state: end.state, ...settled })
          .where(and(byDeliveryId(id), sql`${deliveries.state} != 'sent'`));
  if (!attempt || attempt.status === "sent") {
    await row;
    return;
  }
  await db.batch([
    row,
    db.insert(attempts).values({
      deliveryKey: attempt.key,
      subscriptionId: attempt.subscriptionId,
      event: attempt.event,
      attempt: attempt.attempt,
      status: attempt.status,
      httpStatus: attempt.httpStatus,
      error: attempt.error,
      at: now,
    }),
  ]);
}

/**
 * What an attempt changes in its subscription (main database): failures in
 * a row counted (`failed`) or started again (`reset`), and the subscription
 * switched off with a reason (`disable`). Nothing is sent when nothing changes.
 */
export async function touchSubscription(
  d1: D1Database,
  id: string,
  change: { readonly failed?: boolean; readonly reset?: boolean; readonly disable?: string | null },
  now: number,
): Promise<void> {
  const db = database(d1);
  const statements = [];
  if (change.reset)
    statements.push(
      db
        .update(subscriptions)
        .set({ failures: 0 })
        .where(and(eq(subscriptions.id, id), gt(subscriptions.failures, 0))),
    );
  if (change.failed)
    statements.push(
      db
        .update(subscriptions)
        .set({ failures: sql`${subscriptions.failures} + 1` })
        .where(eq(subscriptions.id, id)),
    );
  if (change.disable != null)
    statements.push(
      db
        .update(subscriptions)
        .set({ disabledAt: now, disabledReason: change.disable, updatedAt: now })
        .where(and(eq(subscriptions.id, id), sql`${subscriptions.disabledAt} IS NULL`)),
    );
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

/** How many deliveries whose key starts with `prefix` were made after `since`, and the first of them. */
export async function deliveriesSince(d1: D1Database, prefix: string, since: number): Promise<{ count: number; first: number | null }> {
  // A range on the primary key: every key with the prefix sorts between it and the prefix with its last "/" raised to "0".
  const [row] = await database(d1)
    .select({ n: count(), first: min(deliveries.createdAt) })
    .from(deliveries)
    .where(and(gte(deliveries.key, prefix), lt(deliveries.key, `${prefix.slice(0, -1)}0`), gt(deliveries.createdAt, since)));
  return { count: row?.n ?? 0, first: row?.first ?? null };
}

/** Removes, in one database, attempts from before `attemptsBefore` and finished deliveries made before `finishedBefore`; returns how many rows. */
export async function pruneByAge(d1: D1Database, attemptsBefore: number, finishedBefore: number): Promise<number> {
  const db = database(d1);
  const [a, d] = await db.batch([
    db.delete(attempts).where(lt(attempts.at, attemptsBefore)),
    db.delete(deliveries).where(and(lt(deliveries.createdAt, finishedBefore), inArray(deliveries.state, ["sent", "dead", "skipped"]))),
  ]);
  return (a.meta.changes ?? 0) + (d.meta.changes ?? 0);
}
