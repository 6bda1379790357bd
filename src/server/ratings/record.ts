import { teamOf } from "../../engine/index";
import { type MatchResultRow, matchRecorded, type PoolRatingRow, poolRatings, storeMatch } from "../db/rating-queries";
import type { SeatRow } from "../db/room-rows";
import { publicIdOf } from "../players/identity";
import type { Table } from "../room/table";
import { aged, GLICKO, idlePeriods, type MatchResult, type Rating, ratingsAfterMatch } from "./glicko";

/**
 * When a match ends, its result per seat goes into D1 (`match_results`) and,
 * if it was rated, every player's rating in its pool (preset and number of
 * players) moves (`ratings`), in one batch. Called by the room's drain once
 * D1 has the match's last entry: a drain that fails is tried again, and a
 * match already recorded is recognised and left alone, so each match is
 * recorded once. Aborted matches are not recorded (not rated, not finished).
 */

type How = "play" | "resigned" | "timeout";

/** The match's result as rating needs it, and how it ended; null while it goes on. */
export function resultOf(table: Table): (MatchResult & { how: How }) | null {
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

/** A rated match needs a clock, people only, and every seat opened by a distinct identified player. */
export function isRated(table: Table, seats: readonly SeatRow[]): boolean {
  const players = seats.map((s) => s.playerHash);
  return (
    table.created.rated === true &&
    table.created.clock != null &&
    !(table.created.computers ?? []).some((c) => c !== null) &&
    players.every((p) => p !== null) &&
    new Set(players).size === players.length
  );
}

/** Records the ended match of `table` once (see above); nothing while it goes on. */
export async function recordMatchEnd(d1: D1Database, table: Table, seats: readonly SeatRow[]): Promise<void> {
  const result = resultOf(table);
  if (!result || result.aborted) return;
  if (await matchRecorded(d1, table.id)) return;
  const players = table.created.players;
  const preset = table.state.rules.preset;
  const at = table.lastAt;
  const teams = seats.map((s) => teamOf(s.seat, players));
  const rated = isRated(table, seats);

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
}

/** A seat's result: its team won, lost (another won, or it forfeited), or drew (no winner: a tie). */
function seatOutcome(result: MatchResult, team: number): "win" | "loss" | "draw" {
  if (result.winner === team) return "win";
  if (result.forfeited === team || result.winner !== null) return "loss";
  return "draw";
}
