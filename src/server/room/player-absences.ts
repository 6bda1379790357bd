import { and, eq, gt } from "drizzle-orm";
import { database } from "../db/queries";
import { absences } from "../db/schema";

/** The absences a player declared that are not over yet, as rooms take them (from D1). */
export async function playerAbsences(d1: D1Database, playerHash: string, now = Date.now()) {
  const rows = await database(d1)
    .select()
    .from(absences)
    .where(and(eq(absences.playerHash, playerHash), gt(absences.until, now)));
  return rows.map((r) => ({ from: r.from, until: r.until, cancelledAt: r.cancelledAt }));
}
