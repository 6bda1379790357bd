import {
  type Card,
  closeStatus,
  type GameState,
  type HandState,
  type Meld,
  type Move,
  type PlayerCount,
  play,
  type Rules,
  type Seat,
  stockSize,
  teamCount,
  teamOf,
} from "../engine/index.js";

/** What a seat remembers of the hand beyond the table: cards others picked up, cards each discarded. */
export interface Memory {
  readonly known: readonly (readonly Card[])[];
  readonly discarded: readonly (readonly Card[])[];
  /** How many cards at the bottom of the pile this seat never saw (they are guesses in a sampled table). */
  readonly pileUnknown: number;
}

export const NO_MEMORY: Memory = { known: [], discarded: [], pileUnknown: 0 };

/**
 * The work spent on one decision: every move tried on the engine (each
 * `after`, each move of a look-ahead). A decision's CPU is bounded by
 * counting this, never by reading a clock, so it is the same on every
 * machine and every run.
 */
export interface Meter {
  steps: number;
}

/**
 * A table as one seat's policy sees it. The state may be a sample (other
 * hands, stock and pozzetti filled with guesses): a policy reads only the
 * seat's own hand and the public parts, and asks the engine whether a move is legal.
 */
export class Table {
  constructor(
    readonly state: GameState,
    readonly seat: Seat,
    readonly memory: Memory = NO_MEMORY,
    readonly meter: Meter = { steps: 0 },
  ) {}

  get hand(): HandState {
    return this.state.hand!;
  }
  get rules(): Rules {
    return this.state.rules;
  }
  get players(): PlayerCount {
    return this.state.players;
  }
  get team(): number {
    return teamOf(this.seat, this.state.players);
  }
  get cards(): readonly Card[] {
    return this.state.hand!.hands[this.seat]!;
  }
  get stock(): number {
    return stockSize(this.state.hand!);
  }
  /** The pile cards this seat has seen, bottom first (a closed pile's as they were discarded). */
  get pile(): readonly Card[] {
    const pile = this.state.hand!.pile;
    if (this.memory.pileUnknown === 0) return pile;
    this.seenPile ??= pile.slice(Math.min(pile.length, this.memory.pileUnknown));
    return this.seenPile;
  }
  get pileCount(): number {
    return this.state.hand!.pile.length;
  }
  handSize(seat: Seat): number {
    return this.state.hand!.hands[seat]!.length;
  }
  teamOf(seat: Seat): number {
    return teamOf(seat, this.state.players);
  }
  get teams(): number {
    return teamCount(this.state.players);
  }
  /** The seat that plays after this one: the first to see its discard. */
  get next(): Seat {
    return (this.seat + 1) % this.state.players;
  }
  private seenPile: readonly Card[] | null = null;
  private mine: Meld[] | null = null;
  private others: Meld[] | null = null;
  private nearest: Meld[] | null = null;
  private held: Uint8Array | null = null;
  private kinds: Card[] | null = null;
  private closable: boolean | null = null;

  /** The team may close: it took its pozzetto and has the burraco the rules ask for. */
  get canClose(): boolean {
    this.closable ??= closeStatus(this.state, this.seat).canClose;
    return this.closable;
  }

  /** How many of each card the seat holds. */
  get counts(): Uint8Array {
    if (!this.held) {
      this.held = new Uint8Array(53);
      for (const card of this.cards) this.held[card]!++;
    }
    return this.held;
  }
  /** The seat's cards, each once. */
  get distinct(): readonly Card[] {
    this.kinds ??= [...new Set(this.cards)];
    return this.kinds;
  }
  /** The team's melds, those closest to a burraco first (clean before dirty). */
  meldsByNearness(): readonly Meld[] {
    this.nearest ??= this.teamMelds().slice().sort(meldOrder);
    return this.nearest;
  }

  /** This seat's team's melds (a table never changes, so they are read once). */
  teamMelds(): readonly Meld[] {
    const team = this.team;
    this.mine ??= this.state.hand!.melds.filter((m) => m.team === team);
    return this.mine;
  }
  otherMelds(): readonly Meld[] {
    const team = this.team;
    this.others ??= this.state.hand!.melds.filter((m) => m.team !== team);
    return this.others;
  }
  pozzettoTaken(team = this.team): boolean {
    const p = this.state.hand!.pozzetti[team];
    return p !== null && p !== "stock" && p !== undefined;
  }
  pozzettoWaiting(team = this.team): boolean {
    const hand = this.state.hand!;
    return hand.pozzetti[team] === null && hand.nextPozzetto < hand.deal.pozzetti.length;
  }

  /** The table after `move`, or null when the engine refuses it. */
  after(move: Move): Table | null {
    this.meter.steps++;
    const result = play(this.state, this.seat, move);
    return result.ok ? new Table(result.value.state, this.seat, this.memory, this.meter) : null;
  }
}

function meldGap(m: Meld): number {
  return (m.cards.length >= 7 ? 10 : 7 - m.cards.length) + (m.wildAt >= 0 ? 0.5 : 0);
}

function meldOrder(a: Meld, b: Meld): number {
  return meldGap(a) - meldGap(b);
}
