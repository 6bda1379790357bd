import { victoryPoints } from "../engine/index";
import type { EntryRound, Pairing, RoundOutcome, TablePairing, TableResult } from "./types";

/**
 * From a table's result to each side's score: the points, and the victory
 * points of the FIBur table (docs/rules.md §10: 0–100 points apart 10–10,
 * then a point more per 200, over 2000 apart 20–0), which the engine defines
 * once (`victoryPoints`).
 */

/** Victory points of a round sat out, and of a round won because the opponent withdrew (no table was played). */
export const BYE_VP = 12;
export const FORFEIT_VP = 12;
/** A table lost outside play (a resignation, a timeout, a no-show): the other side takes the whole 20. */
export const WIN_VP = 20;

/** Each side's victory points at a finished table. */
export function tableVictoryPoints(result: TableResult): [number, number] {
  if (result.lost) return result.lost.side === 0 ? [0, WIN_VP] : [WIN_VP, 0];
  const vp = victoryPoints(result.totals)!;
  return [vp[0]!, vp[1]!];
}

/**
 * The duplicate comparison of one round: every table played the same deals,
 * so each hand's margin at a table (seat 0's side less seat 1's) is set
 * against the mean margin of every table that finished that hand. Per table,
 * the sum over its hands of (its margin − the mean), seen from seat 0's side
 * (seat 1's side has the opposite). Rounded to whole points.
 */
export function duplicateMargins(tables: readonly TablePairing[], results: ReadonlyMap<number, TableResult>): Map<number, number> {
  const margins = new Map<number, number[]>();
  for (const t of tables) {
    const result = results.get(t.table);
    if (result)
      margins.set(
        t.table,
        result.hands.map(([a, b]) => a - b),
      );
  }
  const field: { sum: number; count: number }[] = [];
  for (const list of margins.values())
    list.forEach((m, hand) => {
      field[hand] ??= { sum: 0, count: 0 };
      field[hand]!.sum += m;
      field[hand]!.count++;
    });
  const out = new Map<number, number>();
  for (const [table, list] of margins) {
    const total = list.reduce((sum, m, hand) => sum + m - field[hand]!.sum / field[hand]!.count, 0);
    out.set(table, Math.round(total));
  }
  return out;
}

/** What every entry scored in one round (those with a result so far; a table still playing counts when it ends). */
export function roundScores(round: number, outcome: RoundOutcome): Map<number, EntryRound> {
  const out = new Map<number, EntryRound>();
  const tables = outcome.pairings.filter((p): p is TablePairing => p.kind === "table");
  const duplicate = duplicateMargins(tables, outcome.results);
  for (const p of outcome.pairings) scorePairing(round, p, outcome.results, duplicate, out);
  return out;
}

function scorePairing(
  round: number,
  p: Pairing,
  results: ReadonlyMap<number, TableResult>,
  duplicate: ReadonlyMap<number, number>,
  out: Map<number, EntryRound>,
): void {
  const empty = { round, for: 0, against: 0, duplicate: 0 };
  if (p.kind === "bye") {
    out.set(p.entry, { ...empty, kind: "bye", vp: BYE_VP });
    return;
  }
  if (p.kind === "forfeit") {
    out.set(p.entry, { ...empty, kind: "forfeit", vp: FORFEIT_VP });
    return;
  }
  const result = results.get(p.table);
  if (!result) return;
  const vp = tableVictoryPoints(result);
  const margin = duplicate.get(p.table) ?? 0;
  p.sides.forEach((entry, side) => {
    if (entry === null) return;
    const other = 1 - side;
    out.set(entry, {
      round,
      kind: "table",
      table: p.table,
      opponent: p.sides[other]!,
      vp: vp[side]!,
      for: result.totals[side]!,
      against: result.totals[other]!,
      duplicate: side === 0 ? margin : -margin,
    });
  });
}
