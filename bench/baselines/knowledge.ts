import type { GameView, HandView } from "../../src/engine/index.js";
import {
  type Card,
  HAND_SIZE,
  type Meld,
  makeDeck,
  type PlayerCount,
  parseCard,
  type Rules,
  type Seat,
  teamCount,
  teamOf,
} from "../../src/engine/index.js";
import { recollect, type SeenEvent } from "./history.js";
import { meldOf } from "./melds.js";

/**
 * Everything one seat may know at its turn, and nothing more: its hand, the
 * table, the discard pile as it saw it, cards others are known to hold, the
 * counts of every hidden place, and the unseen cards that fill them.
 */
export interface Knowledge {
  readonly rules: Rules;
  readonly players: PlayerCount;
  readonly seat: Seat;
  readonly team: number;
  readonly view: HandView;
  readonly totals: readonly number[];
  readonly starter: number | null;
  readonly hand: readonly Card[];
  readonly melds: readonly Meld[];
  /** The pile bottom first; cards the seat could not have seen are sampled with the other hidden cards. */
  readonly pile: readonly (Card | null)[];
  readonly known: readonly (readonly Card[])[];
  readonly discarded: readonly (readonly Card[])[];
  readonly unseen: readonly boolean[];
  readonly pozzettoIndex: readonly (number | null)[];
  readonly turnIdle: boolean;
  readonly idleTurns: number;
  readonly picked: Card | null;
  /** Cards in hidden places (other hands beyond their known cards, the stock, untaken pozzetti, unseen pile cards). */
  readonly hidden: readonly Card[];
}

/** What a bot reads: the seat's view and the hand's events as that seat received them. */
export interface BotInput {
  readonly view: GameView;
  readonly history: readonly (SeenEvent | null)[];
}

const cards = (texts: readonly string[]): Card[] => texts.map((t) => parseCard(t)!);

/** The seat's knowledge at its turn; null when the view is not a seat's at its turn in a hand in play. */
export function knowledgeOf(input: BotInput): Knowledge | null {
  const { view } = input;
  const hand = view.hand;
  const seat = view.viewer;
  if (seat === null || !hand || hand.end || view.match.over || hand.turn !== seat || !hand.myHand) return null;
  const players = view.players as PlayerCount;
  const teams = teamCount(players);
  const memory = recollect(input.history, players, teams);
  const mine = cards(hand.myHand);
  const melds = hand.melds.map((m, i) => meldOf(m, i));
  const top = hand.discardPile.top === null ? null : parseCard(hand.discardPile.top)!;
  let pile: (Card | null)[];
  if (hand.discardPile.cards) pile = cards(hand.discardPile.cards);
  else if (memory.pile && memory.pile.length === hand.discardPile.count && memory.pile.at(-1) === (top ?? undefined)) pile = memory.pile;
  else pile = [...new Array<null>(Math.max(0, hand.discardPile.count - 1)).fill(null), ...(top === null ? [] : [top])];

  // The unseen cards: the deck less everything in sight or known.
  const counts = new Int16Array(53);
  for (const card of makeDeck(view.rules.jokers)) counts[card]!++;
  const take = (list: readonly (Card | null)[]) => {
    for (const card of list) if (card !== null) counts[card]!--;
  };
  take(mine);
  for (const meld of melds) take(meld.cards);
  take(pile);
  const known = memory.known.map((list, s) => (s === seat ? [] : fitKnown(list, counts, hand.handSizes[s] ?? 0)));
  const hidden: Card[] = [];
  counts.forEach((n, card) => {
    for (let i = 0; i < n; i++) hidden.push(card);
  });
  return {
    rules: view.rules,
    players,
    seat,
    team: teamOf(seat, players),
    view: hand,
    totals: view.match.totals,
    starter: view.match.starter,
    hand: mine,
    melds,
    pile,
    known,
    discarded: memory.discarded,
    unseen: memory.unseen,
    pozzettoIndex: memory.pozzettoIndex,
    turnIdle: memory.turnIdle,
    idleTurns: memory.idleTurns,
    picked: hand.picked === null ? null : parseCard(hand.picked)!,
    hidden,
  };
}

/** Keeps the known cards that are still unaccounted for, at most as many as the hand holds, and takes them from the pool. */
function fitKnown(list: readonly Card[], counts: Int16Array, size: number): Card[] {
  const out: Card[] = [];
  for (const card of list) {
    if (out.length >= size || counts[card]! <= 0) continue;
    counts[card]!--;
    out.push(card);
  }
  return out;
}

/** How many hidden cards each hidden place holds, in the order a sample fills them. */
export function hiddenSlots(k: Knowledge): { hands: number[]; stock: number; pozzetti: number[]; pile: number } {
  const hands = k.view.handSizes.map((size, s) => (s === k.seat ? 0 : size - k.known[s]!.length));
  const taken = teamCount(k.players) - k.view.pozzettiLeft;
  const pozzetti = Array.from({ length: teamCount(k.players) }, (_, i) => (i < taken ? 0 : HAND_SIZE));
  return { hands, stock: k.view.stock, pozzetti, pile: k.pile.filter((c) => c === null).length };
}
