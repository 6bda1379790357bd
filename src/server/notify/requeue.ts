import type { Env } from "../env";
import type { Delivery } from "./types";

/**
 * The guard against lost queue messages (issue 15): a delivery is written
 * to D1 before its message is put on the queue, and a message can be lost
 * (the runtime dies before the queue has it; a local runtime's queue is in
 * memory). Nothing but its message ever looks at a pending delivery, so the
 * cron (every five minutes) queues again each delivery that should have been
 * attempted long ago: pending or failed whose time is `REQUEUE_AFTER_MS`
 * past, or sending whose lease ran out that long ago (its Worker died).
 *
 * The copy queued again is the delivery's next generation; an older copy
 * that still turns up is dropped when it tries to claim (store.ts), so a
 * message lost or not, one live copy remains. Sending twice is impossible
 * either way: only the holder of the claim sends, and a sent delivery is
 * never claimed again.
 */

/** How long past due a delivery counts as lost: longer than any queue backlog or batching wait. */
export const REQUEUE_AFTER_MS = 10 * 60_000;

/** The setting REQUEUE_AFTER_SECONDS (the crash test shortens it, since a local cron runs at the real time), else ten minutes. */
function requeueAfterMs(env: Env): number {
  const seconds = Number(env.REQUEUE_AFTER_SECONDS);
  return env.REQUEUE_AFTER_SECONDS && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : REQUEUE_AFTER_MS;
}
/** Deliveries queued again per run; the rest wait five minutes. */
const REQUEUE_BATCH = 200;

export async function requeueLost(env: Env, now: number): Promise<number> {
  const before = now - requeueAfterMs(env);
  // Two scans, each along its partial index (migration 0009), rather than one OR over the whole table.
  const lost = await env.DB.prepare(
    `SELECT key, generation FROM (
       SELECT key, generation, message FROM notification_deliveries WHERE state IN ('pending', 'failed') AND next_at <= ?1
       UNION ALL
       SELECT key, generation, message FROM notification_deliveries WHERE state = 'sending' AND lease_until <= ?1)
     WHERE message IS NOT NULL LIMIT ?2`,
  )
    .bind(before, REQUEUE_BATCH)
    .all<{ key: string; generation: number }>();
  if (lost.results.length === 0) return 0;
  // The generation moves on only where nothing else moved the delivery meanwhile (a late copy that claimed it).
  const bump = env.DB.prepare(
    `UPDATE notification_deliveries SET generation = generation + 1
     WHERE key = ? AND generation = ? AND message IS NOT NULL
       AND ((state IN ('pending', 'failed') AND next_at <= ?) OR (state = 'sending' AND lease_until <= ?))
     RETURNING generation, message`,
  );
  const bumped = await env.DB.batch<{ generation: number; message: string }>(
    lost.results.map((r) => bump.bind(r.key, r.generation, before, before)),
  );
  const messages = bumped
    .flatMap((b) => b.results)
    .map((row): { body: Delivery } => ({ body: { ...(JSON.parse(row.message) as Delivery), generation: row.generation } }));
  // A Queue takes at most 100 messages per sendBatch. Should sending fail, the deliveries are still overdue: the next run tries again.
  for (let i = 0; i < messages.length; i += 100) await env.DELIVERIES.sendBatch(messages.slice(i, i + 100));
  return messages.length;
}
