import { type Card, isWildCard, rankOf, suitOf } from "./cards.js";
import type { MoveError } from "./errors.js";
import { play } from "./game.js";
import { extendMeld, type MeldShape, type MeldView, shapeMeld, viewMeld, type WildEnd } from "./meld.js";
import type { Move } from "./moves.js";
import { err, ok, type Result } from "./result.js";
import { discardBlock, hasRequiredBurraco, teamHasTakenPozzetto } from "./rulings.js";
import { type Seat, teamOf } from "./seats.js";
import type { GameState } from "./state.js";

/**
 * The questions a table UI asks on every click and a bot asks on every move.
 * They answer from the state alone and change nothing.
 */

/** Whether a move would be accepted now, with the engine's refusal if not. */
export function checkMove(state: GameState, seat: Seat, move: Move): MoveError | null {
  const result = play(state, seat, move);
  return result.ok ? null : result.error;
}

/** How `cards` would lie on the table as a new meld, or why they are no meld. */
export function previewMeld(state: GameState, cards: readonly Card[], wild?: WildEnd): Result<MeldView, MoveError> {
  const shaped = shapeMeld(cards, state.rules, wild);
  return shaped.ok ? ok(viewMeld(shaped.value, state.rules)) : err(shaped.error);
}

/**
 * Cheap test before the full arrangement: could `card` possibly join `meld`?
 * It never says no to a card that fits, so the full check stays the authority.
 */
export function mightFit(meld: MeldShape, card: Card): boolean {
  if (isWildCard(card)) {
    if (meld.wildAt < 0) return true;
    return meld.kind === "sequence" && suitOf(card) === meld.suit && rankOf(card) === 2;
  }
  if (meld.kind === "set") return rankOf(card) === meld.rank && meld.cards.length < 9;
  if (suitOf(card) !== meld.suit) return false;
  const rank = rankOf(card);
  const hi = meld.lo + meld.cards.length - 1;
  // A natural 2 may turn wild to bridge one gap above the run (docs/rules.md §4.3).
  const flip = meld.wildAt < 0 && meld.lo === 2;
  const near = (pos: number) =>
    pos === meld.lo - 1 || pos === hi + 1 || (meld.wildAt >= 0 && pos === meld.lo + meld.wildAt) || (flip && pos === hi + 2);
  return rank === 1 ? near(1) || near(14) : near(rank);
}

/** The team melds that would accept `cards` from `seat`, and how each would then lie. */
export function meldTargets(state: GameState, seat: Seat, cards: readonly Card[], wild?: WildEnd): { meld: number; result: MeldView }[] {
  const hand = state.hand;
  if (!hand || cards.length === 0) return [];
  const team = teamOf(seat, state.players);
  const out: { meld: number; result: MeldView }[] = [];
  for (const meld of hand.melds) {
    if (meld.team !== team) continue;
    if (cards.length === 1 && !mightFit(meld, cards[0]!)) continue;
    const extended = extendMeld(meld, cards, state.rules, wild);
    if (extended.ok) out.push({ meld: meld.id, result: viewMeld({ ...extended.value, id: meld.id, team }, state.rules) });
  }
  return out;
}

/** The cards `seat` may discard now: none unless it is their turn to discard. */
export function discardable(state: GameState, seat: Seat): Card[] {
  const hand = state.hand;
  if (!hand || hand.end || state.over || hand.turn !== seat || hand.phase !== "play") return [];
  const cards = [...new Set(hand.hands[seat]!)];
  return cards.filter((card) => discardBlock(hand, seat, card, state.rules, state.players) === null);
}

/** Whether `seat`'s team meets the closing conditions (docs/rules.md §7), and if not, why. */
export function closeStatus(state: GameState, seat: Seat): { canClose: boolean; reason: string | null } {
  const hand = state.hand;
  if (!hand || hand.end) return { canClose: false, reason: "the hand is over" };
  const team = teamOf(seat, state.players);
  if (!teamHasTakenPozzetto(hand, team)) return { canClose: false, reason: "your team has not taken its pozzetto" };
  if (!hasRequiredBurraco(hand, team, state.rules)) {
    return {
      canClose: false,
      reason: state.rules.closeRequires === "clean" ? "your team has no clean burraco" : "your team has no burraco",
    };
  }
  return { canClose: true, reason: null };
}
