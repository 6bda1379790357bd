import { index, integer, primaryKey, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { LANGUAGES } from "../../shared/language";

/** Seeks and their seats (migrations/0014_seeks.sql; docs/seeks.md). Read and written in db/seek-queries.ts. */

/** A game published to the lobby: open until full, withdrawn (deleted) or expired (deleted by the cron). */
export const seeks = sqliteTable(
  "seeks",
  {
    id: text("id").primaryKey(),
    /** The publisher (players/identity.ts). */
    playerId: text("player_id").notNull(),
    preset: text("preset").notNull(),
    players: integer("players").notNull(),
    /** The time control as views show it (JSON, wire ClockControl; db/columns.ts reads it). */
    clock: text("clock").notNull(),
    pace: text("pace", { enum: ["live", "correspondence"] }).notNull(),
    rated: integer("rated", { mode: "boolean" }).notNull().default(false),
    language: text("language", { enum: LANGUAGES }).notNull(),
    minRating: integer("min_rating"),
    maxRating: integer("max_rating"),
    status: text("status", { enum: ["open", "full"] })
      .notNull()
      .default("open"),
    /** Decided when the last seat is taken, in the same transaction. */
    gameId: text("game_id"),
    /** When the game's room was made; null while a full seek's game is still to make (the cron tries again). */
    startedAt: integer("started_at"),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    /** The publisher's network (network.ts's key; null where it tells nothing): open seeks are limited per network. */
    network: text("network"),
  },
  (t) => [
    index("seeks_open").on(t.status, t.createdAt),
    index("seeks_by_expiry").on(t.expiresAt),
    index("seeks_by_player").on(t.playerId),
    index("seeks_by_network").on(t.network, t.status),
  ],
);

/** A seat taken in a seek: seat 0 is the publisher's, the others in the order they were taken. */
export const seekSeats = sqliteTable(
  "seek_seats",
  {
    seekId: text("seek_id").notNull(),
    seat: integer("seat").notNull(),
    playerId: text("player_id").notNull(),
    name: text("name"),
    /** The game seat's token, sealed (seal.ts): the game made from the seek gives this seat this token. */
    link: text("link_sealed").notNull(),
    joinedAt: integer("joined_at").notNull(),
    /** The network the seat was taken from (network.ts's key; null where it tells nothing): a rated seek's table is one per network. */
    network: text("network"),
    /** The SHA-256 of the key of the device that took the seat (ratings/verdict.ts: a device later linked to an opponent). */
    device: text("device"),
  },
  (t) => [primaryKey({ columns: [t.seekId, t.seat] }), unique().on(t.seekId, t.playerId), index("seek_seats_by_player").on(t.playerId)],
);
