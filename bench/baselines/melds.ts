import { type Card, type Meld, type MeldView, parseCard, rankOf, suitOf } from "../../src/engine/index.js";

/**
 * A meld as the engine holds it, rebuilt from how the view shows it: the
 * view gives the cards in table order and which one acts as wild, which is
 * all the engine's meld shape needs (a sequence's start is read off its
 * first natural card).
 */
export function meldOf(view: MeldView, index: number): Meld {
  const cards: Card[] = view.cards.map((t) => parseCard(t)!);
  const wildAt = view.wild ? view.wild.index : -1;
  const id = view.id ?? index;
  const team = view.team ?? 0;
  if (view.kind === "set") {
    const natural = cards.find((_, i) => i !== wildAt)!;
    return { kind: "set", rank: rankOf(natural), cards, wildAt, id, team };
  }
  let lo = 1;
  let suit = 0;
  for (let i = 0; i < cards.length; i++) {
    if (i === wildAt) continue;
    const card = cards[i]!;
    suit = suitOf(card);
    const rank = rankOf(card);
    // An ace past the first place is the high ace; a 2 that is not the wild stands in the 2 position.
    const pos = rank === 1 ? (i === 0 ? 1 : 14) : rank;
    lo = pos - i;
    break;
  }
  return { kind: "sequence", suit, lo, cards, wildAt, id, team };
}
