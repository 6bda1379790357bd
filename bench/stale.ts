/**
 * `npm run bench -- stale`: which kept figures are older than the code they
 * describe. Each part's figures (bench/figures/<part>.json) carry the commit
 * they measured; a part is stale when a commit since then changed a path
 * that part measures (DESCRIBES). The docs then cite a figure of code that
 * is no longer there: run that part again (`npm run bench -- <part>`, see
 * docs/benchmarks.md) before landing. Not a test: some parts take minutes
 * to hours, and a change that moves nothing they measure (a comment, a
 * rename) leaves them stale by this count while their figures still hold;
 * what it prints is the list to go through.
 */
import { execFileSync } from "node:child_process";
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { readFigures, root } from "./figures.js";

/**
 * What each part's figures describe (the paths whose change can move them) and the command that measures them
 * again. The suite's time describes every test and the machine's hour as much as the code, and is measured at each
 * landing instead (docs/testing.md).
 */
export const DESCRIBES: Readonly<Record<string, { readonly paths: readonly string[]; readonly command: string }>> = {
  bundle: {
    paths: ["src/server", "src/engine", "src/shared", "src/bots", "src/tournament", "src/preview", "package-lock.json"],
    command: "npm run check:bundle",
  },
  cost: {
    paths: [
      "src/server",
      "src/engine",
      "src/shared",
      "migrations",
      "migrations-log",
      "wrangler.toml",
      "bench/cost-play.ts",
      "bench/cost-model.ts",
      "scripts/local-runtime.ts",
    ],
    command: "npm run bench -- cost",
  },
  floor: {
    paths: [
      "src/server",
      "src/engine",
      "src/shared",
      "bench/floor.ts",
      "bench/floor-worker.ts",
      "bench/echo.ts",
      "bench/profile.ts",
      "scripts/local-runtime.ts",
    ],
    command: "npm run bench -- floor",
  },
  tap: { paths: ["web/src", "src/shared", "src/engine", "bench/first-tap.ts"], command: "npm run bench -- web" },
  tournaments: {
    paths: [
      "src/server/tournaments",
      "src/tournament",
      "src/server/room",
      "src/engine",
      "bench/tournaments.ts",
      "bench/tournaments-run.ts",
    ],
    command: "npm run bench -- tournaments",
  },
  turn: {
    paths: ["src/server/room", "src/bots", "src/engine", "bench/computer-turn.ts", "scripts/local-runtime.ts"],
    command: "npm run bench -- turn",
  },
  wake: { paths: ["src/server/room", "src/engine", "bench/wake.ts", "scripts/local-runtime.ts"], command: "npm run bench -- wake" },
  web: { paths: ["web/src", "src/shared", "src/engine", "bench/web.ts"], command: "npm run bench -- web sizes" },
  bots: {
    paths: ["src/bots", "src/engine", "bench/reference", "bench/bots-pool.ts"],
    command: "npm run bench -- bots pool (docs/computer-players.md)",
  },
  "bots-room": {
    paths: [
      "src/bots",
      "src/engine",
      "src/server/room/computer.ts",
      "bench/bots-room.ts",
      "bench/bots-fresh.ts",
      "bench/room-table.ts",
      "bench/bots-workerd.ts",
      "bench/bots-workerd-worker.ts",
    ],
    command: "npm run bench -- bots room",
  },
};

export interface Staleness {
  readonly part: string;
  readonly measured: string;
  readonly commit: string;
  /** The commits since the measure that changed what it describes (short hash and subject), or why none can be said. */
  readonly since: readonly string[] | "unknown commit" | "no paths declared";
}

const git = (...args: string[]) => execFileSync("git", args, { cwd: root, encoding: "utf8" }).trim();

export function staleness(): Staleness[] {
  const parts = readdirSync(join(root, "bench/figures"))
    .filter((f) => f.endsWith(".json"))
    .map((f) => f.replace(/\.json$/, ""))
    .filter((part) => part !== "suite");
  return parts.map((part) => {
    const figures = readFigures(part)!;
    // A measure of a tree with changes beside its commit ("+") measured those changes, which land with the figures:
    // it is taken as of the commit that wrote the figures file.
    const commit = figures.commit.endsWith("+")
      ? git("log", "-1", "--format=%h", "--", `bench/figures/${part}.json`) || figures.commit.slice(0, -1)
      : figures.commit;
    const paths = DESCRIBES[part]?.paths;
    const base = { part, measured: figures.measured, commit: figures.commit };
    if (!paths) return { ...base, since: "no paths declared" };
    try {
      git("cat-file", "-e", `${commit}^{commit}`);
    } catch {
      return { ...base, since: "unknown commit" };
    }
    const log = git("log", "--no-merges", "--format=%h %s", `${commit}..HEAD`, "--", ...paths);
    return { ...base, since: log === "" ? [] : log.split("\n") };
  });
}

export function printStaleness(): void {
  for (const s of staleness()) {
    const again = DESCRIBES[s.part]?.command;
    const verdict =
      typeof s.since === "string" ? s.since : s.since.length === 0 ? "current" : `STALE: ${s.since.length} commits since (${again})`;
    console.log(`${s.part.padEnd(12)} measured ${s.measured} at ${s.commit.padEnd(9)} ${verdict}`);
    if (typeof s.since !== "string")
      for (const line of s.since.slice(0, 5)) console.log(`    ${line.length > 110 ? `${line.slice(0, 107)}…` : line}`);
    if (typeof s.since !== "string" && s.since.length > 5) console.log(`    … and ${s.since.length - 5} more`);
  }
}
