import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";

/**
 * The layers CONTRIBUTING.md describes, checked on the source text: D1 is
 * reached only through the data layer (src/server/db), raw SQL only where
 * that layer says why, the data layer depends on nothing of the game room's
 * (not even a type: the rows and log entries it keeps are its own), and
 * no stored JSON is cast into a type unread. (The engine's own rule, that it
 * imports nothing outside src/engine, is test/engine/vocabulary.test.ts.)
 */

const root = join(import.meta.dirname, "../..");

/** Every TypeScript file below `dir`, as a path from the repository's root. */
function sources(dir: string): string[] {
  return readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((file) => file.endsWith(".ts"))
    .map((file) => join(dir, file));
}

/** The lines of `files` matching `pattern`, as `path:line: text`, comments left out. */
function matches(files: readonly string[], pattern: RegExp): string[] {
  return files.flatMap((file) =>
    readFileSync(join(root, file), "utf8")
      .split("\n")
      .flatMap((line, i) => {
        const code = line.trim();
        if (code.startsWith("//") || code.startsWith("*") || code.startsWith("/*")) return [];
        return pattern.test(line) ? [`${relative(root, join(root, file))}:${i + 1}: ${code}`] : [];
      }),
  );
}

/**
 * The modules where raw SQL reaches D1, each saying why beside each
 * statement; anything drizzle cannot write goes into one of them, or into a
 * new one named here. drain.ts: every log entry of every game, always the
 * same three statements, faster prepared than built anew. notify-sql.ts:
 * window functions and a conditional multi-row insert.
 * seek-queries.ts: INSERT OR IGNORE ... SELECT, so that of two
 * players racing for a seek's last seat exactly one gets it.
 */
const RAW_SQL = ["src/server/db/drain.ts", "src/server/db/notify-sql.ts", "src/server/db/seek-queries.ts"];

/**
 * Files still reaching D1 outside the data layer while a branch moves their
 * queries into it: none now. A file named here is let off every check below
 * until its queries land in src/server/db; remove it then.
 */
const CONVERTING: readonly string[] = [];

const pending = (line: string) => CONVERTING.some((dir) => line.startsWith(dir));

describe("the data layer", () => {
  const server = sources("src/server");

  it("holds every raw D1 statement, in the modules that say why", () => {
    // D1's prepare, and drizzle's way to send a raw statement.
    const raw = matches(server, /\.prepare\(|\.(run|all|get|values)\(\s*sql`/).filter(
      (line) => !RAW_SQL.some((file) => line.startsWith(`${file}:`)) && !pending(line),
    );
    expect(raw).toEqual([]);
  });

  it("is the only place that builds queries", () => {
    const outside = server.filter((file) => !file.startsWith("src/server/db/"));
    expect(matches(outside, /from "drizzle-orm/).filter((line) => !pending(line))).toEqual([]);
    // Nor sends statements to D1 itself (a batch is the data layer's, whoever built its statements).
    expect(matches(outside, /\.batch\(/)).toEqual([]);
  });

  it("never depends on the game room, not even for a type", () => {
    const db = sources("src/server/db");
    // Any import or re-export, on one line or ending one written over several, and a dynamic import.
    expect(matches(db, /from "(\.\.\/)+(server\/)?room\/|import\("(\.\.\/)+(server\/)?room\//)).toEqual([]);
  });

  it("reads stored JSON through schemas, never cast unread", () => {
    // The exceptions, with their reason beside them: a game room's and a tournament room's own log, read on every
    // cold start (room/storage.ts, tournaments/storage.ts).
    const trusted = (line: string) =>
      line.startsWith("src/server/room/storage.ts:") || line.startsWith("src/server/tournaments/storage.ts:");
    expect(matches(server, /JSON\.parse\([^)]*\)\)?\s+as\s+[A-Z]/).filter((line) => !pending(line) && !trusted(line))).toEqual([]);
  });
});
