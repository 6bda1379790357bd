import { and, asc, desc, eq, gt, isNotNull, lte, sql } from "drizzle-orm";
import { drizzle } from "drizzle-orm/d1";
import type { MyGame } from "../../shared/api";
import { gameNow } from "../clock/time";
import { unseal } from "../seal";
import { parseNames } from "./columns";
import { gameEvents, games, seats } from "./schema";
import { tournaments, tournamentTables } from "./tournaments";

const databases = new WeakMap<D1Database, ReturnType<typeof drizzle>>();

/** The drizzle database over a D1 binding, made once per binding (every drain uses it). */
export function database(d1: D1Database) {
  let db = databases.get(d1);
  if (!db) {
    db = drizzle(d1);
    databases.set(d1, db);
  }
  return db;
}

export type Db = ReturnType<typeof database>;

/** The game's own time now and the time left before its deadline, by the game's clock (not this Worker's). */
function timeLeftOf(game: { deadline: number | null; status: string; clockOffset: number }): { asOf: string; left: number | null } {
  const now = gameNow(game.clockOffset);
  return {
    asOf: new Date(now).toISOString(),
    left: game.deadline === null || game.status !== "playing" ? null : Math.max(0, game.deadline - now),
  };
}

/**
 * A player's games (by player id, players/identity.ts): those awaiting their move first, soonest deadline first,
 * then the most recently active; each with its seat's token where the seat kept it sealed, so that any
 * device of the player opens the seat (`secret`: the service's key, seal.ts).
 */
export async function myGames(db: Db, playerHash: string, secret: string | undefined): Promise<MyGame[]> {
  const yourTurn = sql<number>`(${games.status} = 'playing' AND ${games.turn} = ${seats.seat})`;
  // A tournament's table in play is due by its round's deadline too, whichever comes first (docs/tournaments.md).
  const round = sql`CASE WHEN ${games.status} = 'playing' THEN ${tournamentTables.deadline} END`;
  const due = sql`COALESCE(MIN(${games.deadline}, ${round}), ${games.deadline}, ${round})`;
  const rows = await db
    .select({
      game: games,
      seat: seats.seat,
      link: seats.link,
      yourTurn,
      table: tournamentTables,
      tournament: tournaments.name,
    })
    .from(seats)
    .innerJoin(games, eq(games.id, seats.gameId))
    .leftJoin(tournamentTables, eq(tournamentTables.gameId, seats.gameId))
    .leftJoin(tournaments, eq(tournaments.id, tournamentTables.tournamentId))
    .where(eq(seats.playerHash, playerHash))
    .orderBy(desc(yourTurn), sql`${due} IS NULL`, asc(due), desc(games.updatedAt))
    .limit(200);
  const tokens = await Promise.all(rows.map(({ link }) => (link ? unseal(link, secret) : null)));
  return rows.map(({ game, seat, yourTurn }, i) => ({
    id: game.id,
    seat,
    players: game.players,
    names: parseNames(game.names),
    status: game.status,
    turn: game.turn,
    yourTurn: yourTurn === 1,
    version: game.version,
    updatedAt: new Date(game.updatedAt).toISOString(),
    deadline: game.deadline === null ? null : new Date(game.deadline).toISOString(),
    ...timeLeftOf(game),
    reminder: game.reminder,
    token: tokens[i] ?? null,
    ...(rows[i]!.table
      ? {
          tournament: {
            id: rows[i]!.table!.tournamentId,
            name: rows[i]!.tournament ?? "",
            round: rows[i]!.table!.round,
            table: rows[i]!.table!.table,
            deadline: new Date(rows[i]!.table!.deadline).toISOString(),
          },
        }
      : {}),
  }));
}

/** Log entries D1 holds for a game after `since` (for checks and tools). */
export async function savedEvents(db: Db, id: string, since = 0) {
  return db
    .select()
    .from(gameEvents)
    .where(and(eq(gameEvents.gameId, id), gt(gameEvents.seq, since)))
    .orderBy(asc(gameEvents.seq));
}

/** Games in play whose room has something due by `now` (the Cron guard wakes them), soonest first. */
export async function dueGames(db: Db, now: number, limit: number): Promise<string[]> {
  const rows = await db
    .select({ id: games.id })
    .from(games)
    .where(and(eq(games.status, "playing"), isNotNull(games.nextDue), lte(games.nextDue, now)))
    .orderBy(asc(games.nextDue))
    .limit(limit);
  return rows.map((r) => r.id);
}
