/**
 * The log shards under many rooms' drains (bench/scale.ts): each request
 * drains a slice of rooms, each room as the outbox does it (its new log
 * entries to its shard in one batch, then its index row to the main
 * database), with the real statements (src/server/db/drain.ts), and answers
 * the D1 time each database reported (its `meta.duration`). Bench only.
 */
import { entryStatements } from "../src/server/db/drain";
import { shardDatabase, shardFor } from "../src/server/db/shards";
import type { Env } from "../src/server/env";
import type { Entry } from "../src/server/room/table";

/** A typical move's log body (a discard; melds are longer, draws shorter). */
const body = (seat: number) => ({ type: "move", seat, move: { type: "discard", card: "7D" }, id: `k-${seat}` });

const INDEX = `INSERT INTO games (id, players, rules, names, status, turn, version, prepared, invite_hash, created_at, updated_at, log_shard)
  VALUES (?, 2, '{"preset":"classic"}', '["Anna","Bruno"]', 'playing', ?, ?, 0, 'x', ?, ?, ?)
  ON CONFLICT (id) DO UPDATE SET turn = excluded.turn, version = excluded.version, updated_at = excluded.updated_at`;

export default {
  async fetch(request: Request, env: Env): Promise<Response> {
    const { rooms, from, entries } = (await request.json()) as { rooms: string[]; from: number; entries: number };
    const time: Record<string, { ms: number; rows: number; batches: number }> = {};
    const add = (name: string, ms: number, rows: number) => {
      const t = (time[name] ??= { ms: 0, rows: 0, batches: 0 });
      t.ms += ms;
      t.rows += rows;
      t.batches++;
    };
    await Promise.all(
      rooms.map(async (id) => {
        const shard = shardFor(env, id);
        const now = Date.now();
        const list = Array.from(
          { length: entries },
          (_, i) => ({ seq: from + i, at: now, body: body((from + i) % 2) }) as unknown as Entry,
        );
        const logged = await shardDatabase(env, shard).batch(entryStatements(shardDatabase(env, shard), { id }, list));
        add(
          shard,
          logged.reduce((n, r) => n + (r.meta.duration ?? 0), 0),
          entries,
        );
        const indexed = await env.DB.prepare(INDEX)
          .bind(id, (from + entries) % 2, from + entries, now, now, shard)
          .run();
        add("DB", indexed.meta.duration ?? 0, 1);
      }),
    );
    return Response.json(time);
  },
} satisfies ExportedHandler<Env>;
