import { and, count, eq, gt, lt, min, sql } from "drizzle-orm";
import { sendLimits } from "./notifications";
import { database } from "./queries";

/** The sending limits' counted actions (notify/send-limits.ts): how many in a window, and pruning the old. */

/** Counted actions in a sending limit's bucket since `since` (the latest `count` at most), and the oldest of them. */
export async function sendLimitCount(
  d1: D1Database,
  bucket: string,
  since: number,
  limit: number,
): Promise<{ n: number; first: number | null }> {
  const db = database(d1);
  const latest = db
    .select({ at: sendLimits.at })
    .from(sendLimits)
    .where(and(eq(sendLimits.bucket, bucket), gt(sendLimits.at, since)))
    .orderBy(sql`${sendLimits.at} DESC`)
    .limit(limit)
    .as("latest");
  const [row] = await db.select({ n: count(), first: min(latest.at) }).from(latest);
  return { n: row?.n ?? 0, first: row?.first ?? null };
}

/** The sending limits' counts from before `before` (of no use past the longest window); returns how many went. */
export async function pruneSendLimitRows(d1: D1Database, before: number): Promise<number> {
  const gone = await database(d1).delete(sendLimits).where(lt(sendLimits.at, before));
  return gone.meta.changes ?? 0;
}
