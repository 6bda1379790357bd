import type { MeldView, TableMeld, WildEnd } from "../../../src/engine/meld";
import type { Rules } from "../../../src/engine/rules";
import type { HandView, Move } from "../../../src/shared/api";
import { type PlayOption, previewAttach, previewNewMeld, wildField } from "./melds";

/**
 * The cards the player has picked out of the hand, and the moves they make.
 * On a closed pile the top card may only be picked up together with a play,
 * so in the take phase it joins the selection in every preview and move.
 * The engine judges every preview; the server judges every move.
 */

export type { Move };

/** The table the selection is played on, read afresh at each use so that it is never stale. */
export interface Turn {
  readonly hand: HandView | null;
  /** The player's cards in the order shown. */
  readonly cards: readonly string[];
  readonly rules: Rules;
  /** It is this player's turn. */
  readonly mine: boolean;
  readonly team: number | null;
}

/** Where each of `cards` is in `hand` now, −1 for one no longer held (a card held twice, both decks' copies, matched once each). */
export function placesOf(cards: readonly string[], hand: readonly string[]): number[] {
  const taken = new Set<number>();
  return cards.map((card) => {
    const at = hand.findIndex((c, i) => c === card && !taken.has(i));
    if (at >= 0) taken.add(at);
    return at;
  });
}

export class Selection {
  /** Indices into the hand as shown. */
  indices: number[] = [];
  /** Counts the player's changes to the selection, so that an answer clears only the selection it was sent with. */
  epoch = 0;
  wildEnd: WildEnd | null = null;

  constructor(private readonly turn: () => Turn | null) {}

  cards(): string[] {
    const hand = this.turn()?.cards ?? [];
    return this.indices.map((i) => hand[i]!).filter((c) => c !== undefined);
  }

  has(index: number): boolean {
    return this.indices.includes(index);
  }

  toggle(index: number): void {
    this.epoch++;
    const at = this.indices.indexOf(index);
    if (at >= 0) this.indices.splice(at, 1);
    else this.indices.push(index);
  }

  clear(): void {
    this.indices = [];
    this.epoch++;
  }

  /** After an update or a reorder: the same cards stay selected where they are still held (`before` is what was selected). */
  keep(before: readonly string[]): void {
    this.indices = placesOf(before, this.turn()?.cards ?? []).filter((at) => at >= 0);
  }

  /** After a move was played: the player may have changed the selection while it was on its way. */
  played(epoch: number): void {
    if (epoch !== this.epoch) return;
    this.indices = [];
    this.wildEnd = null;
  }

  meldOption(cards = this.cards()): PlayOption | null {
    const turn = this.turn();
    if (!turn?.hand) return null;
    const { hand, rules } = turn;
    if (hand.phase === "take") {
      if (rules.discardPile !== "closed" || !hand.discardPile.top || cards.length < 2) return null;
      return previewNewMeld([...cards, hand.discardPile.top], rules, this.wildEnd);
    }
    return cards.length >= 3 ? previewNewMeld(cards, rules, this.wildEnd) : null;
  }

  /** Whether Meld (or a closed pile's pick-up with a meld) would be accepted by the engine now. */
  meldReady(): boolean {
    return this.meldOption()?.preview.ok === true;
  }

  attachOption(meld: MeldView, cards = this.cards()): PlayOption | null {
    const turn = this.turn();
    if (!turn?.hand || !turn.mine || meld.team !== turn.team) return null;
    const { hand, rules } = turn;
    if (hand.phase === "play") return cards.length ? previewAttach(meld, cards, rules, this.wildEnd) : null;
    if (rules.discardPile === "closed" && hand.discardPile.top)
      return previewAttach(meld, [hand.discardPile.top, ...cards], rules, this.wildEnd);
    return null;
  }

  /** The player's own team's melds that take the selection (or a closed pile's top card). */
  fitting(melds: readonly TableMeld[]): TableMeld[] {
    return melds.filter((m) => this.attachOption(m)?.preview.ok === true);
  }

  /** Whether the team's melds take something now: the selection, or a closed pile's top card. */
  attachable(): boolean {
    const turn = this.turn();
    const hand = turn?.hand;
    if (!turn?.mine || !hand) return false;
    return hand.phase === "play" ? this.indices.length > 0 : turn.rules.discardPile === "closed" && hand.discardPile.top !== null;
  }

  pickupMove(): Move {
    const { hand, rules } = this.turn()!;
    const top = hand!.discardPile.top;
    const cards = this.cards();
    // With nothing selected the move still goes: the server explains why a closed pile needs a play.
    if (rules.discardPile !== "closed" || !top || cards.length === 0) return { type: "pickup" };
    return { type: "pickup", play: { type: "meld", cards: [...cards, top], ...this.wild(this.meldOption()) } };
  }

  meldMove(cards = this.cards()): Move {
    const option = this.meldOption(cards);
    return { type: "meld", cards, ...this.wild(option) };
  }

  attachMove(meld: TableMeld, cards = this.cards()): Move {
    const hand = this.turn()!.hand!;
    const wild = this.wild(this.attachOption(meld, cards));
    if (hand.phase === "take")
      return { type: "pickup", play: { type: "attach", meld: meld.id, cards: [hand.discardPile.top!, ...cards], ...wild } };
    return { type: "attach", meld: meld.id, cards, ...wild };
  }

  discardMove(): Move | null {
    const cards = this.cards();
    return cards.length === 1 ? { type: "discard", card: cards[0]! } : null;
  }

  private wild(option: PlayOption | null): { wild?: WildEnd } {
    return option ? wildField(option, this.wildEnd) : {};
  }
}

/**
 * The hand in the player's chosen order: by suit, by rank, or their own
 * (cards they moved keep their place; new cards join at the end).
 */
export function arrange(
  cards: readonly string[],
  mode: "suit" | "rank" | "own",
  own: readonly string[],
  bySuit: (c: readonly string[]) => string[],
  byRank: (c: readonly string[]) => string[],
): string[] {
  if (mode === "rank") return byRank(cards);
  if (mode === "suit" || own.length === 0) return bySuit(cards);
  const left = cards.slice();
  const out: string[] = [];
  for (const card of own) {
    const at = left.indexOf(card);
    if (at >= 0) {
      out.push(card);
      left.splice(at, 1);
    }
  }
  return [...out, ...bySuit(left)];
}
