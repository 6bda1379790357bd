/**
 * Reading the pool's results file (bench/bots-pool.ts): a cell's deals played in pieces (`--from`, `--deals`,
 * on a busy machine or to add deals to a cell) joined into one cell, and each level beside its round-two self
 * (the baseline `round-2:LEVEL`, bench/baseline.ts), deal by deal.
 */
import { PRESET_NAMES } from "../src/engine/index.js";
import type { CellResult, SideFigures } from "./bots-pool.js";
import { mean, meanInterval, shareText, wilson, winOf } from "./intervals.js";

function weighted(parts: readonly CellResult[], side: (c: CellResult) => SideFigures): SideFigures {
  const n = parts.reduce((s, c) => s + c.deals, 0);
  const avg = (k: keyof SideFigures) => parts.reduce((s, c) => s + c.deals * side(c)[k], 0) / n;
  return {
    points: avg("points"),
    burracos: avg("burracos"),
    clean: avg("clean"),
    closes: avg("closes"),
    taken: avg("taken"),
    missed: avg("missed"),
    lingered: avg("lingered"),
  };
}

/** One cell of consecutive pieces (each starting where the one before ended): their deals, one after another. */
export function join(parts: readonly CellResult[]): CellResult {
  if (parts.length === 1) return parts[0]!;
  const first = parts[0]!;
  const leads = parts.flatMap((c) => c.leads);
  return {
    ...first,
    deals: leads.length,
    won: mean(leads.map(winOf)),
    lead: mean(leads),
    leadCi: meanInterval(leads),
    leads,
    a: weighted(parts, (c) => c.a),
    b: weighted(parts, (c) => c.b),
    turns: parts.reduce((s, c) => s + c.deals * c.turns, 0) / leads.length,
    stalemates: parts.reduce((s, c) => s + c.stalemates, 0),
    seconds: parts.reduce((s, c) => s + c.seconds, 0),
  };
}

/**
 * The results file's cells with the pieces of each joined: per side, opponent, preset and table size, the
 * pieces that follow on without a gap or an overlap, from the first deal of each run (a piece played twice
 * counts once; a range of deals apart, `--from 1000` say, is a cell of its own).
 */
export function joinPieces(cells: readonly CellResult[]): CellResult[] {
  const groups = new Map<string, CellResult[]>();
  for (const c of cells) {
    const key = `${c.side}|${c.opponent}|${c.preset}|${c.players}`;
    groups.set(key, [...(groups.get(key) ?? []), c]);
  }
  const out: CellResult[] = [];
  for (const pieces of groups.values()) {
    const used = new Set<number>();
    for (const start of [...new Set(pieces.map((c) => c.from))].sort((x, y) => x - y)) {
      if (used.has(start)) continue;
      const run: CellResult[] = [];
      for (let at = start; !used.has(at); ) {
        const next = pieces.find((c) => c.from === at);
        if (!next) break;
        used.add(at);
        run.push(next);
        at += next.deals;
      }
      out.push(join(run));
    }
  }
  const order = (c: CellResult) =>
    [c.players, PRESET_NAMES.indexOf(c.preset), c.side.includes(":") ? 1 : 0, c.side, c.opponent, c.from] as const;
  return out.sort((x, y) => {
    const [a, b] = [order(x), order(y)];
    for (let i = 0; i < a.length; i++) if (a[i] !== b[i]) return a[i]! < b[i]! ? -1 : 1;
    return 0;
  });
}

/** Weaker only when the whole interval lies below even, stronger only when it lies above. */
const verdict = (lo: number, hi: number, even: number) => (hi < even ? "WEAKER" : lo > even ? "stronger" : "not shown apart");

/**
 * Two sides against the same opponent on the same deals (same preset, table size and first deal): the pairs
 * `a` won less those `b` won, deal by deal (each deal's difference is −1, −½, 0, ½ or 1), with the 95% interval
 * of that mean difference, and the same for points per hand. The deals being the same, their luck cancels.
 */
export function paired(a: CellResult, b: CellResult): { deals: number; won: number; wonCi: number; lead: number; leadCi: number } {
  const deals = Math.min(a.leads.length, b.leads.length);
  const wins = Array.from({ length: deals }, (_, i) => winOf(a.leads[i]!) - winOf(b.leads[i]!));
  const leads = Array.from({ length: deals }, (_, i) => a.leads[i]! - b.leads[i]!);
  return { deals, won: mean(wins), wonCi: meanInterval(wins), lead: mean(leads), leadCi: meanInterval(leads) };
}

const points = (x: number, ci: number, unit: string) => `${x >= 0 ? "+" : "−"}${Math.abs(x).toFixed(1)} ± ${ci.toFixed(1)}${unit}`;

/**
 * Each level beside its round-two self: head to head, the pairs it won of round two's (Wilson's interval);
 * against a reference player, the pairs it won less round two's against the same player on the same deals
 * (paired, deal by deal).
 */
export function againstRoundTwo(cells: readonly CellResult[]): string[][] {
  const rows: string[][] = [];
  for (const c of cells) {
    if (c.side.includes(":")) continue;
    const baseline = `round-2:${c.side}`;
    if (c.opponent === baseline) {
      const { lo, hi } = wilson(c.won, c.deals);
      rows.push([
        c.preset,
        String(c.players),
        `${c.side} vs ${baseline}`,
        String(c.deals),
        shareText(c.won, c.deals),
        verdict(lo, hi, 0.5),
      ]);
      continue;
    }
    const old = cells.find(
      (o) => o.side === baseline && o.opponent === c.opponent && o.preset === c.preset && o.players === c.players && o.from === c.from,
    );
    if (!old) continue;
    const d = paired(c, old);
    rows.push([
      c.preset,
      String(c.players),
      `vs ${c.opponent}: ${c.side} beside round two`,
      String(d.deals),
      `${points(100 * d.won, 100 * d.wonCi, " points")} (${points(d.lead, d.leadCi, "/hand")})`,
      verdict(d.won - d.wonCi, d.won + d.wonCi, 0),
    ]);
  }
  return rows;
}

/**
 * A change measured against what was measured before it, on the same deals: each cell of `now` beside the cell
 * of `before` with the same side, opponent, preset, table size and first deal (its pieces joined alike), deal
 * by deal as `paired` does. `npm run bench -- bots table --out TRY --beside bench/results/pool.jsonl`.
 */
export function besideBefore(now: readonly CellResult[], before: readonly CellResult[]): string[][] {
  const rows: string[][] = [];
  for (const c of now) {
    const old = before.find(
      (o) => o.side === c.side && o.opponent === c.opponent && o.preset === c.preset && o.players === c.players && o.from === c.from,
    );
    if (!old) continue;
    const d = paired(c, old);
    rows.push([
      c.preset,
      String(c.players),
      `${c.side} vs ${c.opponent}: now ${(100 * c.won).toFixed(1)}%, before ${(100 * mean(old.leads.slice(0, d.deals).map(winOf))).toFixed(1)}%`,
      String(d.deals),
      `${points(100 * d.won, 100 * d.wonCi, " points")} (${points(d.lead, d.leadCi, "/hand")})`,
      verdict(d.won - d.wonCi, d.won + d.wonCi, 0),
    ]);
  }
  return rows;
}

export const ROUND_TWO_HEAD = ["preset", "players", "comparison", "deals", "pairs won (95%)", "verdict"];
