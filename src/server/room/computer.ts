import { type BotInput, budgetOf, chooseMove, Decision, type Meter, type SearchBudget } from "../../bots/index";
import {
  applyMove,
  eventFor,
  type GameEvent,
  type GameState,
  isWildCard,
  type Move,
  makeCard,
  type Outcome,
  play,
  viewFor,
} from "../../engine/index";
import type { ComputerLevel } from "../../shared/wire/common";
import type { Table } from "./table";

/**
 * A computer player's turn, played over as many invocations of the room as it needs.
 *
 * A Worker invocation on the Free plan has 10 ms of CPU, and the expert's
 * whole turn (a searched take, the plays, a searched discard) costs several
 * times that. So the room plays a computer's turn within a budget of counted
 * work per invocation (its alarm): each move is its own log entry, what an
 * invocation played is committed before the next one chooses more, and a
 * decision itself may span invocations — the expert's search stops between
 * two rollouts when the invocation's work is spent, and the next invocation
 * goes on with it from there (src/bots: Decision, search.ts), with the move
 * it would have made in one go. When an invocation's work is spent the alarm
 * is set again at once and the next invocation goes on from the log.
 *
 * The budget is counted work (the players' Meter: engine moves tried),
 * never time: a Worker's clock does not advance while it computes, and a
 * count is the same on every machine and every run. What a count costs in
 * milliseconds on a machine is the bench's to say (`npm run bench -- bots
 * room`, docs/computer-players.md).
 */

/**
 * The most work a decision takes outside its search (the judgement: the candidates, a club or beginner
 * decision, the move checked at the end): a decision is started in an invocation only while this still fits.
 */
export const JUDGEMENT_STEPS = 200;

/**
 * The work one invocation of the room may spend on computer moves. A decision is started only while its
 * judgement still fits; a search thinks on while its next rollout should still fit (on the mean cost of
 * those before) and then waits for the next invocation. So an invocation passes this by at most one
 * rollout more costly than the mean (the budget test holds every invocation to ROLLOUT_STEPS over it).
 * Sized by `npm run bench -- bots room` for a warm invocation under 5 ms of CPU at p99 (docs/computer-players.md).
 */
export const INVOCATION_STEPS = 600;

/**
 * What an invocation may pass its budget by: one rollout of the expert's search (a candidate's turn and its
 * look-ahead, cut once the search's work is twice its budget). Not a bound the search enforces, a measure it
 * keeps: over a hand of every preset with 2, 3 and 4 players, 98 at p99 and 271 at the most with a six-turn
 * look-ahead (44 and 98 with two); the budget test holds every invocation to it.
 */
export const ROLLOUT_STEPS = 300;

/** The work done so far in one invocation: counted steps, the moves played, and whether it warmed the expert up, or stopped thinking in the middle of a decision. */
export interface Work extends Meter {
  moves: number;
  warmUp?: boolean;
  thinking?: boolean;
}

export const newWork = (): Work => ({ steps: 0, moves: 0 });

/** Whether another decision fits in the invocation: the first always does, unless the invocation warmed up, or thinks on in the next. */
export function canDecide(work: Work): boolean {
  return !work.warmUp && !work.thinking && (work.moves === 0 || work.steps + JUDGEMENT_STEPS <= INVOCATION_STEPS);
}

/** How the players decide (the bench and the budget test see each decision through it). */
export type Decide = (level: ComputerLevel, input: BotInput, seed: string, meter: Meter) => Decision;

const decideByLevel: Decide = (level, input, seed, meter) => new Decision(level, input, seed, { meter });

/**
 * The decision a computer is in the middle of, carried from one invocation to the next: the room keeps one per
 * game in memory (computerTurn). Lost with the isolate (a restart, an eviction, a rebuild from D1), it is simply
 * thought again from its start: a decision depends only on its position and its seed, never on where it was
 * paused, so the move is the same, at the cost of the work done again.
 */
export class Thoughts {
  private held: { readonly key: string; readonly decision: Decision } | null = null;

  /** The decision carried for this position and level, if any (it is given up: kept again if still unfinished). */
  take(key: string): Decision | null {
    const held = this.held?.key === key ? this.held.decision : null;
    this.held = null;
    return held;
  }

  keep(key: string, decision: Decision): void {
    this.held = { key, decision };
  }
}

/** The hand's events as `seat` saw them (what its computer player may know of them). */
function seenBy(events: readonly GameEvent[], seat: number, rules: GameState["rules"]) {
  return events.map((e) => eventFor(e, seat, rules)).filter((e) => e !== null);
}

/**
 * The computer's next moves for the seat to play, as many as the
 * invocation's `work` allows, from the state and every event of the hand in
 * play so far (`events`, the whole truth: each seat is given only what it
 * saw). Each move is chosen by the computer players (src/bots) from what the
 * seat may know — its view, and the hand's events as that seat saw them —
 * and applied by the engine, which judges it like any player's. Move `i` of
 * the call is seeded by `seedOf(i)`: the room's is the game and the move's
 * version, so a turn played over several invocations (or replayed after a
 * restart) gives the same moves as one played at once. A decision not
 * finished when the work is spent is left in `thoughts` (work.thinking) for
 * the next call on the same position to go on with.
 */
export function computerMoves(
  start: GameState,
  events: readonly GameEvent[],
  level: ComputerLevel,
  seedOf: (i: number) => string,
  work: Work,
  thoughts: Thoughts,
  decide: Decide = decideByLevel,
): { move: Move; outcome: Outcome }[] {
  let state = start;
  const seat = state.hand!.turn;
  const seen = seenBy(events, seat, state.rules);
  const played: { move: Move; outcome: Outcome }[] = [];
  const ours = (s: GameState) => !s.over && s.hand !== null && s.hand.end === null && s.hand.turn === seat;
  // A turn is a take, some plays and a discard: far fewer moves than this, whatever happens.
  for (let i = 0; i < 60 && ours(state) && canDecide(work); i++) {
    const seed = seedOf(i);
    const key = `${seed}/${seat}/${level}`;
    const decision = thoughts.take(key) ?? decide(level, { view: viewFor(state, seat), history: seen }, seed, work);
    if (!decision.think(INVOCATION_STEPS - work.steps, work)) {
      thoughts.keep(key, decision);
      work.thinking = true;
      break;
    }
    const chosen = decision.move(work);
    const moved = chosen ? applyMove(state, seat, chosen) : null;
    // Never leave a turn unfinished: should the players find nothing, the turn ends as simply as the rules allow (cheaply).
    if (!moved?.ok) return [...played, ...simpleTurn(state)];
    played.push({ move: moved.value.move, outcome: moved.value });
    work.moves++;
    seen.push(...seenBy(moved.value.events, seat, state.rules));
    state = moved.value.state;
  }
  return played;
}

/**
 * How far this isolate has warmed the search up. A fresh isolate's first
 * decision that searches (the expert's; the club's at a closed pile with
 * three players: budgetOf) is its costliest invocation by far (10–15 ms of
 * thread CPU on a loaded machine, against under 3 ms warm): V8 compiles our
 * code on first use and runs it in its interpreter until it is hot. So the
 * first invocations of an isolate that would make such a decision make smaller
 * ones instead (WARM_UP, their results thrown away) and play no move: the
 * turn is still due, the room's alarm comes back for it at once, and the
 * invocation after them makes the real decision with the code compiled.
 * Module state, as V8's compiled code is: one per isolate (not per room).
 */
let warmUpsDone = 0;

/**
 * The warm-ups' searches, one per invocation, on the same position as the real decision so that they run its
 * code (the judgement, the candidates, sampled deals, the rollouts and their evaluation): the smallest search
 * there is (one deal), then a third of the expert's default, then the default's whole work, each looking two
 * turns ahead whatever the table's budget (what they are for is compiling the code, not its answer). One
 * warm-up split a fresh isolate's cost in two halves of which the second, the real decision, still reached
 * 10 ms at times. In the Workers runtime (`npm run bench -- bots room`, docs/computer-players.md) the real
 * decision after two warm-ups took 9.8–11.9 ms of the runtime's thread in three fresh runtimes, after three
 * 6.8–8.0 ms in two, each warm-up 5.6–7.9 ms.
 */
export const WARM_UP: readonly Partial<SearchBudget>[] = [
  { steps: 1, horizon: 2 },
  { steps: 100, horizon: 2 },
  { steps: 300, horizon: 2 },
];

/** Tests share one runtime across files: they mark the isolate's expert warm, or cold again to see the warm-up. */
export function setExpertWarm(warm: boolean): void {
  warmUpsDone = warm ? WARM_UP.length : 0;
}

/**
 * In a fresh isolate, the next of the warm-ups before its first decision that searches (above): true when one ran, and
 * the invocation then plays no move (its work is counted in `work`, well within one decision's). Its decision is
 * the seat's, from its view of the same position, with a seed of its own: the game's moves (seeded by the game
 * and version) are the same with or without it.
 */
export function warmUp(start: GameState, events: readonly GameEvent[], level: ComputerLevel, work: Work): boolean {
  if (!budgetOf(level, start) || warmUpsDone >= WARM_UP.length) return false;
  const search = WARM_UP[warmUpsDone]!;
  // Counted first: whatever the warm-up does, it is never run twice, so an invocation with no move cannot recur.
  warmUpsDone++;
  work.warmUp = true;
  const seat = start.hand!.turn;
  chooseMove("expert", { view: viewFor(start, seat), history: seenBy(events, seat, start.rules) }, "warm-up", { meter: work, search });
  return true;
}

/** One invocation's computer moves for the seat to play: none when it warms up (above), else computerMoves within `work`. */
export function invocationMoves(
  start: GameState,
  events: readonly GameEvent[],
  level: ComputerLevel,
  seedOf: (i: number) => string,
  work: Work,
  thoughts: Thoughts,
  decide: Decide = decideByLevel,
): { move: Move; outcome: Outcome }[] {
  return warmUp(start, events, level, work) ? [] : computerMoves(start, events, level, seedOf, work, thoughts, decide);
}

/** Each room's decision in the middle (Thoughts), with its table: in memory, gone with the room's instance. */
const roomThoughts = new WeakMap<Table, Thoughts>();

/** The room's computer moves for the seat to play, within the invocation's `work` (none when it warms up, or thinks on in the next). */
export function computerTurn(table: Table, level: ComputerLevel, work: Work): { move: Move; outcome: Outcome }[] {
  const start = table.handStarts[table.handStarts.length - 1] ?? 1;
  const events: GameEvent[] = table.since(start - 1).flatMap((e) => e.events);
  let thoughts = roomThoughts.get(table);
  if (!thoughts) roomThoughts.set(table, (thoughts = new Thoughts()));
  return invocationMoves(table.state, events, level, (i) => `${table.id}/${table.version + i}`, work, thoughts);
}

/** Draw (unless drawn already), lay nothing, and discard the card that costs least to give away (a natural card before a wild, the lowest first). */
export function simpleTurn(state: GameState): { move: Move; outcome: Outcome }[] {
  const seat = state.hand!.turn;
  const played: { move: Move; outcome: Outcome }[] = [];
  let now = state;
  const attempt = (move: Move) => {
    const result = play(now, seat, move);
    if (!result.ok) return false;
    played.push({ move, outcome: result.value });
    now = result.value.state;
    return true;
  };
  if (now.hand!.phase === "take" && !attempt({ type: "draw" }) && !attempt({ type: "pickup" })) return played;
  if (now.over || !now.hand || now.hand.end !== null || now.hand.turn !== seat) return played;
  const order = [...now.hand.hands[seat]!].sort((a, b) => cost(a) - cost(b));
  for (const card of order) if (attempt({ type: "discard", card })) break;
  return played;
}

/** Keeping wilds, then aces and high cards: what a careful player would rather not throw. */
function cost(card: number): number {
  if (isWildCard(card)) return 100;
  const rank = makeCard(card).slice(0, -1);
  return rank === "A" ? 15 : ["8", "9", "10", "J", "Q", "K"].includes(rank) ? 10 : 5;
}
