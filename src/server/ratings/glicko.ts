import rate from "glicko2-lite";

/**
 * Glicko-2 (Glickman, "Example of the Glicko-2 system", 2013) for rated
 * matches: pure, no I/O. The arithmetic of one rating period is
 * `glicko2-lite` (MIT, maintained, no dependencies, plain arithmetic that
 * runs in Workers); chosen over `glicko2` (a stateful player registry, not
 * a function of numbers) and `glicko2.ts` (GPL). What is ours is what the
 * paper leaves to the service: what a match's result is, how partners are
 * rated, and how a deviation grows while a player is away.
 *
 * Parameters (docs/ratings.md): a new player starts at 1500, deviation 350,
 * volatility 0.06; τ = 0.5. Every rated match is its own rating period for
 * its players (a correspondence match lasts weeks: there is no batch of
 * games to rate together), and before it a player's deviation grows as if
 * one empty rating period had passed for every full week since their last
 * rated match, up to 350 again (step 6 of the paper with no games).
 */

export interface Rating {
  readonly rating: number;
  /** Rating deviation. */
  readonly rd: number;
  /** Volatility. */
  readonly vol: number;
}

export const GLICKO = {
  initial: { rating: 1500, rd: 350, vol: 0.06 } as Rating,
  tau: 0.5,
  /** The rating period of a player's idleness (deviation growth). */
  idlePeriod: 7 * 24 * 3600_000,
  maxRd: 350,
} as const;

/** The scale factor between Glicko and Glicko-2 (the paper's 173.7178). */
const SCALE = 173.7178;

/** One game of a rating period: the opponent as they were before it, and the score (1 win, 0.5 draw, 0 loss). */
export interface Game {
  readonly opponent: Rating;
  readonly score: number;
}

/** A player's rating after one rating period with these games (none: only the deviation grows). */
export function ratingAfter(player: Rating, games: readonly Game[]): Rating {
  if (games.length === 0) return aged(player, 1);
  const next = rate(
    player.rating,
    player.rd,
    player.vol,
    games.map((g) => [g.opponent.rating, g.opponent.rd, g.score] as const),
    { rating: GLICKO.initial.rating, tau: GLICKO.tau },
  );
  return { rating: next.rating, rd: next.rd, vol: next.vol };
}

/** A rating after `periods` rating periods without games: φ* = √(φ² + σ²) per period, at most the initial deviation. */
export function aged(player: Rating, periods: number): Rating {
  if (periods <= 0) return player;
  const phi = player.rd / SCALE;
  const grown = Math.sqrt(phi * phi + periods * player.vol * player.vol) * SCALE;
  return { ...player, rd: Math.min(GLICKO.maxRd, grown) };
}

/** Full idle periods between a player's last rated match and now. */
export function idlePeriods(last: number | null, now: number): number {
  return last === null ? 0 : Math.max(0, Math.floor((now - last) / GLICKO.idlePeriod));
}

/**
 * How a match ended, in what rating needs: the teams' totals, the winner
 * (null: no winner), the team that resigned or lost on time (it loses to
 * every other team whatever the totals), and whether it was aborted.
 */
export interface MatchResult {
  readonly totals: readonly number[];
  readonly winner: number | null;
  readonly forfeited: number | null;
  readonly aborted: boolean;
}

/**
 * The score of team `a` against team `b` (1, 0.5 or 0), or null when the
 * match is not rated at all (aborted). With two teams it is the match's
 * result; with three players each pair of players is one game: the winner
 * beat both others, a team that resigned or ran out of time lost to both,
 * and the remaining pair is decided by their totals (equal: a draw).
 */
export function scoreBetween(result: MatchResult, a: number, b: number): number | null {
  if (result.aborted) return null;
  if (result.forfeited === a) return 0;
  if (result.forfeited === b) return 1;
  if (result.winner === a) return 1;
  if (result.winner === b) return 0;
  const [ta, tb] = [result.totals[a] ?? 0, result.totals[b] ?? 0];
  return ta > tb ? 1 : ta < tb ? 0 : 0.5;
}

/**
 * Every seat's rating after a match, from every seat's rating before it
 * (already aged for idleness) and the team of each seat. A player is rated
 * against every other team; a team of partners plays as one opponent whose
 * rating is the partners' mean and whose deviation is their deviations'
 * root mean square, so both partners move by the team's result (each from
 * their own rating and deviation). Null for an aborted match.
 */
export function ratingsAfterMatch(before: readonly Rating[], teams: readonly number[], result: MatchResult): Rating[] | null {
  if (result.aborted) return null;
  const teamIds = [...new Set(teams)];
  const opponentOf = (team: number): Rating => {
    const members = before.filter((_, seat) => teams[seat] === team);
    const mean = (f: (r: Rating) => number) => members.reduce((sum, r) => sum + f(r), 0) / members.length;
    return { rating: mean((r) => r.rating), rd: Math.sqrt(mean((r) => r.rd * r.rd)), vol: mean((r) => r.vol) };
  };
  return before.map((player, seat) => {
    const mine = teams[seat]!;
    const games = teamIds.filter((t) => t !== mine).map((t) => ({ opponent: opponentOf(t), score: scoreBetween(result, mine, t) ?? 0.5 }));
    return ratingAfter(player, games);
  });
}
