import type { Leaderboard, PublicPlayer } from "../../shared/wire/ratings";
import { leaderboardRows, publicPlayerRows } from "../db/rating-queries";

/** Reading ratings and results for the public pages (docs/ratings.md). */

/** A deviation over this marks a rating provisional (lichess's threshold for correspondence, in Glicko-2's scale). */
export const PROVISIONAL_RD = 110;

const round = (n: number | null) => (n === null ? null : Math.round(n));

/** A player's public page by public id; null if they never finished a match. */
export async function publicPlayer(d1: D1Database, publicId: string): Promise<PublicPlayer | null> {
  const page = await publicPlayerRows(d1, publicId);
  if (!page.known) return null;
  return {
    id: publicId,
    name: page.name,
    finished: page.finished,
    lostOnTime: page.lostOnTime,
    ratings: page.pools.map((r) => ({
      preset: r.preset,
      players: r.players,
      rating: Math.round(r.rating),
      deviation: Math.round(r.rd),
      games: r.games,
      provisional: r.rd > PROVISIONAL_RD,
    })),
    recent: page.recent.map((r) => ({
      gameId: r.gameId,
      preset: r.preset,
      players: r.players,
      result: r.result,
      how: r.how,
      rated: r.rated,
      ratingBefore: round(r.ratingBefore),
      ratingAfter: round(r.ratingAfter),
      at: new Date(r.at).toISOString(),
    })),
  };
}

/**
 * A pool's leaderboard, ordered by the rating less twice its deviation (the
 * rating the player is 95% sure to be above), so that one lucky first match
 * does not top it.
 */
export async function leaderboard(d1: D1Database, preset: Leaderboard["preset"], players: number): Promise<Leaderboard> {
  const rows = await leaderboardRows(d1, preset, players);
  return {
    preset,
    players,
    entries: rows.map((r, i) => ({
      rank: i + 1,
      id: r.publicId,
      name: r.name,
      rating: Math.round(r.rating),
      deviation: Math.round(r.rd),
      games: r.games,
      provisional: r.rd > PROVISIONAL_RD,
    })),
  };
}
