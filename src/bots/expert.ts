import { isWildCard, type Move, play, seededRandom } from "../engine/index.js";
import {
  CLUB_STYLE,
  closedPickup,
  clubDiscardRanking,
  clubMove,
  clubPlays,
  clubTake,
  clubTurn,
  loneCardAllowed,
  type Style,
} from "./club.js";
import { evaluate } from "./evaluate.js";
import type { Knowledge } from "./knowledge.js";
import { sampleState } from "./sample.js";
import { NO_MEMORY, Table } from "./table.js";
import { CLUB_WEIGHTS, expertWeightsFor, type Weights } from "./values.js";

/**
 * The expert: determinized Monte Carlo search on top of the club player's
 * judgement, with its weights tuned by self-play. For a move worth a thought
 * (taking the pile or drawing, and the discard between judgement's two best;
 * with a larger budget, or where a clean burraco closes a closed-pile hand, also a wild play), it deals the hidden cards
 * again and again consistently with everything the seat knows, plays each
 * candidate on every deal, lets the players go on (club players for the
 * others, itself for its team) for a few turns or to the end of the hand,
 * and scores where that leaves its team. It leaves its own first choice
 * only for a candidate that does better on the deals tried by a clear
 * margin: a few deals cannot tell close moves apart, and guessing would be worse than judgement.
 */
export interface SearchBudget {
  /** Deals tried per decision at most; each candidate is played on every deal. */
  readonly iterations: number;
  /** Turns simulated per decision at most, all deals and candidates together: what bounds a move's CPU. */
  readonly turns: number;
  /**
   * Engine moves tried per decision, look-ahead and judgement together (see Meter): what bounds a
   * move's CPU on every machine. No deal is started that would pass it (on the mean cost of those
   * before), a look-ahead stops where it is once twice this is spent, and when even one deal passes it
   * the judgement's choice stands.
   */
  readonly steps: number;
  /** Turns played after the candidate's own turn before the position is evaluated; Infinity plays the hand out. */
  readonly horizon: number;
  /** Stop dealing once `now()` has moved this many milliseconds (after at least two deals). */
  readonly timeMs?: number;
  /** The caller's clock, for `timeMs`; the players never read a clock themselves. */
  readonly now?: () => number;
  /** Discards compared: the best few by judgement (1: no search of the discard). */
  readonly discards: number;
  /** Whether to search taking the pile against drawing. */
  readonly take: boolean;
  /** Whether to search a play that spends a wild, or a close, against discarding at once (always with a closed pile: closedPile). */
  readonly wild: boolean;
  /** How sure the deals must be before leaving the first choice: its lead in standard errors. */
  readonly confidence: number;
}

/**
 * Sized for a whole turn (a take and a discard searched, the plays between) to fit a Free-plan Worker
 * invocation's 10 ms of CPU on a loaded machine: 300 counted moves per decision, two turns looked ahead
 * (a shorter look buys more deals for the same work). Searching the discard too (between judgement's
 * two best) won about 3 more paired hands in 100 against club with 2 and with 4 players.
 */
export const EXPERT_DEFAULT: SearchBudget = {
  iterations: 8,
  turns: 64,
  steps: 300,
  horizon: 2,
  discards: 2,
  take: true,
  wild: false,
  confidence: 1,
};

/** A stronger setting for the benchmark: more deals, a longer look, and wild plays searched too. */
export const EXPERT_STRONG: SearchBudget = {
  iterations: 16,
  turns: 400,
  steps: 6000,
  horizon: 4,
  discards: 2,
  take: true,
  wild: true,
  confidence: 1.5,
};

/** The expert's judgement: the club player's for the table, racing for the pozzetto (values.ts, expertWeightsFor). */
export function expertWeights(t: Table): Weights {
  return expertWeightsFor(t.rules, t.players);
}
export const EXPERT_STYLE: Style = { ...CLUB_STYLE };

/** In the look-ahead, a shorter hunt for a way out of the hand: it runs on every simulated turn. */
const LOOKAHEAD: Partial<Style> = { exitSearch: 16 };
const OURS: Style = { ...EXPERT_STYLE, ...LOOKAHEAD };
const THEIRS: Style = { ...CLUB_STYLE, ...LOOKAHEAD };

export function expertMove(k: Knowledge, t: Table, seed: string | number, budget: SearchBudget = EXPERT_DEFAULT): Move {
  const candidates = candidatesOf(t, budget);
  if (candidates.length <= 1) return candidates[0] ?? clubMove(t, expertWeights(t), EXPERT_STYLE);
  const outcomes = searchOutcomes(k, t, candidates, budget, seed);
  // One deal tells nothing about the spread: judgement's choice stands.
  return outcomes.length < 2 ? candidates[0]! : candidates[choose(outcomes, budget.confidence)]!;
}

/**
 * The candidate to play: the first (judgement's choice) unless another beats
 * it on the deals by `confidence` standard errors of the paired difference.
 */
export function choose(outcomes: readonly Float64Array[], confidence: number): number {
  const n = outcomes.length;
  let best = 0;
  let bestMean = 0;
  for (let c = 1; c < outcomes[0]!.length; c++) {
    let sum = 0;
    let squares = 0;
    for (const deal of outcomes) {
      const d = deal[c]! - deal[0]!;
      sum += d;
      squares += d * d;
    }
    const mean = sum / n;
    const spread = Math.sqrt(Math.max(0, squares / n - mean * mean) / Math.max(1, n - 1));
    if (mean > bestMean && mean > confidence * spread) {
      best = c;
      bestMean = mean;
    }
  }
  return best;
}

/** Each deal's outcome for every candidate (every candidate is played on the same deals). */
export function searchOutcomes(
  k: Knowledge,
  t: Table,
  candidates: readonly Move[],
  budget: SearchBudget,
  seed: string | number,
): Float64Array[] {
  const random = seededRandom(`${seed}/search`);
  const out: Float64Array[] = [];
  const start = budget.now?.() ?? 0;
  const meter = t.meter;
  const first = meter.steps;
  const limit = first + 2 * budget.steps;
  // Each candidate's rollout is its own turn and `horizon` more.
  const deals = Math.max(2, Math.min(budget.iterations, Math.floor(budget.turns / (candidates.length * (budget.horizon + 1)))));
  for (let i = 0; i < deals; i++) {
    if (i >= 2 && budget.timeMs !== undefined && budget.now && budget.now() - start >= budget.timeMs) break;
    const used = meter.steps - first;
    if (i > 0 && used + used / i > budget.steps) break;
    const sample = new Table(sampleState(k, random), t.seat, t.memory, meter);
    out.push(Float64Array.from(candidates, (move) => rollout(sample, move, budget.horizon, limit)));
  }
  return out;
}

/** The moves worth comparing, judgement's choice first. */
export function candidatesOf(t: Table, budget: SearchBudget): Move[] {
  const out: Move[] = [];
  const add = (move: Move) => {
    if (!out.some((m) => JSON.stringify(m) === JSON.stringify(move)) && t.after(move)) out.push(move);
  };
  if (t.hand.phase === "take") {
    add(clubTake(t, expertWeights(t)));
    if (!budget.take || !takeSearched(t)) return out;
    add({ type: "draw" });
    const top = t.pile.at(-1);
    if (top !== undefined) {
      if (t.rules.discardPile === "open") {
        if (t.pileCount > 1 || loneCardAllowed(t, top)) add({ type: "pickup" });
      } else {
        const play = closedPickup(t, top);
        if (play) add({ type: "pickup", play });
      }
    }
    return out;
  }
  const next = clubPlays(t, EXPERT_STYLE)[0];
  // Natural plays are always laid; wild plays, closing and the discard are where judgement lies.
  if (next?.cards.every((c) => !isWildCard(c)) && !closes(t, next)) return [next];
  if (next) add(next);
  if (next && !budget.wild && !closedPile(t)) return out;
  const discards = clubDiscardRanking(t, expertWeights(t));
  if (!next && budget.discards <= 1)
    return discards.length ? [{ type: "discard", card: discards[0]! }] : [clubMove(t, expertWeights(t), EXPERT_STYLE)];
  for (const card of discards.slice(0, Math.max(1, discardsCompared(t, budget)))) add({ type: "discard", card });
  return out;
}

/**
 * With partners, an open pile and runs only (aperto), the take is the judgement's, unsearched: the look-ahead's
 * evaluation there (PARTNERS, evaluate.ts) was fitted on hands where every pile was taken, and prizes a long
 * hand; searched, the expert took piles its judgement left and held its hand long. Against the reference `solid`
 * player, with the judgement of PAIRS_CLUB (values.ts): its pozzetto taken in 35–36% of hands instead of 17%,
 * closes 11–12% instead of 5%, and the pairs won +7.8 ± 6.2 points on deals 1000–1199 (89.8% instead of 82.0%
 * before either change) and +9.3 ± 7.6 on deals 0–199.
 */
function takeSearched(t: Table): boolean {
  return t.rules.sets || t.rules.discardPile !== "open" || t.players !== 4;
}

/**
 * With three players, each alone, a discard is seen by two opponents and the next may take it: the
 * judgement's third best discard is compared too. Against the pool, 300 deals per cell (deals
 * 20000–20299): +4.6 deals in 100 on average over the twelve 3-player cells (−0.4 to +8.7; aperto
 * +8.5), where with 2 and 4 players a third discard won nothing (−1.1 and −0.5).
 */
function discardsCompared(t: Table, budget: SearchBudget): number {
  return t.players === 3 && budget.discards > 1 ? budget.discards + 1 : budget.discards;
}

/**
 * With a closed pile a wild laid on a meld may spoil the clean burraco the team needs (chiuso, chiuso-stcl) or
 * be the one a dirty burraco waits for (chiuso-sporco), and a close or a way out to the pozzetto may come at
 * the wrong time: the search weighs the judgement's wild play or close against discarding at once, at any
 * budget. Chiuso against the frozen club player and the defensive discarder, 200 deals per cell on two
 * ranges, 2 and 4 players: +3 paired hands in 100 on average, every cell up. Chiuso-sporco against the
 * reference `solid` player (`npm run bench -- bots table --beside`), deals 1000–1599: +1.4 ± 2.9, +2.1 ± 2.8
 * and +1.9 ± 2.7 paired hands in 100 with 2, 3 and 4 players, and +30 ± 16, +7.5 ± 7.1 and +19 ± 11 points
 * per hand (deals 0–199: +1.3 ± 4.7 and +2.5 ± 5.3 with 3 and 4 players).
 */
function closedPile(t: Table): boolean {
  return t.rules.discardPile === "closed";
}

/** The play ends the hand, or leaves one card whose discard will. */
function closes(t: Table, play: Move): boolean {
  const next = t.after(play);
  return next !== null && (next.hand.end !== null || (next.cards.length === 1 && t.pozzettoTaken()));
}

/** Plays `move` on a sampled table, then everyone's turns for `horizon` more turns; the seat's team's expected lead. */
function rollout(sample: Table, move: Move, horizon: number, limit: number): number {
  const meter = sample.meter;
  meter.steps++;
  const first = play(sample.state, sample.seat, move);
  if (!first.ok) return -1e6;
  let state = first.value.state;
  const team = sample.team;
  let turns = 0;
  for (let guard = 0; guard < 500 && !state.hand!.end; guard++) {
    const seat = state.hand!.turn;
    if (state.hand!.phase === "take" && (++turns > horizon || meter.steps > limit)) break;
    const t = new Table(state, seat, NO_MEMORY, meter);
    const ours = t.team === team;
    for (const next of clubTurn(t, ours ? expertWeights(t) : CLUB_WEIGHTS, ours ? OURS : THEIRS)) {
      meter.steps++;
      const result = play(state, seat, next);
      if (!result.ok) break;
      state = result.value.state;
    }
    if (state.hand!.turn === seat && !state.hand!.end) break;
  }
  if (!state.hand!.end) return evaluate(state, team);
  const scores = state.hand!.scores!;
  const others = scores.filter((s) => s.team !== team);
  return scores[team]!.total - others.reduce((sum, s) => sum + s.total, 0) / others.length;
}
