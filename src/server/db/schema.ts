import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text } from "drizzle-orm/sqlite-core";

/** The game index: one row per game, kept up to date by the game's outbox. */
export const games = sqliteTable(
  "games",
  {
    id: text("id").primaryKey(),
    players: integer("players").notNull(),
    /** The rules as a preset plus overrides (JSON). */
    rules: text("rules").notNull(),
    /** One name or null per seat (JSON). */
    names: text("names").notNull(),
    status: text("status", { enum: ["playing", "over"] }).notNull(),
    /** The seat to play, or null when no hand is in play. */
    turn: integer("turn"),
    version: integer("version").notNull(),
    prepared: integer("prepared", { mode: "boolean" }).notNull().default(false),
    inviteHash: text("invite_hash").notNull(),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** When the seat to play runs out of time; null without a clock or when nobody is to play. */
    deadline: integer("deadline"),
    /** The earliest thing the game's room has due: the Cron guard wakes rooms past it. */
    nextDue: integer("next_due"),
    /** The last reminder of the turn in progress ("80%" or "1h"). */
    reminder: text("reminder", { enum: ["80%", "1h"] }),
    /**
     * How far the game's own clock runs ahead of the platform's (ms): 0, except
     * in local tests that move a game's time on (POST /api/dev/games/{id}/time).
     * Whatever reads the game's times from here (deadline, time left) counts
     * from the game's clock: the platform's time plus this (gameNow).
     */
    clockOffset: integer("clock_offset").notNull().default(0),
    /** The D1 binding holding the game's log (db/shards.ts); null: this database's own game_events (games from before the shards). */
    logShard: text("log_shard"),
    /** When the finished game's log went to the R2 archive and left D1 (db/archive.ts); null while its log is in D1. */
    archivedAt: integer("archived_at"),
  },
  (t) => [
    index("games_by_next_due").on(t.nextDue).where(sql`next_due IS NOT NULL`),
    // The cron's look-up of finished games still to archive (db/archive.ts).
    index("games_to_archive").on(t.updatedAt).where(sql`status = 'over' AND archived_at IS NULL`),
  ],
);

/** Absences a player declared (by player key): their clocks stop meanwhile. */
export const absences = sqliteTable(
  "absences",
  {
    id: text("id").primaryKey(),
    playerHash: text("player_hash").notNull(),
    from: integer("from_at").notNull(),
    until: integer("until_at").notNull(),
    createdAt: integer("created_at").notNull(),
    cancelledAt: integer("cancelled_at"),
  },
  (t) => [index("absences_by_player").on(t.playerHash, t.until)],
);

export const seats = sqliteTable(
  "seats",
  {
    gameId: text("game_id").notNull(),
    seat: integer("seat").notNull(),
    tokenHash: text("token_hash").notNull(),
    taken: integer("taken", { mode: "boolean" }).notNull().default(false),
    name: text("name"),
    playerHash: text("player_hash"),
    /** The seat's token sealed for its player's notifications (never readable without the service's key). */
    link: text("link_sealed"),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seat] }), index("seats_by_player").on(t.playerHash)],
);

/**
 * Every game's log, entry by entry, in the game's log shard (db/shards.ts;
 * migrations-log/): the same rows as the game room's own log, keyed by game
 * and seq in a WITHOUT ROWID table (migrations 0026: one b-tree, so an entry
 * is one row written, where the key's separate index made it two). Private: deals, salts and drawn cards are in it; anything shown to
 * a player must go through the engine's `viewFor`/`eventFor`.
 */
export const gameEvents = sqliteTable(
  "game_events",
  {
    gameId: text("game_id").notNull(),
    seq: integer("seq").notNull(),
    kind: text("kind").notNull(),
    body: text("body").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq] })],
);

/**
 * Chat messages a player reported (docs/chat.md), kept for the operator: the
 * message as written, its writer and its reporter. One report per message and
 * reporting seat; read with `wrangler d1 execute` (docs/chat.md says how).
 */
export const chatReports = sqliteTable(
  "chat_reports",
  {
    gameId: text("game_id").notNull(),
    seq: integer("seq").notNull(),
    reporterSeat: integer("reporter_seat").notNull(),
    reporterPlayer: text("reporter_player"),
    authorSeat: integer("author_seat").notNull(),
    authorName: text("author_name"),
    authorPlayer: text("author_player"),
    text: text("text"),
    phrase: text("phrase"),
    reason: text("reason"),
    writtenAt: integer("written_at").notNull(),
    reportedAt: integer("reported_at").notNull(),
  },
  (t) => [primaryKey({ columns: [t.gameId, t.seq, t.reporterSeat] }), index("chat_reports_by_time").on(t.reportedAt)],
);
