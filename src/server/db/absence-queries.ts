import { and, asc, eq, gt, isNull } from "drizzle-orm";
import { database } from "./queries";
import { absences, games, seats } from "./schema";

/** Players' absences (src/server/absences.ts says what they mean; the table: schema.ts). */

export type AbsenceRow = typeof absences.$inferSelect;

/** Every absence a player declared, earliest first. */
export function absencesOf(d1: D1Database, player: string): Promise<AbsenceRow[]> {
  return database(d1).select().from(absences).where(eq(absences.playerHash, player)).orderBy(asc(absences.from));
}

/** The absences of a player not over by `now` (cancelled ones too: a room learns of the cancelling). */
export function absencesAfter(d1: D1Database, player: string, now: number): Promise<AbsenceRow[]> {
  return database(d1)
    .select()
    .from(absences)
    .where(and(eq(absences.playerHash, player), gt(absences.until, now)));
}

export async function storeAbsence(d1: D1Database, row: AbsenceRow): Promise<void> {
  await database(d1).insert(absences).values(row);
}

/** One of a player's absences by id; undefined if they have none such. */
export async function absenceOf(d1: D1Database, player: string, id: string): Promise<AbsenceRow | undefined> {
  const [row] = await database(d1)
    .select()
    .from(absences)
    .where(and(eq(absences.id, id), eq(absences.playerHash, player)));
  return row;
}

/** Marks an absence cancelled at `now`, unless it already was. */
export async function markAbsenceCancelled(d1: D1Database, id: string, now: number): Promise<void> {
  await database(d1)
    .update(absences)
    .set({ cancelledAt: now })
    .where(and(eq(absences.id, id), isNull(absences.cancelledAt)));
}

/** The games in play where the player holds a seat (D1's index). */
export async function gamesInPlayOf(d1: D1Database, player: string): Promise<string[]> {
  const rows = await database(d1)
    .select({ id: games.id })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.playerHash, player), eq(games.status, "playing")));
  return rows.map((r) => r.id);
}
