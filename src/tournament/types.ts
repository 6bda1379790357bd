/**
 * A tournament's vocabulary, pure: how rounds are paired (movement.ts), how a
 * table's result becomes victory points (score.ts) and how the standings are
 * ranked (standings.ts). Entries are numbered from 0 in the order they
 * registered; a side of a table is an entry, or the house's computer filling
 * a vacant place (`null`).
 */

/**
 * How each round's tables are made: Mitchell (half the field stays, the
 * other half moves one table on each round), Danish (first plays second,
 * third plays fourth, by the standings), or Mitchell rounds then a Danish
 * last round.
 */
export const MOVEMENTS = ["mitchell", "danish", "mitchell-danish"] as const;
export type Movement = (typeof MOVEMENTS)[number];

/** An odd number of entries: the entry left over sits out (a bye) or plays the computer. */
export const ODD_ENTRIES = ["bye", "computer"] as const;
export type OddEntries = (typeof ODD_ENTRIES)[number];

/** A withdrawn entry's remaining rounds: lost by forfeit to their opponents, or played by the computer. */
export const WITHDRAWALS = ["forfeit", "computer"] as const;
export type Withdrawal = (typeof WITHDRAWALS)[number];

/** A side of a table: an entry's number, or null for the house's computer in a vacant place. */
export type Side = number | null;

/** One entry's place in a round. */
export type Pairing =
  /** `sides[0]` sits at seat 0 (and 2 with four players), `sides[1]` at seat 1 (and 3). Tables are numbered from 1. */
  | { readonly kind: "table"; readonly table: number; readonly sides: readonly [Side, Side] }
  /** The entry left over sits the round out. */
  | { readonly kind: "bye"; readonly entry: number }
  /** The entry's opponent withdrew: the round is won by forfeit, with no table. */
  | { readonly kind: "forfeit"; readonly entry: number; readonly against: number };

export type TablePairing = Extract<Pairing, { kind: "table" }>;

/** How a table ended when it did not end by play: a side resigned, ran out of time, or never played. */
export type LostReason = "resigned" | "timeout" | "aborted";

/** A finished table, as its game ended. */
export interface TableResult {
  /** The match's final totals, per side. */
  readonly totals: readonly [number, number];
  /** Each hand played to its end: its points per side, in the order played (hand 0 first). */
  readonly hands: readonly (readonly [number, number])[];
  /** Set when a side lost outside play. */
  readonly lost?: { readonly side: 0 | 1; readonly reason: LostReason };
}

/** A round as the standings read it: its pairings, and each table's result once it has one. */
export interface RoundOutcome {
  readonly pairings: readonly Pairing[];
  /** By table number. */
  readonly results: ReadonlyMap<number, TableResult>;
}

/** What one entry scored in one round. */
export interface EntryRound {
  readonly round: number;
  readonly kind: "table" | "bye" | "forfeit";
  /** The opponent: an entry, null for the computer, absent for a bye or a forfeit won. */
  readonly opponent?: Side;
  readonly table?: number;
  readonly vp: number;
  /** Points scored and conceded (a bye and a forfeit: 0 and 0). */
  readonly for: number;
  readonly against: number;
  /** Against the other tables that played the same deals: the sum, over hands, of this side's margin less the field's. */
  readonly duplicate: number;
}

/** One line of the standings. */
export interface Standing {
  /** 1 for the first; entries tied on every criterion share a rank. */
  readonly rank: number;
  readonly entry: number;
  readonly vp: number;
  readonly for: number;
  readonly against: number;
  /** `for - against`: the second criterion. */
  readonly diff: number;
  /** Victory points won against the entries tied with this one on VP and difference: the third criterion. */
  readonly headToHead: number;
  /** The duplicate comparison, summed over rounds (shown, not ranked by). */
  readonly duplicate: number;
  /** Tables played (byes and forfeits not counted). */
  readonly played: number;
  readonly rounds: readonly EntryRound[];
}
