import type { Card } from "./cards.js";
import type { Deal } from "./deal.js";
import type { Meld } from "./meld.js";
import type { Move } from "./moves.js";
import type { Rules } from "./rules.js";
import type { PlayerCount, Seat, Team } from "./seats.js";
import type { HandEnd, MatchEnding, TeamScore } from "./types.js";

/** How a team's pozzetto stands: not taken yet, taken (by whom, how), or lost to the stock. */
export type PozzettoStatus = null | TakenPozzetto | "stock";

export interface TakenPozzetto {
  readonly seat: Seat;
  /** Which of the deal's pozzetti it was. */
  readonly pozzetto: number;
  /** Taken al volo (true) or on the discard (false). */
  readonly direct: boolean;
}

export type { EndReason, HandEnd, MatchEnding, TeamScore } from "./types.js";

/** An accepted move; kept as a persistent list so that appending copies nothing. */
export interface MoveLog {
  readonly prev: MoveLog | null;
  readonly seat: Seat;
  readonly move: Move;
}

export interface HandState {
  /** 0 for the match's first hand. */
  readonly number: number;
  readonly deal: Deal;
  readonly hands: readonly (readonly Card[])[];
  /** The stock, top first; cards before `stockTop` have been drawn. */
  readonly stock: readonly Card[];
  readonly stockTop: number;
  /** Bottom first, top last. */
  readonly pile: readonly Card[];
  readonly melds: readonly Meld[];
  /** Index in `deal.pozzetti` of the next pozzetto to be taken. */
  readonly nextPozzetto: number;
  /** Per team. */
  readonly pozzetti: readonly PozzettoStatus[];
  /** Per seat: holds a pozzetto taken on the discard that they may not see until their next turn. */
  readonly unseen: readonly boolean[];
  readonly turn: Seat;
  readonly phase: "take" | "play";
  /** A single card picked up this turn that may not be discarded again. */
  readonly picked: Card | null;
  /** This turn so far is only a one-card pickup (for the stalemate rule). */
  readonly turnIdle: boolean;
  readonly idleTurns: number;
  /** The stock is down to its last two cards: this turn is the hand's last. */
  readonly lastTurn: boolean;
  readonly end: HandEnd | null;
  readonly scores: readonly TeamScore[] | null;
  readonly log: MoveLog | null;
}

export interface GameState {
  readonly rules: Rules;
  readonly players: PlayerCount;
  /** The team of the first player of the match's first hand (ties with `tie: "starter"`). */
  readonly starter: Team | null;
  /** Hands that have ended before the current one. */
  readonly past: readonly HandState[];
  readonly hand: HandState | null;
  readonly totals: readonly number[];
  readonly over: boolean;
  readonly winner: Team | null;
  /** Set when the match ended on time or was aborted (the service's clock), not by play. */
  readonly ending?: MatchEnding;
}

export function stockSize(hand: HandState): number {
  return hand.stock.length - hand.stockTop;
}

export function movesOf(hand: HandState): { seat: Seat; move: Move }[] {
  const out: { seat: Seat; move: Move }[] = [];
  for (let node = hand.log; node; node = node.prev) out.push({ seat: node.seat, move: node.move });
  return out.reverse();
}

export function handsOf(state: GameState): HandState[] {
  return state.hand ? [...state.past, state.hand] : [...state.past];
}
