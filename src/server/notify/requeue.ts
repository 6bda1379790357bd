import { deliveryDatabases, endAttempt } from "../db/deliveries";
import { nextGenerations, overdueDeliveries } from "../db/lost-deliveries";
import type { Env } from "../env";
import { parseDeliveryMessage } from "./message";
import type { Delivery } from "./types";

/**
 * The guard against lost queue messages: a message can be lost after a
 * delivery's row was written (a local runtime's queue is in memory, and dies
 * with it). A game's notification is kept in its room's outbox until the
 * queue has its message (room/outbox.ts); from its claim on, the row keeps
 * the message (store.ts), and so does a notice's pending row, a failed
 * delivery's, and one whose Worker died holding its lease. Nothing but its
 * message ever looks at such a row, so the cron (every five minutes) queues
 * again each delivery that should have been attempted long ago: pending or
 * failed whose time is `REQUEUE_AFTER_MS` past, or sending whose lease ran
 * out that long ago (its Worker died): then the whole message, whose
 * deliveries settled meanwhile are not sent again.
 *
 * The copy queued again is the delivery's next generation; an older copy
 * that still turns up is dropped when it tries to claim (store.ts), so a
 * message lost or not, one live copy remains. Sending twice is impossible
 * either way: only the holder of the claim sends, and a delivery recorded
 * as sent is never claimed again.
 */

/** How long past due a delivery counts as lost: longer than any queue backlog or batching wait. */
export const REQUEUE_AFTER_MS = 10 * 60_000;

/** The setting REQUEUE_AFTER_SECONDS (the crash test shortens it, since a local cron runs at the real time), else ten minutes. */
function requeueAfterMs(env: Env): number {
  const seconds = Number(env.REQUEUE_AFTER_SECONDS);
  return env.REQUEUE_AFTER_SECONDS && Number.isFinite(seconds) && seconds >= 0 ? seconds * 1000 : REQUEUE_AFTER_MS;
}
/** Deliveries queued again per run and database; the rest wait five minutes. */
const REQUEUE_BATCH = 200;

/**
 * Queues again the lost deliveries of every database holding deliveries
 * (the main one and each log shard), at most `REQUEUE_BATCH` from each.
 * Returns how many were queued.
 */
export async function requeueLost(env: Env, now: number): Promise<number> {
  const before = now - requeueAfterMs(env);
  let queued = 0;
  for (const d1 of deliveryDatabases(env)) {
    const lost = await overdueDeliveries(d1, before, REQUEUE_BATCH);
    // The generation moves on only where nothing else moved the delivery meanwhile (a late copy that claimed it).
    const bumped = await nextGenerations(d1, lost, before);
    const messages: { body: Delivery }[] = [];
    for (const row of bumped) {
      try {
        messages.push({ body: { ...parseDeliveryMessage(row.message), generation: row.generation } });
      } catch (error) {
        // A row no message can be made of (changed by hand, or by an older version): said, and ended, so that it is not
        // taken up again every five minutes; the others still go.
        const reason = `its queue message could not be read: ${(error as Error).message}`;
        console.error(`requeue: delivery ${row.key}: ${reason}`);
        await endAttempt(d1, row, { state: "dead", error: reason.slice(0, 500) }, null, now);
      }
    }
    // A Queue takes at most 100 messages per sendBatch. Should sending fail, the deliveries are still overdue: the next run tries again.
    for (let i = 0; i < messages.length; i += 100) await env.DELIVERIES.sendBatch(messages.slice(i, i + 100));
    queued += messages.length;
  }
  return queued;
}
