import { h, type JSX } from "preact";
import { t } from "./i18n/index";

/** Cards as the client shows them: rank and suit symbol in the corner, red or black, never images. */

const SUITS: Record<string, { symbol: string; red: boolean; order: number }> = {
  S: { symbol: "♠", red: false, order: 0 },
  H: { symbol: "♥", red: true, order: 1 },
  C: { symbol: "♣", red: false, order: 2 },
  D: { symbol: "♦", red: true, order: 3 },
};

const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

export interface CardFace {
  readonly rank: string;
  readonly suit: string;
  readonly symbol: string;
  readonly red: boolean;
}

export function face(card: string): CardFace {
  if (card === "JK") return { rank: "JK", suit: "", symbol: "★", red: false };
  const suit = SUITS[card.slice(-1)] ?? { symbol: "?", red: false, order: 9 };
  return { rank: card.slice(0, -1), suit: card.slice(-1), symbol: suit.symbol, red: suit.red };
}

/** For screen readers, in the player's language: "7 of hearts", "asso di picche", "joker". */
export function cardName(card: string): string {
  if (card === "JK") return t.cards.joker;
  const f = face(card);
  return t.cards.name(t.cards.rank[f.rank] ?? f.rank, t.cards.suit[f.suit] ?? f.suit);
}

/** Short text: "7♥", "Joker". */
export function cardShort(card: string): string {
  if (card === "JK") return t.cards.jokerShort;
  const f = face(card);
  return `${f.rank}${f.symbol}`;
}

/** "7♥ 8♥ 9♥" */
export function shortList(cards: readonly string[]): string {
  return cards.map(cardShort).join(" ");
}

const suitKey = (card: string) =>
  card === "JK" ? 1000 : (SUITS[card.slice(-1)]?.order ?? 9) * 100 + RANK_ORDER.indexOf(card.slice(0, -1));
const rankKey = (card: string) => (card === "JK" ? 1000 : RANK_ORDER.indexOf(card.slice(0, -1)) * 10 + (SUITS[card.slice(-1)]?.order ?? 9));

/** Suits ♠ ♥ ♣ ♦ (colours alternate), ace low to king, jokers last. */
export function sortBySuit(cards: readonly string[]): string[] {
  return cards.slice().sort((a, b) => suitKey(a) - suitKey(b));
}

/** Ace to king, each rank's suits together, jokers last. */
export function sortByRank(cards: readonly string[]): string[] {
  return cards.slice().sort((a, b) => rankKey(a) - rankKey(b));
}

/**
 * The inside of a card: its index (rank over suit) in the top corner,
 * readable when cards overlap, and a large pip for the part that shows when
 * it does not. The joker's index is a star over its name, never a letter
 * that could pass for a jack's.
 */
export function cardIndex(card: string): JSX.Element[] {
  const f = face(card);
  if (card === "JK")
    return [
      h("span", { class: "rank", "aria-hidden": "true" }, "★"),
      h("span", { class: "suit joker-word", "aria-hidden": "true" }, t.cards.jokerShort),
      h("span", { class: "pip", "aria-hidden": "true" }, "★"),
    ];
  return [
    h("span", { class: "rank", "aria-hidden": "true" }, f.rank),
    h("span", { class: "suit", "aria-hidden": "true" }, f.symbol),
    h("span", { class: "pip", "aria-hidden": "true" }, f.symbol),
  ];
}

export function cardClass(card: string, extra = ""): string {
  const f = face(card);
  // The suit's own class lets the four-colour deck give each suit its colour.
  const suit = f.suit ? ` s-${f.suit}` : "";
  return `card ${f.red ? "red" : "black"}${suit}${card === "JK" ? " joker" : ""}${extra ? ` ${extra}` : ""}`;
}

/** A card that is only shown (table, pile, revealed hands). */
export function cardView(card: string, extra: { class?: string; label?: string; key?: string | number; badge?: string } = {}): JSX.Element {
  return h(
    "span",
    { key: extra.key, class: cardClass(card, extra.class), "data-card": card, role: "img", "aria-label": extra.label ?? cardName(card) },
    ...cardIndex(card),
    extra.badge ? h("span", { class: "as", "aria-hidden": "true" }, extra.badge) : null,
  );
}

/** A face-down card (the stock, a pozzetto not yet seen). */
export function cardBack(label: string = t.cards.faceDown, key?: string | number): JSX.Element {
  return h("span", { key, class: "card back", role: "img", "aria-label": label });
}
