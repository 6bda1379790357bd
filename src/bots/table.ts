import {
  type Card,
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
 * A table as one seat's policy sees it. The state may be a sample (other
 * hands, stock and pozzetti filled with guesses): a policy reads only the
 * seat's own hand and the public parts, and asks the engine whether a move is legal.
 */
export class Table {
  constructor(
    readonly state: GameState,
    readonly seat: Seat,
    readonly memory: Memory = NO_MEMORY,
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
    return this.memory.pileUnknown > 0 ? pile.slice(Math.min(pile.length, this.memory.pileUnknown)) : pile;
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
  private mine: Meld[] | null = null;
  private others: Meld[] | null = null;

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
    const result = play(this.state, this.seat, move);
    return result.ok ? new Table(result.value.state, this.seat, this.memory) : null;
  }
}
