import type { Leaderboard, PublicPlayer } from "../../shared/wire/ratings";

/** Reading ratings and results for the public pages (docs/ratings.md). */

/** A deviation over this marks a rating provisional (lichess's threshold for correspondence, in Glicko-2's scale). */
export const PROVISIONAL_RD = 110;

/** Leaderboard length. */
const BOARD_SIZE = 100;
const RECENT = 20;

interface RatingRow {
  preset: string;
  players: number;
  rating: number;
  rd: number;
  games: number;
}

interface ResultRow {
  game_id: string;
  preset: string;
  players: number;
  result: "win" | "loss" | "draw";
  how: "play" | "resigned" | "timeout";
  rated: number;
  rating_before: number | null;
  rating_after: number | null;
  at: number;
}

const round = (n: number | null) => (n === null ? null : Math.round(n));

/** The name a player shows: the one they chose, else the one they last played under. */
const NAME = `COALESCE((SELECT name FROM players p WHERE p.id = r.player_id),
  (SELECT name FROM match_results m WHERE m.player_id = r.player_id AND m.name IS NOT NULL ORDER BY m.at DESC LIMIT 1))`;

/** A player's public page by public id; null if they never finished a match. */
export async function publicPlayer(d1: D1Database, publicId: string): Promise<PublicPlayer | null> {
  const [who, counts, ratings, recent] = await d1.batch([
    d1.prepare(`SELECT ${NAME} AS name FROM match_results r WHERE r.public_id = ? ORDER BY r.at DESC LIMIT 1`).bind(publicId),
    d1
      .prepare(
        "SELECT COUNT(*) AS finished, COALESCE(SUM(how = 'timeout' AND result = 'loss'), 0) AS lost FROM match_results WHERE public_id = ?",
      )
      .bind(publicId),
    d1.prepare("SELECT preset, players, rating, rd, games FROM ratings WHERE public_id = ? ORDER BY games DESC").bind(publicId),
    d1
      .prepare(
        "SELECT game_id, preset, players, result, how, rated, rating_before, rating_after, at FROM match_results WHERE public_id = ? ORDER BY at DESC, rowid DESC LIMIT ?",
      )
      .bind(publicId, RECENT),
  ]);
  const first = who!.results[0] as { name: string | null } | undefined;
  if (!first) return null;
  const count = counts!.results[0] as { finished: number; lost: number };
  return {
    id: publicId,
    name: first.name,
    finished: count.finished,
    lostOnTime: count.lost,
    ratings: (ratings!.results as unknown as RatingRow[]).map((r) => ({
      preset: r.preset as PublicPlayer["ratings"][number]["preset"],
      players: r.players,
      rating: Math.round(r.rating),
      deviation: Math.round(r.rd),
      games: r.games,
      provisional: r.rd > PROVISIONAL_RD,
    })),
    recent: (recent!.results as unknown as ResultRow[]).map((r) => ({
      gameId: r.game_id,
      preset: r.preset as PublicPlayer["ratings"][number]["preset"],
      players: r.players,
      result: r.result,
      how: r.how,
      rated: r.rated === 1,
      ratingBefore: round(r.rating_before),
      ratingAfter: round(r.rating_after),
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
  const rows = await d1
    .prepare(
      `SELECT r.public_id, r.rating, r.rd, r.games, ${NAME} AS name FROM ratings r WHERE r.preset = ? AND r.players = ? ORDER BY r.rating - 2 * r.rd DESC, r.games DESC LIMIT ?`,
    )
    .bind(preset, players, BOARD_SIZE)
    .all<{ public_id: string; rating: number; rd: number; games: number; name: string | null }>();
  return {
    preset,
    players,
    entries: rows.results.map((r, i) => ({
      rank: i + 1,
      id: r.public_id,
      name: r.name,
      rating: Math.round(r.rating),
      deviation: Math.round(r.rd),
      games: r.games,
      provisional: r.rd > PROVISIONAL_RD,
    })),
  };
}
