import { index, integer, primaryKey, real, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";
import { PRESET_NAMES } from "../../engine/index";
import { UNRATED_REASONS } from "../../shared/wire/ratings";

/**
 * Results and ratings (migrations/0012_ratings.sql; docs/ratings.md), read
 * and written by rating-queries.ts (one batch per ended match).
 */

/** One row per seat of every match that ended (aborted ones excepted). */
export const matchResults = sqliteTable(
  "match_results",
  {
    gameId: text("game_id").notNull(),
    seat: integer("seat").notNull(),
    playerId: text("player_id"),
    publicId: text("public_id"),
    name: text("name"),
    preset: text("preset", { enum: PRESET_NAMES }).notNull(),
    players: integer("players").notNull(),
    result: text("result", { enum: ["win", "loss", "draw"] }).notNull(),
    how: text("how", { enum: ["play", "resigned", "timeout"] }).notNull(),
    rated: integer("rated", { mode: "boolean" }).notNull().default(false),
    /** The player's nth rated match in its pool: unique, so two matches rated at once from the same rating cannot both land. */
    nth: integer("nth"),
    ratingBefore: real("rating_before"),
    ratingAfter: real("rating_after"),
    rdAfter: real("rd_after"),
    at: integer("at").notNull(),
    /** The turns the seat's player played themselves (the computer's for them not counted); null in older results. */
    turns: integer("turns"),
    /** Why the match was not rated (ratings/verdict.ts); null when it was, and in older results. */
    unratedWhy: text("unrated_why", { enum: UNRATED_REASONS }),
  },
  (t) => [
    primaryKey({ columns: [t.gameId, t.seat] }),
    unique().on(t.playerId, t.preset, t.players, t.nth),
    index("match_results_by_player").on(t.publicId, t.at),
  ],
);

/** A player's Glicko-2 rating in one pool: a preset and a number of players. */
export const ratings = sqliteTable(
  "ratings",
  {
    playerId: text("player_id").notNull(),
    publicId: text("public_id").notNull(),
    preset: text("preset", { enum: PRESET_NAMES }).notNull(),
    players: integer("players").notNull(),
    rating: real("rating").notNull(),
    rd: real("rd").notNull(),
    vol: real("vol").notNull(),
    games: integer("games").notNull(),
    ratedAt: integer("rated_at").notNull(),
  },
  (t) => [
    primaryKey({ columns: [t.playerId, t.preset, t.players] }),
    index("ratings_board").on(t.preset, t.players, t.rating),
    index("ratings_by_public_id").on(t.publicId),
  ],
);
