import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LANGUAGES } from "../../shared/language";

/** Players and their devices (migrations/0008_players.sql; the model: docs/api.md, "Players and devices"). */

/** A player: a person. Seats, subscriptions, absences and "my games" name their player by `id` (players/identity.ts). */
export const players = sqliteTable("players", {
  id: text("id").primaryKey(),
  name: text("name"),
  language: text("language", { enum: LANGUAGES }).notNull().default("en"),
  timeZone: text("time_zone"),
  createdAt: integer("created_at").notNull(),
  /** When the player became established (ratings/standing.ts): may play rated matches from then on, for good. */
  establishedAt: integer("established_at"),
});

/** A device: one player key (its SHA-256), belonging to one player. A removed device keeps its row so that its key stays refused. */
export const devices = sqliteTable(
  "devices",
  {
    keyHash: text("key_hash").primaryKey(),
    playerId: text("player_id").notNull(),
    label: text("label"),
    createdAt: integer("created_at").notNull(),
    seenAt: integer("seen_at"),
    removedAt: integer("removed_at"),
    /**
     * The player the device left when it joined this one without bringing anything (players/merge.ts): removed by
     * this player, it goes back there if that player has no other device in use (migration 0017).
     */
    cameFrom: text("came_from"),
  },
  (t) => [index("devices_by_player").on(t.playerId)],
);

/** One-time codes linking a device to a player: shown on a device in use (`code`) or mailed to a confirmed address (`email`). */
export const deviceLinks = sqliteTable(
  "device_links",
  {
    codeHash: text("code_hash").primaryKey(),
    playerId: text("player_id").notNull(),
    kind: text("kind", { enum: ["code", "email"] }).notNull(),
    createdAt: integer("created_at").notNull(),
    expiresAt: integer("expires_at").notNull(),
    usedAt: integer("used_at"),
  },
  (t) => [index("device_links_by_player").on(t.playerId, t.createdAt)],
);

/** A mailbox (SHA-256 of notify/send-limits.ts's mailboxOf) and the one player it establishes, the first to confirm it (ratings/standing.ts). */
export const playerMailboxes = sqliteTable(
  "player_mailboxes",
  {
    mailbox: text("mailbox").primaryKey(),
    playerId: text("player_id").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("player_mailboxes_by_player").on(t.playerId)],
);

/**
 * A player merged into another, knowingly (players/merge.ts): whatever still names `fromId` (a room's copy of a
 * seat written late) belongs to `intoId`. Always one hop: a later merge of `intoId` rewrites the rows naming it.
 */
export const playerMerges = sqliteTable(
  "player_merges",
  {
    fromId: text("from_id").primaryKey(),
    intoId: text("into_id").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("player_merges_by_into").on(t.intoId)],
);

/**
 * A player's one recovery code (migration 0021; players/recovery.ts): its hash while it works (null once spent,
 * voided by a device's removal, or never), when it was made, and what became of it. A new code rewrites the row.
 */
export const recoveryCodes = sqliteTable(
  "recovery_codes",
  {
    playerId: text("player_id").primaryKey(),
    codeHash: text("code_hash"),
    createdAt: integer("created_at").notNull(),
    usedAt: integer("used_at"),
    /** The SHA-256 of the key of the device the code linked. */
    usedBy: text("used_by"),
    voidedAt: integer("voided_at"),
  },
  (t) => [uniqueIndex("recovery_codes_by_hash").on(t.codeHash)],
);
