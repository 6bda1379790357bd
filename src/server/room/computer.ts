import { type GameState, isWildCard, type Move, makeCard, type Outcome, play } from "../../engine/index";
import type { ComputerLevel } from "../../shared/wire/common";

/**
 * A simple, legal policy for a seat the computer plays after its player ran
 * out of time: draw from the stock, lay nothing, and discard the card that
 * costs least to give away that the rules allow (a natural card before a
 * wild, the lowest first). It reads only its own seat's hand.
 */
export function computerTurn(state: GameState, _level: ComputerLevel): { move: Move; outcome: Outcome }[] {
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
