import { asc, eq } from "drizzle-orm";
import type { DataBindings } from "./bindings";
import { parseLogBody } from "./log-body";
import type { LogRow } from "./log-entry";
import { database } from "./queries";
import { gameEvents, games } from "./schema";
import { shardDatabase } from "./shards";

/** Where a game's log is (its shard, and whether it was archived), and its entries in that shard: read by a rebuild (saved-game.ts), the archive (archive.ts) and a game's webhooks. */

/** Which shard holds a game's log (from the main database's index); undefined when the index has no such game. */
export async function gameShard(
  env: DataBindings,
  id: string,
): Promise<{ logShard: string | null; inviteHash: string; archivedAt: number | null } | undefined> {
  const [game] = await database(env.DB)
    .select({ inviteHash: games.inviteHash, logShard: games.logShard, archivedAt: games.archivedAt })
    .from(games)
    .where(eq(games.id, id));
  return game;
}

/** A game's log as its shard holds it, entry by entry. */
export async function shardLog(env: DataBindings, id: string, logShard: string | null): Promise<LogRow[]> {
  const events = await database(shardDatabase(env, logShard))
    .select()
    .from(gameEvents)
    .where(eq(gameEvents.gameId, id))
    .orderBy(asc(gameEvents.seq));
  return events.map((e) => ({ seq: e.seq, at: e.at, body: parseLogBody(e.body, `game ${id}, D1 game_events`) }));
}
