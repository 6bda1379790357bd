import { MOVE_CODES } from "../../engine/errors";
import { LIMITS } from "../limits";
import { QuickPhrase } from "./chat";
import { ClockControl, ClockRequest } from "./clock";
import { ComputerLevel, DealRecord, list, Name, RulesInput, Seat } from "./common";
import { WireEvent } from "./events";
import { Move } from "./move";
import { Standing } from "./ratings";
import { playerText } from "./text";
import { GameSnapshot } from "./view";
import { orNull, z } from "./z";

/** Request and response bodies of the HTTP API, and its error body. */

// ── Errors ────────────────────────────────────────────────────────────────

/** Codes of the service itself; refused moves use the engine's docs/record.md codes. */
export const SERVICE_CODES = [
  "BAD_JSON",
  "BAD_REQUEST",
  "BAD_RULES",
  "BAD_DEAL",
  "BAD_PLAYER_KEY",
  "AUTH_REQUIRED",
  "BAD_TOKEN",
  "FORBIDDEN",
  "NOT_FOUND",
  "GAME_NOT_FOUND",
  "STALE_VERSION",
  "NO_FREE_SEAT",
  "SEAT_TAKEN",
  "SEAT_BOUND",
  "SEAT_RESERVED",
  "SEAT_REISSUED",
  "IDEMPOTENCY_KEY_REUSED",
  "BODY_TOO_LARGE",
  "UNSUPPORTED_MEDIA_TYPE",
  "BAD_CLOCK",
  "BAD_RATED",
  "NOTHING_TO_CLAIM",
  "MATCH_NOT_OVER",
  "NOBODY_WAITING",
  "BAD_ABSENCE",
  "ABSENCE_NOT_FOUND",
  "SUBSCRIPTION_NOT_FOUND",
  "SUBSCRIPTION_EXISTS",
  "TOO_MANY_SUBSCRIPTIONS",
  "BAD_SUBSCRIPTION",
  "WEBHOOK_URL_REFUSED",
  "PUSH_ENDPOINT_REFUSED",
  "EMAIL_NOT_CONFIRMED",
  "SUBSCRIPTION_DISABLED",
  "CONFIRMATION_NOT_FOUND",
  "DEVICE_REMOVED",
  "DEVICE_NOT_FOUND",
  "LINK_CODE_INVALID",
  "UPGRADE_REQUIRED",
  "RATE_LIMITED",
  "SEEK_NOT_FOUND",
  "SEEK_FULL",
  "ALREADY_JOINED",
  "RATING_OUT_OF_RANGE",
  "TOO_MANY_SEEKS",
  "BAD_SEEK",
  "NOT_ESTABLISHED",
  "SAME_PERSON",
  "NAME_REQUIRED",
  "BAD_MESSAGE",
  "MESSAGE_TOO_LONG",
  "MESSAGE_NOT_FOUND",
  "TOURNAMENT_NOT_FOUND",
  "BAD_TOURNAMENT",
  "TOO_MANY_TOURNAMENTS",
  "REGISTRATION_CLOSED",
  "ALREADY_ENTERED",
  "NOT_ENTERED",
  "TOURNAMENT_STARTED",
  "TOURNAMENT_OVER",
  "NOT_ENOUGH_ENTRIES",
  "ENTRY_INCOMPLETE",
  "ENTRY_NOT_FOUND",
  "PARTNER_LINK_INVALID",
  "TABLE_HIDDEN",
  "ROUND_CLOSED",
  "INTERNAL",
] as const;

export const ErrorCode = z.enum([...SERVICE_CODES, ...MOVE_CODES]);

/** Which of an absence's limits a refused one breaks. */
export const AbsenceLimit = z.enum(["order", "notice", "longest", "overlap", "year"]);
export type AbsenceLimit = z.infer<typeof AbsenceLimit>;

/** Why the creator may not give an opened seat a fresh link yet (docs/playing.md, "A lost seat"). */
export const NotGoneReason = z.enum(["connected", "absent", "playing", "computer", "over"]).openapi({
  description:
    "connected: its player has the table open now; absent: its player is away on a declared absence; playing: its player has not missed a turn of their own since they were last at the table; computer: a computer player's seat; over: the match is over.",
});

export const ErrorBody = z
  .object({
    error: z.object({
      code: ErrorCode,
      message: z.string(),
      currentVersion: z.int().optional().openapi({ description: "With STALE_VERSION: the game's version now." }),
      retryAfter: z.int().optional().openapi({ description: "With RATE_LIMITED: seconds to wait (also the Retry-After header)." }),
      limit: AbsenceLimit.optional().openapi({
        description:
          "With BAD_ABSENCE: the limit the absence breaks — order (it ends before it starts), notice (less than an hour ahead), longest (over 14 days), overlap (with another of yours), year (over 30 days in a calendar year).",
      }),
      standing: Standing.omit({ established: true }).optional().openapi({
        description: "With NOT_ESTABLISHED: what the player still lacks to play rated (docs/ratings.md).",
      }),
      away: z
        .object({
          reason: NotGoneReason,
          after: z
            .string()
            .nullable()
            .openapi({ description: "From when a fresh link may be issued if the player stays away; null: not known yet." }),
        })
        .optional()
        .openapi({ description: "With SEAT_TAKEN for a fresh seat link: why the seat's player does not count as gone." }),
    }),
  })
  .openapi("Error", { example: { error: { code: "NOT_YOUR_TURN", message: "It is Bruno's turn." } } });

// ── Games ─────────────────────────────────────────────────────────────────

/** A player's name: a player's text (text.ts), at most LIMITS.nameLength characters; empty means none. */
export const NameInput = playerText(LIMITS.nameLength)
  .nullish()
  .transform((name) => (name ? name : null))
  // The document would otherwise lose the null the transform takes.
  .openapi({ type: ["string", "null"], maxLength: LIMITS.nameLength });

export const CreateGameRequest = z
  .strictObject({
    players: z.union([z.literal(2), z.literal(3), z.literal(4)], { error: "players must be 2, 3 or 4" }),
    rules: RulesInput.optional(),
    names: z.array(NameInput).max(4).optional().openapi({ description: "One name (or null) per seat." }),
    seats: z
      .array(z.strictObject({ name: NameInput.optional(), computer: ComputerLevel.optional() }))
      .max(4)
      .optional()
      .openapi({
        description:
          'Instead of `names`: one entry per seat, a person (`{"name": "Anna"}`) or a computer player (`{"computer": "club"}`); at least one person.',
        example: [{ name: "Anna" }, { computer: "club" }],
      }),
    clock: ClockRequest.optional(),
    rated: z.boolean().optional().openapi({
      description:
        "A rated match (docs/ratings.md): needs a clock, no computer player and no prepared deals. Only established players may open its seats (403 NOT_ESTABLISHED, or SAME_PERSON for an opponent's mailbox or network); it is rated when it ends if every seat was opened by a distinct established player who played two turns or more themselves.",
    }),
    spectatorChat: z.boolean().optional().openapi({
      description:
        "Spectators and embeds may read the table's chat (docs/chat.md): off by default; any seated player can close it later, and it is open only while every seat lets it be.",
    }),
    deals: z.array(DealRecord).max(LIMITS.preparedDeals).optional().openapi({
      description:
        "Prepared deals (docs/record.md `deal`), used for the first hands in order instead of a random deal; for tournaments with the same deals at every table. Such a game is marked `preparedDeals: true` for everyone.",
    }),
  })
  .refine((r) => r.names === undefined || r.names.length === r.players, {
    message: "names must hold one name (or null) per seat",
    path: ["names"],
  })
  .refine((r) => r.seats === undefined || (r.names === undefined && r.seats.length === r.players), {
    message: "seats must hold one entry per seat, and replaces names",
    path: ["seats"],
  })
  .refine((r) => r.seats === undefined || r.seats.some((s) => s.computer === undefined), {
    message: "at least one seat is a person's",
    path: ["seats"],
  })
  .openapi("CreateGame", { example: { players: 2, rules: { preset: "classic", target: 1505 }, names: ["Anna", "Bruno"] } });

export const SeatLink = z
  .object({
    seat: Seat,
    token: z
      .string()
      .nullable()
      .openapi({ description: "The seat's secret: whoever holds it plays that seat. Shown only once; null for a computer player's seat." }),
    url: z.string().nullable().openapi({
      description: "`/game/{id}#seat={token}`: the token stays in the fragment, never sent to a server; null for a computer player's seat.",
    }),
    computer: orNull(ComputerLevel).openapi({ description: "The computer player's level, or null for a person's seat." }),
  })
  .openapi("SeatLink");

export const CreateGameResponse = z
  .object({
    id: z.string(),
    version: z.int(),
    seats: z.array(SeatLink),
    invite: z
      .object({ token: z.string(), url: z.string() })
      .openapi({ description: "Anyone with this link may claim a free seat (and gets a fresh seat token)." }),
    spectatorUrl: z.string().openapi({ description: "The public view: no secret in it." }),
    host: z.object({ token: z.string() }).openapi({
      description:
        "The creator's secret, shown once: it issues a fresh link for a seat nobody has taken yet (POST /api/games/{id}/seats/{seat}/link).",
    }),
  })
  .openapi("CreatedGame");

export const MoveRequest = z
  .strictObject({
    move: Move,
    version: z.int("version must be the game's version the move was chosen at (a whole number)").min(0),
    id: z
      .string()
      .min(1)
      .max(LIMITS.idempotencyKeyLength)
      .optional()
      .openapi({ description: "Idempotency key (or the Idempotency-Key header): a retry gets the first answer." }),
  })
  .openapi("MoveRequest", { example: { move: { type: "discard", card: "9C" }, version: 14, id: "k3J9x0aQ" } });

export const EventsResponse = z
  .object({ version: z.int(), events: z.array(WireEvent), view: GameSnapshot })
  .openapi("Events", { description: "The events after a version as the viewer may see them, and the game as it stands." });

export const ClaimRequest = z
  .strictObject({ seat: z.int().min(0).max(3).optional(), name: NameInput.optional() })
  .openapi("ClaimRequest", { example: { name: "Carla" } });

export const ClaimResponse = z.object({ seat: Seat, token: z.string(), url: z.string() }).openapi("Claimed");

export const RematchResponse = z
  .object({
    id: z.string().openapi({ description: "The new game's id: the same for every seat that asks." }),
    seat: Seat.openapi({ description: "The caller's seat in the new game: their old seat moved on by one." }),
    token: z.string().openapi({ description: "The secret of the caller's new seat (and of nobody else's)." }),
    url: z.string().openapi({ description: "`/game/{id}#seat={token}`." }),
  })
  .openapi("Rematch");

export const SeatLinkRequest = z
  .strictObject({ name: NameInput.optional().openapi({ description: "A new name for the seat; left out, the name stays." }) })
  .openapi("SeatLinkRequest", { example: { name: "Marco" } });

export const HostSeat = z
  .object({
    seat: Seat,
    name: Name.nullable(),
    taken: z.boolean().openapi({ description: "Opened by its player (a computer player's seat always is)." }),
    freshLink: z.object({
      allowed: z.boolean().openapi({ description: "Whether `POST …/seats/{seat}/link` would give it a fresh link now." }),
      reason: z.enum(["free", "gone", "yours", ...NotGoneReason.options]).openapi({
        description:
          "free: nobody has opened it; gone: its player is gone (a turn of their own ran out of their time since they were last at the table, a day or more ago, and they are neither away nor at the table); yours: the creator's own player opened it (with X-Player-Key: a friend's seat opened by mistake is the creator's to give back at once; never in a rated match); otherwise why not (NotGoneReason).",
      }),
      after: z.string().nullable().openapi({ description: "From when it may get one if its player stays away; null: not known yet." }),
    }),
  })
  .openapi("HostSeat");

export const HostSeatsResponse = z.object({ seats: z.array(HostSeat) }).openapi("HostSeats");

export const MyGame = z
  .object({
    id: z.string(),
    seat: Seat,
    players: z.int(),
    names: list(Name),
    status: z.enum(["playing", "over"]),
    turn: Seat.nullable(),
    yourTurn: z.boolean(),
    version: z.int(),
    updatedAt: z.string(),
    deadline: z.string().nullable().openapi({ description: "When the seat to play runs out of time (ISO 8601); null without a clock." }),
    left: z.int().min(0).nullable().openapi({
      description:
        "Milliseconds the seat to play has left at `asOf`, counted by the game's own clock (as the table counts); null without a deadline.",
    }),
    asOf: z.string().openapi({ description: "The game's own time when this answer was made (ISO 8601): what `left` is counted from." }),
    reminder: z.enum(["80%", "1h"]).nullable().openapi({ description: "The last reminder of the turn in progress." }),
    token: z.string().nullable().openapi({
      description:
        "The seat's token (its link is `/game/{id}#seat={token}`), so that any device of the player opens the seat; null until the seat has been opened with a device of the player.",
    }),
    tournament: z
      .object({
        id: z.string(),
        name: z.string(),
        round: z.int().openapi({ description: "From 0." }),
        table: z.int(),
        deadline: z.string().openapi({ description: "The round's deadline (ISO 8601)." }),
      })
      .optional()
      .openapi({ description: "A tournament's table (docs/tournaments.md): its tournament, round, table and the round's deadline." }),
  })
  .openapi("MyGame");

export const MyGamesResponse = z.object({ games: z.array(MyGame) }).openapi("MyGames");

export const RecordMove = z.object({
  seat: Seat,
  move: Move,
  at: z.string().optional(),
  by: z.literal("computer").optional().openapi({ description: "The computer made this move for its seat." }),
});

/** A chat message in a record: after the first `after` moves of hand `hand` (docs/record.md). */
export const RecordChat = z
  .object({
    hand: z.int().min(0),
    after: z.int().min(0),
    seat: Seat,
    text: z.string().optional(),
    phrase: QuickPhrase.optional(),
    at: z.string().optional(),
  })
  .openapi("RecordChat");

/** How a match ended outside play (docs/record.md): a team lost on time, or it was aborted with no result. */
export const MatchEnding = z
  .discriminatedUnion("reason", [
    z.strictObject({ reason: z.literal("timeout"), team: z.int().min(0).max(2) }),
    z.strictObject({ reason: z.literal("aborted") }),
  ])
  .openapi("MatchEnding");

export const GameRecord = z
  .object({
    format: z.literal("burraco-record/1"),
    rules: RulesInput,
    players: z.int().min(2).max(4),
    names: list(z.string()).optional(),
    hands: list(z.object({ deal: DealRecord, moves: list(RecordMove), commitment: z.string().optional(), salt: z.string().optional() })),
    clock: ClockControl.optional().openapi({ description: "The game's correspondence clock, if it had one." }),
    end: MatchEnding.optional().openapi({ description: "Only for a match that ended on time or was aborted, after the last move." }),
    chat: z.array(RecordChat).optional().openapi({
      description: "The table's chat in the record's hands, as the caller may read it (docs/record.md); replaying ignores it.",
    }),
    id: z.string().optional(),
    started: z.string().optional(),
    ended: z.string().optional(),
  })
  .openapi("GameRecord", { description: "docs/record.md: the finished hands, each with its deal, commitment, salt and timed moves." });

export type ErrorCode = z.infer<typeof ErrorCode>;
export type ErrorBody = z.infer<typeof ErrorBody>;
export type CreateGameRequest = z.input<typeof CreateGameRequest>;
export type CreateGameResponse = z.infer<typeof CreateGameResponse>;
export type SeatLink = z.infer<typeof SeatLink>;
export type MoveRequest = z.input<typeof MoveRequest>;
export type EventsResponse = z.infer<typeof EventsResponse>;
export type ClaimRequest = z.input<typeof ClaimRequest>;
export type ClaimResponse = z.infer<typeof ClaimResponse>;
export type RematchResponse = z.infer<typeof RematchResponse>;
export type SeatLinkRequest = z.input<typeof SeatLinkRequest>;
export type HostSeat = z.infer<typeof HostSeat>;
export type HostSeatsResponse = z.infer<typeof HostSeatsResponse>;
export type MyGame = z.infer<typeof MyGame>;
export type MyGamesResponse = z.infer<typeof MyGamesResponse>;
export type GameRecord = z.infer<typeof GameRecord>;
export type RecordChat = z.infer<typeof RecordChat>;
