/**
 * Computer players: matches between levels on paired deals, and the CPU each
 * level spends per move. `npm run bench -- bots [pairing ...] [--hands N] [--search default|strong]`
 * where a pairing is one of the names below (all by default).
 *
 * `bench/index.ts` runs it bundled by esbuild as wrangler bundles the Worker
 * (no name-keeping helpers), and times are CPU time, so a busy machine does
 * not inflate them.
 */

import { EXPERT_DEFAULT, EXPERT_STRONG } from "../src/bots/expert.js";
import { BOT_LEVELS, type BotLevel } from "../src/bots/index.js";
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

function percentile(sorted: readonly number[], p: number): number {
  return sorted.length ? sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]! : Number.NaN;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;

export function botsBench(args: readonly string[]): void {
  const option = (name: string) => {
    const at = args.indexOf(name);
    return at >= 0 ? args[at + 1] : undefined;
  };
  const hands = Number(option("--hands") ?? 1000);
  const strong = option("--search") === "strong";
  const names = args.filter((a, i) => !a.startsWith("--") && !args[i - 1]?.startsWith("--"));
  const chosen = PAIRINGS.filter((p) => names.length === 0 || names.includes(p.name));
  if (chosen.length === 0) throw new Error(`pairings: ${PAIRINGS.map((p) => p.name).join(", ")}`);
  const expert: Side = { level: "expert", ...(strong ? { options: { search: EXPERT_STRONG } } : {}) };
  console.log(`\nComputer players: every deal played twice with the seats swapped (at least ${hands} hands per pairing)`);
  console.log(`expert search: ${strong ? "strong" : "default"} ${JSON.stringify(strong ? EXPERT_STRONG : EXPERT_DEFAULT)}\n`);
  const timings = new Map<string, number[]>();
  const rows: string[][] = [];
  const verdicts: string[] = [];
  for (const pairing of chosen) {
    const started = performance.now();
    const r = pairing.run(hands, expert);
    const seconds = (performance.now() - started) / 1000;
    for (const t of r.timings) {
      // Only default settings count for the time target.
      if (strong && t.level === "expert") continue;
      const list = timings.get(t.level) ?? [];
      list.push(t.ms);
      timings.set(t.level, list);
    }
    rows.push([
      pairing.what,
      String(r.hands),
      pct(r.pairWins),
      r.matchWins === null ? "" : pct(r.matchWins),
      `${r.lead >= 0 ? "+" : ""}${r.lead.toFixed(0)} ± ${r.interval.toFixed(0)}`,
      `${seconds.toFixed(0)} s`,
    ]);
    if (pairing.target) {
      const share = pairing.target.share === "matches" ? r.matchWins! : r.pairWins;
      const met = share >= pairing.target.atLeast;
      verdicts.push(
        `${met ? "met   " : "MISSED"}  ${pairing.what}: ${pairing.target.share} won ${pct(share)} (target ≥ ${pct(pairing.target.atLeast)})`,
      );
    }
  }
  table(["pairing", "hands", "pairs won", "matches won", "points per hand (95%)", "time"], rows);
  const cpu: string[][] = [];
  for (const level of BOT_LEVELS as readonly BotLevel[]) {
    const list = timings.get(level);
    if (!list?.length) continue;
    const sorted = list.slice().sort((x, y) => x - y);
    const p99 = percentile(sorted, 99);
    cpu.push([level, String(sorted.length), ms(percentile(sorted, 50)), ms(p99), ms(sorted.at(-1)!)]);
    verdicts.push(`${p99 < 5 ? "met   " : "MISSED"}  ${level}: ${ms(p99)} per move at p99 (target < 5 ms)`);
  }
  console.log("\nCPU per move, default settings, one core");
  table(["level", "moves", "p50", "p99", "max"], cpu);
  console.log("\nTargets");
  for (const v of verdicts) console.log(v);
}

const ms = (x: number) => `${x < 1 ? x.toFixed(3) : x.toFixed(2)} ms`;

function table(head: string[], rows: string[][]): void {
  const widths = head.map((h, i) => Math.max(h.length, ...rows.map((r) => r[i]!.length)));
  const line = (cells: string[]) =>
    cells
      .map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log(line(head));
  console.log(line(widths.map((w) => "-".repeat(w))));
  for (const r of rows) console.log(line(r));
}
