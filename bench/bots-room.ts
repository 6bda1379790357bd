/**
 * The computer's turns as the room plays them (`npm run bench -- bots room`):
 * every seat a computer of one level, each turn played over the room's
 * invocations with the room's own code (src/server/room/computer.ts: a budget
 * of counted work per invocation), each invocation and each decision timed in
 * CPU. Prints p50 / p99 / max per decision, per invocation (one alarm) and per
 * whole turn, in CPU and in counted work, and what a counted step costs on
 * this machine: the budget's mapping from steps to milliseconds.
 *
 * What an invocation's figure covers: choosing the moves (the players' search
 * and judgement), the seat's view and events, and the engine applying each
 * move — not the room's storage write or its messages to sockets (their CPU is
 * the room's move path's, `npm run bench -- profile`).
 */
import { chooseMove } from "../src/bots/index.js";
import {
  dealFromSeed,
  type GameEvent,
  type GameState,
  newGame,
  type PlayerCount,
  PRESETS,
  type PresetName,
  startHand,
} from "../src/engine/index.js";
import { computerMoves, DECISION_STEPS, type Decide, INVOCATION_STEPS, newWork } from "../src/server/room/computer.js";
import type { ComputerLevel } from "../src/shared/wire/common.js";

/** CPU milliseconds so far, of the whole process: it counts V8's helper threads too, so it errs high. */
function cpuNow(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

interface Cost {
  readonly ms: number;
  readonly steps: number;
}

export interface RoomCosts {
  readonly decisions: Cost[];
  readonly invocations: Cost[];
  readonly turns: Cost[];
  /** Invocations per turn. */
  readonly spread: number[];
  hands: number;
}

/** Plays `hands` hands of `preset` with every seat `level`, as the room does; returns what each part cost. */
export function roomHands(level: ComputerLevel, preset: PresetName, players: PlayerCount, hands: number, into?: RoomCosts): RoomCosts {
  const out = into ?? { decisions: [], invocations: [], turns: [], spread: [], hands: 0 };
  const decide: Decide = (lvl, input, seed, meter) => {
    const start = cpuNow();
    const before = meter.steps;
    const move = chooseMove(lvl, input, seed, { meter });
    out.decisions.push({ ms: cpuNow() - start, steps: meter.steps - before });
    return move;
  };
  for (let h = 0; h < hands; h++) {
    const seed = `room ${preset} ${players} ${h}`;
    const game = newGame(PRESETS[preset], players);
    const started = startHand(game, dealFromSeed(seed, players, h % players, game.rules.jokers));
    if (!started.ok) throw new Error(started.error);
    let state: GameState = started.value.state;
    const events: GameEvent[] = [...started.value.events];
    let version = 0;
    for (let turns = 0; !state.hand!.end; turns++) {
      if (turns > 1000) throw new Error(`${seed}: no end`);
      const seat = state.hand!.turn;
      const turn = { ms: 0, steps: 0 };
      let invocations = 0;
      while (!state.hand!.end && state.hand!.turn === seat) {
        if (++invocations > 60) throw new Error(`${seed}: a turn that never ends`);
        const work = newWork();
        const at = version;
        const start = cpuNow();
        const moves = computerMoves(state, events, level, (i) => `${seed}/${at + i}`, work, decide);
        const ms = cpuNow() - start;
        if (moves.length === 0) throw new Error(`${seed}: an invocation with no move`);
        for (const m of moves) events.push(...m.outcome.events);
        state = moves.at(-1)!.outcome.state;
        version += moves.length;
        out.invocations.push({ ms, steps: work.steps });
        turn.ms += ms;
        turn.steps += work.steps;
      }
      out.turns.push(turn);
      out.spread.push(invocations);
    }
    out.hands++;
  }
  return out;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

const ms = (x: number) => `${x < 1 ? x.toFixed(3) : x.toFixed(2)} ms`;

/** The table of a level's costs (warm, and the invocations cold), and the targets on the expert's invocations, warm. */
export function printRoomCosts(level: string, c: RoomCosts, cold: RoomCosts, verdicts: string[]): string[][] {
  const sorted = (xs: number[]) => [...xs].sort((a, b) => a - b);
  const three = (xs: number[], f: (x: number) => string) => {
    const s = sorted(xs);
    return [f(percentile(s, 50)), f(percentile(s, 99)), f(s.at(-1)!)].join(" / ");
  };
  const row = (what: string, costs: Cost[]) => [
    level,
    what,
    String(costs.length),
    three(
      costs.map((x) => x.ms),
      ms,
    ),
    three(
      costs.map((x) => x.steps),
      String,
    ),
  ];
  const rows = [
    row("decision", c.decisions),
    row("invocation", c.invocations),
    row("turn", c.turns),
    row("invocation, cold", cold.invocations),
  ];
  rows.push([level, "invocations per turn", String(c.spread.length), three(c.spread, String), ""]);
  if (level === "expert") {
    const invocation = sorted(c.invocations.map((x) => x.ms));
    const p99 = percentile(invocation, 99);
    const max = invocation.at(-1)!;
    verdicts.push(`${p99 < 5 ? "met   " : "MISSED"}  expert: ${ms(p99)} per invocation at p99, warm (target < 5 ms)`);
    verdicts.push(`${max < 10 ? "met   " : "MISSED"}  expert: ${ms(max)} per invocation at the most, warm (target < 10 ms)`);
  }
  return rows;
}

/** Microseconds per counted step, over the invocations with enough work to tell (the rest of an invocation's cost included). */
export function stepCost(costs: readonly Cost[]): { p50: number; p99: number } | null {
  const rates = costs
    .filter((x) => x.steps >= 100)
    .map((x) => (1000 * x.ms) / x.steps)
    .sort((a, b) => a - b);
  return rates.length ? { p50: percentile(rates, 50), p99: percentile(rates, 99) } : null;
}

/**
 * The machine's own noise: one fixed job (arithmetic, no allocation, so no garbage collection; about half a
 * millisecond on a quiet core) timed as the invocations are, many times. Its spread is the machine's, not
 * the job's: what a busy machine adds to any figure above.
 */
export function noiseFloor(runs = 2000): { p50: number; p99: number; max: number } {
  const times: number[] = [];
  let sink = 0;
  for (let r = 0; r < runs; r++) {
    const start = cpuNow();
    for (let i = 0; i < 300_000; i++) sink += Math.sqrt(i + r);
    times.push(cpuNow() - start);
  }
  if (sink < 0) console.log(sink);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! };
}

export function printStepCost(c: RoomCosts): void {
  const rate = stepCost(c.invocations);
  console.log(
    `\nThe room's budget: one decision is at most ${DECISION_STEPS} counted steps, one invocation at most ${INVOCATION_STEPS} (src/server/room/computer.ts).`,
  );
  if (!rate) return;
  const at = (us: number) => ms((INVOCATION_STEPS * us) / 1000);
  console.log(
    `On this machine now, a counted step costs ${rate.p50.toFixed(2)} µs at the median and ${rate.p99.toFixed(2)} µs at p99 (an invocation's CPU over its steps, invocations of 100 steps or more): ` +
      `a full invocation of ${INVOCATION_STEPS} steps is ${at(rate.p50)} at the median rate, ${at(rate.p99)} at the p99 rate.`,
  );
  const noise = noiseFloor();
  console.log(
    `The machine's noise: one fixed job with no allocation, timed the same way 2,000 times: ${ms(noise.p50)} / ${ms(noise.p99)} / ${ms(noise.max)} (p50 / p99 / max).`,
  );
}
