/**
 * Engine benchmarks: each figure is the median of several runs on one core,
 * timed in CPU time (the process's own), so that other work on the machine
 * changes them little. `npm run bench` runs them from a bundle built
 * without the name-keeping helpers a TypeScript loader adds (bench/bundle.ts),
 * as the engine runs when deployed.
 */
import {
  applyMove,
  botMove,
  dealFromSeed,
  extendMeld,
  type GameState,
  makeRecord,
  needsDeal,
  newGame,
  nextDealer,
  type PlayerCount,
  PRESETS,
  parseCard,
  parseRecord,
  replayRecord,
  seededRandom,
  shapeMeld,
  startHand,
} from "../src/engine/index.js";

export interface Row {
  readonly what: string;
  readonly value: number;
  readonly unit: string;
  readonly target?: { readonly op: "≥" | "<"; readonly value: number };
}

function median(values: number[]): number {
  const sorted = values.slice().sort((a, b) => a - b);
  return sorted[Math.floor(sorted.length / 2)]!;
}

/** Runs `fn` `runs` times after a warm-up and returns the median of what it reports. */
function measure(runs: number, fn: () => number): number {
  fn();
  return median(Array.from({ length: runs }, fn));
}

/** The process's CPU time so far, in milliseconds. */
function cpuMs(): number {
  const { user, system } = process.cpuUsage();
  return (user + system) / 1000;
}

function randomHands(players: PlayerCount, hands: number, seed: string): { ms: number; moves: number } {
  const rules = PRESETS.classic;
  const random = seededRandom(seed);
  let moves = 0;
  const start = cpuMs();
  for (let h = 0; h < hands; h++) {
    const started = startHand(newGame(rules, players), dealFromSeed(`${seed}/${h}`, players, h % players));
    if (!started.ok) throw new Error(started.error);
    let state = started.value.state;
    while (!state.hand!.end) {
      state = botMove(state, random).outcome.state;
      moves++;
    }
  }
  return { ms: cpuMs() - start, moves };
}

/** A whole match to the target, 4 players, played by the bot. */
export function fullMatch(seed: string): GameState {
  const random = seededRandom(seed);
  let state = newGame(PRESETS.classic, 4);
  for (let h = 0; needsDeal(state); h++) {
    const started = startHand(state, dealFromSeed(`${seed}/${h}`, 4, nextDealer(state, 0)));
    if (!started.ok) throw new Error(started.error);
    state = started.value.state;
    while (!state.hand!.end) state = botMove(state, random).outcome.state;
  }
  return state;
}

const SELECTIONS = [
  "3H 4H 5H",
  "5H JK 7H",
  "QH KH AH JK",
  "2H 4H 5H",
  "7S 7D 7C 2H",
  "AH 2H 3H 4H 5H 6H 7H",
  "9C 10C JC QC KC 2D",
  "5H 6S 7H",
].map((text) => text.split(" ").map((c) => parseCard(c)!));

export function engineBench(): Row[] {
  const rows: Row[] = [];
  const rules = PRESETS.classic;

  const four = measure(5, () => {
    const { ms } = randomHands(4, 1000, "four");
    return (1000 / ms) * 1000;
  });
  rows.push({ what: "random 4-player hands per second", value: four, unit: "hands/s", target: { op: "≥", value: 2000 } });
  rows.push({
    what: "random 2-player hands per second",
    value: measure(5, () => (1000 / randomHands(2, 1000, "two").ms) * 1000),
    unit: "hands/s",
  });
  rows.push({
    what: "moves per second in random legal play (choosing included)",
    value: measure(5, () => {
      const { ms, moves } = randomHands(4, 100, "moves");
      return (moves / ms) * 1000;
    }),
    unit: "moves/s",
  });

  const match = fullMatch("match");
  const text = JSON.stringify(makeRecord(match));
  const handCount = match.past.length + 1;
  const replayMs = measure(21, () => {
    const start = cpuMs();
    for (let i = 0; i < 10; i++) {
      const record = parseRecord(JSON.parse(text));
      if (!record.ok) throw new Error(record.error);
      replayRecord(record.value);
    }
    return (cpuMs() - start) / 10;
  });
  rows.push({
    what: `replay a full 4-player match to 2005 (${handCount} hands)`,
    value: replayMs,
    unit: "ms",
    target: { op: "<", value: 10 },
  });

  // One move as the Durable Object applies it: JSON in, new state and events out.
  const record = parseRecord(JSON.parse(text));
  if (!record.ok) throw new Error(record.error);
  // Dealing is timed too, a few microseconds a hand: small beside hundreds of moves.
  const perMove = measure(11, () => {
    let moves = 0;
    const start = cpuMs();
    for (let round = 0; round < 20; round++) {
      let state = newGame(rules, 4);
      for (const hand of record.value.hands) {
        state = (startHand(state, hand.deal) as { ok: true; value: { state: GameState } }).value.state;
        for (const { seat, move } of hand.moves) {
          const result = applyMove(state, seat, move);
          if (result.ok) state = result.value.state;
          moves++;
        }
      }
    }
    return ((cpuMs() - start) * 1000) / moves;
  });
  rows.push({ what: "apply one move (JSON move to new state and events)", value: perMove, unit: "µs", target: { op: "<", value: 1000 } });

  const meldUs = measure(7, () => {
    const n = 200000;
    const start = cpuMs();
    for (let i = 0; i < n; i++) shapeMeld(SELECTIONS[i % SELECTIONS.length]!, rules);
    return ((cpuMs() - start) * 1000) / n;
  });
  rows.push({ what: "validate a new meld", value: meldUs, unit: "µs", target: { op: "<", value: 5 } });
  const base = shapeMeld(SELECTIONS[0]!, rules);
  if (!base.ok) throw new Error("bad selection");
  const added = [parseCard("6H")!];
  const attachUs = measure(7, () => {
    const n = 200000;
    const start = cpuMs();
    for (let i = 0; i < n; i++) extendMeld(base.value, added, rules);
    return ((cpuMs() - start) * 1000) / n;
  });
  rows.push({ what: "validate an addition to a meld", value: attachUs, unit: "µs", target: { op: "<", value: 5 } });
  return rows;
}

export function printRows(title: string, rows: readonly Row[]): void {
  const format = (n: number) => (n >= 100 ? Math.round(n).toLocaleString("en") : n.toFixed(n >= 10 ? 1 : 2));
  const lines = rows.map((r) => {
    const target = r.target ? `${r.target.op} ${format(r.target.value)}` : "";
    const met = r.target ? ((r.target.op === "≥" ? r.value >= r.target.value : r.value < r.target.value) ? "ok" : "MISSED") : "";
    return [r.what, `${format(r.value)} ${r.unit}`, target, met];
  });
  const widths = [0, 1, 2, 3].map((i) => Math.max(...[["what", "median", "target", "result"], ...lines].map((l) => l[i]!.length)));
  const row = (l: string[]) =>
    l
      .map((cell, i) => (i === 1 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(`\n${title}\n`);
  console.log(row(["what", "median", "target", "result"]));
  console.log(row(widths.map((w) => "-".repeat(w))));
  for (const l of lines) console.log(row(l));
}
