import { asc, eq } from "drizzle-orm";
import { readArchive } from "./archive";
import type { DataBindings } from "./bindings";
import { gameShard, shardLog } from "./game-log";
import type { LogRow } from "./log-entry";
import { database } from "./queries";
import type { SeatRow } from "./room-rows";
import { seats } from "./schema";

/** A game as D1 holds it, to rebuild a room that lost its storage. */
export interface SavedGame {
  rows: LogRow[];
  seats: SeatRow[];
  inviteHash: string;
  /** The log's shard (db/shards.ts); null: the main database. */
  logShard: string | null;
}

/** The index and seats from the main database, the log from the game's shard or its archive (archive.ts); null if neither has the game. */
export async function loadSavedGame(env: DataBindings, id: string): Promise<SavedGame | null> {
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
