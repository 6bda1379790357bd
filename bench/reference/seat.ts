/**
 * What a reference player knows at its turn, read from its view and the hand's events as its seat saw them (the
 * room's `BotInput`), and a table to try its own moves on. The reference players (bench/reference) are the
 * computer players' yardstick: written apart from src/bots, sharing none of its code, they import the engine only.
 *
 * The table is the seat's own: its hand, the melds, the pile as far as it saw it; every hidden place (other
 * hands, the stock, the pozzetti, pile cards it never saw) holds a filler card. The engine judges the seat's
 * own moves on it exactly as on the real table, and a reference player never looks past its own moves.
 */
import {
  type Card,
  cardPoints,
  type GameState,
  type GameView,
  type HandState,
  JOKER,
  type Meld,
  type MeldView,
  type Move,
  type PlayerCount,
  parseCard,
  play,
  type Rules,
  rankOf,
  type SeenEvent,
  suitOf,
  teamCount,
  teamOf,
} from "../../src/engine/index.js";

export interface ReferenceInput {
  readonly view: GameView;
  readonly history: readonly (SeenEvent | null)[];
}

/** A card in a hidden place: never the seat's, never looked at. */
const FILLER: Card = JOKER;

const cardsOf = (texts: readonly string[] | undefined): Card[] => (texts ?? []).map((t) => parseCard(t)!);

/** A meld as the engine holds it, from its view: a sequence's start is its first natural card's place. */
function meldFrom(view: MeldView, index: number): Meld {
  const cards = cardsOf(view.cards);
  const wildAt = view.wild ? view.wild.index : -1;
  const base = { cards, wildAt, id: view.id ?? index, team: view.team ?? 0 };
  const first = cards.findIndex((_, i) => i !== wildAt);
  const natural = cards[first]!;
  if (view.kind === "set") return { ...base, kind: "set", rank: rankOf(natural) };
  const rank = rankOf(natural);
  const pos = rank === 1 && first > 0 ? 14 : rank;
  return { ...base, kind: "sequence", suit: suitOf(natural), lo: pos - first };
}

export class Seat {
  readonly rules: Rules;
  readonly players: PlayerCount;
  readonly seat: number;
  readonly team: number;
  readonly hand: Card[];
  readonly melds: Meld[];
  /** The pile bottom first as this seat saw it; null where it never saw the card. */
  readonly pile: (Card | null)[];
  readonly stock: number;
  readonly sizes: readonly number[];
  readonly phase: "take" | "play";
  /** Per seat: every card it discarded this hand. */
  readonly discards: Card[][];
  /** Per seat: cards it is known to hold (picked up with the pile, not laid or thrown since). */
  readonly holds: Card[][];
  /** The turns in a row that were only a lone card picked up and another thrown (the stalemate rule). */
  readonly idleTurns: number;
  /** Per team: its pozzetto is still waiting for it, taken, or lost under the stock. */
  readonly pozzetto: ("waiting" | "taken" | "lost")[];
  /** The seat's table: its own cards and the public ones, fillers elsewhere. */
  readonly state: GameState;
  /** Per card: the copies this seat cannot see (in other hands, the stock, the pozzetti, unseen pile cards). */
  readonly unseen: Int8Array;
  /** How many cards this seat cannot see in all. */
  readonly hidden: number;

  constructor(input: ReferenceInput) {
    const { view } = input;
    const hand = view.hand!;
    this.rules = view.rules;
    this.players = view.players as PlayerCount;
    this.seat = view.viewer!;
    this.team = teamOf(this.seat, this.players);
    this.hand = cardsOf(hand.myHand ?? []);
    this.melds = hand.melds.map(meldFrom);
    this.stock = hand.stock;
    this.sizes = hand.handSizes;
    this.phase = hand.phase;
    this.pozzetto = hand.pozzetti.map((p) => (p === "stock" ? "lost" : p !== null ? "taken" : "waiting"));
    const read = readHistory(input.history, this.players);
    this.discards = read.discards;
    this.holds = read.holds;
    this.idleTurns = read.idleTurns;
    if (hand.discardPile.cards) this.pile = cardsOf(hand.discardPile.cards);
    else {
      const top = hand.discardPile.top === null ? null : parseCard(hand.discardPile.top)!;
      const seen = read.pile;
      const count = hand.discardPile.count;
      this.pile =
        seen && seen.length === count && seen.at(-1) === top ? seen : [...new Array<null>(Math.max(0, count - 1)).fill(null), top];
      if (count === 0) this.pile = [];
    }
    this.state = this.table(view);
    this.unseen = new Int8Array(53);
    for (let c = 0; c < 52; c++) this.unseen[c] = 2;
    this.unseen[JOKER] = this.rules.jokers ? 4 : 0;
    const seen = [...this.hand, ...this.melds.flatMap((m) => m.cards), ...this.pile.filter((c) => c !== null), ...this.holds.flat()];
    for (const c of seen) this.unseen[c] = Math.max(0, this.unseen[c]! - 1);
    this.hidden = this.unseen.reduce((n, x) => n + x, 0);
  }

  /** How many copies of `card` the seat `other` likely holds: the ones it is known to hold, and its share of the unseen ones. */
  likely(other: number, card: Card): number {
    const known = this.holds[other]!.filter((c) => c === card).length;
    const free = this.sizes[other]! - this.holds[other]!.length;
    return known + (this.unseen[card]! * Math.max(0, free)) / Math.max(1, this.hidden);
  }

  private table(view: GameView): GameState {
    const hand = view.hand!;
    const teams = teamCount(this.players);
    const filler = (n: number) => new Array<Card>(n).fill(FILLER);
    const taken = teams - hand.pozzettiLeft;
    const state: HandState = {
      number: hand.number,
      deal: { dealer: hand.dealer, hands: [], pozzetti: Array.from({ length: teams }, () => filler(11)), discard: [], stock: [] },
      hands: hand.handSizes.map((n, s) => (s === this.seat ? this.hand : filler(n))),
      stock: filler(hand.stock),
      stockTop: 0,
      pile: this.pile.map((c) => c ?? FILLER),
      melds: this.melds,
      nextPozzetto: taken,
      pozzetti: hand.pozzetti.map((p, team) => (p === null || p === "stock" ? p : { seat: p.seat, pozzetto: team, direct: p.direct })),
      unseen: new Array<boolean>(this.players).fill(false),
      turn: hand.turn,
      phase: hand.phase,
      picked: hand.picked === null ? null : parseCard(hand.picked)!,
      turnIdle: false,
      idleTurns: 0,
      lastTurn: hand.lastTurn,
      end: null,
      scores: null,
      log: null,
    };
    return {
      rules: view.rules,
      players: this.players,
      starter: null,
      past: [],
      hand: state,
      totals: view.match.totals,
      over: false,
      winner: null,
    };
  }

  /** The seat's table after `move` (made by this seat), or null when the engine refuses it. */
  after(state: GameState, move: Move): GameState | null {
    const result = play(state, this.seat, move);
    return result.ok ? result.value.state : null;
  }

  get myMelds(): Meld[] {
    return this.melds.filter((m) => m.team === this.team);
  }
  get theirMelds(): Meld[] {
    return this.melds.filter((m) => m.team !== this.team);
  }
  get next(): number {
    return (this.seat + 1) % this.players;
  }
  get partner(): number | null {
    return this.players === 4 ? (this.seat + 2) % 4 : null;
  }
  get top(): Card | null {
    return this.pile.at(-1) ?? null;
  }
  points(card: Card): number {
    return cardPoints(card, this.rules.values);
  }
  /** The smallest hand among the other teams' seats. */
  get shortestOpponent(): number {
    let least = 99;
    for (let s = 0; s < this.players; s++) if (teamOf(s, this.players) !== this.team) least = Math.min(least, this.sizes[s]!);
    return least;
  }
  /** 0 early in the hand, 1 at its end: the stock run down, or an opponent with its pozzetto nearly out. */
  get lateness(): number {
    const full = this.players === 2 ? 63 : 41;
    let late = Math.max(0, 1 - this.stock / full);
    for (let s = 0; s < this.players; s++) {
      const team = teamOf(s, this.players);
      if (team === this.team || this.pozzetto[team] !== "taken") continue;
      late = Math.max(late, this.sizes[s]! <= 3 ? 1 : this.sizes[s]! <= 6 ? 0.7 : 0.4);
    }
    return late;
  }
}

/** The closed pile as it was discarded, each seat's discards and known cards, the idle turns: from the events. */
function readHistory(history: readonly (SeenEvent | null)[], players: number) {
  let start = 0;
  for (let i = history.length - 1; i >= 0; i--) {
    if (history[i]?.type === "handStarted") {
      start = i;
      break;
    }
  }
  const discards: Card[][] = Array.from({ length: players }, () => []);
  const holds: Card[][] = Array.from({ length: players }, () => []);
  let pile: (Card | null)[] | null = null;
  let idleTurns = 0;
  let idle = false;
  const drop = (list: Card[], cards: readonly Card[]) => {
    for (const c of cards) {
      const at = list.indexOf(c);
      if (at >= 0) list.splice(at, 1);
    }
  };
  for (let i = start; i < history.length; i++) {
    const e = history[i];
    if (!e) continue;
    switch (e.type) {
      case "handStarted":
        pile = cardsOf(e.discard.map((c) => c ?? "JK"));
        if (e.discard.some((c) => c === null)) pile = null;
        break;
      case "drew":
        idle = false;
        break;
      case "pickedUp": {
        const cards = e.cards ? cardsOf(e.cards) : pile && pile.length === e.count && pile.every((c) => c !== null) ? (pile as Card[]) : [];
        holds[e.seat]!.push(...cards);
        pile = [];
        idle = e.count === 1;
        break;
      }
      case "melded":
      case "attached":
        drop(holds[e.seat]!, cardsOf(e.cards));
        idle = false;
        break;
      case "discarded": {
        const card = e.card === null ? null : parseCard(e.card)!;
        if (card !== null) {
          discards[e.seat]!.push(card);
          drop(holds[e.seat]!, [card]);
        }
        pile?.push(card);
        idleTurns = idle ? idleTurns + 1 : 0;
        idle = false;
        break;
      }
      case "pozzettoTaken":
        holds[e.seat] = [];
        break;
    }
  }
  return { discards, holds, pile, idleTurns };
}
