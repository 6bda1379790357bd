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
 * docs/computer-players.md). The other levels cost a fraction of that. A
 * decision may also be thought over several calls (`Decision.think`, a
 * given count of work each: the room's invocations), with the same move.
 */
import { BOT_LEVELS, type BotLevel, type BotOptions, Decision } from "./decision.js";
import type { BotInput } from "./knowledge.js";
import type { MoveNotation } from "./notation.js";

export { BOT_LEVELS, type BotLevel, type BotOptions, budgetOf, Decision } from "./decision.js";
export { CLUB_THREE, EXPERT_CLOSED, EXPERT_DEEP, EXPERT_DEFAULT, EXPERT_STRONG, expertBudget, type SearchBudget } from "./expert.js";
export type { SeenEvent } from "./history.js";
export type { BotInput } from "./knowledge.js";
export type { MoveNotation, PlayNotation } from "./notation.js";
export { tableOf } from "./sample.js";
export { STRATEGY_NAMES, type StrategyName, strategyMove } from "./strategies.js";
export type { Meter } from "./table.js";

export function isBotLevel(value: unknown): value is BotLevel {
  return typeof value === "string" && (BOT_LEVELS as readonly string[]).includes(value);
}

/**
 * The next move of the seat whose view `input.view` is, in docs/record.md
 * notation, or null when that seat has nothing to play (not its turn, a
 * spectator's view, the hand or the match over): a whole decision in one go
 * (Decision thinks it over several calls, with the same move).
 */
export function chooseMove(level: BotLevel, input: BotInput, seed: string | number, options: BotOptions = {}): MoveNotation | null {
  return new Decision(level, input, seed, options).move(options.meter);
}
