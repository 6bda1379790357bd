/**
 * Cards are small integers so that hands, melds and decks are cheap arrays.
 * A card is `suit * 13 + (rank - 1)` for the 52 French cards and 52 for the
 * joker; the two copies of a card are the same number (they are
 * interchangeable, docs/record.md).
 */
export type Card = number;

export const JOKER: Card = 52;
export const SUITS = ["S", "H", "D", "C"] as const;
export const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"] as const;

/** Rank 1 (ace) to 13 (king); 0 for the joker. */
export function rankOf(card: Card): number {
  return card === JOKER ? 0 : (card % 13) + 1;
}

/** Suit 0..3 (spades, hearts, diamonds, clubs); -1 for the joker. */
export function suitOf(card: Card): number {
  return card === JOKER ? -1 : Math.floor(card / 13);
}

export function cardOf(rank: number, suit: number): Card {
  return suit * 13 + (rank - 1);
}

/** Jokers and every 2 (pinelle) are wild wherever they cannot be natural. */
export function isWildCard(card: Card): boolean {
  return card === JOKER || rankOf(card) === 2;
}

const TEXT: string[] = [];
const PARSE = new Map<string, Card>();
for (let suit = 0; suit < 4; suit++) {
  for (let rank = 1; rank <= 13; rank++) {
    const text = RANKS[rank - 1]! + SUITS[suit]!;
    TEXT[cardOf(rank, suit)] = text;
    PARSE.set(text, cardOf(rank, suit));
  }
}
TEXT[JOKER] = "JK";
PARSE.set("JK", JOKER);

/** Parses docs/record.md notation ("10H", "AS", "JK"); undefined for anything else. */
export function parseCard(text: unknown): Card | undefined {
  return typeof text === "string" ? PARSE.get(text) : undefined;
}

export function makeCard(card: Card): string {
  return TEXT[card]!;
}

export function makeCards(cards: readonly Card[]): string[] {
  return cards.map(makeCard);
}

/** The deck of a preset: two French decks, plus four jokers unless disabled. */
export function makeDeck(jokers: boolean): Card[] {
  const deck: Card[] = [];
  for (let copy = 0; copy < 2; copy++) for (let c = 0; c < 52; c++) deck.push(c);
  if (jokers) deck.push(JOKER, JOKER, JOKER, JOKER);
  return deck;
}

/** Card points for scoring: they depend on the printed card only (docs/rules.md §1). */
export function cardPoints(card: Card, values: { two: number; joker: number }): number {
  if (card === JOKER) return values.joker;
  const rank = rankOf(card);
  if (rank === 1) return 15;
  if (rank === 2) return values.two;
  return rank <= 7 ? 5 : 10;
}

export function sumPoints(cards: readonly Card[], values: { two: number; joker: number }): number {
  let sum = 0;
  for (const card of cards) sum += cardPoints(card, values);
  return sum;
}

/** Counts of each card, indexed by card number. */
export function countCards(cards: readonly Card[]): Uint8Array {
  const counts = new Uint8Array(53);
  for (const card of cards) counts[card]!++;
  return counts;
}

/** True when `part` is a sub-multiset of `whole`. */
export function containsAll(whole: readonly Card[], part: readonly Card[]): boolean {
  if (part.length === 1) return whole.includes(part[0]!);
  const counts = countCards(whole);
  for (const card of part) {
    if (counts[card] === 0) return false;
    counts[card]!--;
  }
  return true;
}

/** `whole` minus the multiset `part`; `part` must be contained in `whole`. */
export function removeCards(whole: readonly Card[], part: readonly Card[]): Card[] {
  const rest = whole.slice();
  for (const card of part) {
    const at = rest.lastIndexOf(card);
    if (at >= 0) rest.splice(at, 1);
  }
  return rest;
}
