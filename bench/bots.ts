/**
 * Computer players: `npm run bench -- bots [part ...] [options]`.
 *
 * Parts (all four by default):
 * - `pool`: the levels against the pool of opponents (bench/bots-pool.ts) on
 *   paired deals, per preset family and player count;
 * - `selfplay`: hands of every preset with 2, 3 and 4 players between
 *   players of one level, counting stalemates (target: under 2% of hands);
 * - `cpu`: CPU and counted work (engine moves tried) per move and per turn
 *   of each level at its default, from the moves of the parts run;
 * - `room`: hands of every preset with 2, 3 and 4 players played as the room
 *   plays a computer's turn, over invocations within its counted budget
 *   (bench/bots-room.ts), each level in a fresh process (bench/bots-fresh.ts),
 *   cold then warm: CPU (the process's and the thread's) and work per
 *   decision, per invocation and per turn, where the cold invocations' CPU
 *   goes, and what a counted step costs on this machine. A fresh process's
 *   first expert invocations warm up as a fresh isolate's room's do
 *   (src/server/room/computer.ts); `--no-warm-up` leaves them out, to compare.
 * The older pairings between levels run by name: `club-beginner`,
 * `club-beginner-4p`, `expert-club`, `expert-club-4p`.
 *
 * Options: `--deals N` paired deals per cell (default 50), `--hands N` hands
 * per self-play cell (default 20) or per older pairing, `--families
 * classic,chiuso,aperto,fibur`, `--players 2,3,4`, `--sides club,expert`,
 * `--opponents club-v1,expert-v1,clean,defensive`, `--search strong`, `--from N`
 * the first deal of each pool cell (default 0: another range of deals measures a change twice),
 * and for experiments the expert's search over its default: `--steps N`, `--horizon N`,
 * `--iterations N`, `--discards N`, `--confidence X`.
 *
 * `bench/index.ts` runs it bundled by esbuild as wrangler bundles the Worker
 * (no name-keeping helpers). Times are CPU time, so a busy machine inflates
 * them less; the work counts are the same on every machine.
 */
import { execFileSync } from "node:child_process";
import { EXPERT_DEFAULT, EXPERT_STRONG } from "../src/bots/expert.js";
import { BOT_LEVELS, type BotLevel } from "../src/bots/index.js";
import { type PlayerCount, PRESET_NAMES } from "../src/engine/index.js";
import type { MoveTiming } from "../test/bots/driver.js";
import { FAMILIES, POOL, pairCell, player, selfPlay } from "./bots-pool.js";
import { type FreshRoom, printCold, printRoomCosts, printStepCost } from "./bots-room.js";
import { handPairing, matchPairing, type PairingResult, type Side } from "./bots-run.js";

interface Pairing {
  readonly name: string;
  readonly what: string;
  readonly run: (hands: number, expert: Side) => PairingResult;
  /** The target on the first side's share of pairs (hands) or of matches (matches). */
  readonly target?: { readonly share: "pairs" | "matches"; readonly atLeast: number };
}

const club: Side = { level: "club" };
const beginner: Side = { level: "beginner" };

const PAIRINGS: readonly Pairing[] = [
  {
    name: "club-beginner",
    what: "club vs beginner, 2 players, matches to 2005",
    run: (hands) => matchPairing(club, beginner, 2, hands),
    target: { share: "matches", atLeast: 0.9 },
  },
  {
    name: "club-beginner-4p",
    what: "club vs beginner, 4 players in teams, hands",
    run: (hands) => handPairing(club, beginner, 4, hands / 2),
  },
  {
    name: "expert-club",
    what: "expert vs club, 2 players, hands",
    run: (hands, expert) => handPairing(expert, club, 2, hands / 2),
    target: { share: "pairs", atLeast: 0.6 },
  },
  {
    name: "expert-club-4p",
    what: "expert vs club, 4 players in teams, hands",
    run: (hands, expert) => handPairing(expert, club, 4, hands / 2),
    target: { share: "pairs", atLeast: 0.6 },
  },
];

/** The share of paired hands each level should win against the pool's heuristic players, in every family and player count. */
const POOL_TARGET: Partial<Record<string, number>> = { club: 0.5, expert: 0.65 };

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const ms = (x: number) => `${x < 1 ? x.toFixed(3) : x.toFixed(2)} ms`;
const signed = (x: number) => `${x >= 0 ? "+" : ""}${x.toFixed(0)}`;

/** `fresh`: the bundled bench/bots-fresh.ts, the room part's fresh process per level. */
export function botsBench(args: readonly string[], fresh?: string): void {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const list = (name: string, fallback: readonly string[]) => option(name)?.split(",") ?? fallback;
  const strong = option("--search") === "strong";
  const names = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
  const parts = names.length ? names : ["pool", "selfplay", "cpu", "room"];
  // `--steps N`, `--horizon N`, `--iterations N`, `--discards N`, `--confidence X`: the expert's search over the setting chosen (experiments).
  const overrides = Object.fromEntries(
    (["steps", "horizon", "iterations", "discards", "confidence"] as const).flatMap((k) =>
      option(`--${k}`) ? [[k, Number(option(`--${k}`))]] : [],
    ),
  );
  const search = { ...(strong ? EXPERT_STRONG : EXPERT_DEFAULT), ...overrides };
  const custom = strong || Object.keys(overrides).length > 0;
  const expertOptions = custom ? { search } : undefined;
  console.log(`\nComputer players. Expert search: ${strong ? "strong" : custom ? "custom" : "default"} ${JSON.stringify(search)}`);
  const timings: MoveTiming[] = [];
  const verdicts: string[] = [];

  if (parts.includes("pool")) {
    const deals = Number(option("--deals") ?? 50);
    const from = Number(option("--from") ?? 0);
    const families = list("--families", Object.keys(FAMILIES));
    const counts = list("--players", ["2", "3", "4"]).map(Number) as PlayerCount[];
    const sides = list("--sides", ["club", "expert"]);
    const opponents = list("--opponents", POOL);
    console.log(`\nThe pool: ${deals} deals per cell, each played twice with the seats swapped (one-hand matches)`);
    const rows: string[][] = [];
    for (const family of families) {
      for (const players of counts) {
        for (const side of sides) {
          for (const opponent of opponents) {
            if (opponent === side) continue;
            const r = pairCell(player(side, side === "expert" ? expertOptions : undefined), player(opponent), family, players, deals, from);
            for (const t of r.timings) timings.push(t);
            const two = (x: [number, number], f: (v: number) => string) => `${f(x[0])} / ${f(x[1])}`;
            rows.push([
              `${family} ${players}p`,
              `${side} vs ${opponent}`,
              String(r.deals),
              pct(r.pairWins),
              `${signed(r.lead)} ± ${r.interval.toFixed(0)}`,
              two(r.burracos, (v) => v.toFixed(2)),
              two(r.closes, pct),
              two(r.pozzettiMissed, pct),
              String(r.stalemates),
            ]);
            // As it comes: a whole pool takes a while.
            console.error(`  ${rows.at(-1)!.join("  ")}`);
            const target = POOL_TARGET[side];
            if (target !== undefined && !opponent.startsWith("expert")) {
              const met = r.pairWins >= target;
              verdicts.push(
                `${met ? "met   " : "MISSED"}  ${side} vs ${opponent}, ${family} ${players}p: ${pct(r.pairWins)} of ${r.deals} pairs (target ≥ ${pct(target)})`,
              );
            }
          }
        }
      }
    }
    table(
      ["family", "pairing", "deals", "pairs won", "points/hand (95%)", "burracos/hand", "closes", "pozzetto missed", "stalemates"],
      rows,
    );
  }

  if (parts.includes("selfplay")) {
    const hands = Number(option("--hands") ?? 20);
    const levels = list("--sides", ["club", "expert"]);
    console.log(`\nSelf-play: ${hands} hands per preset and player count, every seat the same level; hands ended in a stalemate`);
    const counts: PlayerCount[] = [2, 3, 4];
    const rows: string[][] = [];
    for (const level of levels) {
      let all = 0;
      let stale = 0;
      for (const preset of PRESET_NAMES) {
        const row = [level, preset];
        for (const players of counts) {
          const r = selfPlay(player(level, level === "expert" ? expertOptions : undefined), preset, players, hands);
          row.push(`${r.stalemates}/${r.hands}`);
          for (const t of r.timings) timings.push(t);
          all += r.hands;
          stale += r.stalemates;
        }
        rows.push(row);
      }
      verdicts.push(`${stale / all < 0.02 ? "met   " : "MISSED"}  ${level} self-play: ${stale} stalemates in ${all} hands (target < 2%)`);
    }
    table(["level", "preset", ...counts.map((p) => `${p} players`)], rows);
  }

  for (const pairing of PAIRINGS.filter((p) => names.includes(p.name))) {
    const hands = Number(option("--hands") ?? 1000);
    const r = pairing.run(hands, { level: "expert", ...(expertOptions ? { options: expertOptions } : {}) });
    for (const t of r.timings) timings.push(t);
    console.log(
      `\n${pairing.what}: ${r.hands} hands, pairs won ${pct(r.pairWins)}${r.matchWins === null ? "" : `, matches won ${pct(r.matchWins)}`}, points per hand ${signed(r.lead)} ± ${r.interval.toFixed(0)}`,
    );
    if (pairing.target) {
      const share = pairing.target.share === "matches" ? r.matchWins! : r.pairWins;
      verdicts.push(
        `${share >= pairing.target.atLeast ? "met   " : "MISSED"}  ${pairing.what}: ${pairing.target.share} won ${pct(share)} (target ≥ ${pct(pairing.target.atLeast)})`,
      );
    }
  }

  if (parts.includes("cpu") || names.some((n) => PAIRINGS.some((p) => p.name === n))) cpuTable(timings);

  if (parts.includes("room")) {
    // The room plays each level at its default (the search options above are the other parts' experiments).
    const hands = Number(option("--hands") ?? 2);
    const levels = list("--sides", ["club", "expert"]) as BotLevel[];
    if (!fresh) throw new Error("the room part runs through bench/index.ts, which bundles its fresh process");
    console.log(
      `\nAs the room plays them: ${hands} hands per preset and player count, every seat the level, each turn over the room's invocations;` +
        " each level in a fresh process of its own, all of it twice: first cold (compiling as it goes, as a Worker's new isolate), then warm",
    );
    const rows: string[][] = [];
    const runs = new Map<BotLevel, FreshRoom>();
    for (const level of levels) {
      // V8 as workerd sets it up: without incremental marking (src/workerd/jsg/setup.c++), so a full
      // garbage collection is one pause on the isolate's thread, as it would be in a Worker.
      const flags = ["--no-incremental-marking"];
      const asked = [...(args.includes("--prime") ? ["prime"] : []), ...(args.includes("--no-warm-up") ? ["no-warm-up"] : [])];
      const out = execFileSync(process.execPath, [...flags, fresh, level, String(hands), ...asked], {
        maxBuffer: 1 << 30,
        stdio: ["ignore", "pipe", "inherit"],
      });
      const run = JSON.parse(out.toString()) as FreshRoom;
      runs.set(level, run);
      rows.push(...printRoomCosts(level, run, verdicts));
    }
    console.log(
      "CPU, the process's (all its threads) and the thread's (what Workers counts), and work (engine moves tried), warm unless said: p50 / p99 / max",
    );
    table(["level", "per", "count", "CPU, process", "CPU, thread", "work"], rows);
    for (const [level, run] of runs) printCold(level, run);
    const expert = runs.get("expert");
    if (expert) printStepCost(expert.warm);
  }

  console.log("\nTargets");
  for (const v of verdicts) console.log(v);
}

/**
 * Per level at its default: CPU and counted work per move and per turn (all the moves of one seat's turn). The
 * targets are the room's, per invocation (the `room` part): a turn is no longer played in one invocation.
 */
function cpuTable(timings: readonly MoveTiming[]): void {
  const rows: string[][] = [];
  for (const level of BOT_LEVELS as readonly BotLevel[]) {
    const moves = timings.filter((t) => t.level === level);
    if (!moves.length) continue;
    const turns = new Map<number, { ms: number; steps: number }>();
    for (const t of moves) {
      const turn = turns.get(t.turn) ?? { ms: 0, steps: 0 };
      turn.ms += t.ms;
      turn.steps += t.steps;
      turns.set(t.turn, turn);
    }
    const sorted = (xs: number[]) => xs.sort((x, y) => x - y);
    const moveMs = sorted(moves.map((t) => t.ms));
    const moveSteps = sorted(moves.map((t) => t.steps));
    const turnMs = sorted([...turns.values()].map((t) => t.ms));
    const turnSteps = sorted([...turns.values()].map((t) => t.steps));
    const three = (xs: number[], f: (x: number) => string) => [f(percentile(xs, 50)), f(percentile(xs, 99)), f(xs.at(-1)!)].join(" / ");
    rows.push([
      level,
      String(moves.length),
      three(moveMs, ms),
      three(moveSteps, String),
      String(turns.size),
      three(turnMs, ms),
      three(turnSteps, String),
    ]);
  }
  console.log(
    "\nCPU (the process's) and work (engine moves tried) per move and per turn (the expert at the search above): p50 / p99 / max",
  );
  table(["level", "moves", "CPU per move", "work per move", "turns", "CPU per turn", "work per turn"], rows);
}

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i <= 1 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(line(head));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(r));
}
