/**
 * The computer's turns as the room plays them (`npm run bench -- bots room`):
 * every seat a computer of one level, each turn played over the room's
 * invocations with the room's own code (src/server/room/computer.ts: a budget
 * of counted work per invocation, and a fresh isolate's warm-ups before its
 * first expert decision, each an invocation with no move), each invocation and
 * each decision timed in CPU. Prints p50 / p99 / max per decision, per invocation (one alarm) and per
 * whole turn, in CPU and in counted work, and what a counted step costs on
 * this machine: the budget's mapping from steps to milliseconds.
 *
 * What an invocation's figure covers: choosing the moves (the players' search
 * and judgement), the seat's view and events, and the engine applying each
 * move — not the room's storage write or its messages to sockets (their CPU is
 * the room's move path's, `npm run bench -- profile`).
 *
 * Every figure is taken on two clocks (bench/cpu.ts): the process's CPU
 * (every thread, V8's background compilers and garbage collector helpers
 * included) and the calling thread's, which is what the Workers runtime
 * charges an invocation. Each level is played in a fresh process of its
 * own (bench/bots-fresh.ts), first cold, then warm.
 */
import { getHeapStatistics } from "node:v8";
import { Decision, EXPERT_DEFAULT, expertBudget } from "../src/bots/index.js";
import {
  dealFromSeed,
  type GameEvent,
  type GameState,
  newGame,
  type PlayerCount,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  startHand,
} from "../src/engine/index.js";
import {
  computerMoves,
  type Decide,
  INVOCATION_STEPS,
  JUDGEMENT_STEPS,
  newWork,
  ROLLOUT_STEPS,
  Thoughts,
} from "../src/server/room/computer.js";
import type { ComputerLevel } from "../src/shared/wire/common.js";
import { cpuNow } from "./cpu.js";
import { type Invoked, RoomTable } from "./room-table.js";

/** CPU milliseconds, the process's and the thread's, and counted work. */
export interface Cost {
  readonly ms: number;
  readonly thread: number;
  /** Of the thread's, the kernel's (Node's run only). */
  readonly kernel?: number;
  readonly steps: number;
}

/** Where an invocation ran: its hand, its wall-clock span (to find the garbage collections within it) and the heap in use around it. */
export interface Mark {
  readonly hand: string;
  readonly start: number;
  readonly end: number;
  readonly heapBefore: number;
  readonly heapAfter: number;
}

export interface RoomCosts {
  /** Each decision's counted work, over the invocations it spanned. */
  readonly decisions: number[];
  readonly invocations: Cost[];
  /** The invocations (their places in `invocations`) that warmed the players up and played no move (computer.ts). */
  readonly warmUps: number[];
  /** One per invocation, in the order played. */
  readonly marks: Mark[];
  readonly turns: Cost[];
  /** Invocations per turn. */
  readonly spread: number[];
  /** Each turn's wall time, its invocations' computing one after another (in a room, the alarms between add theirs: `bench -- turn`). */
  readonly walls: number[];
  /** Per turn: whether the expert thinks more than its default there (expertBudget: three players, or partners at a closed pile). */
  readonly more: boolean[];
  hands: number;
}

/** CPU spent since `start`, on both clocks. */
function since(start: ReturnType<typeof cpuNow>): { ms: number; thread: number; kernel: number } {
  const now = cpuNow();
  return { ms: now.process - start.process, thread: now.thread - start.thread, kernel: now.kernel - start.kernel };
}

export const newRoomCosts = (): RoomCosts => ({
  decisions: [],
  invocations: [],
  warmUps: [],
  marks: [],
  turns: [],
  spread: [],
  walls: [],
  more: [],
  hands: 0,
});

/** Where a pass's invocations run and how they are timed: in this process (below), or in the Workers runtime (bots-workerd.ts). */
export interface Runner {
  /** Sets a new hand at the table. */
  start(level: ComputerLevel, preset: PresetName, players: PlayerCount, hand: number): Promise<void>;
  /** Plays the next invocation, timed. */
  invoke(): Promise<{ readonly invoked: Invoked; readonly cost: Cost; readonly mark: Mark }>;
}

/** An invocation's end: the event loop turns before the next, as between two alarms of a room (and the garbage collections' reports, bots-fresh.ts, are taken then, not held in the heap to the end). */
const nextTask = () => new Promise<void>((resolve) => setImmediate(resolve));

/** The invocations played in this process, timed on its clocks, the heap read around each. */
export function localRunner(): Runner {
  let table: RoomTable | null = null;
  return {
    async start(level, preset, players, hand) {
      table = new RoomTable(level, preset, players, hand);
    },
    async invoke() {
      await nextTask();
      const heapBefore = getHeapStatistics().used_heap_size;
      const began = performance.now();
      const start = cpuNow();
      const invoked = table!.invoke();
      const cost = { ...since(start), steps: invoked.steps };
      const end = performance.now();
      return { invoked, cost, mark: { hand: table!.seed, start: began, end, heapBefore, heapAfter: getHeapStatistics().used_heap_size } };
    },
  };
}

/** Plays `hands` hands of `preset` with every seat `level`, as the room does; returns what each part cost. */
export async function roomHands(
  runner: Runner,
  level: ComputerLevel,
  preset: PresetName,
  players: PlayerCount,
  hands: number,
  into?: RoomCosts,
): Promise<RoomCosts> {
  const out = into ?? newRoomCosts();
  for (let h = 0; h < hands; h++) {
    await runner.start(level, preset, players, h);
    for (let turns = 0, handOver = false; !handOver; turns++) {
      if (turns > 1000) throw new Error(`room ${preset} ${players} ${h}: no end`);
      const turn = { ms: 0, thread: 0, steps: 0 };
      let wall = 0;
      let invocations = 0;
      for (let turnOver = false; !turnOver; ) {
        if (++invocations > 60) throw new Error(`room ${preset} ${players} ${h}: a turn that never ends`);
        const { invoked, cost, mark } = await runner.invoke();
        wall += mark.end - mark.start;
        out.marks.push(mark);
        out.invocations.push(cost);
        if (invoked.warmUp) out.warmUps.push(out.invocations.length - 1);
        out.decisions.push(...invoked.decisions);
        turn.ms += cost.ms;
        turn.thread += cost.thread;
        turn.steps += cost.steps;
        turnOver = invoked.turnOver;
        handOver = invoked.handOver;
      }
      out.turns.push(turn);
      out.spread.push(invocations);
      out.walls.push(wall);
      out.more.push(level === "expert" && expertBudget({ rules: PRESETS[preset], players }).steps > EXPERT_DEFAULT.steps);
    }
    out.hands++;
  }
  return out;
}

/** Every preset with 2, 3 and 4 players, `hands` hands each: one pass of the room part. */
export async function roomPass(runner: Runner, level: ComputerLevel, hands: number): Promise<RoomCosts> {
  const out = newRoomCosts();
  for (const preset of PRESET_NAMES)
    for (const players of [2, 3, 4] as PlayerCount[]) await roomHands(runner, level, preset, players, hands, out);
  return out;
}

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

const ms = (x: number) => `${x < 1 ? x.toFixed(3) : x.toFixed(2)} ms`;

/**
 * An experiment (`--prime`): what warming the players up at an isolate's start would cost and save. It plays
 * the first turns of a fixed hand with the expert on a small search, so that V8 compiles the engine, the
 * judgement and the search before the first real decision, whose invocation no longer pays for that.
 */
export function primePlayers(): void {
  const game = newGame(PRESETS.classic, 2);
  const started = startHand(game, dealFromSeed("prime", 2, 0, game.rules.jokers));
  if (!started.ok) throw new Error(started.error);
  let state: GameState = started.value.state;
  const events: GameEvent[] = [...started.value.events];
  const small: Decide = (lvl, input, seed, meter) => new Decision(lvl, input, seed, { meter, search: { steps: 30 } });
  for (let n = 0; n < 4 && !state.hand!.end; n++) {
    const moves = computerMoves(state, events, "expert", (i) => `prime/${n}/${i}`, newWork(), new Thoughts(), small);
    for (const m of moves) events.push(...m.outcome.events);
    state = moves.at(-1)?.outcome.state ?? state;
  }
}

/** What a fresh process reports for one level (bench/bots-fresh.ts): the hands played cold, then again warm. */
export interface FreshRoom {
  /** Where the hands were played: a Node process (bots-fresh.ts) or the Workers runtime (bots-workerd.ts). */
  readonly runtime: "node" | "workerd";
  /** Its version. */
  readonly node: string;
  /** CPU of evaluating the players' modules (the engine, the players, the room's computer turns): a part of an isolate's startup (Node's run only). */
  readonly startup?: { readonly ms: number; readonly thread: number };
  /** With `--prime`: the warm-up's CPU, before the cold pass. */
  readonly prime?: { readonly ms: number; readonly thread: number };
  readonly cold: RoomCosts;
  readonly warm: RoomCosts;
  /** The process's garbage collections (perf_hooks): start and wall-clock duration on the marks' clock, and V8's kind. */
  readonly gcs: readonly { readonly start: number; readonly duration: number; readonly kind: number }[];
}

const sorted = (xs: readonly number[]) => [...xs].sort((a, b) => a - b);
const three = (xs: readonly number[], f: (x: number) => string) => {
  const s = sorted(xs);
  return [f(percentile(s, 50)), f(percentile(s, 99)), f(s.at(-1)!)].join(" / ");
};

/** Each clock as the verdicts name it, where the hands were played. */
const CLOCKS = {
  node: { thread: "the thread's CPU", ms: "the process's CPU" },
  workerd: { thread: "the runtime's thread", ms: "all the runtime's threads" },
} as const;

/** The table of a level's costs (warm, and the invocations cold) on both clocks, and the targets on its invocations. */
export function printRoomCosts(level: string, fresh: FreshRoom, verdicts?: string[]): string[][] {
  const { warm, cold } = fresh;
  const row = (what: string, costs: readonly Cost[]) => [
    level,
    what,
    String(costs.length),
    three(
      costs.map((x) => x.ms),
      ms,
    ),
    three(
      costs.map((x) => x.thread),
      ms,
    ),
    three(
      costs.map((x) => x.steps),
      String,
    ),
  ];
  const rows = [
    [level, "decision", String(warm.decisions.length), "", "", three(warm.decisions, String)],
    row("invocation", warm.invocations),
    row("turn", warm.turns),
    row("invocation, cold", cold.invocations),
  ];
  rows.push([level, "invocations per turn", String(warm.spread.length), "", "", three(warm.spread, String)]);
  // In the Workers runtime a turn's wall time is its requests' round trips (bots-workerd.ts).
  const wall = fresh.runtime === "workerd" ? "turn, wall time (its requests)" : "turn, wall time (computing)";
  rows.push([level, wall, String(warm.walls.length), three(warm.walls, ms), "", ""]);
  // Where the expert thinks more (three players, or partners at a closed pile), its turns apart.
  const at = (xs: readonly number[]) => xs.filter((_, i) => warm.more[i]);
  if (warm.more.some(Boolean)) {
    const turns = warm.turns.filter((_, i) => warm.more[i]);
    rows.push(row("turn, thinking more", turns));
    rows.push([level, "invocations per turn, thinking more", String(turns.length), "", "", three(at(warm.spread), String)]);
    rows.push([level, "turn, wall time, thinking more", String(turns.length), three(at(warm.walls), ms), "", ""]);
  }
  // Every level's invocations are held to the targets: the club searches too at a closed pile with three players.
  if (!verdicts) return rows;
  for (const [costs, when] of [
    [warm, "warm"],
    [cold, "cold"],
  ] as const) {
    for (const clock of ["thread", "ms"] as const) {
      const times = sorted(costs.invocations.map((x) => x[clock]));
      const p99 = percentile(times, 99);
      const max = times.at(-1)!;
      const what = `${when}, ${CLOCKS[fresh.runtime][clock]}`;
      verdicts.push(`${p99 < 5 ? "met   " : "MISSED"}  ${level}: ${ms(p99)} per invocation at p99, ${what} (target: under 5 ms)`);
      verdicts.push(`${max < 10 ? "met   " : "MISSED"}  ${level}: ${ms(max)} per invocation at the most, ${what} (target: under 10 ms)`);
    }
  }
  return rows;
}

const GC_KINDS: Record<number, string> = {
  1: "scavenge",
  2: "minor mark-sweep",
  4: "mark-compact",
  8: "incremental marking",
  16: "weak callbacks",
};

/**
 * Where a level's cold costs go: what evaluating its modules cost, its first invocations, its slowest (with
 * their place in the process's life, the heap around them and any garbage collection within them), and the
 * invocations with a garbage collection against those without, cold and warm.
 */
export function printCold(level: string, fresh: FreshRoom): void {
  const { cold, warm, gcs } = fresh;
  const within = (m: Mark) => gcs.filter((g) => g.start < m.end && g.start + g.duration > m.start);
  const mb = (bytes: number) => (bytes / 1e6).toFixed(1);
  const both = (c: { ms: number; thread: number }) => `${c.thread.toFixed(2)} / ${c.ms.toFixed(2)}`;
  if (fresh.startup) {
    console.log(
      `\n${level}, cold (a fresh process, Node ${fresh.node}): evaluating the engine's, the players' and the room's modules took ${both(fresh.startup)} ms (thread / process), part of an isolate's startup`,
    );
  }
  if (fresh.prime) console.log(`  then a warm-up (--prime, primePlayers) took ${both(fresh.prime)} ms (thread / process)`);
  const warmUp = (i: number) => (cold.warmUps.includes(i) ? " (the warm-up: no move)" : "");
  console.log(
    `  its first invocations, thread / process ms: ${cold.invocations
      .slice(0, 6)
      .map((c, i) => both(c) + warmUp(i))
      .join(", ")}`,
  );
  // The warm maximum on the thread's clock is a target: its slowest are shown with where they fell too.
  for (const [costs, clock, when] of [
    [cold, "thread", ""],
    [cold, "ms", ""],
    [warm, "thread", ", warm"],
  ] as const) {
    const worst = costs.invocations
      .map((c, i) => ({ c, i }))
      .sort((a, b) => b.c[clock] - a.c[clock])
      .slice(0, 4);
    console.log(`  the slowest on the ${clock === "ms" ? "process's" : "thread's"} clock${when}:`);
    for (const { c, i } of worst) {
      const m = costs.marks[i]!;
      const collected = within(m).map((g) => `${GC_KINDS[g.kind] ?? g.kind} ${g.duration.toFixed(1)} ms`);
      console.log(
        `    invocation ${i + 1} of the ${when ? "warm pass" : "process"}${when ? "" : warmUp(i)} (${m.hand}): ${both(c)} ms (the kernel's ${(c.kernel ?? 0).toFixed(2)}), ${c.steps} counted moves, heap ${mb(m.heapBefore)} → ${mb(m.heapAfter)} MB, ` +
          `garbage collections within: ${collected.length ? `${collected.join(", ")} (wall)` : "none"}`,
      );
    }
  }
  for (const [costs, when] of [
    [cold, "cold"],
    [warm, "warm"],
  ] as const) {
    const withGc = costs.invocations.filter((_, i) => within(costs.marks[i]!).length > 0);
    const without = costs.invocations.filter((_, i) => within(costs.marks[i]!).length === 0);
    const threads = (xs: readonly Cost[]) =>
      xs.length
        ? three(
            xs.map((x) => x.thread),
            ms,
          )
        : "none";
    console.log(
      `  ${when}: ${withGc.length} of ${costs.invocations.length} invocations had a garbage collection within: thread ${threads(withGc)}; the others ${threads(without)} (p50 / p99 / max)`,
    );
  }
}

/**
 * The warm invocations over `limit` ms on the thread's clock, and how many of those had a garbage collection
 * within them (a full one is a single pause on the isolate's thread, whatever the invocation's own work).
 */
export function overLimit(fresh: FreshRoom, limit = 10): { count: number; over: number; collected: number; kernel: number } {
  const { warm, gcs } = fresh;
  let over = 0;
  let collected = 0;
  let thread = 0;
  let kernel = 0;
  warm.invocations.forEach((c, i) => {
    if (c.thread < limit) return;
    over++;
    thread += c.thread;
    kernel += c.kernel ?? 0;
    const m = warm.marks[i]!;
    if (gcs.some((g) => g.start < m.end && g.start + g.duration > m.start)) collected++;
  });
  return { count: warm.invocations.length, over, collected, kernel: over ? kernel / thread : 0 };
}

/** Microseconds per counted step on one clock, over the invocations with enough work to tell (the rest of an invocation's cost included). */
export function stepCost(costs: readonly Cost[], clock: "ms" | "thread" = "ms"): { p50: number; p99: number } | null {
  const rates = costs
    .filter((x) => x.steps >= 100)
    .map((x) => (1000 * x[clock]) / x.steps)
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
    times.push(since(start).thread);
  }
  if (sink < 0) console.log(sink);
  times.sort((a, b) => a - b);
  return { p50: percentile(times, 50), p99: percentile(times, 99), max: times.at(-1)! };
}

export function printStepCost(c: RoomCosts): void {
  console.log(
    `\nThe room's budget: one invocation ${INVOCATION_STEPS} counted steps, passed by at most one rollout (${ROLLOUT_STEPS}); a decision started while its judgement (${JUDGEMENT_STEPS}) fits (src/server/room/computer.ts).`,
  );
  const at = (us: number) => ms((INVOCATION_STEPS * us) / 1000);
  for (const clock of ["thread", "ms"] as const) {
    const rate = stepCost(c.invocations, clock);
    if (!rate) return;
    console.log(
      `On this machine now, on the ${clock === "ms" ? "process's" : "thread's"} clock, a counted step costs ${rate.p50.toFixed(2)} µs at the median and ${rate.p99.toFixed(2)} µs at p99 (an invocation's CPU over its steps, invocations of 100 steps or more): ` +
        `a full invocation of ${INVOCATION_STEPS} steps is ${at(rate.p50)} at the median rate, ${at(rate.p99)} at the p99 rate.`,
    );
  }
  const noise = noiseFloor();
  console.log(
    `The machine's noise: one fixed job with no allocation, timed on the thread's clock 2,000 times: ${ms(noise.p50)} / ${ms(noise.p99)} / ${ms(noise.max)} (p50 / p99 / max).`,
  );
}
