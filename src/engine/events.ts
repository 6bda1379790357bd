import type { Card } from "./cards.js";
import type { Deal } from "./deal.js";
import type { Meld } from "./meld.js";
import type { Seat, Team } from "./seats.js";
import type { HandEnd, TeamScore } from "./state.js";

/**
 * What happened, in full. Events hold hidden cards (a drawn card, a
 * pozzetto); `eventFor` in view.ts cuts each one down to what a given viewer
 * may see before it leaves the engine.
 */
export type GameEvent =
  | { readonly type: "handStarted"; readonly hand: number; readonly deal: Deal }
  | { readonly type: "drew"; readonly seat: Seat; readonly card: Card; readonly stockLeft: number }
  | { readonly type: "pickedUp"; readonly seat: Seat; readonly cards: readonly Card[] }
  | { readonly type: "melded"; readonly seat: Seat; readonly meld: Meld; readonly cards: readonly Card[] }
  | { readonly type: "attached"; readonly seat: Seat; readonly meld: Meld; readonly cards: readonly Card[] }
  | {
      readonly type: "pozzettoTaken";
      readonly seat: Seat;
      readonly team: Team;
      readonly pozzetto: number;
      readonly direct: boolean;
      readonly cards: readonly Card[];
    }
  | { readonly type: "pozzettoSeen"; readonly seat: Seat; readonly cards: readonly Card[] }
  | { readonly type: "discarded"; readonly seat: Seat; readonly card: Card }
  | { readonly type: "pozzettiToStock"; readonly teams: readonly Team[]; readonly cards: number }
  | { readonly type: "turn"; readonly seat: Seat }
  | {
      readonly type: "handEnded";
      readonly hand: number;
      readonly end: HandEnd;
      readonly scores: readonly TeamScore[];
      readonly hands: readonly (readonly Card[])[];
      readonly deal: Deal;
    }
  | { readonly type: "matchEnded"; readonly winner: Team | null; readonly totals: readonly number[] }
  | { readonly type: "resigned"; readonly seat: Seat; readonly team: Team };
