import { LANGUAGES } from "../language";
import { NameInput } from "./api";
import { ClockControl, ClockRequest, Duration } from "./clock";
import { PresetName, Seat } from "./common";
import { PublicPlayerId } from "./ratings";
import { z } from "./z";

/**
 * Seeks (docs/seeks.md): a game published to the lobby for anyone to join,
 * the lobby's list of them, joining one, and "play now" (the quick pairing).
 */

export const SEEK_LIMITS = {
  /** A seek's life when its publisher says nothing: a week, time for correspondence players to come by. */
  defaultExpiry: "7d",
  /** The shortest and longest life a publisher may give a seek. */
  minExpiryMinutes: 5,
  maxExpiryDays: 30,
  /** "Play now" waits this long in its own seek before the computer is offered. */
  playNowMinutes: 5,
  /** Open seeks one player may have at once: an established one (docs/ratings.md), and any other. */
  openPerPlayer: 10,
  openPerNewPlayer: 3,
  /** Open seeks published from one network (an IPv4 address, an IPv6 /64) at once, whoever publishes them. */
  openPerNetwork: 12,
  /** The most the lobby lists at once, and of them at most so many of one publisher and of one network. */
  listed: 100,
  listedPerPlayer: 3,
  listedPerNetwork: 5,
  /** Ratings a range may name. */
  rating: { min: 0, max: 4000 },
} as const;

export const SeekLanguage = z.enum(LANGUAGES).openapi({ description: "The language the publisher plays in (the lobby filters by it)." });
export const Pace = z.enum(["live", "correspondence"]).openapi({
  description: "The clock's pace: `live` when each turn (or the whole bank) has at most two hours, else `correspondence`.",
});

/** A seek's clock: a clock is required — strangers' games without one could wait forever. */
const SeekClock = ClockRequest.refine((c) => c !== "none", { message: "a seek needs a clock: perMove or bank" }).openapi({
  description: "The game's time control (as for POST /api/games); a seek always has one.",
});

const Rating = z.int().min(SEEK_LIMITS.rating.min).max(SEEK_LIMITS.rating.max);

export const PublishSeekRequest = z
  .strictObject({
    players: z.union([z.literal(2), z.literal(3), z.literal(4)], { error: "players must be 2, 3 or 4" }),
    preset: PresetName.optional().openapi({ description: "The rules' preset (docs/rules.md); default classic." }),
    clock: SeekClock,
    rated: z.boolean().optional().openapi({ description: "A rated match (docs/ratings.md); default false." }),
    language: SeekLanguage.optional().openapi({ description: "Default: the player's language." }),
    minRating: Rating.optional().openapi({ description: "Only players rated at least this in the seek's pool may join." }),
    maxRating: Rating.optional().openapi({ description: "Only players rated at most this in the seek's pool may join." }),
    expiresIn: Duration.optional().openapi({
      description: `How long the seek stays open: from ${SEEK_LIMITS.minExpiryMinutes}m to ${SEEK_LIMITS.maxExpiryDays}d; default ${SEEK_LIMITS.defaultExpiry}.`,
    }),
    name: NameInput.optional().openapi({ description: "The name to play under; default the player's name." }),
  })
  .refine((r) => r.minRating === undefined || r.maxRating === undefined || r.minRating <= r.maxRating, {
    message: "minRating must not be above maxRating",
    path: ["minRating"],
  })
  .openapi("PublishSeek", { example: { players: 2, preset: "classic", clock: { perMove: "2d" }, rated: true, language: "it" } });

export const JoinSeekRequest = z
  .strictObject({ name: NameInput.optional().openapi({ description: "The name to play under; default the player's name." }) })
  .openapi("JoinSeek", { example: { name: "Carla" } });

export const PlayNowRequest = z
  .strictObject({
    players: z.union([z.literal(2), z.literal(3), z.literal(4)], { error: "players must be 2, 3 or 4" }).optional(),
    preset: PresetName.optional(),
    clock: SeekClock.optional().openapi({
      description: 'The clock of a seek published if none is joined; default {"bank": "1h", "increment": "1m"}.',
    }),
    rated: z.boolean().optional(),
    language: SeekLanguage.optional(),
    name: NameInput.optional(),
  })
  .openapi("PlayNow", { example: { players: 2, preset: "classic" } });

export const SeekRating = z
  .object({
    rating: z.number(),
    deviation: z.number(),
    games: z.int(),
    provisional: z.boolean(),
  })
  .openapi("SeekRating", { description: "A player's rating in the seek's pool (its preset and number of players)." });

export const SeekPlayer = z
  .object({
    publicId: PublicPlayerId,
    name: z.string().nullable(),
    rating: SeekRating.nullable().openapi({ description: "Null: not rated yet in this pool." }),
    finished: z.int().openapi({ description: "Matches the player finished (aborted ones excepted)." }),
    lostOnTime: z.int().openapi({ description: "Of those, matches the player's side lost on time." }),
  })
  .openapi("SeekPlayer");

export const Seek = z
  .object({
    id: z.string(),
    players: z.int(),
    preset: PresetName,
    clock: ClockControl,
    pace: Pace,
    rated: z.boolean(),
    language: SeekLanguage,
    minRating: z.int().nullable(),
    maxRating: z.int().nullable(),
    createdAt: z.string(),
    expiresAt: z.string(),
    seats: z.array(SeekPlayer).openapi({ description: "The seats taken, in order: the publisher first." }),
    free: z.int().openapi({ description: "Seats still free." }),
    mine: z.boolean().openapi({ description: "The caller (their player key) published it." }),
    joined: z.boolean().openapi({ description: "The caller holds one of its seats." }),
  })
  .openapi("Seek");

export const SeekList = z.object({ seeks: z.array(Seek) }).openapi("SeekList");

/** The caller's seat in the game a full seek became. */
export const SeekGame = z
  .object({
    id: z.string(),
    seat: Seat,
    token: z.string().openapi({ description: "The caller's seat token (also in GET /api/me/games)." }),
    url: z.string(),
  })
  .openapi("SeekGame");

export const JoinedSeek = z
  .object({
    seek: Seek,
    game: SeekGame.nullable().openapi({ description: "The game, once the seek is full; null while seats are free." }),
  })
  .openapi("JoinedSeek");

export const MySeeks = z
  .object({
    seeks: z.array(JoinedSeek).openapi({ description: "Seeks the player holds a seat in: open ones, and those full in the last day." }),
  })
  .openapi("MySeeks");

export const SeekFilters = z.object({
  preset: PresetName.optional(),
  players: z.coerce
    .number()
    .pipe(z.union([z.literal(2), z.literal(3), z.literal(4)], { error: "players must be 2, 3 or 4" }))
    .optional()
    .openapi({ type: "integer", enum: [2, 3, 4] }),
  pace: Pace.optional(),
  rated: z.enum(["true", "false"]).optional().openapi({ description: "Only rated (true) or unrated (false) seeks." }),
  language: SeekLanguage.optional(),
});

export type Seek = z.infer<typeof Seek>;
export type SeekPlayer = z.infer<typeof SeekPlayer>;
export type JoinedSeek = z.infer<typeof JoinedSeek>;
export type PublishSeekRequest = z.input<typeof PublishSeekRequest>;
export type PlayNowRequest = z.input<typeof PlayNowRequest>;
