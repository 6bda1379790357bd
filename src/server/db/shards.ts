import type { DataBindings } from "./bindings";

/**
 * The event log is spread over several D1 databases ("log shards"), so that
 * no single database stands on every move's way to durability: D1 runs one
 * query at a time per database and holds at most 10 GB. The shards are D1
 * bindings named in `LOG_SHARDS` (wrangler.toml [vars], comma-separated);
 * cross-game data (the index, seats, players, subscriptions, absences) stays
 * in the main database, `DB`.
 *
 * A game's shard is chosen once, when it is created, from a hash of its id,
 * and then kept with the game (the room's storage and the index's
 * `log_shard`): adding a shard later moves no existing game, and a game's
 * log is always in the same database. A game from before the shards has no
 * shard recorded and keeps its log in the main database's own table.
 */

/** The binding that held every game's log before the shards (and still holds those games'). */
export const MAIN = "DB";

/** The shards new games are spread over, in the order configured. */
export function shardNames(env: Pick<DataBindings, "LOG_SHARDS">): string[] {
  const names = (env.LOG_SHARDS ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n.length > 0);
  return names.length > 0 ? names : [MAIN];
}

/**
 * FNV-1a over the id's characters: a spread, not a secret (game ids are
 * already random and keyed, auth.ts), so a few lines beat a dependency or
 * an asynchronous digest on a game's creation.
 */
function spread(id: string): number {
  let h = 0x811c9dc5;
  for (let i = 0; i < id.length; i++) {
    h ^= id.charCodeAt(i);
    h = Math.imul(h, 0x01000193) >>> 0;
  }
  return h;
}

/** The shard a new game's log goes to. */
export function shardFor(env: Pick<DataBindings, "LOG_SHARDS">, gameId: string): string {
  const names = shardNames(env);
  return names[spread(gameId) % names.length]!;
}

/** The D1 database a shard's name binds to; throws when wrangler.toml binds no such database. */
export function shardDatabase(env: DataBindings, name: string | null): D1Database {
  const d1 = (env as unknown as Record<string, unknown>)[name ?? MAIN];
  if (!d1 || typeof (d1 as D1Database).prepare !== "function") throw new Error(`no D1 binding named ${name} (LOG_SHARDS, wrangler.toml)`);
  return d1 as D1Database;
}
