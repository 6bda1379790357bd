/**
 * The matches of the computer players' benchmark (bench/bots.ts), played
 * with test/bots/driver.ts: every seat decides from its own view and events.
 * Every deal is played twice with the seats swapped, so the luck of the deal cancels.
 */
import type { BotLevel, BotOptions } from "../src/bots/index.js";
import { type PlayerCount, PRESETS, type PresetName } from "../src/engine/index.js";
import { type MoveTiming, newDriver, playHand, playMatch, type Seating } from "../test/bots/driver.js";

export interface Side {
  readonly level: BotLevel;
  readonly options?: BotOptions;
  /** A player of its own instead of the level (experiments). */
  readonly choose?: Seating["choose"];
}

export interface PairingResult {
  /** Deals (hands) or deal sequences (matches) played twice. */
  readonly pairs: number;
  readonly hands: number;
  /** Share of pairs won by the first side, ties counting half (hands: the two score differences summed; matches: matches won). */
  readonly pairWins: number;
  /** Share of matches won by the first side (matches only). */
  readonly matchWins: number | null;
  /** The first side's lead per hand and the half-width of its 95% interval. */
  readonly lead: number;
  readonly interval: number;
  readonly timings: MoveTiming[];
}

function seats(a: Side, b: Side, players: PlayerCount, swapped: boolean): Seating[] {
  // Seat s belongs to team s % 2 with 2 or 4 players; the first side is team 0 unless swapped.
  return Array.from({ length: players }, (_, s) => {
    const side = (s % 2 === 0) !== swapped ? a : b;
    return { ...side };
  });
}

function summary(leads: number[], hands: number, wins: number, matchWins: number | null, timings: MoveTiming[]): PairingResult {
  const n = leads.length;
  const mean = leads.reduce((s, x) => s + x, 0) / n;
  const sd = Math.sqrt(leads.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, n - 1));
  return { pairs: n, hands, pairWins: wins / n, matchWins, lead: mean, interval: (1.96 * sd) / Math.sqrt(n), timings };
}

/** Single hands: `pairs` deals, each played twice. */
export function handPairing(a: Side, b: Side, players: 2 | 4, pairs: number, preset: PresetName = "classic", from = 0): PairingResult {
  const leads: number[] = [];
  const timings: MoveTiming[] = [];
  let wins = 0;
  for (let i = from; i < from + pairs; i++) {
    let lead = 0;
    for (const swapped of [false, true]) {
      const d = newDriver(PRESETS[preset], players, true);
      playHand(d, seats(a, b, players, swapped), `bench ${preset} ${players} ${i}`, i % players);
      const scores = d.state.hand!.scores!;
      const team = swapped ? 1 : 0;
      lead += scores[team]!.total - scores[1 - team]!.total;
      timings.push(...d.timings!);
    }
    leads.push(lead / 2);
    wins += lead > 0 ? 1 : lead === 0 ? 0.5 : 0;
  }
  return summary(leads, 2 * pairs, wins, null, timings);
}

/** Whole matches to the rules' target (2005 in classic): each sequence of deals played twice. */
export function matchPairing(a: Side, b: Side, players: 2 | 4, minHands: number, preset: PresetName = "classic"): PairingResult {
  const leads: number[] = [];
  const timings: MoveTiming[] = [];
  let hands = 0;
  let pairWins = 0;
  let matchWins = 0;
  let matches = 0;
  for (let i = 0; hands < minHands; i++) {
    let won = 0;
    let lead = 0;
    let handsHere = 0;
    for (const swapped of [false, true]) {
      const d = newDriver(PRESETS[preset], players, true);
      const end = playMatch(d, seats(a, b, players, swapped), `bench match ${preset} ${players} ${i}`, i % players);
      const team = swapped ? 1 : 0;
      if (end.winner === team) won++;
      lead += end.totals[team]! - end.totals[1 - team]!;
      handsHere += end.past.length + 1;
      timings.push(...d.timings!);
      matches++;
    }
    hands += handsHere;
    matchWins += won;
    pairWins += won / 2;
    leads.push(lead / handsHere);
  }
  return { ...summary(leads, hands, pairWins, matchWins / matches, timings), pairWins: pairWins / leads.length };
}
