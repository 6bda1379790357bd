/**
 * The service run straight in the Workers runtime (workerd, through
 * Miniflare), with the bindings wrangler.toml declares and the bundle
 * `wrangler deploy` would upload, but without the development proxy that
 * `wrangler dev` puts in front of every request (it reloads the Worker on
 * edits and costs several milliseconds a request). The load benchmark uses
 * it to measure the service itself. Node only.
 */
import { readdir, readFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { unstable_getMiniflareWorkerOptions, unstable_splitSqlQuery } from "wrangler";
import { ensureWebBuilt, type LocalService, newPersistDir, root, wranglerRun } from "./local-service";
import { logShards } from "./migrate-local.mjs";
import { previewWorker } from "./preview-worker";

export interface RuntimeOptions {
  readonly persistTo?: string;
  /** Open the runtime's inspector on this port (the CPU profile benchmark). */
  readonly inspectorPort?: number;
  /** Another entry module, bundled with wrangler.toml's settings (the deliveries benchmark wraps the service). */
  readonly entry?: string;
  /** Miniflare worker options laid over wrangler.toml's (vars, queue consumers). */
  readonly overrides?: Record<string, unknown>;
  /** The bundles are built in `persistTo` already (a second runtime, as the cold start's measure starts). */
  readonly prebuilt?: boolean;
}

export async function startRuntime(options: RuntimeOptions = {}): Promise<LocalService> {
  const persistTo = options.persistTo ?? (await newPersistDir(true));
  await ensureWebBuilt();
  const bundle = join(persistTo, "bundle");
  if (!options.prebuilt) await wranglerRun(["deploy", ...(options.entry ? [options.entry] : []), "--dry-run", "--outdir", bundle]);
  const { workerOptions } = unstable_getMiniflareWorkerOptions(join(root, "wrangler.toml"));
  // The bundle is already built: module rules and the source root only matter to a build.
  const { modulesRules: _rules, rootPath: _root, ...bindings } = workerOptions as Record<string, unknown>;
  const entryFile = options.entry ? `${basename(options.entry).replace(/\.ts$/, "")}.js` : "index.js";
  const extra = (await readdir(bundle)).filter((name) => /\.(wasm|ttf)$/.test(name));
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      // Every binding's storage under `persistTo` (this Miniflare ignores `defaultPersistRoot`: storage then went to a
      // fresh directory in the OS temp dir, on disk, and a restarted runtime found none of it).
      resourcePersistencePath: join(persistTo, "state"),
      ...(options.inspectorPort ? { inspectorPort: options.inspectorPort } : {}),
      workers: [
        {
          ...bindings,
          ...options.overrides,
          bindings: { ...(bindings.bindings as object), ...(options.overrides?.bindings as object) },
          name: "burraco",
          // The bundle's entry and its own module files beside it (the preview's renderer and its font).
          modules: [
            { type: "ESModule", path: join(bundle, entryFile) },
            ...extra.map((name) => ({ type: name.endsWith(".wasm") ? "CompiledWasm" : "Data", path: join(bundle, name) })),
          ],
          // A socket straight to the service, without the runtime's development entry worker in front (as when deployed).
          unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
          modulesRoot: bundle,
        },
        // The link-preview renderer behind the PREVIEW service binding.
        await previewWorker(join(persistTo, "preview-bundle"), options.prebuilt),
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  await mf.ready;
  const url = String(await mf.unsafeGetDirectURL("burraco")).replace(/\/$/, "");
  const db = await mf.getD1Database("DB");
  await migrate(db, "migrations");
  const shards: Record<string, typeof db> = {};
  for (const name of logShards()) {
    shards[name] = await mf.getD1Database(name);
    await migrate(shards[name]!, "migrations-log");
  }
  return {
    url,
    persistTo,
    stop: () => mf.dispose(),
    d1: async <T>(sql: string) => (await db.prepare(sql).all<T>()).results,
    logs: async <T>(sql: string) =>
      (await Promise.all(Object.values(shards).map(async (d) => (await d.prepare(sql).all<T>()).results))).flat(),
  };
}

interface MigratedDatabase {
  prepare(sql: string): {
    run(): Promise<unknown>;
    all<T>(): Promise<{ results: T[] }>;
    bind(...values: unknown[]): { run(): Promise<unknown> };
  };
}

/**
 * Applies the migrations of `dir` not yet applied, and notes each in `d1_migrations` as `wrangler d1 migrations apply`
 * does (the same table): a runtime started again on the same storage applies only what is new.
 */
export async function migrate(db: MigratedDatabase, dir: string): Promise<void> {
  await db
    .prepare(
      "CREATE TABLE IF NOT EXISTS d1_migrations (id INTEGER PRIMARY KEY AUTOINCREMENT, name TEXT UNIQUE, applied_at TIMESTAMP DEFAULT CURRENT_TIMESTAMP NOT NULL)",
    )
    .run();
  const applied = new Set((await db.prepare("SELECT name FROM d1_migrations").all<{ name: string }>()).results.map((r) => r.name));
  for (const file of (await readdir(join(root, dir))).filter((f) => f.endsWith(".sql")).sort()) {
    if (applied.has(file)) continue;
    for (const statement of unstable_splitSqlQuery(await readFile(join(root, dir, file), "utf8"))) await db.prepare(statement).run();
    await db.prepare("INSERT INTO d1_migrations (name) VALUES (?)").bind(file).run();
  }
}
