import { and, asc, desc, eq, inArray, isNotNull, lte, ne, or, sql } from "drizzle-orm";
import type { BatchItem } from "drizzle-orm/batch";
import { devices } from "./players";
import { database } from "./queries";
import { tournamentEvents, tournamentPlayers, tournamentSecrets, tournaments, tournamentTables } from "./tournaments";

/** Every D1 query about tournaments (docs/tournaments.md): the room's drain, the lobby's list, a player's tournaments, the cron. */

export type TournamentIndexRow = typeof tournaments.$inferInsert;
export type TournamentTableRow = typeof tournamentTables.$inferInsert;

/** What one drain of a tournament's room brings D1. */
export interface TournamentDrain {
  readonly events: readonly { seq: number; kind: string; body: string; at: number }[];
  /** The index row as it stands now (null: unchanged since the last drain). */
  readonly index: TournamentIndexRow | null;
  /** Players' places to write, and players whose place went (a removed entry). */
  readonly places: readonly { playerId: string; entry: number }[];
  readonly gone: readonly string[];
  readonly tables: readonly TournamentTableRow[];
  /** The room's sealed links these entries brought (the invitation's, a pair's partner's), as the room keeps them. */
  readonly secrets: readonly { key: string; value: string }[];
}

/** Rows per insert statement: D1 binds at most 100 values to one. */
const ROWS = 15;

function chunks<T>(list: readonly T[], size = ROWS): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < list.length; i += size) out.push(list.slice(i, i + size));
  return out;
}

/**
 * One batch (one transaction): the log's new entries (ignored when D1 has
 * them: a retried drain duplicates nothing), the index row, the players'
 * places and the tables made.
 */
export async function drainTournament(d1: D1Database, id: string, drain: TournamentDrain): Promise<void> {
  const db = database(d1);
  const statements: BatchItem<"sqlite">[] = [
    ...chunks(drain.events).map((part) =>
      db
        .insert(tournamentEvents)
        .values(part.map((e) => ({ tournamentId: id, ...e })))
        .onConflictDoNothing(),
    ),
    ...chunks(drain.places).map((part) =>
      db
        .insert(tournamentPlayers)
        .values(part.map((p) => ({ tournamentId: id, ...p })))
        .onConflictDoUpdate({ target: [tournamentPlayers.tournamentId, tournamentPlayers.playerId], set: { entry: sql`excluded.entry` } }),
    ),
    ...chunks(drain.gone, 90).map((part) =>
      db.delete(tournamentPlayers).where(and(eq(tournamentPlayers.tournamentId, id), inArray(tournamentPlayers.playerId, part))),
    ),
    ...chunks(drain.tables).map((part) => db.insert(tournamentTables).values(part).onConflictDoNothing()),
    ...chunks(drain.secrets).map((part) =>
      db
        .insert(tournamentSecrets)
        .values(part.map((s) => ({ tournamentId: id, ...s })))
        .onConflictDoNothing(),
    ),
  ];
  if (drain.index) {
    const { id: _id, createdAt: _created, organiserId: _organiser, ...changing } = drain.index;
    statements.push(db.insert(tournaments).values(drain.index).onConflictDoUpdate({ target: tournaments.id, set: changing }));
  }
  const [first, ...rest] = statements;
  if (first) await db.batch([first, ...rest]);
}

export type ListedTournament = typeof tournaments.$inferSelect;

/** The lobby's list: public tournaments open for registration or running (or of one status), newest first. */
export async function publicTournaments(d1: D1Database, status: ListedTournament["status"] | undefined, limit: number) {
  return database(d1)
    .select()
    .from(tournaments)
    .where(and(eq(tournaments.visibility, "public"), status ? eq(tournaments.status, status) : ne(tournaments.status, "over")))
    .orderBy(desc(tournaments.createdAt))
    .limit(limit);
}

/** The tournaments a player plays in or organises, those not over first, newest first. */
export async function tournamentsOfPlayer(d1: D1Database, player: string, limit: number) {
  const playing = database(d1)
    .select({ id: tournamentPlayers.tournamentId })
    .from(tournamentPlayers)
    .where(eq(tournamentPlayers.playerId, player));
  return database(d1)
    .select()
    .from(tournaments)
    .where(or(eq(tournaments.organiserId, player), inArray(tournaments.id, playing)))
    .orderBy(sql`${tournaments.status} = 'over'`, desc(tournaments.createdAt))
    .limit(limit);
}

/** How many tournaments a player organises that are not over. */
export async function organisedCount(d1: D1Database, player: string): Promise<number> {
  const [row] = await database(d1)
    .select({ n: sql<number>`COUNT(*)` })
    .from(tournaments)
    .where(and(eq(tournaments.organiserId, player), ne(tournaments.status, "over")));
  return row?.n ?? 0;
}

/** Tournaments not over whose room has something due by `now` (the cron wakes them). */
export async function dueTournaments(d1: D1Database, now: number, limit: number): Promise<string[]> {
  const rows = await database(d1)
    .select({ id: tournaments.id })
    .from(tournaments)
    .where(and(ne(tournaments.status, "over"), isNotNull(tournaments.nextDue), lte(tournaments.nextDue, now)))
    .orderBy(asc(tournaments.nextDue))
    .limit(limit);
  return rows.map((r) => r.id);
}

/** A tournament's sealed links as its room drained them (a room rebuilt from D1: tournaments/rebuild.ts). */
export async function savedTournamentSecrets(d1: D1Database, id: string): Promise<{ key: string; value: string }[]> {
  return database(d1)
    .select({ key: tournamentSecrets.key, value: tournamentSecrets.value })
    .from(tournamentSecrets)
    .where(eq(tournamentSecrets.tournamentId, id));
}

/** The log D1 holds for a tournament (for checks and tools, and a room rebuilt from D1). */
export async function savedTournamentLog(d1: D1Database, id: string) {
  return database(d1).select().from(tournamentEvents).where(eq(tournamentEvents.tournamentId, id)).orderBy(asc(tournamentEvents.seq));
}

/** Every device a player holds or held (a removed one too): a rated tournament's same-person check (tournaments/rated.ts). */
export async function devicesEverOf(d1: D1Database, player: string): Promise<string[]> {
  const rows = await database(d1).select({ key: devices.keyHash }).from(devices).where(eq(devices.playerId, player));
  return rows.map((r) => r.key);
}
