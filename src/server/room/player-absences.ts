import { absencesAfter } from "../db/absence-queries";

/** The absences a player declared that are not over yet, as rooms take them (from D1). */
export async function playerAbsences(d1: D1Database, playerHash: string, now = Date.now()) {
  const rows = await absencesAfter(d1, playerHash, now);
  return rows.map((r) => ({ from: r.from, until: r.until, cancelledAt: r.cancelledAt }));
}
