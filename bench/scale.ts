/**
 * `npm run bench -- scale [shards]`: 10,000 rooms' worth of moves drained
 * into sharded local D1 databases, as the rooms' outboxes drain them (a
 * batch of a few new entries to the game's log shard, then its index row to
 * the main database), and the D1 time each database reports per move and
 * per shard. D1 runs one query at a time per database, so a database's
 * time per move bounds the moves per second it can take: 1000 / ms per
 * move. Run in the local runtime (D1 on this machine's SQLite); Cloudflare's
 * databases add their own per-query overhead, which the capacity model in
 * docs/scale.md takes from Cloudflare's published figures.
 */
import { join } from "node:path";
import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { migrate } from "../scripts/local-runtime";
import { newPersistDir, removeDir } from "../scripts/local-service";

export async function scaleBench(options: { shards?: number; rooms?: number; drains?: number; entries?: number } = {}): Promise<void> {
  const shards = options.shards ?? 4;
  const rooms = options.rooms ?? 10_000;
  const drains = options.drains ?? 1;
  const entries = options.entries ?? 6;
  const persistTo = await newPersistDir(true);
  const script = join(persistTo, "scale-worker.js");
  await build({
    entryPoints: ["bench/scale-worker.ts"],
    bundle: true,
    format: "esm",
    platform: "neutral",
    outfile: script,
    external: ["cloudflare:*", "node:*"],
    logLevel: "warning",
    mainFields: ["module", "main"],
  });
  const names = Array.from({ length: shards }, (_, i) => `LOG_${i + 1}`);
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      // Every binding's storage under `persistTo` (this Miniflare ignores `defaultPersistRoot`: storage then went to a
      // fresh directory in the OS temp dir, on disk, and a restarted runtime found none of it).
      resourcePersistencePath: join(persistTo, "state"),
      workers: [
        {
          name: "scale",
          modules: [{ type: "ESModule", path: script }],
          modulesRoot: persistTo,
          compatibilityDate: "2026-11-01",
          compatibilityFlags: ["nodejs_compat"],
          bindings: { LOG_SHARDS: names.join(",") },
          d1Databases: Object.fromEntries([["DB", "main"], ...names.map((n) => [n, n.toLowerCase()])]),
          unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
        },
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  try {
    await mf.ready;
    await migrate(await mf.getD1Database("DB"), "migrations");
    for (const n of names) await migrate(await mf.getD1Database(n), "migrations-log");
    const url = String(await mf.unsafeGetDirectURL("scale")).replace(/\/$/, "");
    const ids = Array.from(
      { length: rooms },
      (_, i) => `room-${i.toString(36).padStart(6, "0")}-${Math.random().toString(36).slice(2, 10)}`,
    );
    const total: Record<string, { ms: number; rows: number; batches: number }> = {};
    const started = performance.now();
    const SLICE = 250;
    for (let d = 0; d < drains; d++) {
      // Every room drains once per round; four slices at a time.
      for (let i = 0; i < ids.length; i += SLICE * 4) {
        const answers = await Promise.all(
          [0, 1, 2, 3].map(async (k) => {
            const slice = ids.slice(i + k * SLICE, i + (k + 1) * SLICE);
            if (slice.length === 0) return {};
            const r = await fetch(url, { method: "POST", body: JSON.stringify({ rooms: slice, from: 1 + d * entries, entries }) });
            if (!r.ok) throw new Error(`drain: ${r.status} ${await r.text()}`);
            return (await r.json()) as typeof total;
          }),
        );
        for (const a of answers)
          for (const [name, t] of Object.entries(a)) {
            const s = (total[name] ??= { ms: 0, rows: 0, batches: 0 });
            s.ms += t.ms;
            s.rows += t.rows;
            s.batches += t.batches;
          }
      }
    }
    const seconds = (performance.now() - started) / 1000;
    const moves = rooms * drains * entries;
    console.log(
      `\nThe log shards: ${rooms.toLocaleString("en")} rooms, ${drains} drains each of ${entries} entries (${moves.toLocaleString("en")} moves), ${shards} shards, in ${seconds.toFixed(0)} s:`,
    );
    console.log("  database   rows        batches   D1 time, s   ms per move (row)   ms per batch   moves/s it could take");
    for (const [name, t] of Object.entries(total).sort()) {
      const perRow = t.ms / t.rows;
      console.log(
        `  ${name.padEnd(9)}  ${String(t.rows).padStart(9)}  ${String(t.batches).padStart(8)}  ${(t.ms / 1000).toFixed(2).padStart(11)}  ${perRow.toFixed(4).padStart(18)}  ${(t.ms / t.batches).toFixed(3).padStart(13)}  ${Math.round(
          (1000 / (t.ms / t.batches)) * (t.rows / t.batches),
        )
          .toLocaleString("en")
          .padStart(21)}`,
      );
    }
    const logMs = Object.entries(total)
      .filter(([n]) => n !== "DB")
      .reduce((n, [, t]) => n + t.ms, 0);
    console.log(
      `  all shards: ${(logMs / moves).toFixed(4)} ms of D1 time per move; the main database ${(total.DB!.ms / moves).toFixed(4)} ms per move (one index row per drain).`,
    );
  } finally {
    await mf.dispose();
    await removeDir(persistTo);
  }
}
