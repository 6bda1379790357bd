/**
 * Fits the expert's evaluation (src/bots/evaluate.ts): club players play
 * hands of every preset with 2, 3 and 4 players; at every turn the features
 * of each team are recorded with how the hand ended for it, and a ridge
 * regression finds the weights. Prints them as TypeScript.
 *
 *   npx tsx scripts/fit-bot-eval.ts [hands per preset and player count] [player counts] [presets] [judgement]
 *
 * e.g. `npx tsx scripts/fit-bot-eval.ts 800 4 classic,aperto-sporco,fibur mixed`
 * for the weights the expert uses with partners and an open pile with sets,
 * `… 150 2,3` for the others (all three by default); evaluate.ts says which.
 * Presets default to all; the judgement is what the hands are played with:
 * `club` (the default), `table` (the expert's own for the table,
 * expertWeightsFor) or `mixed` (one team the expert's, the others the club's,
 * as its look-ahead plays them).
 */
import { clubMove } from "../src/bots/club.js";
import { FEATURE_NAMES, FEATURES, teamFeatures } from "../src/bots/features.js";
import { Table } from "../src/bots/table.js";
import { CLUB_WEIGHTS, expertWeightsFor } from "../src/bots/values.js";
import {
  dealFromSeed,
  type GameState,
  newGame,
  type PlayerCount,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  play,
  startHand,
  teamCount,
  teamOf,
} from "../src/engine/index.js";

const HANDS = Number(process.argv[2] ?? 150);
const PLAYERS = (process.argv[3] ?? "2,3,4").split(",").map(Number) as PlayerCount[];
if (PLAYERS.some((n) => n !== 2 && n !== 3 && n !== 4)) throw new Error("player counts are 2, 3 or 4, e.g. 2,3");
const FIT_PRESETS = (process.argv[4]?.split(",") ?? PRESET_NAMES) as PresetName[];
if (FIT_PRESETS.some((p) => !PRESET_NAMES.includes(p))) throw new Error(`presets: ${PRESET_NAMES.join(", ")}`);
const JUDGEMENT = process.argv[5] ?? "club";
/** Where the hands' deals start (the same command with another offset fits on other hands). */
const OFFSET = Number(process.argv[6] ?? 0);
if (!["club", "table", "mixed"].includes(JUDGEMENT)) throw new Error("judgement: club, table or mixed");
const DIM = 2 * FEATURES + 1;

/** One row per team: its features, the mean of the others', whether it is to play. */
function rows(state: GameState): Float64Array[] {
  const teams = teamCount(state.players);
  const each = Array.from({ length: teams }, (_, team) => {
    const f = new Float64Array(FEATURES);
    teamFeatures(state, team, f, 0);
    return f;
  });
  return each.map((mine, team) => {
    const row = new Float64Array(DIM);
    row.set(mine, 0);
    for (let other = 0; other < teams; other++) {
      if (other === team) continue;
      for (let i = 0; i < FEATURES; i++) row[FEATURES + i]! += each[other]![i]! / (teams - 1);
    }
    row[DIM - 1] = teamOf(state.hand!.turn, state.players) === team ? 1 : 0;
    return row;
  });
}

function outcome(state: GameState, team: number): number {
  const scores = state.hand!.scores!;
  const others = scores.filter((s) => s.team !== team);
  return scores[team]!.total - others.reduce((sum, s) => sum + s.total, 0) / others.length;
}

const xtx = new Float64Array(DIM * DIM);
const xty = new Float64Array(DIM);
const test: { row: Float64Array; y: number }[] = [];
let n = 0;
for (const preset of FIT_PRESETS) {
  for (const players of PLAYERS) {
    const rules = PRESETS[preset];
    for (let h = OFFSET; h < OFFSET + HANDS; h++) {
      const started = startHand(newGame(rules, players), dealFromSeed(`fit ${preset} ${players} ${h}`, players, h % players, rules.jokers));
      if (!started.ok) throw new Error(started.error);
      let state = started.value.state;
      const seen: { state: GameState }[] = [];
      for (let guard = 0; guard < 3000 && !state.hand!.end; guard++) {
        if (state.hand!.phase === "take") seen.push({ state });
        const seat = state.hand!.turn;
        // Mixed: one team (in turn from hand to hand) plays the expert's judgement, the others the club's, as in its look-ahead.
        const own = JUDGEMENT === "table" || (JUDGEMENT === "mixed" && teamOf(seat, players) === h % teamCount(players));
        const w = own ? expertWeightsFor(rules, players) : CLUB_WEIGHTS;
        const result = play(state, seat, clubMove(new Table(state, seat), w));
        if (!result.ok) throw new Error(result.error.message);
        state = result.value.state;
      }
      if (!state.hand!.end) continue;
      const held = h % 5 === 0;
      for (const s of seen) {
        rows(s.state).forEach((row, team) => {
          const y = outcome(state, team);
          if (held) test.push({ row, y });
          else {
            for (let i = 0; i < DIM; i++) {
              xty[i]! += row[i]! * y;
              for (let j = 0; j < DIM; j++) xtx[i * DIM + j]! += row[i]! * row[j]!;
            }
            n++;
          }
        });
      }
    }
  }
}

// Ridge: (XᵀX + λI) w = Xᵀy, by Gaussian elimination with partial pivoting.
const lambda = 1;
const a = xtx.slice();
for (let i = 0; i < DIM; i++) a[i * DIM + i]! += lambda;
const b = xty.slice();
for (let col = 0; col < DIM; col++) {
  let pivot = col;
  for (let r = col + 1; r < DIM; r++) if (Math.abs(a[r * DIM + col]!) > Math.abs(a[pivot * DIM + col]!)) pivot = r;
  for (let j = 0; j < DIM; j++) [a[col * DIM + j], a[pivot * DIM + j]] = [a[pivot * DIM + j]!, a[col * DIM + j]!];
  [b[col], b[pivot]] = [b[pivot]!, b[col]!];
  for (let r = 0; r < DIM; r++) {
    if (r === col) continue;
    const f = a[r * DIM + col]! / a[col * DIM + col]!;
    for (let j = col; j < DIM; j++) a[r * DIM + j]! -= f * a[col * DIM + j]!;
    b[r]! -= f * b[col]!;
  }
}
const w = Array.from({ length: DIM }, (_, i) => b[i]! / a[i * DIM + i]!);

let sse = 0,
  sst = 0,
  mean = 0;
for (const t of test) mean += t.y / test.length;
for (const t of test) {
  let p = 0;
  for (let i = 0; i < DIM; i++) p += w[i]! * t.row[i]!;
  sse += (t.y - p) ** 2;
  sst += (t.y - mean) ** 2;
}
const round = (x: number) => Math.round(x * 10) / 10;
console.error(
  `${n} training rows, ${test.length} held out: R² ${(1 - sse / sst).toFixed(3)}, RMSE ${Math.sqrt(sse / test.length).toFixed(0)}`,
);
console.log(`// ${FEATURE_NAMES.join(", ")}`);
console.log(`export const MINE = [${w.slice(0, FEATURES).map(round).join(", ")}];`);
console.log(
  `export const THEIRS = [${w
    .slice(FEATURES, 2 * FEATURES)
    .map(round)
    .join(", ")}];`,
);
console.log(`export const TO_PLAY = ${round(w[DIM - 1]!)};`);
