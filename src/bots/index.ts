/**
 * Computer players: pure functions from what one seat may know to that
 * seat's next move. No I/O, no clock, no Math.random: the same input and
 * seed always give the same move.
 *
 * How the room plays a computer seat (one call per move; a turn is several
 * calls: take, any plays, discard):
 *
 * ```ts
 * const seat = state.hand.turn;
 * const input = {
 *   view: viewFor(state, seat),
 *   // Every event of the hand in play as that seat received it, from its
 *   // handStarted on: eventFor(event, seat, rules), nulls left out.
 *   history: handEvents.map((e) => eventFor(e, seat, state.rules)).filter((e) => e !== null),
 * };
 * const move = chooseMove("club", input, `${gameId}/${version}`);
 * if (move) applyMove(state, seat, move); // record notation, as a client sends it
 * ```
 *
 * The input is all a player may know: its view (its hand, the table, the
 * pile as the rules let it be seen, every count) and the public history (so
 * it remembers a closed pile's cards as they were discarded and the cards
 * others picked up, as a player at the table does). Without the history a
 * player still plays legally, only knowing less. Nothing else reaches the
 * players, and nothing in this directory reads a whole game state: where a
 * player needs a table to try moves on, it deals the cards it cannot see at
 * random (knowledge.ts, sample.ts) and asks the engine, which stays the only
 * judge of what is legal; every move returned has been accepted by it.
 *
 * CPU: the expert's budget is counted work, never time (a Worker's clock
 * does not advance while it computes): every move tried on the engine
 * counts (Meter, table.ts), and a decision stops at a fixed count, so a
 * whole turn's CPU is bounded on any machine (`npm run bench -- bots cpu`,
 * docs/computer-players.md). The other levels cost a fraction of that.
 */
import { makeMove, seededRandom } from "../engine/index.js";
import { beginnerMove } from "./beginner.js";
import { clubMove } from "./club.js";
import { EXPERT_DEFAULT, expertMove, type SearchBudget } from "./expert.js";
import { type BotInput, knowledgeOf } from "./knowledge.js";
import { legalMove, type MoveNotation } from "./notation.js";
import { tableOf } from "./sample.js";
import type { Meter } from "./table.js";
import { weightsFor } from "./values.js";

export { EXPERT_DEFAULT, EXPERT_STRONG, type SearchBudget } from "./expert.js";
export type { SeenEvent } from "./history.js";
export type { BotInput } from "./knowledge.js";
export type { MoveNotation, PlayNotation } from "./notation.js";
export { tableOf } from "./sample.js";
export { STRATEGY_NAMES, type StrategyName, strategyMove } from "./strategies.js";
export type { Meter } from "./table.js";

/** The levels, weakest first: `beginner` plays legal, simple Burraco; `club` a solid heuristic game; `expert` searches. */
export const BOT_LEVELS = ["beginner", "club", "expert"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export function isBotLevel(value: unknown): value is BotLevel {
  return typeof value === "string" && (BOT_LEVELS as readonly string[]).includes(value);
}

export interface BotOptions {
  /**
   * The expert's search, over its default (EXPERT_DEFAULT): deals per
   * decision, simulated turns per decision, turns looked ahead; `timeMs`
   * with the caller's `now()` stops it early on the caller's clock.
   */
  readonly search?: Partial<SearchBudget>;
  /** Counts the work the decision took (engine moves tried), for the budget test and the bench; it never changes the move. */
  readonly meter?: Meter;
}

/**
 * The next move of the seat whose view `input.view` is, in docs/record.md
 * notation, or null when that seat has nothing to play (not its turn, a
 * spectator's view, the hand or the match over).
 */
export function chooseMove(level: BotLevel, input: BotInput, seed: string | number, options: BotOptions = {}): MoveNotation | null {
  const k = knowledgeOf(input);
  if (!k) return null;
  const t = tableOf(k, seed, options.meter);
  const chosen =
    level === "beginner"
      ? beginnerMove(t, seededRandom(`${seed}`))
      : level === "club"
        ? clubMove(t, weightsFor(t.rules, t.players))
        : expertMove(k, t, seed, { ...EXPERT_DEFAULT, ...options.search });
  return makeMove(legalMove(t, chosen));
}
