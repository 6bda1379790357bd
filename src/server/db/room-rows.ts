import type { games } from "./schema";

/**
 * The rows a game's room keeps beside its log: made by the room, copied to
 * D1 by its drain (drain.ts) and read back when a room is rebuilt
 * (saved-game.ts). Defined here, so that the data layer depends on nothing
 * of the room's.
 */

/** A seat, as the room's own SQLite holds it (room/storage.ts) and D1's `seats` keeps it. */
export interface SeatRow {
  seat: number;
  tokenHash: string;
  taken: boolean;
  name: string | null;
  /** The seat's player (players/identity.ts), once the seat was opened with a device of theirs. */
  playerHash: string | null;
  /** The seat's token sealed for its player's notifications (seal.ts), once used with a player key. */
  link?: string | null;
  /** When the seat was last used (ms, to the nearest ten minutes); null before this was kept. Kept in the room only. */
  seenAt?: number | null;
  /**
   * The network its player took it from (network.ts's key: a hash; null where it tells nothing), for the ratings'
   * same-person check (ratings/verdict.ts). Kept in the room only: a room rebuilt from D1 has none.
   */
  network?: string | null;
  /** The device (SHA-256 of its key) its player opened it with, for the same check: kept in the room only, as `network`. */
  device?: string | null;
}

/**
 * The game's row in D1's index (`games`) as the room makes it
 * (room/index-row.ts): every column but the clock's offset and the log's
 * shard, which the drain is given apart, and the archive's time, which the
 * archive writes.
 */
export type IndexRow = Omit<typeof games.$inferSelect, "clockOffset" | "logShard" | "archivedAt">;
