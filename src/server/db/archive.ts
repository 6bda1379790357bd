import { and, asc, eq, isNull, lt } from "drizzle-orm";
import { z } from "../../shared/wire/z";
import type { DataBindings } from "./bindings";
import { gameShard, shardLog } from "./game-log";
import { LogRowSchema } from "./log-body";
import type { LogRow } from "./log-entry";
import { database } from "./queries";
import { gameEvents, games } from "./schema";
import { shardDatabase } from "./shards";

/**
 * Finished games leave D1: once a match has been over for a while
 * (ARCHIVE_AFTER_DAYS), the cron writes its whole log, gzipped, to R2 and
 * removes its rows from the log shard, keeping the main database's index
 * row (with `archived_at`), so "my games" lists it as before. The room keeps
 * its own copy and answers the record and replay from it; a room that lost
 * its storage is rebuilt from the archive (saved-game.ts). The log rather
 * than the public record is archived because the room's log holds more than
 * the record does (the clock's entries, the seats' handovers, the host's
 * hash), and a rebuild must give back the very same room; the record is made
 * from it, as from any log.
 */

/** Games archived per cron run; a longer backlog waits for the next run. */
const ARCHIVE_BATCH = 25;

const DAY = 24 * 3600 * 1000;

/** What the archive holds for a game, read back through its schema (the log's: log-body.ts). */
const Archived = z.object({ format: z.literal("burraco-log/1"), id: z.string(), log: z.array(LogRowSchema) });

export const archiveKey = (id: string) => `games/${id}.json.gz`;

/** JSON, gzipped with the runtime's CompressionStream (no library needed in Workers). */
async function gzip(text: string): Promise<ArrayBuffer> {
  return new Response(new Blob([text]).stream().pipeThrough(new CompressionStream("gzip"))).arrayBuffer();
}

async function gunzip(body: ReadableStream): Promise<string> {
  return new Response(body.pipeThrough(new DecompressionStream("gzip"))).text();
}

/** A game's archived log; null when the archive has none. */
export async function readArchive(env: DataBindings, id: string): Promise<LogRow[] | null> {
  const object = await env.ARCHIVE.get(archiveKey(id));
  if (!object) return null;
  const parsed = Archived.safeParse(JSON.parse(await gunzip(object.body)));
  if (!parsed.success) throw new Error(`game ${id}: the archive holds no log: ${z.prettifyError(parsed.error)}`);
  return parsed.data.id === id ? parsed.data.log : null;
}

/** Archives one finished game's log: to R2, then marked in the index, then removed from its shard. False when D1 lacks part of it. */
export async function archiveGame(env: DataBindings, id: string, version: number, now: number): Promise<boolean> {
  const game = await gameShard(env, id);
  if (!game) return false;
  const log = await shardLog(env, id, game.logShard);
  // Only a whole log leaves D1 (the room drains the index after the entries, so this holds unless a drain is under way).
  if (log.length !== version || log.some((row, i) => row.seq !== i + 1)) return false;
  const archived = { format: "burraco-log/1", id, log };
  await env.ARCHIVE.put(archiveKey(id), await gzip(JSON.stringify(archived)), {
    httpMetadata: { contentType: "application/gzip" },
    customMetadata: { version: String(version) },
  });
  await database(env.DB).update(games).set({ archivedAt: now }).where(eq(games.id, id));
  // Once marked, a rebuild reads the archive; rows left by a failure here are a harmless copy.
  await database(shardDatabase(env, game.logShard)).delete(gameEvents).where(eq(gameEvents.gameId, id));
  return true;
}

/** The cron's part: archives the games over for longer than ARCHIVE_AFTER_DAYS, a batch at a time; returns how many. */
export async function archiveFinishedGames(env: DataBindings, now: number): Promise<number> {
  const days = Number(env.ARCHIVE_AFTER_DAYS ?? "30");
  if (!Number.isFinite(days) || days < 0) return 0;
  const due = await database(env.DB)
    .select({ id: games.id, version: games.version })
    .from(games)
    .where(and(eq(games.status, "over"), isNull(games.archivedAt), lt(games.updatedAt, now - days * DAY)))
    .orderBy(asc(games.updatedAt))
    .limit(ARCHIVE_BATCH);
  let archived = 0;
  for (const game of due) {
    try {
      if (await archiveGame(env, game.id, game.version, now)) archived++;
    } catch (error) {
      console.error(`cron: game ${game.id} could not be archived: ${(error as Error).message}`);
    }
  }
  return archived;
}
