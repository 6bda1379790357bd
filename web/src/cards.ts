import { h } from "./dom";

/** Cards as the client shows them: rank and suit symbol, red or black, never images. */

const SUITS: Record<string, { symbol: string; name: string; red: boolean; order: number }> = {
  S: { symbol: "♠", name: "spades", red: false, order: 0 },
  H: { symbol: "♥", name: "hearts", red: true, order: 1 },
  C: { symbol: "♣", name: "clubs", red: false, order: 2 },
  D: { symbol: "♦", name: "diamonds", red: true, order: 3 },
};

const RANK_NAMES: Record<string, string> = { A: "ace", J: "jack", Q: "queen", K: "king" };
const RANK_ORDER = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

export interface CardFace {
  readonly rank: string;
  readonly suit: string;
  readonly symbol: string;
  readonly red: boolean;
  /** For screen readers: "7 of hearts", "joker". */
  readonly name: string;
  /** Short text: "7♥", "🃏". */
  readonly short: string;
}

export function face(card: string): CardFace {
  if (card === "JK") return { rank: "JK", suit: "", symbol: "★", red: false, name: "joker", short: "Joker" };
  const rank = card.slice(0, -1);
  const suit = SUITS[card.slice(-1)] ?? { symbol: "?", name: "?", red: false, order: 9 };
  return {
    rank,
    suit: card.slice(-1),
    symbol: suit.symbol,
    red: suit.red,
    name: `${RANK_NAMES[rank] ?? rank} of ${suit.name}`,
    short: `${rank}${suit.symbol}`,
  };
}

/** "7♥ 8♥ 9♥" */
export function shortList(cards: readonly string[]): string {
  return cards.map((c) => face(c).short).join(" ");
}

/** Sort key: suits ♠ ♥ ♣ ♦ (colours alternate), ace low to king, jokers last. */
function sortKey(card: string): number {
  if (card === "JK") return 1000;
  return (SUITS[card.slice(-1)]?.order ?? 9) * 100 + RANK_ORDER.indexOf(card.slice(0, -1));
}

export function sortHand(cards: readonly string[]): string[] {
  return cards.slice().sort((a, b) => sortKey(a) - sortKey(b));
}

/** The inside of a card: rank over suit symbol. */
export function cardContent(card: string): HTMLElement[] {
  const f = face(card);
  if (card === "JK")
    return [h("span", { class: "rank", "aria-hidden": "true" }, "JK"), h("span", { class: "suit", "aria-hidden": "true" }, "★")];
  return [h("span", { class: "rank", "aria-hidden": "true" }, f.rank), h("span", { class: "suit", "aria-hidden": "true" }, f.symbol)];
}

/** A card that is only shown (table, pile, revealed hands). */
export function cardView(card: string, extra: { class?: string; label?: string } = {}): HTMLElement {
  const f = face(card);
  return h(
    "span",
    {
      class: `card ${f.red ? "red" : "black"}${card === "JK" ? " joker" : ""} ${extra.class ?? ""}`.trim(),
      "data-card": card,
      role: "img",
      "aria-label": extra.label ?? f.name,
    },
    ...cardContent(card),
  );
}

/** A face-down card (a pozzetto not yet seen). */
export function cardBack(label = "face-down card"): HTMLElement {
  return h("span", { class: "card back", role: "img", "aria-label": label });
}
