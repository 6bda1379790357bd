/**
 * Computer players: `npm run bench -- bots [part ...] [options]`.
 *
 * Parts (`pool`, `selfplay` and `room` by default):
 * - `pool`: the levels against the pool (bench/bots-pool.ts) on paired deals, per preset, table size and
 *   opponent, every cell appended to the results file as it ends (`--out`, default bench/results/pool.jsonl; a
 *   run that stops goes on where it stopped when run again), then the whole table of that file;
 * - `table`: the strength table from a results file, without playing (`--out FILE`): the pieces of each cell
 *   joined, each level beside its round-two self, the targets; with `--beside FILE`, each cell beside the
 *   same cell of another results file on the same deals (a change measured against the results before it);
 * - `doc`: the same tables kept as figures (bench/figures/bots.json) and written into the docs' markers;
 * - `selfplay`: hands of every preset with 2, 3 and 4 players between players of one level, counting stalemates;
 * - `cpu`: counted work and CPU per decision and per turn, from the moves of the parts run;
 * - `room`: hands of every preset with 2, 3 and 4 players played as the room plays a computer's turn, over its
 *   invocations (bench/bots-room.ts), each level in a fresh process, cold then warm; its table kept as figures
 *   (bench/figures/bots-room.json).
 *
 * Options: `--sides club,expert` (a baseline's level too: `round-2:expert`), `--opponents solid,closer`
 * (default: every reference player where it sits, bench/bots-pool.ts), `--presets`, `--players 2,3,4`,
 * `--deals N` per cell (default: 300 for the expert and 200 for the club against the solid player, 100
 * otherwise), `--from N` the first deal (another range of deals measures a change again; pieces that follow on
 * are joined into one cell), `--hands N` per self-play cell (default 10) or room cell (default 2),
 * `--expert JSON` the expert's search over its budget for the table (experiments; src/bots/expert.ts, expertBudget), `--no-warm-up` and `--prime` (room).
 *
 * `bench/index.ts` runs it bundled by esbuild as wrangler bundles the Worker.
 */
import { execFileSync } from "node:child_process";
import { mkdirSync } from "node:fs";
import { loadavg } from "node:os";
import { dirname } from "node:path";
import type { BotLevel, BotOptions } from "../src/bots/index.js";
import { type PlayerCount, PRESET_NAMES, PRESETS, type PresetName } from "../src/engine/index.js";
import { type MoveTiming, newDriver, playHand } from "../test/bots/driver.js";
import type { loadBaseline } from "./baseline.js";
import { againstRoundTwo, besideBefore, joinPieces, ROUND_TWO_HEAD } from "./bots-compare.js";
import {
  type CellResult,
  markdown,
  POOL_HEAD,
  type PoolPlan,
  poolMarkdown,
  ROOM_HEAD,
  RUNTIME_ROOM_HEAD,
  readCells,
  row,
  runPool,
  seating,
  setBaselineLoader,
  summaryMarkdown,
  TARGETS,
} from "./bots-pool.js";
import { type FreshRoom, overLimit, printCold, printRoomCosts, printStepCost, type RoomCosts } from "./bots-room.js";
import type { workerdRoom } from "./bots-workerd.js";
import type { saveFigures } from "./figures.js";
import { shareText, targetVerdict } from "./intervals.js";

const DEFAULT_OUT = "bench/results/pool.jsonl";

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}
const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ms = (x: number) => `${x < 1 ? x.toFixed(3) : x.toFixed(2)} ms`;

/** `fresh`: the bundled bench/bots-fresh.ts, the room part's fresh process per level; `load`: bench/baseline.ts's loader. */
export async function botsBench(
  args: readonly string[],
  fresh?: string,
  load?: typeof loadBaseline,
  save?: typeof saveFigures,
  inRuntime?: typeof workerdRoom,
): Promise<void> {
  if (load) setBaselineLoader(load);
  // bench/figures.ts finds the docs from where it lies: it runs unbundled, given by bench/index.ts.
  const keep: typeof saveFigures = (part, values) => {
    if (!save) throw new Error("the figures are kept through bench/index.ts");
    return save(part, values);
  };
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const list = (name: string) => option(name)?.split(",");
  const names = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
  const parts = names.length ? names : ["pool", "selfplay", "room"];
  const search = option("--expert");
  const expert: BotOptions | undefined = search ? { search: JSON.parse(search) } : undefined;
  const out = option("--out") ?? DEFAULT_OUT;
  const timings: MoveTiming[] = [];
  const verdicts: string[] = [];
  console.log(`\nComputer players${expert ? `, the expert's search over its budget for the table: ${search}` : ""}`);

  if (parts.includes("pool")) {
    const fixed = option("--deals");
    const plan: PoolPlan = {
      sides: list("--sides") ?? ["club", "expert"],
      opponents: list("--opponents") ?? null,
      presets: (list("--presets") ?? PRESET_NAMES) as PresetName[],
      players: (list("--players") ?? ["2", "3", "4"]).map(Number) as PlayerCount[],
      deals: (side, opponent) => (fixed ? Number(fixed) : opponent !== "solid" ? 100 : side === "club" ? 200 : 300),
      from: Number(option("--from") ?? 0),
      out,
    };
    mkdirSync(dirname(out), { recursive: true });
    console.log(`\nThe pool: paired deals (each twice, the seats swapped; with 3 players three times), one-hand matches; cells in ${out}`);
    await runPool(plan, expert, timings);
  }
  if (parts.includes("pool") || parts.includes("table")) printPool(joinPieces(readCells(out)), verdicts);
  const beside = option("--beside");
  if (beside && parts.includes("table")) {
    console.log(`\nBeside the cells of ${beside} on the same deals (now less before, deal by deal)`);
    table(ROUND_TWO_HEAD, besideBefore(joinPieces(readCells(out)), joinPieces(readCells(beside))));
  }
  if (parts.includes("doc")) {
    const cells = joinPieces(readCells(out));
    const targets: string[] = [];
    targetLines(cells, targets);
    const old = againstRoundTwo(cells);
    const written = keep("bots", {
      summary: `\n${summaryMarkdown(cells)}\n`,
      pool: `\n${poolMarkdown(cells)}\n`,
      targets: `\n\n${targets.map((t) => `- ${t.replace(/ +/, " ")}`).join("\n")}\n\n`,
      roundTwo: old.length ? `\n${markdown(ROUND_TWO_HEAD, old, 3)}\n` : " (none measured) ",
    });
    console.log(`\nThe tables of ${out} kept in bench/figures/bots.json and written into ${written.join(", ") || "no doc (unchanged)"}`);
  }

  if (parts.includes("selfplay")) {
    const hands = Number(option("--hands") ?? 10);
    const levels = (list("--sides") ?? ["club", "expert"]) as BotLevel[];
    console.log(`\nSelf-play: ${hands} hands per preset and table size, every seat one level: hands ended in a stalemate`);
    const rows: string[][] = [];
    for (const level of levels) {
      let all = 0;
      let stale = 0;
      const seat = await seating(level, level === "expert" ? expert : undefined);
      for (const preset of PRESET_NAMES) {
        const cells: string[] = [level, preset];
        for (const players of [2, 3, 4] as PlayerCount[]) {
          let here = 0;
          for (let h = 0; h < hands; h++) {
            const d = newDriver(PRESETS[preset], players, true);
            playHand(
              d,
              Array.from({ length: players }, () => seat),
              `self ${preset} ${players} ${h}`,
              h % players,
            );
            if (d.state.hand!.end!.reason === "stalemate") here++;
            timings.push(...d.timings!);
          }
          cells.push(`${here}/${hands}`);
          all += hands;
          stale += here;
        }
        rows.push(cells);
      }
      verdicts.push(`${stale / all < 0.02 ? "met   " : "MISSED"}  ${level} self-play: ${stale} stalemates in ${all} hands (target < 2%)`);
    }
    table(["level", "preset", "2 players", "3 players", "4 players"], rows);
  }

  if (parts.includes("cpu")) cpuTable(timings);

  if (parts.includes("room")) {
    const hands = Number(option("--hands") ?? 2);
    const levels = (list("--sides") ?? ["club", "expert"]) as BotLevel[];
    if (!fresh) throw new Error("the room part runs through bench/index.ts, which bundles its fresh process");
    console.log(
      `\nAs the room plays them: ${hands} hands per preset and table size, every seat the level, each turn over the room's invocations;` +
        " each level in a fresh process of its own, all of it twice: first cold (compiling as it goes, as a Worker's new isolate), then warm",
    );
    const rows: string[][] = [];
    const runs = new Map<BotLevel, FreshRoom>();
    const asked = [...(args.includes("--prime") ? ["prime"] : []), ...(args.includes("--no-warm-up") ? ["no-warm-up"] : [])];
    // The targets are judged in the Workers runtime (below); the experiments that run in Node alone are judged there.
    const roomVerdicts: string[] = [];
    for (const level of levels) {
      // V8 as workerd sets it up: without incremental marking (src/workerd/jsg/setup.c++), so a full
      // garbage collection is one pause on the isolate's thread, as it would be in a Worker.
      const run = JSON.parse(
        execFileSync(process.execPath, ["--no-incremental-marking", fresh, level, String(hands), ...asked], {
          maxBuffer: 1 << 30,
          stdio: ["ignore", "pipe", "inherit"],
        }).toString(),
      ) as FreshRoom;
      runs.set(level, run);
      rows.push(...printRoomCosts(level, run, asked.length ? roomVerdicts : undefined));
    }
    console.log(
      "\nIn a Node process (where the CPU goes: bench/bots-fresh.ts): CPU, the process's (all its threads) and the thread's, and counted work, warm unless said: p50 / p99 / max",
    );
    table(ROOM_HEAD, rows);
    // Each invocation is one of the room's alarms, a billed Durable Object request: how many a computer's turn takes on average.
    const mean = (xs: readonly number[]) => xs.reduce((a, b) => a + b, 0) / Math.max(1, xs.length);
    const alarms = [...runs].map(([level, run]) => {
      const more = run.warm.spread.filter((_, i) => run.warm.more[i]);
      return `${level} ${mean(run.warm.spread).toFixed(2)}${more.length ? ` (${mean(more).toFixed(2)} where it thinks more: three players, or four at a closed pile)` : ""}`;
    });
    console.log(`The room's alarms per computer turn, on average: ${alarms.join("; ")}`);
    const slow = runs.get("expert") ? overLimit(runs.get("expert")!) : null;
    if (slow) {
      console.log(
        `Warm expert invocations of 10 ms or more on the thread's clock in Node: ${slow.over} of ${slow.count}, ${slow.collected} of them with a garbage collection within; of their thread's time, ${pct(slow.kernel)} the kernel's`,
      );
    }
    // The same hands in the Workers runtime: the targets are its figures (bench/bots-workerd.ts).
    const runtimeRows: string[][] = [];
    const idles: string[] = [];
    // Where the runtime's slowest invocations fell (its thread's clock): the invocation's place in its pass, and its hand.
    const runtimeSlowest: string[] = [];
    const slowest = (costs: RoomCosts) =>
      costs.invocations
        .map((c, i) => ({ c, i }))
        .sort((a, b) => b.c.thread - a.c.thread)
        .slice(0, 3)
        .map(
          ({ c, i }) => `${ms(c.thread)} (invocation ${i + 1}${costs.warmUps.includes(i) ? ", a warm-up" : ""}, ${costs.marks[i]!.hand})`,
        )
        .join(", ");
    let version = "";
    if (!asked.length) {
      if (!inRuntime) throw new Error("the room part runs through bench/index.ts, which gives it the Workers runtime's run");
      for (const level of levels) {
        const run = await inRuntime(level, hands);
        version = run.version;
        const local = runs.get(level)!;
        const same = (a: RoomCosts, b: RoomCosts) =>
          a.invocations.length === b.invocations.length && a.invocations.every((c, i) => c.steps === b.invocations[i]!.steps);
        if (!same(local.cold, run.run.cold) || !same(local.warm, run.run.warm)) {
          throw new Error(`${level}: the Workers runtime played other invocations than Node on the same hands`);
        }
        runtimeRows.push(...printRoomCosts(level, run.run, roomVerdicts));
        runtimeSlowest.push(`${level}: ${slowest(run.run.cold)}; warm ${slowest(run.run.warm)}`);
        idles.push(`${level}: ${[run.idle.p50, run.idle.p99, run.idle.max].map(ms).join(" / ")}`);
      }
      console.log(
        `\nIn the Workers runtime (workerd ${version}, one request per invocation, the same invocations as above): CPU, all the runtime's threads and its own thread's (what Workers charges), warm unless said: p50 / p99 / max`,
      );
      table(RUNTIME_ROOM_HEAD, runtimeRows);
      console.log(`The slowest in the runtime, cold then warm, on its thread: ${runtimeSlowest.join("; ")}`);
      console.log(
        `A request that plays nothing, on the runtime's thread (p50 / p99 / max): ${idles.join("; ")} (counted in every invocation above)`,
      );
    }
    if (slow && levels.includes("club") && !asked.length) {
      const written = keep("bots-room", {
        over: `${slow.over} of ${slow.count}`,
        collected: String(slow.collected),
        kernel: pct(slow.kernel),
        targets: `\n\n${roomVerdicts.map((t) => `- ${t.replace(/ +/, " ")}`).join("\n")}\n\n`,
        table: `\n${markdown(ROOM_HEAD, rows, 2)}\n`,
        runtime: `\n${markdown(RUNTIME_ROOM_HEAD, runtimeRows, 2)}\n`,
        idle: idles.join("; "),
        workerd: version,
        alarms: alarms.join("; "),
        hands: String(hands),
        node: String(runs.values().next().value?.node ?? ""),
        load: loadavg()
          .map((l) => l.toFixed(1))
          .join(" / "),
      });
      console.log(`(the tables kept in bench/figures/bots-room.json, written into ${written.join(", ") || "no doc"})`);
    }
    verdicts.push(...roomVerdicts);
    for (const [level, run] of runs) printCold(level, run);
    const expertRun = runs.get("expert");
    if (expertRun) printStepCost(expertRun.warm);
  }

  if (verdicts.length) {
    console.log("\nTargets");
    for (const v of verdicts) console.log(v);
  }
}

/** The strength table, each level beside its round-two self, and the targets against the solid reference player. */
function printPool(cells: readonly CellResult[], verdicts: string[]): void {
  console.log(
    "\nThe side's figure first, then its opponent's, per hand: burracos (clean ones), the share of hands closed, with the pozzetto taken," +
      " with a pozzetto penalty (none taken, or never played), and closable for 10 turns or more yet never closed",
  );
  table(POOL_HEAD, cells.map(row));
  const old = againstRoundTwo(cells);
  if (old.length) {
    console.log("\nBeside the players of round two (the tag bots-round-2): head to head, and against the same opponent on the same deals");
    table(ROUND_TWO_HEAD, old);
  }
  targetLines(cells, verdicts);
  if (verdicts.length) verdicts.push("(met? / MISSED?: the target lies within the interval)");
}

/** Each level's target against the solid reference player, a line per cell. */
function targetLines(cells: readonly CellResult[], into: string[]): void {
  for (const c of cells) {
    const target = TARGETS[c.side];
    if (target === undefined || c.opponent !== "solid") continue;
    into.push(
      `${targetVerdict(c.won, c.deals, target)}  ${c.side} vs solid, ${c.preset} ${c.players}p: ${shareText(c.won, c.deals)} of ${c.deals} deals (target ≥ ${pct(target)})`,
    );
  }
}

/** Per level: counted work and CPU (the process's) per decision and per turn, p50 / p99 / max. */
function cpuTable(timings: readonly MoveTiming[]): void {
  const rows: string[][] = [];
  for (const level of [...new Set(timings.map((t) => t.level))]) {
    const moves = timings.filter((t) => t.level === level);
    const turns = new Map<number, { ms: number; steps: number }>();
    for (const t of moves) {
      const turn = turns.get(t.turn) ?? { ms: 0, steps: 0 };
      turn.ms += t.ms;
      turn.steps += t.steps;
      turns.set(t.turn, turn);
    }
    const three = (xs: number[], f: (x: number) => string) => {
      xs.sort((x, y) => x - y);
      return [f(percentile(xs, 50)), f(percentile(xs, 99)), f(xs.at(-1)!)].join(" / ");
    };
    const of = <T>(xs: readonly T[], f: (x: T) => number) => xs.map(f);
    rows.push([
      level,
      String(moves.length),
      three(
        of(moves, (t) => t.ms),
        ms,
      ),
      three(
        of(moves, (t) => t.steps),
        String,
      ),
      String(turns.size),
      three(
        of([...turns.values()], (t) => t.ms),
        ms,
      ),
      three(
        of([...turns.values()], (t) => t.steps),
        String,
      ),
    ]);
  }
  console.log("\nCPU (the process's) and counted work per move and per turn: p50 / p99 / max");
  table(["player", "moves", "CPU per move", "work per move", "turns", "CPU per turn", "work per turn"], rows);
}

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i <= 2 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(line(head));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(r));
}
