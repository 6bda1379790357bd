import { sql } from "drizzle-orm";
import { index, integer, primaryKey, sqliteTable, text, unique } from "drizzle-orm/sqlite-core";

/**
 * Tournaments (migrations/0030_tournaments.sql; docs/tournaments.md): the
 * copy each tournament's Durable Object drains here, read and written in
 * db/tournament-queries.ts.
 */

/** The index: one row per tournament, as its room last drained it. */
export const tournaments = sqliteTable(
  "tournaments",
  {
    id: text("id").primaryKey(),
    name: text("name").notNull(),
    /** The organiser's player id (players/identity.ts). */
    organiserId: text("organiser_id").notNull(),
    status: text("status", { enum: ["registration", "running", "over"] }).notNull(),
    visibility: text("visibility", { enum: ["public", "invitation"] }).notNull(),
    format: text("format", { enum: ["pairs", "individual"] }).notNull(),
    preset: text("preset").notNull(),
    rounds: integer("rounds").notNull(),
    /** Rounds planned so far. */
    round: integer("round").notNull().default(0),
    entries: integer("entries").notNull().default(0),
    registrationUntil: integer("registration_until"),
    version: integer("version").notNull(),
    /** The earliest thing the tournament's room has due: the cron wakes rooms past it. */
    nextDue: integer("next_due"),
    /** How far the tournament's clock runs ahead of the platform's (ms): 0 but in local tests' time travel. */
    clockOffset: integer("clock_offset").notNull().default(0),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
  },
  (t) => [
    index("tournaments_listed").on(t.visibility, t.status, t.createdAt),
    index("tournaments_by_organiser").on(t.organiserId, t.status),
    index("tournaments_by_next_due").on(t.nextDue).where(sql`next_due IS NOT NULL`),
  ],
);

/** A player's place in a tournament: their entry. */
export const tournamentPlayers = sqliteTable(
  "tournament_players",
  {
    tournamentId: text("tournament_id").notNull(),
    playerId: text("player_id").notNull(),
    entry: integer("entry").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.playerId] }), index("tournament_players_by_player").on(t.playerId)],
);

/** Each table's game: its tournament, round, table number and the round's deadline ("my games" shows them). */
export const tournamentTables = sqliteTable(
  "tournament_tables",
  {
    gameId: text("game_id").primaryKey(),
    tournamentId: text("tournament_id").notNull(),
    round: integer("round").notNull(),
    table: integer("table_no").notNull(),
    deadline: integer("deadline").notNull(),
  },
  (t) => [index("tournament_tables_by_tournament").on(t.tournamentId, t.round)],
);

/** Every tournament's log, entry by entry (private: a round's deals are in it). */
export const tournamentEvents = sqliteTable(
  "tournament_events",
  {
    tournamentId: text("tournament_id").notNull(),
    seq: integer("seq").notNull(),
    kind: text("kind").notNull(),
    body: text("body").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [unique().on(t.tournamentId, t.seq)],
);

/**
 * A tournament's sealed links (migrations/0031_tournament_secrets.sql): its room's `invite` and `partner:<entry>`, sealed
 * (seal.ts), so that a room rebuilt from D1 still has them.
 */
export const tournamentSecrets = sqliteTable(
  "tournament_secrets",
  {
    tournamentId: text("tournament_id").notNull(),
    key: text("key").notNull(),
    value: text("value").notNull(),
  },
  (t) => [primaryKey({ columns: [t.tournamentId, t.key] })],
);
