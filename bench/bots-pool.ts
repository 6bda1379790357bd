/**
 * The yardstick of the computer players (bench/bots.ts): a pool of
 * opponents of different styles — the club and expert players frozen as
 * they were before issue 20 (bench/baselines), a clean-burraco specialist and
 * a defensive discarder (src/bots/strategies.ts) — met on paired deals (each
 * deal played twice with the seats swapped, every hand a fresh one-hand
 * match), per preset family and player count, with what each side made of
 * its hands: burracos, closes, pozzetti missed, stalemates.
 */
import { type BotLevel, type BotOptions, strategyMove } from "../src/bots/index.js";
import { type GameState, type PlayerCount, PRESETS, type PresetName, teamOf } from "../src/engine/index.js";
import { type MoveTiming, newDriver, playHand, type Seating } from "../test/bots/driver.js";
import { baselineMove } from "./baselines/index.js";

/** The preset families: deal i of a family is played with its preset i modulo their number. */
export const FAMILIES: Readonly<Record<string, readonly PresetName[]>> = {
  classic: ["classic", "aperto-sporco"],
  chiuso: ["chiuso", "chiuso-stcl", "chiuso-sporco"],
  aperto: ["aperto"],
  fibur: ["fibur"],
};

export function player(name: string, options?: BotOptions): Seating {
  switch (name) {
    case "club-v1":
    case "expert-v1":
      return { level: name, choose: (input, seed) => baselineMove(name === "club-v1" ? "club" : "expert", input, seed) };
    case "clean":
    case "defensive":
      return { level: name, choose: (input, seed, meter) => strategyMove(name, input, seed, meter) };
    case "beginner":
    case "club":
    case "expert":
      return { level: name as BotLevel, ...(options ? { options } : {}) };
  }
  throw new Error(`unknown player ${name}: beginner, club, expert, club-v1, expert-v1, clean, defensive`);
}

export const POOL = ["club-v1", "expert-v1", "clean", "defensive"] as const;

/** What one team made of a hand. */
interface TeamHand {
  readonly points: number;
  readonly burracos: number;
  readonly closed: boolean;
  readonly pozzettoMissed: boolean;
}

function teamHand(state: GameState, team: number): TeamHand {
  const hand = state.hand!;
  const closer = hand.end!.closedBy;
  const pozzetto = hand.pozzetti[team];
  return {
    points: hand.scores![team]!.total,
    burracos: hand.melds.filter((m) => m.team === team && m.cards.length >= 7).length,
    closed: hand.end!.reason === "closed" && closer !== null && teamOf(closer, state.players) === team,
    pozzettoMissed: pozzetto === null || pozzetto === "stock",
  };
}

export interface CellResult {
  readonly deals: number;
  /** Pairs won by the first side, ties counting half. */
  readonly pairWins: number;
  /** The first side's lead per hand, and the half-width of its 95% interval. */
  readonly lead: number;
  readonly interval: number;
  /** Per side (first, second), per hand: burracos, share of hands closed, share of hands without a pozzetto. */
  readonly burracos: [number, number];
  readonly closes: [number, number];
  readonly pozzettiMissed: [number, number];
  readonly stalemates: number;
  readonly timings: MoveTiming[];
}

/**
 * `deals` paired deals of the family between `a` and `b`. With 2 or 4 players each deal is played twice, the
 * teams swapped; with 3 (no partners) three times, `a` in each seat in turn against two `b`s. A deal is won
 * when `a`'s hands together score more than the other side's (with 3 players, than the mean of the two
 * others': what an equal player wins half the time, as with 2 and 4), ties counting half.
 */
export function pairCell(a: Seating, b: Seating, family: string, players: PlayerCount, deals: number, from = 0): CellResult {
  const presets = FAMILIES[family];
  if (!presets) throw new Error(`families: ${Object.keys(FAMILIES).join(", ")}`);
  const leads: number[] = [];
  const timings: MoveTiming[] = [];
  const burracos: [number, number] = [0, 0];
  const closes: [number, number] = [0, 0];
  const missed: [number, number] = [0, 0];
  let wins = 0;
  let stalemates = 0;
  let hands = 0;
  // Which team `a` holds in each playing of a deal; with partners, seats 0 and 2 are team 0.
  const sittings = players === 3 ? [0, 1, 2] : [0, 1];
  for (let i = from; i < from + deals; i++) {
    const preset = presets[i % presets.length]!;
    let lead = 0;
    for (const teamA of sittings) {
      const d = newDriver(PRESETS[preset], players, true);
      const seats = Array.from({ length: players }, (_, s) => (s % sittings.length === teamA ? a : b));
      playHand(d, seats, `pool ${preset} ${players} ${i}`, i % players);
      const others = sittings.filter((t) => t !== teamA).map((t) => teamHand(d.state, t));
      const mine = teamHand(d.state, teamA);
      lead += mine.points - others.reduce((sum, o) => sum + o.points, 0) / others.length;
      const tally = (k: 0 | 1, side: TeamHand, share: number) => {
        burracos[k] += side.burracos * share;
        closes[k] += (side.closed ? 1 : 0) * share;
        missed[k] += (side.pozzettoMissed ? 1 : 0) * share;
      };
      tally(0, mine, 1);
      // The other side's figures per team: with 3 players, the mean of the two.
      for (const o of others) tally(1, o, 1 / others.length);
      hands++;
      if (d.state.hand!.end!.reason === "stalemate") stalemates++;
      timings.push(...d.timings!);
    }
    leads.push(lead / sittings.length);
    wins += lead > 0 ? 1 : lead === 0 ? 0.5 : 0;
  }
  const n = leads.length;
  const mean = leads.reduce((s, x) => s + x, 0) / n;
  const sd = Math.sqrt(leads.reduce((s, x) => s + (x - mean) ** 2, 0) / Math.max(1, n - 1));
  const per = (pair: [number, number]): [number, number] => [pair[0] / hands, pair[1] / hands];
  return {
    deals: n,
    pairWins: wins / n,
    lead: mean,
    interval: (1.96 * sd) / Math.sqrt(n),
    burracos: per(burracos),
    closes: per(closes),
    pozzettiMissed: per(missed),
    stalemates,
    timings,
  };
}

/** Hands of one preset between players of one kind: how many end in a stalemate. */
export function selfPlay(
  seat: Seating,
  preset: PresetName,
  players: PlayerCount,
  hands: number,
): { hands: number; stalemates: number; timings: MoveTiming[] } {
  let stalemates = 0;
  const timings: MoveTiming[] = [];
  for (let h = 0; h < hands; h++) {
    const d = newDriver(PRESETS[preset], players, true);
    playHand(
      d,
      Array.from({ length: players }, () => seat),
      `self ${preset} ${players} ${h}`,
      h % players,
    );
    if (d.state.hand!.end!.reason === "stalemate") stalemates++;
    timings.push(...d.timings!);
  }
  return { hands, stalemates, timings };
}
