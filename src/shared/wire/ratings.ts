import { PresetName } from "./common";
import { z } from "./z";

/**
 * Ratings and results (docs/ratings.md): a player's public page and the
 * leaderboards. Ratings are Glicko-2, kept per preset and number of players
 * (2 and 3 players each on their own; 4 players are teams of two).
 */

export const PublicPlayerId = z
  .string()
  .regex(/^[0-9a-f]{20}$/, "a public player id is 20 hexadecimal digits")
  .openapi({ description: "A player's public id (20 hex digits): names them on public pages; neither their id nor a credential." });

export const RatingPlayers = z.coerce
  .number()
  .pipe(z.union([z.literal(2), z.literal(3), z.literal(4)], { error: "players must be 2, 3 or 4" }))
  .openapi({ description: "The number of players (4: teams of two).", type: "integer", enum: [2, 3, 4] });

/** Where a player stands towards rated play (src/server/ratings/standing.ts: an established player). */
export const Standing = z
  .object({
    established: z.boolean().openapi({ description: 'The player may play rated matches (docs/ratings.md, "Who plays rated").' }),
    mailbox: z.boolean().openapi({ description: "They confirmed an email address of their own (a mailbox no other player holds)." }),
    daysLeft: z.int().openapi({ description: "Days still to pass since their first visit." }),
    matchesLeft: z.int().openapi({ description: "Matches still to finish, having played two turns or more of their own." }),
  })
  .openapi("Standing");
export type Standing = z.infer<typeof Standing>;

/**
 * Why a match that asked to be rated was not (docs/ratings.md): `notAsked`
 * (created unrated), `aborted`, `unidentified` (a seat opened without a
 * player key), `samePlayer` (one player at two seats), `notEstablished`, `samePerson`
 * (opponents with one mailbox or one network), `tooShort` (a player played
 * fewer than two turns themselves), `computerHelped` (a side the computer
 * played for won or drew), `preparedDeals`.
 */
export const UNRATED_REASONS = [
  "notAsked",
  "aborted",
  "unidentified",
  "samePlayer",
  "notEstablished",
  "samePerson",
  "tooShort",
  "computerHelped",
  "preparedDeals",
] as const;
export const Unrated = z.enum(UNRATED_REASONS);
export type Unrated = z.infer<typeof Unrated>;

/** A finished match's effect on its players' ratings, in every snapshot once recorded. */
export const RatingOutcome = z
  .object({
    rated: z.boolean(),
    why: Unrated.nullable().openapi({ description: "Why the match was not rated; null when it was." }),
    seats: z
      .array(z.object({ seat: z.int(), before: z.int(), after: z.int() }))
      .openapi({ description: "Per seat of a rated match: the player's rating in the match's pool before and after it, rounded." }),
  })
  .openapi("RatingOutcome");
export type RatingOutcome = z.infer<typeof RatingOutcome>;

export const PlayerRating = z
  .object({
    preset: PresetName,
    players: z.int(),
    rating: z.number().openapi({ description: "Glicko-2 rating, rounded to a whole number." }),
    deviation: z.number().openapi({ description: "Rating deviation (RD), rounded: about 95% sure the rating lies within twice this." }),
    games: z.int().openapi({ description: "Rated matches in this pool." }),
    provisional: z.boolean().openapi({ description: "The deviation is still over 110: too few recent games to trust the rating." }),
  })
  .openapi("PlayerRating");

export const RecentResult = z
  .object({
    gameId: z.string(),
    preset: PresetName,
    players: z.int(),
    result: z.enum(["win", "loss", "draw"]),
    how: z
      .enum(["play", "resigned", "timeout"])
      .openapi({ description: "How the match ended: by play, a resignation, or a seat out of time." }),
    rated: z.boolean(),
    ratingBefore: z.number().nullable(),
    ratingAfter: z.number().nullable(),
    at: z.string().openapi({ description: "When the match ended (ISO 8601)." }),
  })
  .openapi("RecentResult");

export const PublicPlayer = z
  .object({
    id: PublicPlayerId,
    name: z.string().nullable().openapi({ description: "The player's name, or the name they last played under; null if none." }),
    ratings: z.array(PlayerRating),
    finished: z.int().openapi({ description: "Matches the player finished (not aborted), rated or not." }),
    lostOnTime: z.int().openapi({ description: "Of those, matches the player's side lost on time." }),
    recent: z.array(RecentResult).openapi({ description: "The latest 20 results, newest first." }),
  })
  .openapi("PublicPlayer");

export const LeaderboardEntry = z
  .object({
    rank: z.int(),
    id: PublicPlayerId,
    name: z.string().nullable(),
    rating: z.number(),
    deviation: z.number(),
    games: z.int(),
    provisional: z.boolean(),
  })
  .openapi("LeaderboardEntry");

export const Leaderboard = z.object({ preset: PresetName, players: z.int(), entries: z.array(LeaderboardEntry) }).openapi("Leaderboard");

export type PublicPlayer = z.infer<typeof PublicPlayer>;
export type Leaderboard = z.infer<typeof Leaderboard>;
