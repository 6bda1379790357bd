import { and, count, desc, eq, inArray, isNotNull, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { PresetName } from "../../engine/index";
import { players as playerRows } from "./players";
import { type Db, database } from "./queries";
import { matchResults, ratings } from "./ratings";

/** Results and ratings (src/server/ratings says what they mean; the tables: ratings.ts). */

export type MatchResultRow = typeof matchResults.$inferInsert;
export type PoolRatingRow = typeof ratings.$inferInsert;

/** Whether the game's match is recorded already. */
export async function matchRecorded(d1: D1Database, gameId: string): Promise<boolean> {
  const [row] = await database(d1).select({ seat: matchResults.seat }).from(matchResults).where(eq(matchResults.gameId, gameId)).limit(1);
  return row !== undefined;
}

/** A match's result rows, by seat. */
export function matchResultRows(d1: D1Database, gameId: string) {
  return database(d1).select().from(matchResults).where(eq(matchResults.gameId, gameId)).orderBy(matchResults.seat);
}

/** The players' ratings in a pool (those who have one). */
export function poolRatings(d1: D1Database, preset: PresetName, players: number, ids: readonly string[]) {
  return database(d1)
    .select({
      playerId: ratings.playerId,
      rating: ratings.rating,
      rd: ratings.rd,
      vol: ratings.vol,
      games: ratings.games,
      ratedAt: ratings.ratedAt,
    })
    .from(ratings)
    .where(and(eq(ratings.preset, preset), eq(ratings.players, players), inArray(ratings.playerId, [...ids])));
}

/**
 * A match's result rows and its players' new ratings, in one transaction: a
 * match recorded twice at once, or two matches of one player rated at once,
 * fail on a key (match_results' primary key, or its unique nth) and are tried
 * again by the caller's drain.
 */
export async function storeMatch(d1: D1Database, results: readonly MatchResultRow[], rated: readonly PoolRatingRow[]): Promise<void> {
  if (results.length === 0) return;
  const db = database(d1);
  const upserts = rated.map((r) =>
    db
      .insert(ratings)
      .values(r)
      .onConflictDoUpdate({
        target: [ratings.playerId, ratings.preset, ratings.players],
        set: {
          rating: sql`excluded.rating`,
          rd: sql`excluded.rd`,
          vol: sql`excluded.vol`,
          games: sql`excluded.games`,
          ratedAt: sql`excluded.rated_at`,
        },
      }),
  );
  await db.batch([db.insert(matchResults).values([...results]), ...upserts]);
}

/**
 * The name a player shows: the one they chose, else the one they last played
 * under. `player`: the column naming the player in the outer query's row.
 */
function shownName(db: Db, player: typeof matchResults.playerId | typeof ratings.playerId) {
  const m = alias(matchResults, "m");
  const chosen = db.select({ name: playerRows.name }).from(playerRows).where(eq(playerRows.id, player));
  const played = db
    .select({ name: m.name })
    .from(m)
    .where(and(eq(m.playerId, player), isNotNull(m.name)))
    .orderBy(desc(m.at))
    .limit(1);
  return sql<string | null>`COALESCE((${chosen}), (${played}))`;
}

/** Leaderboard length. */
const BOARD_SIZE = 100;
/** Recent results on a player's page. */
const RECENT = 20;

/** What a player's public page shows, by public id, in one batch; `known` false if they never finished a match. */
export async function publicPlayerRows(d1: D1Database, publicId: string) {
  const db = database(d1);
  const [named, counts, pools, recent] = await db.batch([
    db
      .select({ name: shownName(db, matchResults.playerId) })
      .from(matchResults)
      .where(eq(matchResults.publicId, publicId))
      .orderBy(desc(matchResults.at))
      .limit(1),
    db
      .select({
        finished: count(),
        lost: sql<number>`COALESCE(SUM(${matchResults.how} = 'timeout' AND ${matchResults.result} = 'loss'), 0)`,
      })
      .from(matchResults)
      .where(eq(matchResults.publicId, publicId)),
    db
      .select({ preset: ratings.preset, players: ratings.players, rating: ratings.rating, rd: ratings.rd, games: ratings.games })
      .from(ratings)
      .where(eq(ratings.publicId, publicId))
      .orderBy(desc(ratings.games)),
    db
      .select({
        gameId: matchResults.gameId,
        preset: matchResults.preset,
        players: matchResults.players,
        result: matchResults.result,
        how: matchResults.how,
        rated: matchResults.rated,
        ratingBefore: matchResults.ratingBefore,
        ratingAfter: matchResults.ratingAfter,
        at: matchResults.at,
      })
      .from(matchResults)
      .where(eq(matchResults.publicId, publicId))
      .orderBy(desc(matchResults.at), desc(sql`rowid`))
      .limit(RECENT),
  ]);
  return {
    known: named.length > 0,
    name: named[0]?.name ?? null,
    finished: counts[0]?.finished ?? 0,
    lostOnTime: counts[0]?.lost ?? 0,
    pools,
    recent,
  };
}

/**
 * A pool's best players, ordered by the rating less twice its deviation
 * (the rating the player is 95% sure to be above), so that one lucky first
 * match does not top it.
 */
export function leaderboardRows(d1: D1Database, preset: PresetName, players: number) {
  const db = database(d1);
  return db
    .select({
      publicId: ratings.publicId,
      rating: ratings.rating,
      rd: ratings.rd,
      games: ratings.games,
      name: shownName(db, ratings.playerId),
    })
    .from(ratings)
    .where(and(eq(ratings.preset, preset), eq(ratings.players, players)))
    .orderBy(sql`${ratings.rating} - 2 * ${ratings.rd} DESC`, desc(ratings.games))
    .limit(BOARD_SIZE);
}
