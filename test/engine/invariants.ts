/**
 * Independent checks of a game state, written apart from the engine's own
 * logic so that property tests do not grade the engine by itself.
 */
import {
  type Card,
  type GameState,
  isWildCard,
  JOKER,
  type Meld,
  makeCard,
  makeDeck,
  type Rules,
  rankOf,
  seededRandom,
  shuffle,
  suitOf,
  viewFor,
} from "../../src/engine/index.js";

const DECK_COUNTS = new Map<boolean, Int16Array>();

/** Every card of the deck is in exactly one place: stock, pile, a hand, an untaken pozzetto or a meld. */
export function conservationProblem(state: GameState): string | null {
  const hand = state.hand!;
  let full = DECK_COUNTS.get(state.rules.jokers);
  if (!full) {
    full = new Int16Array(53);
    for (const card of makeDeck(state.rules.jokers)) full[card]!++;
    DECK_COUNTS.set(state.rules.jokers, full);
  }
  const counts = full.slice();
  const take = (cards: readonly Card[], from = 0) => {
    for (let i = from; i < cards.length; i++) counts[cards[i]!]!--;
  };
  take(hand.stock, hand.stockTop);
  take(hand.pile);
  for (const cards of hand.hands) take(cards);
  for (let p = hand.nextPozzetto; p < hand.deal.pozzetti.length; p++) take(hand.deal.pozzetti[p]!);
  for (const meld of hand.melds) take(meld.cards);
  const wrong = counts.findIndex((n) => n !== 0);
  return wrong < 0 ? null : `card ${makeCard(wrong)} is not accounted for exactly once (${-counts[wrong]!} too many)`;
}

/** Whether a meld on the table is a legal set or sequence in table order (docs/rules.md §4). */
export function meldProblem(meld: Meld, rules: Rules): string | null {
  const { cards, wildAt } = meld;
  const wilds = cards.filter((_, i) => i === wildAt);
  if (wildAt >= cards.length || (wildAt >= 0 && !isWildCard(cards[wildAt]!))) return "the wild index is not a wild card";
  if (cards.length < 3) return "fewer than 3 cards";
  if (meld.kind === "set") {
    const naturals = cards.filter((_, i) => i !== wildAt);
    if (!rules.sets) return "a set where sets are not allowed";
    if (cards.length > 9) return "a set of more than 9";
    if (naturals.some((c) => isWildCard(c) || rankOf(c) !== meld.rank)) return "a set with a stray card";
    return naturals.length >= 2 && wilds.length <= 1 ? null : "a set needs two naturals and at most one wild";
  }
  const lo = meld.lo,
    hi = meld.lo + cards.length - 1;
  if (lo < 1 || hi > 14) return "a sequence past the aces";
  if (lo === 1 && hi === 14 && !rules.aceToAce && wildAt !== 0 && wildAt !== cards.length - 1) return "a sequence with both aces";
  for (let i = 0; i < cards.length; i++) {
    if (i === wildAt) continue;
    const card = cards[i]!,
      pos = lo + i;
    if (card === JOKER || suitOf(card) !== meld.suit) return `${makeCard(card)} does not belong in the sequence`;
    const rank = pos === 14 ? 1 : pos;
    if (rankOf(card) !== rank) return `${makeCard(card)} stands at position ${pos}`;
  }
  return null;
}

/** With `sameRankSets: false`, no team holds two sets of one rank (docs/rules.md §4.1). */
export function duplicateSetProblem(state: GameState): string | null {
  if (state.rules.sameRankSets) return null;
  const seen = new Set<string>();
  for (const meld of state.hand!.melds) {
    if (meld.kind !== "set") continue;
    const key = `${meld.team}/${rankOf(meld.cards[0]!)}`;
    if (seen.has(key)) return `team ${meld.team} holds two sets of ${makeCard(meld.cards[0]!)}'s rank`;
    seen.add(key);
  }
  return null;
}

/**
 * Shuffles every card `viewer` may not see (other hands, the stock, untaken
 * pozzetti, the viewer's own unseen pozzetto) among their places. A view that
 * leaks nothing is the same before and after.
 */
export function scrambleHidden(state: GameState, viewer: number | null, seed: string): GameState {
  const hand = state.hand!;
  const hiddenSeats = hand.hands.map((_, seat) => seat !== viewer || hand.unseen[seat]!);
  const stock = hand.stock.slice(hand.stockTop);
  const pozzetti = hand.deal.pozzetti.map((p, i) => (i >= hand.nextPozzetto ? p : null));
  const pool = shuffle(
    [...hand.hands.filter((_, s) => hiddenSeats[s]).flat(), ...stock, ...pozzetti.flatMap((p) => p ?? [])],
    seededRandom(seed),
  );
  let at = 0;
  const take = (n: number) => pool.slice(at, (at += n));
  const hands = hand.hands.map((h, s) => (hiddenSeats[s] ? take(h.length) : h));
  const newStock = take(stock.length);
  const deal = { ...hand.deal, pozzetti: pozzetti.map((p, i) => (p ? take(p.length) : hand.deal.pozzetti[i]!)) };
  return { ...state, hand: { ...hand, hands, stock: newStock, stockTop: 0, deal } };
}

export function viewLeak(state: GameState, viewer: number | null, seed: string): string | null {
  const before = JSON.stringify(viewFor(state, viewer));
  const after = JSON.stringify(viewFor(scrambleHidden(state, viewer, seed), viewer));
  return before === after ? null : `the view of ${viewer ?? "a spectator"} changes with hidden cards`;
}
