/**
 * Starts the service locally as `npm start` does (wrangler dev, local D1
 * migrated), on a free port with its own storage directory, for the
 * end-to-end tests and the load benchmark. Node only.
 */
import { type ChildProcess, execFile, spawn } from "node:child_process";
import { createHash } from "node:crypto";
import { existsSync } from "node:fs";
import { cp, mkdtemp, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { createServer } from "node:net";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { DatabaseSync } from "node:sqlite";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { logShards } from "./migrate-local.mjs";

export const root = fileURLToPath(new URL("..", import.meta.url));
const wrangler = join(root, "node_modules/wrangler/bin/wrangler.js");
const run = promisify(execFile);

/** Local runs never reach the network. */
const ENV = { ...process.env, CI: "1", CLOUDFLARE_CF_FETCH_ENABLED: "false", WRANGLER_SEND_METRICS: "false", NO_COLOR: "1" };

export interface LocalService {
  readonly url: string;
  readonly persistTo: string;
  /** Ends the service: gently, or at once (`kill`), like a crash. */
  stop(how?: "gently" | "kill"): Promise<void>;
  /** Reads the local main D1 database. */
  d1<T>(sql: string): Promise<T[]>;
  /** Reads every local log shard (src/server/db/shards.ts), the rows of all of them together. */
  logs<T>(sql: string): Promise<T[]>;
}

export async function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const server = createServer();
    server.once("error", reject);
    server.listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A new temporary storage directory; `memory` puts it in RAM (/dev/shm) where there is one, so that disk syncs cost nothing. */
export async function newPersistDir(memory = false): Promise<string> {
  const base = memory && existsSync("/dev/shm") ? "/dev/shm" : tmpdir();
  return mkdtemp(join(base, "burraco-"));
}

export async function removeDir(dir: string): Promise<void> {
  await rm(dir, { recursive: true, force: true });
}

export async function wranglerRun(args: string[]): Promise<string> {
  const { stdout } = await run(process.execPath, [wrangler, ...args], { cwd: root, env: ENV, maxBuffer: 64 * 1024 * 1024 });
  return stdout;
}

/**
 * How long a direct read or change of a local D1 file waits for SQLite's lock: a runtime just stopped (a crash
 * simulated by killing it) may still hold it a moment, and a full e2e run once lost a test to "database is
 * locked". A guard against a hang, not a timing: the lock is normally free at once.
 */
const LOCK_GUARD = 30_000;

/**
 * Reads the local D1 databases of `persistTo` directly (their SQLite files),
 * read-only: the main one (the one with the game index), or every log shard
 * (the others) with their rows together.
 */
export async function d1Query<T>(persistTo: string, sql: string, which: "main" | "logs" = "main"): Promise<T[]> {
  const dir = join(persistTo, "v3/d1/miniflare-D1DatabaseObject");
  const rows: T[] = [];
  let found = false;
  for (const file of (await readdir(dir)).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")) {
    const db = new DatabaseSync(join(dir, file), { readOnly: true, timeout: LOCK_GUARD });
    try {
      const main = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").all().length > 0;
      if (main !== (which === "main")) continue;
      found = true;
      rows.push(...(db.prepare(sql).all() as T[]));
    } finally {
      db.close();
    }
  }
  if (!found) throw new Error(`no ${which} D1 database in ${dir}`);
  return rows;
}

/**
 * Changes the local D1 databases of `persistTo` directly (their SQLite
 * files) while no service runs on them: a test's time travel, such as a
 * lease moved back as if its holder had died long ago. `which` as for
 * d1Query: the main database, or every log shard. Returns the rows changed.
 */
export async function d1Change(persistTo: string, sql: string, which: "main" | "logs" = "main"): Promise<number> {
  const dir = join(persistTo, "v3/d1/miniflare-D1DatabaseObject");
  let changed = 0;
  let found = false;
  for (const file of (await readdir(dir)).filter((f) => f.endsWith(".sqlite") && f !== "metadata.sqlite")) {
    const db = new DatabaseSync(join(dir, file), { timeout: LOCK_GUARD });
    try {
      const main = db.prepare("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'games'").all().length > 0;
      if (main !== (which === "main")) continue;
      found = true;
      changed += Number(db.prepare(sql).run().changes);
    } finally {
      db.close();
    }
  }
  if (!found) throw new Error(`no ${which} D1 database in ${dir}`);
  return changed;
}

/** Builds the web client unless it is there (the Worker serves it as static assets). */
export async function ensureWebBuilt(): Promise<void> {
  if (!existsSync(join(root, "web/dist/index.html"))) await run(process.execPath, [join(root, "scripts/build-web.mjs")], { cwd: root });
}

/**
 * wrangler.toml with every queue consumer's batching wait cut from 5 s to
 * 50 ms (as vitest.config.ts does for the Worker's tests), so that a test's
 * notification leaves at once instead of after a 5-second wait. Everything
 * else is wrangler.toml's own. The copy is written beside it (its paths are
 * relative to where it lies), git-ignored, whole (a rename), so that
 * services starting at once each read a complete file.
 */
export async function quickQueuesConfig(): Promise<string> {
  const deployed = await readFile(join(root, "wrangler.toml"), "utf8");
  const consumers = deployed.match(/^\[\[queues\.consumers\]\]$/gm)?.length ?? 0;
  let replaced = 0;
  const quick = deployed.replace(/^max_batch_timeout = .*$/gm, () => {
    replaced++;
    return "max_batch_timeout = 0.05";
  });
  if (consumers === 0 || replaced !== consumers)
    throw new Error("wrangler.toml: every [[queues.consumers]] needs its own max_batch_timeout line");
  const path = join(root, ".wrangler.quick-queues.toml");
  const part = `${path}.${process.pid}`;
  await writeFile(part, `# Written by scripts/local-service.ts from wrangler.toml for the tests: do not edit.\n${quick}`);
  await rename(part, path);
  return path;
}

/**
 * Applies the D1 migrations to the local databases of `persistTo`, as
 * `npm run db:migrate:local` does, but cheaply: each `wrangler d1
 * migrations apply` is a process that costs seconds of CPU (it starts a
 * runtime), and the tests start a service many times. So the migrations are
 * applied once into a template directory, named by what decides its content
 * (the migrations, wrangler.toml, wrangler's version), and a new storage
 * directory gets a copy of its databases; a storage directory that has them
 * already (a service restarted on it) is left as it is.
 */
export async function migrateLocal(persistTo: string): Promise<void> {
  const d1 = join("v3", "d1");
  if (existsSync(join(persistTo, d1))) return;
  const template = join(tmpdir(), `burraco-migrated-${await migrationsKey()}`);
  if (!existsSync(join(template, d1))) {
    const fresh = await mkdtemp(join(tmpdir(), "burraco-migrating-"));
    for (const binding of ["DB", ...logShards()])
      await wranglerRun(["d1", "migrations", "apply", binding, "--local", "--persist-to", fresh]);
    // Whole or not at all (a rename), so that services starting at once never copy half a template.
    await rename(fresh, template).catch(async (error: NodeJS.ErrnoException) => {
      await removeDir(fresh);
      // Another process made the same template meanwhile: use that one.
      if (!existsSync(join(template, d1))) throw error;
    });
  }
  await cp(join(template, d1), join(persistTo, d1), { recursive: true });
}

/** What the migrated databases depend on, as a short hash: the migration files, wrangler.toml (the databases' ids), wrangler's version. */
async function migrationsKey(): Promise<string> {
  const hash = createHash("sha256");
  for (const dir of ["migrations", "migrations-log"])
    for (const file of (await readdir(join(root, dir))).sort())
      hash.update(`${dir}/${file}\0`).update(await readFile(join(root, dir, file)));
  hash.update(await readFile(join(root, "wrangler.toml")));
  hash.update(await readFile(join(root, "node_modules/wrangler/package.json")));
  return hash.digest("hex").slice(0, 16);
}

/**
 * Starts `wrangler dev` on a free port with storage in `persistTo` (a new
 * temporary directory unless given), after building the web client if
 * needed and applying the D1 migrations; `vars` are given to the Worker
 * over wrangler.toml's and .dev.vars'. Resolves once /api/health answers.
 */
export async function startLocalService(
  options: {
    persistTo?: string;
    port?: number;
    /** Or made from the port it gets (a service whose links name its own address). */
    vars?: Readonly<Record<string, string>> | ((port: number) => Readonly<Record<string, string>>);
    entry?: string;
    /** The queues' batching wait cut to 50 ms (quickQueuesConfig): for tests, which wait on every notification. */
    quickQueues?: boolean;
  } = {},
): Promise<LocalService> {
  const persistTo = options.persistTo ?? (await newPersistDir());
  await ensureWebBuilt();
  await migrateLocal(persistTo);
  // A free port can be taken by another process before wrangler binds it (other tests' runtimes and browsers bind
  // ports all the time): then wrangler exits at once, and it is started again, on fresh ports unless the caller
  // chose the port (a restarted service keeps its address; the old one's socket may linger a moment).
  for (let attempt = 1; ; attempt++) {
    const started = await launch(options, persistTo, options.port ?? (await freePort()));
    if (started !== "port taken") return started;
    if (attempt === 5) throw new Error("wrangler dev: its port was taken five times over");
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** One start of `wrangler dev` on `port` (see startLocalService), or "port taken" when it could not bind one of its ports. */
async function launch(
  options: Parameters<typeof startLocalService>[0] & {},
  persistTo: string,
  port: number,
): Promise<LocalService | "port taken"> {
  const vars = typeof options.vars === "function" ? options.vars(port) : (options.vars ?? {});
  // Its own inspector port too: two services starting at once would both pick the default 9229.
  const inspectorPort = await freePort();
  const child = spawn(
    process.execPath,
    [
      wrangler,
      "dev",
      // Another entry point than wrangler.toml's main (the local tests' Worker with time travel).
      ...(options.entry ? [options.entry] : []),
      // The game Worker and its link-preview renderer (a Worker of its own behind a service binding).
      "-c",
      options.quickQueues ? await quickQueuesConfig() : "wrangler.toml",
      "-c",
      "wrangler.preview.toml",
      "--local",
      "--ip",
      "127.0.0.1",
      "--port",
      String(port),
      "--inspector-port",
      String(inspectorPort),
      "--persist-to",
      persistTo,
      "--show-interactive-dev-session=false",
      "--log-level",
      "warn",
      // /__scheduled runs the Cron Trigger on demand (test/e2e/lost-deliveries.test.ts), as `npm start` allows.
      "--test-scheduled",
      // Settings of its own over wrangler.toml's [vars] and .dev.vars (the browser tests' local receivers).
      ...Object.entries(vars).flatMap(([key, value]) => ["--var", `${key}:${value}`]),
    ],
    { cwd: root, env: ENV, detached: true, stdio: ["ignore", "pipe", "pipe"] },
  );
  // The service is its own process group (so that one signal ends wrangler and its workerd);
  // end that group, by its id, when this process ends, however it ends.
  const endGroup = () => {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Already gone.
    }
  };
  process.once("exit", endGroup);
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.once(signal, () => {
      endGroup();
      process.exit(128 + (signal === "SIGINT" ? 2 : signal === "SIGTERM" ? 15 : 1));
    });
  }
  let output = "";
  child.stdout!.on("data", (d: Buffer) => (output += d.toString()));
  child.stderr!.on("data", (d: Buffer) => (output += d.toString()));
  const url = `http://127.0.0.1:${port}`;
  const exited = new Promise<void>((resolve) => child.once("exit", () => resolve()));
  const closed = new Promise<void>((resolve) => child.once("close", () => resolve()));
  const deadline = Date.now() + 90_000;
  for (;;) {
    if (child.exitCode !== null) {
      process.removeListener("exit", endGroup);
      // Its last words may still be in the pipes when it exits.
      await Promise.race([closed, new Promise((r) => setTimeout(r, 1000))]);
      if (/Address already in use|EADDRINUSE/i.test(output)) return "port taken";
      throw new Error(`wrangler dev exited (${child.exitCode}):\n${output}`);
    }
    try {
      // Bounded: whatever else holds the port may accept and never answer.
      if ((await fetch(`${url}/api/health`, { signal: AbortSignal.timeout(2000) })).ok) break;
    } catch {
      // Not listening yet.
    }
    if (Date.now() > deadline) {
      await stopProcess(child, "kill", exited);
      throw new Error(`wrangler dev did not answer in time:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 200));
  }
  return {
    url,
    persistTo,
    stop: (how = "gently") => stopProcess(child, how, exited),
    d1: (sql) => d1Query(persistTo, sql),
    logs: (sql) => d1Query(persistTo, sql, "logs"),
  };
}

/** Ends the process group this module started (wrangler and its workerd), by its id. */
async function stopProcess(child: ChildProcess, how: "gently" | "kill", exited: Promise<void>): Promise<void> {
  if (child.exitCode !== null || child.signalCode !== null) return;
  try {
    process.kill(-child.pid!, how === "kill" ? "SIGKILL" : "SIGTERM");
  } catch {
    return;
  }
  const timeout = new Promise<"late">((r) => setTimeout(() => r("late"), 10_000).unref());
  if ((await Promise.race([exited, timeout])) === "late") {
    try {
      process.kill(-child.pid!, "SIGKILL");
    } catch {
      // Gone meanwhile.
    }
    await exited;
  }
}
