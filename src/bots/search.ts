import { type Move, play, type Random, seededRandom } from "../engine/index.js";
import { CLUB_STYLE, clubTurn, type Style } from "./club.js";
import { evaluate } from "./evaluate.js";
import type { Knowledge } from "./knowledge.js";
import { sampleState } from "./sample.js";
import { NO_MEMORY, Table } from "./table.js";
import { CLUB_WEIGHTS, expertWeightsFor } from "./values.js";

/** The expert's search: how much it thinks (expert.ts gives the budgets, per table). */
export interface SearchBudget {
  /** Deals tried per decision at most; each candidate is played on every deal. */
  readonly iterations: number;
  /** Turns simulated per decision at most, all deals and candidates together. */
  readonly turns: number;
  /**
   * Engine moves tried by the search, look-ahead included (see Meter): what bounds a decision's work on every
   * machine. No deal is started that would pass it (on the mean cost of those before), a look-ahead stops where
   * it is once twice this is spent, and when even one deal passes it the judgement's choice stands.
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
  /** Whether to search a play that spends a wild, or a close, against discarding at once (always with a closed pile). */
  readonly wild: boolean;
  /** How sure the deals must be before leaving the first choice: its lead in standard errors. */
  readonly confidence: number;
}

/** The expert's judgement in its look-ahead: the club player's for the table, racing for the pozzetto (values.ts). */
export const EXPERT_STYLE: Style = { ...CLUB_STYLE };

/**
 * With three players where the pile is closed and any burraco closes (chiuso-sporco), the expert lays a wild
 * towards a dirty burraco on a meld of five, not four: alone against two, a wild spent early on a short meld
 * is one fewer for the way out. Against the reference `solid` player, beside the style of every other table on
 * the same deals (300 a range; `npm run bench -- bots table --beside`), paired hands won in 100 and points per
 * hand: deals 0–299 +2.0 ± 3.5 (+3 ± 10), 2000–2299 +0.5 ± 4.4 (+4 ± 10), 3000–3299 +4.0 ± 4.0 (+13 ± 10).
 * With partners it changed nothing (61.9% of deals 0–499 against 62.0%).
 */
const CLOSED_THREE_STYLE: Style = { ...EXPERT_STYLE, buildWildFrom: 5 };

/**
 * With partners there, its way out to the pozzetto may spend four wilds, not three. Against `solid`, beside the
 * style of every other table on the same deals (500 a range), paired hands won in 100 and points per hand: deals
 * 0–499 +2.2 ± 1.3 (+14 ± 8), 2000–2499 +0.9 ± 1.1 (+7 ± 6) at the expert's usual budget; thinking five times as
 * much there (EXPERT_DEEP, expert.ts), deals 0–999 +2.5 ± 1.4 (+12 ± 7). With three players four wilds on top of
 * CLOSED_THREE_STYLE won as many deals as three (64.7% of deals 0–299 both): it keeps three.
 */
const CLOSED_PAIRS_STYLE: Style = { ...EXPERT_STYLE, exitWilds: 4 };

/** The expert's style at a table: EXPERT_STYLE, or one of the two above at chiuso-sporco's kind of table (a closed pile, any burraco closes). */
export function expertStyleFor(t: Pick<Table, "rules" | "players">): Style {
  if (t.rules.discardPile !== "closed" || t.rules.closeRequires !== "any") return EXPERT_STYLE;
  return t.players === 3 ? CLOSED_THREE_STYLE : t.players === 4 ? CLOSED_PAIRS_STYLE : EXPERT_STYLE;
}

/** In the look-ahead, a shorter hunt for a way out of the hand: it runs on every simulated turn. */
const LOOKAHEAD: Partial<Style> = { exitSearch: 16 };
/** Each of the expert's styles as its look-ahead plays it. */
const OURS = new Map([EXPERT_STYLE, CLOSED_THREE_STYLE, CLOSED_PAIRS_STYLE].map((style) => [style, { ...style, ...LOOKAHEAD }]));
const THEIRS: Style = { ...CLUB_STYLE, ...LOOKAHEAD };

/**
 * A search in progress: the candidates played on deal after deal of the cards the seat cannot see, one
 * rollout (a candidate on a deal) at a time, so that a decision may think over several calls — the room
 * carries one over several invocations of its alarm (src/server/room/computer.ts). Where the caller pauses
 * it changes nothing: the deals come one after another from one random stream seeded by the decision, and
 * every stopping rule reads only the search's own count of work (the decision's meter, which nothing else
 * counts on), so the outcomes, and the move, are the same whether it runs in one call or in ten.
 */
export class Search {
  /** Each finished deal's outcome for every candidate. */
  readonly outcomes: Float64Array[] = [];
  private readonly random: Random;
  private readonly deals: number;
  /** The decision's count of work when the search began, and where a look-ahead is cut (twice the budget on). */
  private readonly first: number;
  private readonly limit: number;
  private readonly startedAt: number;
  /** The deal in play, its outcomes so far, and the candidate to roll out next on it. */
  private sample: Table | null = null;
  private row: Float64Array | null = null;
  private next = 0;
  private rollouts = 0;
  done = false;

  constructor(
    private readonly k: Knowledge,
    private readonly t: Table,
    readonly candidates: readonly Move[],
    private readonly budget: SearchBudget,
    seed: string | number,
  ) {
    this.random = seededRandom(`${seed}/search`);
    this.first = t.meter.steps;
    this.limit = this.first + 2 * budget.steps;
    this.startedAt = budget.now?.() ?? 0;
    // Each candidate's rollout is its own turn and `horizon` more.
    const perDeal = candidates.length * (budget.horizon + 1);
    this.deals = Math.max(2, Math.min(budget.iterations, Math.floor(budget.turns / perDeal)));
  }

  /** The search's work so far, in counted steps. */
  get spent(): number {
    return this.t.meter.steps - this.first;
  }

  /**
   * Plays rollouts while the next one should fit in `steps` more counted work (on the mean of those before),
   * at least one if `steps` is positive, until the search is over; true once it is.
   */
  run(steps: number): boolean {
    const from = this.spent;
    for (let ran = 0; !this.done; ran++) {
      if (steps <= 0) break;
      if (ran > 0 && this.spent - from + this.spent / this.rollouts > steps) break;
      this.rollout();
    }
    return this.done;
  }

  /** The candidate to play (judgement's unless another wins on the deals): one deal tells nothing about the spread. */
  move(): Move {
    return this.outcomes.length < 2 ? this.candidates[0]! : this.candidates[choose(this.outcomes, this.budget.confidence)]!;
  }

  private rollout(): void {
    if (this.sample === null) {
      this.sample = new Table(sampleState(this.k, this.random), this.t.seat, this.t.memory, this.t.meter);
      this.row = new Float64Array(this.candidates.length);
      this.next = 0;
    }
    this.row![this.next] = rollout(this.sample, this.candidates[this.next]!, this.budget.horizon, this.limit);
    this.next++;
    this.rollouts++;
    if (this.next < this.candidates.length) return;
    this.outcomes.push(this.row!);
    this.sample = null;
    this.row = null;
    this.done = this.enough();
  }

  /** Whether to stop dealing: every deal allowed tried, the caller's time up, or the next deal likely past the budget. */
  private enough(): boolean {
    const i = this.outcomes.length;
    if (i >= this.deals) return true;
    const { timeMs, now } = this.budget;
    if (i >= 2 && timeMs !== undefined && now && now() - this.startedAt >= timeMs) return true;
    const used = this.spent;
    return used + used / i > this.budget.steps;
  }
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

/** Plays `move` on a sampled table, then everyone's turns for `horizon` more turns; the seat's team's expected lead. */
function rollout(sample: Table, move: Move, horizon: number, limit: number): number {
  const ourStyle = OURS.get(expertStyleFor(sample))!;
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
    const weights = ours ? expertWeightsFor(t.rules, t.players) : CLUB_WEIGHTS;
    for (const next of clubTurn(t, weights, ours ? ourStyle : THEIRS)) {
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
