import type { MoveText as WireMove } from "../../src/engine/index.js";
import { discardable, type Move } from "../../src/engine/index.js";
import type { Table } from "./table.js";

/** A move in docs/record.md notation, as the engine's `applyMove` and the service's move endpoint take it (the engine's `makeMove` writes it). */
export type MoveNotation = WireMove;
export type PlayNotation = Extract<WireMove, { type: "meld" | "attach" }>;

/**
 * A move the engine accepts, whatever a player chose: its choice when legal,
 * else a draw, a pickup, or a discard. A player never resigns by accident.
 */
export function legalMove(t: Table, chosen: Move): Move {
  if (chosen.type !== "resign" && t.after(chosen)) return chosen;
  if (t.hand.phase === "take") {
    for (const move of [{ type: "draw" }, { type: "pickup" }] as const) if (t.after(move)) return move;
  }
  const card = discardable(t.state, t.seat)[0];
  return card === undefined ? chosen : { type: "discard", card };
}
