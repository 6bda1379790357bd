import type { GameState } from "../engine/index.js";
import { FEATURES, teamFeatures } from "./features.js";

/**
 * The expected lead of a team at the end of the hand, from where the hand
 * stands now: a linear function of the features of features.ts, fitted on
 * hands between club players by scripts/fit-bot-eval.ts (which prints these
 * weights). Used where the expert's look-ahead stops before the hand ends.
 */
interface Fit {
  /** Weights of the features in order; a fit made before a feature was added has none for it (it counts 0). */
  readonly mine: readonly number[];
  readonly theirs: readonly number[];
  readonly toPlay: number;
}

/** Fitted on hands of every preset with 2, 3 and 4 players. */
const ANY: Fit = {
  mine: [193.2, 64.3, 63.7, 22.9, 19.2, 7.1, 22.1, -175.9, -166.6, 264.2, 121.6, -32, 81.4, -124, 34, -213.9, 250.2, 5.1],
  theirs: [-211.9, -59.8, -64.7, -25.7, -10.3, 2.6, -25.5, 211.6, 186, -254.3, -171.1, 53.8, -105.7, 151.4, -76.9, 243.7, -188.2, 5.1],
  toPlay: 17.4,
};

/**
 * Fitted on 4-player hands only (800 per preset; the same regression as
 * `scripts/fit-bot-eval.ts 800 4`, before pileToTake): partners play the hand
 * differently (a team holds two hands, and the pile passes an opponent
 * between partners), and the expert searching with the fit of every table
 * size won hardly more paired 4-player hands against the club player (about 52%) than the club player itself.
 * Used with 4 players where no fit of the presets' own does better (aperto, chiuso-sporco).
 */
const PARTNERS: Fit = {
  mine: [165.2, 78.2, 66.9, 33.1, 13.4, 3.2, 23, -58, -72.5, -7.5, 63.3, 10.2, 27.3, 280.3, -49.2, -188.8, 286.7, -8.1],
  theirs: [-165.2, -78.2, -66.9, -33.1, -13.4, -3.2, -23, 58, 72.5, 7.5, -63.3, -10.2, -27.3, -280.3, 49.2, 188.8, -286.7, -8.1],
  toPlay: 32.5,
};

/**
 * 4 players with an open pile and sets (classic, aperto-sporco, fibur), fitted on those presets alone, on hands
 * played as the look-ahead plays them (one team the expert's judgement, the other the club's), with the pile the
 * team to play may take (pileToTake): `scripts/fit-bot-eval.ts 800 4 classic,aperto-sporco,fibur mixed`, R² 0.25
 * on held-out hands. Against the frozen club player and the defensive discarder in classic and fibur, 300 deals
 * per cell on each of two ranges (5000–5299, 6000–6299): +5.1 paired hands in 100 on average over the eight
 * cells (−2.8 to +8.7; 60.4% → 65.5%), +22 points per hand. The same fit without the pile won +2.9 on the first
 * range where this one won +5.2, and PARTNERS refitted with the pile feature (club judgement, every preset) +2.5
 * and +0.5 on the two ranges. The gain is these weights': the same command on 1600 hands per preset won 4.5
 * fewer paired hands in 100 than they do (deals 5000–5299), so measure a refit before it replaces them.
 */
const PARTNERS_OPEN: Fit = {
  mine: [146.4, 73.2, 67.2, 27.1, 21.8, -8.1, 10.6, -7.2, 0, -34.1, 104.3, 5.8, 20, 37, -29.8, 46, 241.6, -6, 40.3],
  theirs: [-146.4, -73.2, -67.2, -27.1, -21.8, 8.1, -10.6, 7.2, 0, 34.1, -104.3, -5.8, -20, -37, 29.8, -46, -241.6, -6, -40.4],
  toPlay: 24,
};

/**
 * 4 players where the pile is closed and only a clean burraco closes (chiuso, chiuso-stcl), fitted the same way
 * on those presets' hands, before pileToTake (`scripts/fit-bot-eval.ts 800 4 chiuso,chiuso-stcl mixed` without
 * it; R² 0.34). Against the frozen club player and the defensive discarder, 300 deals per cell on three ranges
 * (5000–5299, 6000–6299, 7000–7299): +2.1 paired hands in 100 on average over the six cells (−1.3 to +5), about
 * the same points per hand (+4). With pileToTake the fit won +0.7.
 */
const PARTNERS_CLEAN: Fit = {
  mine: [187.7, 73, 82.2, 16, 15.5, 6.3, 12.6, -114.9, -21.7, -111.3, 192.8, 21.5, 82.5, 418.7, -311.7, -209.2, 181, -8.3],
  theirs: [-187.7, -73, -82.2, -16, -15.5, -6.3, -12.6, 114.9, 21.7, 111.3, -192.8, -21.5, -82.5, -418.7, 311.7, 209.2, -181, -8.3],
  toPlay: 33.3,
};

/**
 * Two players with an open pile and sets (classic, aperto-sporco, fibur), fitted on those presets alone and on
 * hands played as the look-ahead plays them: one team with the expert's judgement for the table, the other the
 * club's (`scripts/fit-bot-eval.ts 600 2 classic,aperto-sporco,fibur mixed`; R² 0.46 on held-out hands). The fit
 * of every preset weighs these hands with chiuso's and aperto's, whose hands go otherwise: here a pozzetto left
 * in the stock at the end costs far more (−402 against −167), and a hand is worth less. Classic with
 * 2 players against the frozen club player, 200 deals on each of two seed ranges: 67% of paired hands instead of
 * 61.5% (deals 3000–3199, +62 ± 28 points per hand) and 67.3% instead of 60.3% (deals 4000–4199, +42 ± 27).
 * Refitted with pileToTake (the same command; the other weights barely moved): +0.95 paired hands in 100 over
 * classic and fibur against the frozen club player and the defensive discarder, 300 deals per cell on deals
 * 5000–5299 and 6000–6299 (0 to +1.7 in each of the eight cells), +3 points per hand.
 */
const OPEN_TWO: Fit = {
  mine: [169.1, 59, 72.6, 19.3, 49.3, 4.4, 7.8, -71.6, -402.2, 70.7, 44.2, -86.6, 97.7, 143.9, 87.5, 179.7, 93.6, -4.2, 17.2],
  theirs: [-169.1, -59, -72.6, -19.3, -49.3, -4.4, -7.8, 71.6, 402.2, -70.7, -44.2, 86.6, -97.7, -143.9, -87.5, -179.7, -93.6, -4.2, -17.2],
  toPlay: 16.7,
};

/**
 * Three players (each alone, three pozzetti), fitted on 3-player hands alone, per family, played as the
 * look-ahead plays them (one player with the expert's judgement for the table, in turn from hand to hand, the
 * others the club's): `scripts/fit-bot-eval.ts 1500 3 <presets> mixed`. The fit of every table size (ANY) was
 * fitted mostly on hands of 2 and 4 players, where a hand that takes every open pile and holds many cards
 * early wins; with three players such a hand loses: the expert searching with ANY won 17% of deals against
 * the frozen club player in classic, 23% in fibur and none in aperto (30 deals each, three sittings a deal).
 * With an open pile and sets (classic, aperto-sporco, fibur; R² 0.28 on held-out hands): classic 68.5%, fibur
 * 63.7% of deals against the frozen club player (200 deals).
 */
const THREE_OPEN: Fit = {
  mine: [140.9, 84.7, 69.8, 19.8, 34.5, -3.1, 8.4, -64.7, -88.2, -27.4, 82.3, 8.4, 59.3, 33.6, -47, -75.7, 122.7, 3.2, 163.5],
  theirs: [-140.9, -84.7, -69.8, -19.8, -34.5, 3.1, -8.4, 64.7, 88.2, 27.4, -82.3, -8.4, -59.3, -33.5, 46.9, 75.6, -122.6, 3.2, -163.3],
  toPlay: -19.5,
};
/** Three players where the pile is closed and only a clean burraco closes (chiuso, chiuso-stcl; R² 0.41). */
const THREE_CLEAN: Fit = {
  mine: [178.3, 70.4, 55.6, 11.9, 13.5, 0.6, 11.7, -55.7, -40.2, 30.3, 179.8, 11.4, 15.3, 147.3, -221, -124.4, 273.1, 1.3, 49.4],
  theirs: [
    -178.3, -70.4, -55.6, -11.9, -13.5, -0.6, -11.6, 55.7, 40.2, -30.9, -179.1, -11.4, -15.7, -146, 219.7, 124.3, -271.5, 1.3, -49.4,
  ],
  toPlay: -7.9,
};
/** Three players in aperto (an open pile, sequences only; R² 0.40). */
const THREE_APERTO: Fit = {
  mine: [123, 103.8, 59.5, 21.9, 39.6, 8.3, 9.6, 142.3, 24, -1.9, 27.8, 20.9, 4.1, 56.6, -23.7, 46.5, 196.4, 3.7, 135.6],
  theirs: [-123.1, -103.8, -59.5, -22, -39.6, -8.3, -9.6, -142.3, -24, 1.7, -27.6, -20.9, -4.4, -56.2, 23.3, -46.5, -194.3, 3.7, -135.4],
  toPlay: -22.3,
};
/** Three players otherwise (chiuso-sporco): the fit of every preset's 3-player hands (R² 0.36). */
const THREE: Fit = {
  mine: [157.1, 89.4, 62.7, 20.3, 26.3, -2.6, 11.7, -65.2, -54.1, 1.2, 80.1, 14.4, 24.7, 83.8, -71, -130.9, 164.1, 0, 50.8],
  theirs: [-157.1, -89.4, -62.7, -20.3, -26.3, 2.6, -11.7, 65.1, 54.1, -1.2, -80.1, -14.4, -24.7, -83.8, 71, 130.9, -164, 0, -50.7],
  toPlay: 0.2,
};

const mine = new Float64Array(FEATURES);
const theirs = new Float64Array(FEATURES);
const other = new Float64Array(FEATURES);

function fitFor(state: GameState): Fit {
  const rules = state.rules;
  const openSets = rules.discardPile === "open" && rules.sets;
  if (state.players === 4) {
    if (openSets) return PARTNERS_OPEN;
    return rules.discardPile === "closed" && rules.closeRequires === "clean" ? PARTNERS_CLEAN : PARTNERS;
  }
  if (state.players === 3) {
    if (openSets) return THREE_OPEN;
    if (rules.discardPile === "open") return THREE_APERTO;
    return rules.discardPile === "closed" && rules.closeRequires === "clean" ? THREE_CLEAN : THREE;
  }
  return state.players === 2 && openSets ? OPEN_TWO : ANY;
}

/** `team`'s expected lead over the other teams (their mean) at the end of the hand. */
export function evaluate(state: GameState, team: number): number {
  const fit = fitFor(state);
  const teams = state.players === 4 ? 2 : state.players;
  teamFeatures(state, team, mine, 0);
  theirs.fill(0);
  for (let t = 0; t < teams; t++) {
    if (t === team) continue;
    teamFeatures(state, t, other, 0);
    for (let i = 0; i < FEATURES; i++) theirs[i]! += other[i]! / (teams - 1);
  }
  let value = 0;
  for (let i = 0; i < fit.mine.length; i++) value += fit.mine[i]! * mine[i]! + fit.theirs[i]! * theirs[i]!;
  const turn = state.hand!.turn;
  const toPlay = (state.players === 4 ? turn % 2 : turn) === team;
  return value + (toPlay ? fit.toPlay : 0);
}
