import type { DeliveryAttempt } from "../../shared/wire/notifications";

/**
 * The notifications' statements that drizzle's query builder cannot say, in
 * plain SQL, each for the reason given beside it: window functions (the
 * latest attempts per subscription, and pruning past them), one
 * conditional multi-row INSERT (the sending limits), and a delivery's claim
 * (an upsert whose conflict target differs between the main database's
 * table and a log shard's, and whose answer must carry D1's meta). Everything else the
 * notifications read and write goes through drizzle (db/deliveries.ts,
 * db/subscription-queries.ts). Only this module under src/server/db holds
 * notification SQL.
 */

/** D1 binds at most 100 values to one statement: lists of ids go in slices of this many. */
export const IDS_PER_STATEMENT = 50;

export type AttemptRow = {
  delivery_key: string;
  subscription_id: string;
  event: string;
  attempt: number;
  status: DeliveryAttempt["status"];
  http_status: number | null;
  error: string | null;
  at: number;
};

/**
 * The latest `perSubscription` attempts of each subscription in one database,
 * newest first: its failed attempts (notification_attempts) and its sent
 * deliveries, each of which is the line of its successful attempt
 * (notification_deliveries: a success writes no attempt row; rows settled
 * before migration 0026 have no `settled_at`, and their attempt rows tell
 * them). ROW_NUMBER() over each subscription, which the query builder has no
 * words for, in one query rather than one per subscription.
 */
export async function latestAttemptRows(d1: D1Database, ids: readonly string[], perSubscription: number): Promise<AttemptRow[]> {
  const rows: AttemptRow[] = [];
  for (let i = 0; i < ids.length; i += IDS_PER_STATEMENT) {
    const slice = ids.slice(i, i + IDS_PER_STATEMENT);
    const list = slice.map(() => "?").join(",");
    const found = await d1
      .prepare(
        `SELECT delivery_key, subscription_id, event, attempt, status, http_status, error, at FROM (
           SELECT *, ROW_NUMBER() OVER (PARTITION BY subscription_id ORDER BY at DESC, tie DESC) AS n FROM (
             SELECT delivery_key, subscription_id, event, attempt, status, http_status, error, at, id AS tie
               FROM notification_attempts WHERE subscription_id IN (${list})
             UNION ALL
             SELECT key, subscription_id, event, attempts, 'sent', http_status, NULL, settled_at, 0
               FROM notification_deliveries
               WHERE subscription_id IN (${list}) AND state = 'sent' AND settled_at IS NOT NULL AND event IS NOT NULL))
         WHERE n <= ? ORDER BY subscription_id, n`,
      )
      .bind(...slice, ...slice, perSubscription)
      .all<AttemptRow>();
    rows.push(...found.results);
  }
  return rows;
}

/**
 * Takes a delivery for one attempt (state `sending`, a lease until
 * `leaseUntil`), writing its row if it has none: a delivery is written
 * first when its consumer claims it (store.ts). An existing row is taken
 * only if free to take — pending or failed and due, or sending with its
 * lease run out — and only by the live copy (`generation`). Answers the
 * attempt's number, or null. One statement, so D1 runs the check and the
 * take atomically; `ON CONFLICT` names no target, since the main
 * database's table is keyed by key and a log shard's by subscription and
 * key (db/log-shard.ts); `.all()` rather than drizzle's returning, whose
 * answer carries no rows-written meta (the cost benchmark counts them).
 */
export async function claimDelivery(
  d1: D1Database,
  row: {
    readonly key: string;
    readonly subscriptionId: string;
    readonly generation: number;
    readonly message: string;
    readonly event: string;
    readonly createdAt: number;
  },
  now: number,
  leaseUntil: number,
): Promise<number | null> {
  const taken = await d1
    .prepare(
      `INSERT INTO notification_deliveries (key, subscription_id, state, attempts, next_at, lease_until, created_at, generation, message, event)
       VALUES (?, ?, 'sending', 1, ?, ?, ?, ?, ?, ?)
       ON CONFLICT DO UPDATE SET state = 'sending', attempts = attempts + 1, lease_until = excluded.lease_until, event = excluded.event
       WHERE generation = excluded.generation
         AND ((state IN ('pending', 'failed') AND next_at <= excluded.next_at) OR (state = 'sending' AND lease_until <= excluded.next_at))
       RETURNING attempts`,
    )
    .bind(row.key, row.subscriptionId, now, leaseUntil, row.createdAt, row.generation, row.message, row.event)
    .all<{ attempts: number }>();
  return taken.results[0]?.attempts ?? null;
}

/** Removes each subscription's attempts past its `kept` latest in one database (a window function again); returns how many. */
export async function pruneAttemptsPastLatest(d1: D1Database, kept: number): Promise<number> {
  const gone = await d1
    .prepare(
      `DELETE FROM notification_attempts WHERE id IN (SELECT id FROM (
         SELECT id, ROW_NUMBER() OVER (PARTITION BY subscription_id ORDER BY at DESC, id DESC) AS n FROM notification_attempts) WHERE n > ?)`,
    )
    .bind(kept)
    .run();
  return gone.meta.changes ?? 0;
}

/**
 * Takes a place in each bucket, or in none: one INSERT … SELECT FROM
 * (VALUES …) whose rows all depend on every bucket having room (SQLite reads
 * the counts before it writes), so that D1 runs the check and the take
 * atomically; the query builder has no INSERT from a VALUES list with a
 * condition. Each bucket comes with its window's start and its count.
 * Returns whether the places were taken.
 */
export async function takeSendLimits(
  d1: D1Database,
  buckets: readonly { readonly bucket: string; readonly since: number; readonly count: number }[],
  now: number,
): Promise<boolean> {
  const rows = buckets.map(() => "(?)").join(", ");
  const room = buckets.map(() => "(SELECT COUNT(*) FROM send_limits WHERE bucket = ? AND at > ?) < ?").join(" AND ");
  const binds: (string | number)[] = [now, ...buckets.map((b) => b.bucket)];
  for (const b of buckets) binds.push(b.bucket, b.since, b.count);
  const taken = await d1
    .prepare(`INSERT INTO send_limits (bucket, at) SELECT column1, ? FROM (VALUES ${rows}) WHERE ${room}`)
    .bind(...binds)
    .run();
  return (taken.meta.changes ?? 0) > 0;
}
