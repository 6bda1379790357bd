import { discardable, type Move, makeCard, makeCards, type Play } from "../engine/index.js";
import type { Table } from "./table.js";

/** A play in docs/record.md notation. */
export type PlayNotation =
  | { readonly type: "meld"; readonly cards: string[]; readonly wild?: "low" | "high" }
  | { readonly type: "attach"; readonly meld: number; readonly cards: string[]; readonly wild?: "low" | "high" };

/** A move in docs/record.md notation, as the engine's `applyMove` and the service's move endpoint take it. */
export type MoveNotation =
  | { readonly type: "draw" }
  | { readonly type: "pickup"; readonly play?: PlayNotation }
  | PlayNotation
  | { readonly type: "discard"; readonly card: string }
  | { readonly type: "resign" };

function writePlay(play: Play): PlayNotation {
  const wild = play.wild ? { wild: play.wild } : {};
  return play.type === "meld"
    ? { type: "meld", cards: makeCards(play.cards), ...wild }
    : { type: "attach", meld: play.meld, cards: makeCards(play.cards), ...wild };
}

export function writeMove(move: Move): MoveNotation {
  switch (move.type) {
    case "draw":
    case "resign":
      return { type: move.type };
    case "pickup":
      return move.play ? { type: "pickup", play: writePlay(move.play) } : { type: "pickup" };
    case "discard":
      return { type: "discard", card: makeCard(move.card) };
    case "meld":
    case "attach":
      return writePlay(move);
  }
}

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
