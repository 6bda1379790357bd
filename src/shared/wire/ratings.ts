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
