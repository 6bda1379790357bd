import { readFileSync } from "node:fs";
import { join, relative } from "node:path";
import { describe, expect, it } from "vitest";
import { cycles, graphOf, reach, root, sources } from "./imports";

/**
 * The layers CONTRIBUTING.md describes, checked on the source text and on
 * its import graph (imports.ts): D1 is reached only through the data layer
 * (src/server/db), raw SQL only where that layer says why, each layer of the
 * Worker (the base modules, the data layer, the services, the game room)
 * and of the tree (the computer players, the shared wire, the web client)
 * reaches nothing above it (not even a type), no module imports itself
 * back, and no stored JSON is cast into a type unread. (The engine's own rule, that it imports nothing outside
 * src/engine, is test/engine/vocabulary.test.ts.)
 */

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
    // D1's own `exec` too, on a binding or a database got from one (a room's SQLite, `this.sql.exec`, is its own storage).
    const raw = matches(server, /\.prepare\(|(\b(d1|db|LOG_\w+)|Database\([^)]*\))\.exec\(|\.(run|all|get|values)\(\s*sql`/i).filter(
      (line) => !RAW_SQL.some((file) => line.startsWith(`${file}:`)) && !pending(line),
    );
    expect(raw).toEqual([]);
  });

  it("is the only place that builds queries", () => {
    const outside = server.filter((file) => !file.startsWith("src/server/db/"));
    // Any import of drizzle, static or dynamic (`await import("drizzle-orm/d1")`), types included.
    const drizzle = [...graphOf(outside)].flatMap(([file, edges]) =>
      edges.filter((e) => e.to.startsWith("drizzle-orm")).map((e) => `${file} imports ${e.to}`),
    );
    expect(drizzle.filter((line) => !pending(line))).toEqual([]);
    // Nor sends statements to D1 itself (a batch is the data layer's, whoever built its statements).
    expect(matches(outside, /\.batch\(/)).toEqual([]);
  });

  it("reaches nothing above it, not even a type", () => {
    // Through any chain of imports: a type from env.ts once brought the whole room (and a cycle of 27 modules) with it.
    expect(above(sources("src/server/db"), ABOVE_DATA)).toEqual([]);
  });

  it("reads stored JSON through schemas, never cast unread", () => {
    // The exceptions, with their reason beside them: a game room's and a tournament room's own log, read on every
    // cold start (room/storage.ts, tournaments/storage.ts).
    const trusted = (line: string) =>
      line.startsWith("src/server/room/storage.ts:") || line.startsWith("src/server/tournaments/storage.ts:");
    expect(matches(server, /JSON\.parse\([^)]*\)\)?\s+as\s+[A-Z]/).filter((line) => !pending(line) && !trusted(line))).toEqual([]);
  });
});

/** What sits above the data layer: the services, the room, the routes and the Worker's wiring. */
const ABOVE_DATA = [
  "src/server/notify/",
  "src/server/players/",
  "src/server/ratings/",
  "src/server/seeks/",
  "src/server/room/",
  "src/server/routes/",
  "src/server/unfurl/",
  "src/server/dev/",
  "src/server/env.ts",
  "src/server/http.ts",
  "src/server/app.ts",
  "src/server/index.ts",
];

/** What serves requests and uses the game room: the tournaments, the seeks, the routes, the Worker's wiring. */
const SERVING = ["tournaments/", "seeks/", "routes/", "unfurl/", "dev/", "http.ts", "long-poll.ts", "cron.ts", "app.ts", "index.ts"].map(
  (f) => `src/server/${f}`,
);

/** What sits above the services (notifications, players, ratings, the clock, texts): the game room and what serves requests. */
const ABOVE_SERVICES = ["src/server/room/", ...SERVING];

/** The Worker's base modules, below the data layer: its bindings, answers, tokens, callers, rate limits, checks. */
const BASE = ["env.ts", "reply.ts", "auth.ts", "seal.ts", "caller.ts", "rate-limiter.ts", "validation.ts"].map((f) => `src/server/${f}`);

/** Each module of `files` that reaches one of `forbidden` (a folder ending in / or a file), with the chain that does. */
function above(files: readonly string[], forbidden: readonly string[]): string[] {
  const graph = graphOf(sources("src"));
  return files.flatMap((file) =>
    [...reach(graph, file)]
      .filter(([to]) => forbidden.some((f) => (f.endsWith("/") ? to.startsWith(f) : to === f)))
      .slice(0, 1)
      .map(([, path]) => path.join(" → ")),
  );
}

describe("the layers", () => {
  const graph = graphOf([...sources("src"), ...sources("web/src")]);

  it("have no module that imports itself back at run time", () => {
    expect(cycles(graph, (edge) => !edge.typeOnly)).toEqual([]);
  });

  it("have no module that imports itself back even for a type", () => {
    // A part that needs its owner's state takes it as an interface of its own (e.g. web/src/table/seat-controls.ts's
    // SeatHost), and types a folder's modules share live in a leaf of it (e.g. web/src/notifications/state.ts).
    expect(cycles(graph)).toEqual([]);
  });

  it("keep the engine's vocabulary a leaf: src/engine/types.ts imports nothing", () => {
    expect(graph.get("src/engine/types.ts")).toEqual([]);
  });

  it("keep the services below the room: notifications, players, ratings, the clock and the server's texts reach nothing of it", () => {
    const services = ["src/server/notify", "src/server/players", "src/server/ratings", "src/server/clock", "src/server/i18n"].flatMap(
      sources,
    );
    expect(above([...services, ...BASE, "src/server/absences.ts"], ABOVE_SERVICES)).toEqual([]);
  });

  it("keep the base modules at the bottom: they reach nothing of the data layer, the services or the room", () => {
    // env.ts types the notifications' queues with notify/types.ts's Delivery: a vocabulary of types that itself
    // imports only src/shared, so it brings nothing of the services with it.
    const vocabulary = "src/server/notify/types.ts";
    const services = [
      "src/server/db",
      "src/server/notify",
      "src/server/players",
      "src/server/ratings",
      "src/server/clock",
      "src/server/i18n",
    ]
      .flatMap(sources)
      .filter((file) => file !== vocabulary);
    expect(above(BASE, [...services, "src/server/absences.ts", ...ABOVE_SERVICES])).toEqual([]);
    expect(
      graphOf([vocabulary])
        .get(vocabulary)!
        .filter((edge) => !edge.to.startsWith("src/shared/")),
    ).toEqual([]);
  });

  it("keep the game room below what serves requests: it reaches nothing of the routes, the seeks, the tournaments or the Worker's wiring", () => {
    expect(above(sources("src/server/room"), SERVING)).toEqual([]);
  });
});

describe("the layers of the tree", () => {
  /** Each import of a module below `dir` that goes to the repository's own code outside `allowed` (folders). */
  const outside = (dir: string, allowed: readonly string[]) =>
    [...graphOf(sources(dir))].flatMap(([file, edges]) =>
      edges
        .filter((e) => /^(src|web)\//.test(e.to) && ![dir, ...allowed].some((a) => e.to.startsWith(`${a}/`)))
        .map((e) => `${file} imports ${e.to}`),
    );

  it("keep the computer players on the engine alone", () => {
    expect(outside("src/bots", ["src/engine"])).toEqual([]);
  });

  it("keep what server and client share on the engine alone", () => {
    expect(outside("src/shared", ["src/engine"])).toEqual([]);
  });

  it("keep the web client off the Worker: the engine, the computer players, the tournaments' core and the shared wire only", () => {
    expect(outside("web/src", ["src/engine", "src/bots", "src/tournament", "src/shared"])).toEqual([]);
  });
});

describe("the tournaments' pure core", () => {
  it("imports the engine and the shared wire only: no server, no web client, no platform", () => {
    const files = sources("src/tournament");
    expect(files.length).toBeGreaterThan(0);
    expect(matches(files, /from "(?!\.\/|\.\.\/engine\/|\.\.\/shared\/)/)).toEqual([]);
  });
});
