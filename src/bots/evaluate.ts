import type { GameState } from "../engine/index.js";
import { FEATURES, teamFeatures } from "./features.js";

/**
 * The expected lead of a team at the end of the hand, from where the hand
 * stands now: a linear function of the features of features.ts, fitted on
 * hands between club players by scripts/fit-bot-eval.ts (which prints these
 * weights). Used where the expert's look-ahead stops before the hand ends.
 */
const MINE = [191.3, 65.5, 65, 29.6, 29, 8.6, 25.5, -169.5, -158.5, 327.1, 43.6, -30, 57.9, -216.5, 156.4, -171.1, 164.7, 3];
const THEIRS = [-197, -64.9, -70.9, -32.1, -26.7, -2.8, -32.7, 181.6, 174, -326.8, -77.6, 48.7, -61.4, 247.7, -191.6, 181.8, -142.9, 3];
const TO_PLAY = 16.3;

const mine = new Float64Array(FEATURES);
const theirs = new Float64Array(FEATURES);
const other = new Float64Array(FEATURES);

/** `team`'s expected lead over the other teams (their mean) at the end of the hand. */
export function evaluate(state: GameState, team: number): number {
  const teams = state.players === 4 ? 2 : state.players;
  teamFeatures(state, team, mine, 0);
  theirs.fill(0);
  for (let t = 0; t < teams; t++) {
    if (t === team) continue;
    teamFeatures(state, t, other, 0);
    for (let i = 0; i < FEATURES; i++) theirs[i]! += other[i]! / (teams - 1);
  }
  let value = 0;
  for (let i = 0; i < FEATURES; i++) value += MINE[i]! * mine[i]! + THEIRS[i]! * theirs[i]!;
  const turn = state.hand!.turn;
  const toPlay = (state.players === 4 ? turn % 2 : turn) === team;
  return value + (toPlay ? TO_PLAY : 0);
}
