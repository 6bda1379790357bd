import { and, eq, inArray, lte, or, sql } from "drizzle-orm";
import { byDeliveryId, type DeliveryId } from "./deliveries";
import { deliveries } from "./notifications";
import { database } from "./queries";

/**
 * The deliveries whose queue message was lost (notify/requeue.ts, on the
 * Cron Trigger): found by their time, and moved to their next generation so
 * that exactly one copy of each is sent again.
 */

/**
 * Deliveries that should have been attempted by `before` and were not:
 * pending or failed whose time passed, or sending whose lease ran out
 * (requeue.ts). Two scans, each along its partial index (migrations 0009,
 * 0026); the conditions are written as the indexes' own (literal states,
 * not bound values), or SQLite could not use them.
 */
export async function overdueDeliveries(d1: D1Database, before: number, limit: number): Promise<(DeliveryId & { generation: number })[]> {
  const db = database(d1);
  const pick = { key: deliveries.key, subscriptionId: deliveries.subscriptionId, generation: deliveries.generation };
  const [waiting, leased] = await db.batch([
    db
      .select(pick)
      .from(deliveries)
      .where(and(sql`${deliveries.state} IN ('pending', 'failed')`, lte(deliveries.nextAt, before), sql`${deliveries.message} IS NOT NULL`))
      .limit(limit),
    db
      .select(pick)
      .from(deliveries)
      .where(and(sql`${deliveries.state} = 'sending'`, lte(deliveries.leaseUntil, before), sql`${deliveries.message} IS NOT NULL`))
      .limit(limit),
  ]);
  return [...waiting, ...leased].slice(0, limit);
}

/**
 * Moves each overdue delivery to its next generation, where nothing else
 * moved it meanwhile (a late copy that claimed it), and answers the queue
 * messages to send again with their new generation.
 */
export async function nextGenerations(
  d1: D1Database,
  lost: readonly (DeliveryId & { generation: number })[],
  before: number,
): Promise<(DeliveryId & { generation: number; message: string })[]> {
  if (lost.length === 0) return [];
  const db = database(d1);
  const bumps = lost.map((r) =>
    db
      .update(deliveries)
      .set({ generation: sql`${deliveries.generation} + 1` })
      .where(
        and(
          byDeliveryId(r),
          eq(deliveries.generation, r.generation),
          sql`${deliveries.message} IS NOT NULL`,
          or(
            and(inArray(deliveries.state, ["pending", "failed"]), lte(deliveries.nextAt, before)),
            and(eq(deliveries.state, "sending"), lte(deliveries.leaseUntil, before)),
          ),
        ),
      )
      .returning({
        key: deliveries.key,
        subscriptionId: deliveries.subscriptionId,
        generation: deliveries.generation,
        message: deliveries.message,
      }),
  );
  const results = await db.batch([bumps[0]!, ...bumps.slice(1)]);
  return results
    .flat()
    .flatMap((r) =>
      r.message === null ? [] : [{ key: r.key, subscriptionId: r.subscriptionId, generation: r.generation, message: r.message }],
    );
}
