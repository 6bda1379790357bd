import { and, eq, inArray, sql } from "drizzle-orm";
import type { PresetName } from "../../engine/rules";
import type { Language } from "../../shared/language";
import { players } from "./players";
import { database } from "./queries";
import { matchResults, ratings } from "./ratings";
import { slices } from "./seek-queries";

/**
 * What the lobby, matchmaking and the tournaments read of players: their
 * name and language, their rating in a pool, and the matches they finished
 * and lost on time.
 */

export interface PlayerFacts {
  readonly name: string | null;
  readonly rating: { rating: number; rd: number; games: number } | null;
  readonly finished: number;
  readonly lostOnTime: number;
}

/** What the lobby shows of players: their name, rating in a pool, matches finished and lost on time. */
export async function playerFacts(
  d1: D1Database,
  ids: readonly string[],
  pools: readonly { preset: string; players: number }[],
): Promise<{ facts: (player: string, preset: string, players: number) => PlayerFacts }> {
  const unique = [...new Set(ids)];
  const presets = [...new Set(pools.map((p) => p.preset))];
  const db = database(d1);
  const named: { id: string; name: string | null }[] = [];
  const rated: (typeof ratings.$inferSelect)[] = [];
  const counted: { id: string | null; finished: number; lost: number }[] = [];
  for (const part of slices(unique)) {
    const [n, r, c] = await db.batch([
      db.select({ id: players.id, name: players.name }).from(players).where(inArray(players.id, part)),
      db
        .select()
        .from(ratings)
        .where(and(inArray(ratings.playerId, part), inArray(ratings.preset, presets as PresetName[]))),
      db
        .select({
          id: matchResults.playerId,
          finished: sql<number>`COUNT(*)`,
          lost: sql<number>`COALESCE(SUM(${matchResults.how} = 'timeout' AND ${matchResults.result} = 'loss'), 0)`,
        })
        .from(matchResults)
        .where(inArray(matchResults.playerId, part))
        .groupBy(matchResults.playerId),
    ]);
    named.push(...n);
    rated.push(...r);
    counted.push(...c);
  }
  const names = new Map(named.map((r) => [r.id, r.name]));
  const counts = new Map(counted.map((r) => [r.id, r]));
  return {
    facts: (player, preset, n) => {
      const r = rated.find((x) => x.playerId === player && x.preset === preset && x.players === n);
      const c = counts.get(player);
      return {
        name: names.get(player) ?? null,
        rating: r ? { rating: r.rating, rd: r.rd, games: r.games } : null,
        finished: c?.finished ?? 0,
        lostOnTime: c?.lost ?? 0,
      };
    },
  };
}

/** A player's rating in one pool, or null before their first rated match in it. */
export async function ratingIn(d1: D1Database, player: string, preset: PresetName, n: number): Promise<number | null> {
  const rows = await database(d1)
    .select({ rating: ratings.rating })
    .from(ratings)
    .where(and(eq(ratings.playerId, player), eq(ratings.preset, preset), eq(ratings.players, n)))
    .limit(1);
  return rows[0]?.rating ?? null;
}

/** The player's stored name and language (they may have none yet). */
export async function profileOf(d1: D1Database, player: string): Promise<{ name: string | null; language: Language | null }> {
  const rows = await database(d1)
    .select({ name: players.name, language: players.language })
    .from(players)
    .where(eq(players.id, player))
    .limit(1);
  return rows[0] ?? { name: null, language: null };
}
