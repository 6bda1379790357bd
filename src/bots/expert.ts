import { isWildCard, type Move, play, seededRandom } from "../engine/index.js";
import { evaluate } from "./evaluate.js";
import { clubDiscardRanking, clubMove, clubPlay, clubTake, clubTurn, closedPickup } from "./club.js";
import type { Knowledge } from "./knowledge.js";
import { sampleState } from "./sample.js";
import { Table } from "./table.js";
import { CLUB_WEIGHTS } from "./values.js";

/**
 * The expert: determinized Monte Carlo search. For each move worth a
 * thought (taking, a wild play, the discard), it deals the hidden cards
 * again and again consistently with what the seat knows, plays each
 * candidate on every deal, lets club players finish the hand (or a few
 * turns of it), and keeps the candidate with the best average score.
 */
export interface SearchBudget {
  /** Deals tried per decision; each candidate is played on every deal. */
  readonly iterations: number;
  /** Turns simulated after the candidate's own turn; Infinity plays the hand out. */
  readonly horizon: number;
  /** Stop early once this many milliseconds have passed on `now()`. */
  readonly timeMs?: number;
  readonly now?: () => number;
  /** Discards considered: the club player's best few (1: the club player's discard, no search). */
  readonly discards: number;
  /** Whether to search the choice between drawing and taking the pile. */
  readonly take: boolean;
  /** Whether to search a play that spends a wild against discarding at once. */
  readonly wild: boolean;
}

export const EXPERT_DEFAULT: SearchBudget = { iterations: 6, horizon: 4, discards: 3, take: true, wild: true };

export function expertMove(k: Knowledge, t: Table, seed: string | number, budget: SearchBudget = EXPERT_DEFAULT): Move {
  const candidates = candidatesOf(t, budget);
  if (candidates.length <= 1) return candidates[0] ?? clubMove(t);
  const totals = searchValues(k, t, candidates, budget, seed);
  let best = 0;
  for (let c = 1; c < candidates.length; c++) if (totals[c]! > totals[best]!) best = c;
  return candidates[best]!;
}

/** The summed outcome of each candidate over the sampled deals (every candidate is played on the same deals). */
export function searchValues(k: Knowledge, t: Table, candidates: readonly Move[], budget: SearchBudget, seed: string | number): Float64Array {
  const random = seededRandom(`${seed}/search`);
  const totals = new Float64Array(candidates.length);
  const start = budget.now?.() ?? 0;
  for (let i = 0; i < budget.iterations; i++) {
    if (i > 0 && budget.timeMs !== undefined && budget.now && budget.now() - start >= budget.timeMs) break;
    const sample = new Table(sampleState(k, random), t.seat, t.memory);
    candidates.forEach((move, c) => {
      totals[c]! += rollout(sample, move, budget.horizon);
    });
  }
  return totals;
}

/** The moves worth comparing: the club player's choice first, then the alternatives. */
export function candidatesOf(t: Table, budget: SearchBudget): Move[] {
  const out: Move[] = [];
  const add = (move: Move) => {
    if (!out.some((m) => JSON.stringify(m) === JSON.stringify(move)) && t.after(move)) out.push(move);
  };
  if (t.hand.phase === "take") {
    add(clubTake(t, CLUB_WEIGHTS));
    if (!budget.take) return out;
    add({ type: "draw" });
    const top = t.pile.at(-1);
    if (top !== undefined) {
      if (t.rules.discardPile === "open") add({ type: "pickup" });
      else {
        const play = closedPickup(t, top);
        if (play) add({ type: "pickup", play });
      }
    }
    return out;
  }
  const next = clubPlay(t);
  // Natural plays are always right; wild plays and the discard are where judgement lies.
  if (next && next.cards.every((c) => !isWildCard(c))) return [next];
  if (next) add(next);
  if (next && !budget.wild) return out;
  if (!next && budget.discards <= 1) return [clubMove(t)];
  for (const card of clubDiscardRanking(t, CLUB_WEIGHTS).slice(0, budget.discards)) add({ type: "discard", card });
  return out;
}

/** Plays `move` on a sampled table, then club players for `horizon` more turns; the seat's team's score lead. */
function rollout(sample: Table, move: Move, horizon: number): number {
  const first = play(sample.state, sample.seat, move);
  if (!first.ok) return -1e6;
  let state = first.value.state;
  let turns = 0;
  for (let guard = 0; guard < 500 && !state.hand!.end; guard++) {
    const seat = state.hand!.turn;
    if (state.hand!.phase === "take" && ++turns > horizon) break;
    for (const move of clubTurn(new Table(state, seat))) {
      const result = play(state, seat, move);
      if (!result.ok) break;
      state = result.value.state;
    }
    if (state.hand!.turn === seat && !state.hand!.end) break;
  }
  const team = sample.team;
  if (!state.hand!.end) return evaluate(state, team);
  const scores = state.hand!.scores!;
  const others = scores.filter((s) => s.team !== team);
  return scores[team]!.total - others.reduce((sum, s) => sum + s.total, 0) / others.length;
}
