import { teamOf } from "../../engine/index";
import { publicIdOf } from "../players/identity";
import type { SeatRow } from "../room/storage";
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

interface RatingRow {
  player_id: string;
  rating: number;
  rd: number;
  vol: number;
  games: number;
  rated_at: number;
}

const INSERT_RESULT = `INSERT INTO match_results (game_id, seat, player_id, public_id, name, preset, players, result, how, rated, nth, rating_before, rating_after, rd_after, at)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)`;

const UPSERT_RATING = `INSERT INTO ratings (player_id, public_id, preset, players, rating, rd, vol, games, rated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (player_id, preset, players) DO UPDATE SET rating = excluded.rating, rd = excluded.rd, vol = excluded.vol,
  games = excluded.games, rated_at = excluded.rated_at`;

/** Records the ended match of `table` once (see above); nothing while it goes on. */
export async function recordMatchEnd(d1: D1Database, table: Table, seats: readonly SeatRow[]): Promise<void> {
  const result = resultOf(table);
  if (!result || result.aborted) return;
  const known = await d1.prepare("SELECT 1 AS x FROM match_results WHERE game_id = ? LIMIT 1").bind(table.id).first();
  if (known) return;
  const players = table.created.players;
  const preset = table.state.rules.preset;
  const at = table.entries[table.version - 1]!.at;
  const teams = seats.map((s) => teamOf(s.seat, players));
  const rated = isRated(table, seats);

  let before: Rating[] = [];
  let after: Rating[] | null = null;
  let counts: number[] = [];
  if (rated) {
    const ids = seats.map((s) => s.playerHash!);
    const rows = await d1
      .prepare(
        `SELECT player_id, rating, rd, vol, games, rated_at FROM ratings WHERE preset = ? AND players = ? AND player_id IN (${ids.map(() => "?").join(", ")})`,
      )
      .bind(preset, players, ...ids)
      .all<RatingRow>();
    const byId = new Map(rows.results.map((r) => [r.player_id, r]));
    before = ids.map((id) => {
      const row = byId.get(id);
      return row ? aged(row, idlePeriods(row.rated_at, at)) : GLICKO.initial;
    });
    counts = ids.map((id) => byId.get(id)?.games ?? 0);
    after = ratingsAfterMatch(before, teams, result);
  }

  const insert = d1.prepare(INSERT_RESULT);
  const upsert = d1.prepare(UPSERT_RATING);
  const statements: D1PreparedStatement[] = [];
  for (const [i, s] of seats.entries()) {
    const team = teams[i]!;
    const outcome = seatOutcome(result, team);
    const publicId = s.playerHash ? publicIdOf(s.playerHash) : null;
    const next = after?.[i];
    statements.push(
      insert.bind(
        table.id,
        s.seat,
        s.playerHash,
        publicId,
        s.name,
        preset,
        players,
        outcome,
        result.how,
        next ? 1 : 0,
        next ? counts[i]! + 1 : null,
        next ? before[i]!.rating : null,
        next?.rating ?? null,
        next?.rd ?? null,
        at,
      ),
    );
    if (next && s.playerHash && publicId)
      statements.push(upsert.bind(s.playerHash, publicId, preset, players, next.rating, next.rd, next.vol, counts[i]! + 1, at));
  }
  // One transaction: a match recorded twice at once, or two matches of one player rated at once, fail on a key and are tried again.
  await d1.batch(statements);
}

/** A seat's result: its team won, lost (another won, or it forfeited), or drew (no winner: a tie). */
function seatOutcome(result: MatchResult, team: number): "win" | "loss" | "draw" {
  if (result.winner === team) return "win";
  if (result.forfeited === team || result.winner !== null) return "loss";
  return "draw";
}
