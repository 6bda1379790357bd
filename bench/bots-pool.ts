/**
 * The yardstick of the computer players (`npm run bench -- bots pool`): each level against players that are not
 * ours — the reference players of bench/reference, written apart from src/bots, and earlier versions of the
 * players taken whole from the project's history (bench/baseline.ts) — on paired deals: each deal played twice
 * with the seats swapped (with 3 players three times, the level in each seat in turn), every hand a fresh
 * one-hand match. Per cell (a preset, a table size, an opponent): the pairs won with their 95% interval, the
 * points per hand, and what each side made of its hands — burracos (clean ones apart), closes, pozzetti taken
 * and missed, hands it could have closed for many turns and never did.
 */
import { appendFileSync, existsSync, readFileSync } from "node:fs";
import { type BotLevel, type BotOptions, chooseMove } from "../src/bots/index.js";
import {
  burracoOf,
  closeStatus,
  type GameState,
  isCleanBurraco,
  type PlayerCount,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  teamOf,
} from "../src/engine/index.js";
import { type MoveTiming, newDriver, playHand, type Seating } from "../test/bots/driver.js";
import type { loadBaseline } from "./baseline.js";
import { markdownTable } from "./figures.js";
import { mean, meanInterval, shareText, targetVerdict, winOf } from "./intervals.js";
import { REFERENCE_NAMES, type ReferenceName, referenceMove } from "./reference/index.js";

/**
 * How baselines are loaded: bench/baseline.ts, given by bench/index.ts, which runs unbundled (it bundles the
 * baseline's own code with esbuild, which cannot itself be bundled).
 */
let baselines: typeof loadBaseline | null = null;
export function setBaselineLoader(load: typeof loadBaseline): void {
  baselines = load;
}

/** A player of the pool by name: a level (`expert`), a reference player (`solid`), or a baseline's level (`round-2:expert`). */
export async function seating(name: string, options?: BotOptions): Promise<Seating> {
  if ((REFERENCE_NAMES as string[]).includes(name)) {
    return { level: name, choose: (input) => referenceMove(name as ReferenceName, input) };
  }
  const [baseline, level] = name.split(":");
  if (level !== undefined) {
    if (!baselines) throw new Error("baselines are loaded through bench/index.ts");
    const choose = await baselines(baseline!);
    return { level: name, choose: (input, seed, meter) => choose(level, input, seed, { meter }) };
  }
  if (name === "beginner" || name === "club" || name === "expert") {
    return { level: name, choose: (input, seed, meter) => chooseMove(name as BotLevel, input, seed, { ...options, meter }) };
  }
  throw new Error(`unknown player ${name}: beginner, club, expert, ${REFERENCE_NAMES.join(", ")}, or BASELINE:LEVEL`);
}

/** Turns a team may hold the closing conditions without closing before the hand counts as one that lingered. */
export const LINGER_TURNS = 10;

/** What one team made of a hand. */
interface TeamHand {
  readonly points: number;
  readonly burracos: number;
  readonly clean: number;
  readonly closed: boolean;
  readonly taken: boolean;
  /** It paid a pozzetto penalty: none taken, or one taken on the discard and never played. */
  readonly missed: boolean;
  readonly lingered: boolean;
}

function teamHand(state: GameState, team: number, closable: number): TeamHand {
  const hand = state.hand!;
  const score = hand.scores![team]!;
  const mine = hand.melds.filter((m) => m.team === team);
  const kinds = mine.map((m) => burracoOf(m, state.rules)).filter((k) => k !== null);
  const closer = hand.end!.closedBy;
  const closed = hand.end!.reason === "closed" && closer !== null && teamOf(closer, state.players) === team;
  const status = hand.pozzetti[team];
  return {
    points: score.total,
    burracos: kinds.length,
    clean: kinds.filter(isCleanBurraco).length,
    closed,
    taken: status !== null && status !== "stock",
    missed: score.pozzetto < 0,
    lingered: !closed && closable >= LINGER_TURNS,
  };
}

/** Per hand, for one side: the means of what its teams made. */
export interface SideFigures {
  readonly points: number;
  readonly burracos: number;
  readonly clean: number;
  readonly closes: number;
  readonly taken: number;
  readonly missed: number;
  readonly lingered: number;
}

/** One cell of the pool, as the results file keeps it (one JSON line each). */
export interface CellResult {
  readonly side: string;
  readonly opponent: string;
  readonly preset: PresetName;
  readonly players: PlayerCount;
  readonly from: number;
  readonly deals: number;
  /** Share of deals won by the side, ties counting half (its interval: Wilson's, from `deals`, bench/intervals.ts). */
  readonly won: number;
  /** The side's lead per hand and the half-width of its 95% interval. */
  readonly lead: number;
  readonly leadCi: number;
  /** Per deal from `from` on, the side's lead per hand: pieces joined and two sides compared deal by deal. */
  readonly leads: readonly number[];
  readonly a: SideFigures;
  readonly b: SideFigures;
  readonly turns: number;
  readonly stalemates: number;
  readonly seconds: number;
}

/**
 * `deals` paired deals of `preset` between side `a` and opponent `b`. With 2 or 4 players each deal is played
 * twice, the teams swapped; with 3 (no partners) three times, `a` in each seat in turn against two `b`s. A deal
 * is won when `a`'s hands together score more than the other side's (with 3 players, than the mean of the two
 * others': what an equal player wins half the time, as with 2 and 4), ties counting half.
 */
export function pairCell(
  a: Seating,
  b: Seating,
  preset: PresetName,
  players: PlayerCount,
  deals: number,
  from = 0,
  timings?: MoveTiming[],
): Omit<CellResult, "side" | "opponent" | "seconds"> {
  const leads: number[] = [];
  const sides: [TeamHand[], TeamHand[]] = [[], []];
  let stalemates = 0;
  let turns = 0;
  let hands = 0;
  const sittings = players === 3 ? [0, 1, 2] : [0, 1];
  for (let i = from; i < from + deals; i++) {
    let lead = 0;
    for (const teamA of sittings) {
      const d = newDriver(PRESETS[preset], players, timings !== undefined);
      const seats = Array.from({ length: players }, (_, s) => (s % sittings.length === teamA ? a : b));
      const closable = new Array<number>(sittings.length).fill(0);
      playHand(d, seats, `pool ${preset} ${players} ${i}`, i % players, (state) => {
        const hand = state.hand!;
        if (hand.phase !== "take") return;
        turns++;
        if (closeStatus(state, hand.turn).canClose) closable[teamOf(hand.turn, players)]!++;
      });
      const mine = teamHand(d.state, teamA, closable[teamA]!);
      const others = sittings.filter((t) => t !== teamA).map((t) => teamHand(d.state, t, closable[t]!));
      lead += mine.points - mean(others.map((o) => o.points));
      sides[0].push(mine);
      sides[1].push(...others);
      hands++;
      if (d.state.hand!.end!.reason === "stalemate") stalemates++;
      if (timings) timings.push(...d.timings!);
    }
    // Scores are multiples of 5; with 3 players a third of one: two decimals keep every result as it was.
    leads.push(Math.round((100 * lead) / sittings.length) / 100);
  }
  const figures = (list: TeamHand[]): SideFigures => {
    const share = (f: (t: TeamHand) => boolean | number) => mean(list.map((t) => Number(f(t))));
    return {
      points: share((t) => t.points),
      burracos: share((t) => t.burracos),
      clean: share((t) => t.clean),
      closes: share((t) => t.closed),
      taken: share((t) => t.taken),
      missed: share((t) => t.missed),
      lingered: share((t) => t.lingered),
    };
  };
  return {
    preset,
    players,
    from,
    deals,
    won: mean(leads.map(winOf)),
    lead: mean(leads),
    leadCi: meanInterval(leads),
    leads,
    a: figures(sides[0]),
    b: figures(sides[1]),
    turns: turns / hands,
    stalemates,
  };
}

/**
 * Which of `names` (every reference player by default) sit where: the guard where the pile is closed, the
 * signalling pair with partners (elsewhere they would play as the solid player does); any other player everywhere.
 */
export function opponentsFor(preset: PresetName, players: PlayerCount, names: readonly string[] = REFERENCE_NAMES): string[] {
  return names.filter((name) => {
    if (name === "signals") return players === 4;
    if (name === "guard") return PRESETS[preset].discardPile === "closed";
    return true;
  });
}

export interface PoolPlan {
  readonly sides: readonly string[];
  readonly opponents: readonly string[] | null;
  readonly presets: readonly PresetName[];
  readonly players: readonly PlayerCount[];
  /** Deals per cell, per opponent (the default for any other under "*"). */
  readonly deals: (side: string, opponent: string) => number;
  readonly from: number;
  readonly out: string;
}

/** The cells already in the results file (to go on with an interrupted run): their keys. */
function done(out: string): Map<string, CellResult> {
  const cells = new Map<string, CellResult>();
  if (!existsSync(out)) return cells;
  for (const line of readFileSync(out, "utf8").split("\n")) {
    if (!line.trim()) continue;
    const cell = JSON.parse(line) as CellResult;
    cells.set(cellKey(cell), cell);
  }
  return cells;
}

export const cellKey = (c: Pick<CellResult, "side" | "opponent" | "preset" | "players" | "deals" | "from">) =>
  `${c.side}|${c.opponent}|${c.preset}|${c.players}|${c.deals}|${c.from}`;

/** Plays every cell of the plan not in the results file yet, appending each as it ends; returns them all. */
export async function runPool(plan: PoolPlan, options: BotOptions | undefined, timings: MoveTiming[]): Promise<CellResult[]> {
  const results = done(plan.out);
  const out: CellResult[] = [];
  for (const players of plan.players) {
    for (const preset of plan.presets) {
      for (const side of plan.sides) {
        const opponents = opponentsFor(preset, players, plan.opponents ?? REFERENCE_NAMES);
        for (const opponent of opponents) {
          const deals = plan.deals(side, opponent);
          const key = cellKey({ side, opponent, preset, players, deals, from: plan.from });
          const known = results.get(key);
          if (known) {
            out.push(known);
            continue;
          }
          const start = performance.now();
          const a = await seating(side, side === "expert" ? options : undefined);
          const cell = pairCell(a, await seating(opponent), preset, players, deals, plan.from, timings);
          const result: CellResult = { side, opponent, ...cell, seconds: Math.round((performance.now() - start) / 1000) };
          appendFileSync(plan.out, `${JSON.stringify(result)}\n`);
          console.error(`  ${row(result).join("  ")}`);
          out.push(result);
        }
      }
    }
  }
  return out;
}

const pct = (x: number) => `${(100 * x).toFixed(1)}%`;
const two = (a: number, b: number, f: (x: number) => string) => `${f(a)} / ${f(b)}`;
const signed = (x: number) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(0)}`;

export const POOL_HEAD = [
  "preset",
  "players",
  "side vs opponent",
  "deals",
  "pairs won (95%)",
  "points/hand (95%)",
  "burracos (clean)",
  "closes",
  "pozzetto taken",
  "missed",
  "lingered",
];

/** A cell as a table row: the side's figure first, then the opponent's. */
export function row(c: CellResult): string[] {
  return [
    c.preset,
    String(c.players),
    `${c.side} vs ${c.opponent}`,
    String(c.deals),
    shareText(c.won, c.deals),
    `${signed(c.lead)} ± ${c.leadCi.toFixed(0)}`,
    `${c.a.burracos.toFixed(2)} (${c.a.clean.toFixed(2)}) / ${c.b.burracos.toFixed(2)} (${c.b.clean.toFixed(2)})`,
    two(c.a.closes, c.b.closes, pct),
    two(c.a.taken, c.b.taken, pct),
    two(c.a.missed, c.b.missed, pct),
    two(c.a.lingered, c.b.lingered, pct),
  ];
}

/** The share of paired hands each level should win against the solid reference player. */
export const TARGETS: Readonly<Record<string, number>> = { club: 0.5, expert: 0.65 };

export const ALL_PRESETS: readonly PresetName[] = PRESET_NAMES;

/** The results file's cells, one JSON line each. */
export function readCells(out: string): CellResult[] {
  return readFileSync(out, "utf8")
    .split("\n")
    .filter((l) => l.trim())
    .map((l) => JSON.parse(l) as CellResult);
}

export const SUMMARY_HEAD = [
  "preset",
  "players",
  "club: deals won (95%)",
  "club vs target",
  "expert: deals won (95%)",
  "expert vs target",
  "closes, expert / solid",
  "pozzetto, expert / solid",
];

/**
 * The strength table at a glance (docs/computer-players.md): per preset and table size, each level's deals won
 * against the reference `solid` player with its interval and its target's verdict, and how often the expert and
 * `solid` close and take their pozzetto. The whole pool, every opponent and column, is `poolMarkdown`'s.
 */
export function summaryMarkdown(cells: readonly CellResult[]): string {
  const against = (side: string, preset: PresetName, players: number) =>
    cells.find((c) => c.side === side && c.opponent === "solid" && c.preset === preset && c.players === players);
  const rows: string[][] = [];
  for (const players of [2, 3, 4])
    for (const preset of PRESET_NAMES) {
      const club = against("club", preset, players);
      const expert = against("expert", preset, players);
      if (!club && !expert) continue;
      const won = (c: CellResult | undefined) => (c ? shareText(c.won, c.deals) : "—");
      const verdict = (c: CellResult | undefined) => (c ? targetVerdict(c.won, c.deals, TARGETS[c.side]!).trim() : "—");
      rows.push([
        preset,
        String(players),
        won(club),
        verdict(club),
        won(expert),
        verdict(expert),
        expert ? two(expert.a.closes, expert.b.closes, pct) : "—",
        expert ? two(expert.a.taken, expert.b.taken, pct) : "—",
      ]);
    }
  return markdown(SUMMARY_HEAD, rows, 2);
}

/** The markdown table of the pool, as docs/benchmarks.md shows it between its markers. */
export function poolMarkdown(cells: readonly CellResult[]): string {
  return markdown(POOL_HEAD, cells.map(row), 3);
}

export const ROOM_HEAD = ["level", "per", "count", "CPU, process", "CPU, thread", "work (steps)"];
/** The same in the Workers runtime (bench/bots-workerd.ts): its own thread is what Workers charges. */
export const RUNTIME_ROOM_HEAD = ["level", "per", "count", "CPU, all its threads", "CPU, its thread", "work (steps)"];

/** A markdown table laid out as the docs' formatter lays it out, its first `left` columns aligned left (bench/figures.ts). */
export function markdown(head: readonly string[], rows: readonly (readonly string[])[], left: number): string {
  return markdownTable(
    head,
    head.map((_, i) => (i < left ? "left" : "right")),
    rows,
  );
}
