/**
 * Frozen baselines for the bench: an earlier version of the computer players, taken whole from the project's
 * history (its src/bots and the src/engine it played with), never copied into the tree. `loadBaseline` extracts
 * that version with `git archive` into a temporary directory, bundles it with esbuild and imports it; the pool
 * then seats it as a side of its own (`--sides expert,round-2:expert`). A yardstick that does not move: later
 * changes to src/bots or src/engine leave it as it was.
 */
import { execFileSync } from "node:child_process";
import { existsSync, mkdirSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";
import type { MoveText } from "../src/engine/index.js";

/** Each baseline: the tag that names it and the commit it points at (used when a clone lacks the tag). */
export const BASELINES: Readonly<Record<string, { readonly tag: string; readonly commit: string }>> = {
  // The players of round two: the per-preset fitted evaluations, a two-turn look-ahead.
  "round-2": { tag: "bots-round-2", commit: "0ee3bacbb271a9e53e14c1fcb2ab73f21acdd3d5" },
};

type Choose = (level: string, input: unknown, seed: string, options?: object) => MoveText | null;

const loaded = new Map<string, Choose>();

function resolve(name: string): string {
  const baseline = BASELINES[name];
  if (!baseline) throw new Error(`unknown baseline ${name}: ${Object.keys(BASELINES).join(", ")}`);
  for (const ref of [`${baseline.tag}^{commit}`, baseline.commit]) {
    try {
      return execFileSync("git", ["rev-parse", "--verify", "--quiet", ref], { encoding: "utf8" }).trim();
    } catch {
      // Try the next.
    }
  }
  throw new Error(`baseline ${name}: neither the tag ${baseline.tag} nor the commit ${baseline.commit} is in this clone (fetch its tags)`);
}

/** The baseline's `chooseMove`, from its own version of the code. */
export async function loadBaseline(name: string): Promise<Choose> {
  const known = loaded.get(name);
  if (known) return known;
  const commit = resolve(name);
  const dir = join(tmpdir(), `burraco-baseline-${commit}`);
  const bundle = join(dir, "players.mjs");
  if (!existsSync(bundle)) {
    mkdirSync(dir, { recursive: true });
    const archive = execFileSync("git", ["archive", "--format=tar", commit, "src/engine", "src/bots"], { maxBuffer: 1 << 28 });
    execFileSync("tar", ["-x", "-C", dir], { input: archive });
    await build({
      entryPoints: [join(dir, "src/bots/index.ts")],
      bundle: true,
      platform: "neutral",
      format: "esm",
      outfile: bundle,
      logLevel: "warning",
    });
  }
  const players = (await import(pathToFileURL(bundle).href)) as { chooseMove: Choose };
  loaded.set(name, players.chooseMove);
  return players.chooseMove;
}
