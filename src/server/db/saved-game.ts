import { asc, eq } from "drizzle-orm";
import type { Env } from "../env";
import { readArchive } from "./archive";
import { parseLogBody } from "./log-body";
import type { LogRow } from "./log-entry";
import { database } from "./queries";
import type { SeatRow } from "./room-rows";
import { gameEvents, games, seats } from "./schema";
import { shardDatabase } from "./shards";

/** A game as D1 holds it, to rebuild a room that lost its storage. */
export interface SavedGame {
  rows: LogRow[];
  seats: SeatRow[];
  inviteHash: string;
  /** The log's shard (db/shards.ts); null: the main database. */
  logShard: string | null;
}

/** Which shard holds a game's log (from the main database's index); undefined when the index has no such game. */
export async function gameShard(
  env: Env,
  id: string,
): Promise<{ logShard: string | null; inviteHash: string; archivedAt: number | null } | undefined> {
  const [game] = await database(env.DB)
    .select({ inviteHash: games.inviteHash, logShard: games.logShard, archivedAt: games.archivedAt })
    .from(games)
    .where(eq(games.id, id));
  return game;
}

/** A game's log as its shard holds it, entry by entry. */
export async function shardLog(env: Env, id: string, logShard: string | null): Promise<LogRow[]> {
  const events = await database(shardDatabase(env, logShard))
    .select()
    .from(gameEvents)
    .where(eq(gameEvents.gameId, id))
    .orderBy(asc(gameEvents.seq));
  return events.map((e) => ({ seq: e.seq, at: e.at, body: parseLogBody(e.body, `game ${id}, D1 game_events`) }));
}

/** The index and seats from the main database, the log from the game's shard or its archive (archive.ts); null if neither has the game. */
export async function loadSavedGame(env: Env, id: string): Promise<SavedGame | null> {
  const game = await gameShard(env, id);
  if (!game) return null;
  const logged = (game.archivedAt !== null ? await readArchive(env, id) : null) ?? (await shardLog(env, id, game.logShard));
  if (logged.length === 0) return null;
  const seatRows = await database(env.DB).select().from(seats).where(eq(seats.gameId, id)).orderBy(asc(seats.seat));
  return {
    rows: gapless(logged),
    seats: seatRows.map((s) => ({
      seat: s.seat,
      tokenHash: s.tokenHash,
      taken: s.taken,
      name: s.name,
      playerHash: s.playerHash,
      link: s.link,
    })),
    inviteHash: game.inviteHash,
    logShard: game.logShard,
  };
}

/** Only a gapless prefix of the log can be replayed. */
function gapless(logged: readonly LogRow[]): LogRow[] {
  const rows: LogRow[] = [];
  for (const row of logged) {
    if (row.seq !== rows.length + 1) break;
    rows.push(row);
  }
  return rows;
}
