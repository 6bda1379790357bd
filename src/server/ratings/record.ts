import { type GameEvent, type GameState, teamOf } from "../../engine/index";
import type { RatingOutcome } from "../../shared/wire/ratings";
import { type MatchResultRow, matchRecorded, matchResultRows, type PoolRatingRow, poolRatings, storeMatch } from "../db/rating-queries";
import type { SeatRow } from "../db/room-rows";
import { publicIdOf } from "../players/identity";
import { aged, GLICKO, idlePeriods, type MatchResult, type Rating, ratingsAfterMatch } from "./glicko";
import { type PlayedGame, peopleOf, turnsOf, verdict } from "./verdict";

/**
 * When a match ends, its result per seat goes into D1 (`match_results`) and,
 * if it was rated, every player's rating in its pool (preset and number of
 * players) moves (`ratings`), in one batch. Called by the room's drain once
 * D1 has the match's last entry: a drain that fails is tried again, and a
 * match already recorded is recognised and left alone, so each match is
 * recorded once. Aborted matches are not recorded (not rated, not finished).
 */

type How = "play" | "resigned" | "timeout";

/**
 * What recording a match reads of its game (the room's table is one): its id, where the engine left it, when it was
 * last played, and its log's entries with the events each produced. Declared here, so that ratings read a game
 * without reaching up into the room.
 */
export interface EndedGame extends PlayedGame {
  readonly id: string;
  readonly state: GameState;
  readonly lastAt: number;
  readonly entries: readonly { readonly body: PlayedGame["entries"][number]["body"]; readonly events: readonly GameEvent[] }[];
}

/** The match's result as rating needs it, and how it ended; null while it goes on. */
export function resultOf(table: EndedGame): (MatchResult & { how: How }) | null {
  const state = table.state;
  if (!state.over) return null;
  if (state.ending?.reason === "aborted") return { totals: state.totals, winner: null, forfeited: null, aborted: true, how: "play" };
  if (state.ending?.reason === "timeout")
    return { totals: state.totals, winner: state.winner, forfeited: state.ending.team, aborted: false, how: "timeout" };
  // A resignation ends the match on the resigning move: its event names the team.
  const last = table.entries.findLast((e) => e.body.type === "move");
  const resigned = last?.events.find((e) => e.type === "resigned");
  if (resigned?.type === "resigned")
    return { totals: state.totals, winner: state.winner, forfeited: resigned.team, aborted: false, how: "resigned" };
  return { totals: state.totals, winner: state.winner, forfeited: null, aborted: false, how: "play" };
}

/**
 * Records the ended match of `table` once (see above), and answers what it
 * did to its players' ratings (read back from D1 when it was recorded
 * already); null while the match goes on, or when it was aborted.
 */
export async function recordMatchEnd(d1: D1Database, table: EndedGame, seats: readonly SeatRow[]): Promise<RatingOutcome | null> {
  const result = resultOf(table);
  if (!result || result.aborted) return null;
  if (await matchRecorded(d1, table.id)) return outcomeOf(await matchResultRows(d1, table.id), table.created.rated === true);
  const players = table.created.players;
  const preset = table.state.rules.preset;
  const at = table.lastAt;
  const teams = seats.map((s) => teamOf(s.seat, players));
  const people = await peopleOf(
    d1,
    seats.flatMap((s) => (s.playerHash ? [{ player: s.playerHash, network: s.network ?? null, device: s.device ?? null }] : [])),
  );
  const why = verdict(table, seats, people, result);
  const rated = why === null;
  const { own } = turnsOf(table);

  let before: Rating[] = [];
  let after: Rating[] | null = null;
  let counts: number[] = [];
  if (rated) {
    const ids = seats.map((s) => s.playerHash!);
    const rows = await poolRatings(d1, preset, players, ids);
    const byId = new Map(rows.map((r) => [r.playerId, r]));
    before = ids.map((id) => {
      const row = byId.get(id);
      return row ? aged(row, idlePeriods(row.ratedAt, at)) : GLICKO.initial;
    });
    counts = ids.map((id) => byId.get(id)?.games ?? 0);
    after = ratingsAfterMatch(before, teams, result);
  }

  const results: MatchResultRow[] = [];
  const pools: PoolRatingRow[] = [];
  for (const [i, s] of seats.entries()) {
    const publicId = s.playerHash ? publicIdOf(s.playerHash) : null;
    const next = after?.[i];
    results.push({
      gameId: table.id,
      seat: s.seat,
      playerId: s.playerHash,
      publicId,
      name: s.name,
      preset,
      players,
      result: seatOutcome(result, teams[i]!),
      how: result.how,
      rated: next !== undefined,
      nth: next ? counts[i]! + 1 : null,
      ratingBefore: next ? before[i]!.rating : null,
      ratingAfter: next?.rating ?? null,
      rdAfter: next?.rd ?? null,
      at,
      turns: own[s.seat] ?? 0,
      unratedWhy: rated ? null : why,
    });
    if (next && s.playerHash && publicId)
      pools.push({
        playerId: s.playerHash,
        publicId,
        preset,
        players,
        rating: next.rating,
        rd: next.rd,
        vol: next.vol,
        games: counts[i]! + 1,
        ratedAt: at,
      });
  }
  // One transaction: a match recorded twice at once, or two matches of one player rated at once, fail on a key and are tried again.
  await storeMatch(d1, results, pools);
  return { ...outcomeOf(results, rated), why: rated ? null : why };
}

/** What a match's result rows say of its ratings; `asked`: it was created rated (why an unrated one was not is then unknown). */
function outcomeOf(rows: readonly MatchResultRow[], asked: boolean): RatingOutcome {
  const rated = rows.some((r) => r.rated);
  return {
    rated,
    // Kept with the results since it was; before that, only "not asked" could be told from the rows.
    why: rated ? null : (rows[0]?.unratedWhy ?? (asked ? null : "notAsked")),
    seats: rated
      ? rows
          .filter((r) => r.ratingBefore != null && r.ratingAfter != null)
          .map((r) => ({ seat: r.seat, before: Math.round(r.ratingBefore!), after: Math.round(r.ratingAfter!) }))
      : [],
  };
}

/** A seat's result: its team won, lost (another won, or it forfeited), or drew (no winner: a tie). */
function seatOutcome(result: MatchResult, team: number): "win" | "loss" | "draw" {
  if (result.winner === team) return "win";
  if (result.forfeited === team || result.winner !== null) return "loss";
  return "draw";
}
