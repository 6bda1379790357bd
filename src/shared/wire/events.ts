import { ChatAudience, QuickPhrase } from "./chat";
import { ClockControl } from "./clock";
import { CardText, ComputerLevel, DealRecord, HandEnd, list, Name, RulesInput, Seat, TableMeld, Team, TeamScore } from "./common";
import { orNull, z } from "./z";

/**
 * Events as one viewer receives them: the engine's `eventFor` cuts each of
 * its events down to what that viewer may see (`SeenEvent`); the game room
 * stamps it with the log position and time it came from (`WireEvent`).
 * Several events can share a `seq` (a move and its consequences).
 */

const Stamp = {
  seq: z.int().min(1).openapi({ description: "The log entry (and game version) the event came from." }),
  at: z.string().openapi({ description: "When it happened (ISO 8601).", example: "2026-05-12T09:30:00.000Z" }),
  by: z.literal("computer").optional().openapi({ description: "The computer made this move for its seat." }),
};

/** One event kind: its shape as the engine gives it, and as the wire carries it (stamped, with the room's additions). */
function kind<T extends string, S extends z.ZodRawShape, W extends z.ZodRawShape = Record<never, never>>(type: T, shape: S, wireOnly?: W) {
  return {
    seen: z.object({ type: z.literal(type), ...shape }),
    wire: z
      .object({ type: z.literal(type), ...Stamp, ...shape, ...(wireOnly ?? ({} as W)) })
      .openapi(`${type[0]!.toUpperCase()}${type.slice(1)}Event`),
  };
}

const gameCreated = kind("gameCreated", {
  players: z.int().min(2).max(4),
  names: list(Name),
  rules: RulesInput,
  pozzetti: z.int().min(2).max(3),
  preparedDeals: z.boolean(),
  clock: orNull(ClockControl),
});
const Instant = z.string();
const reminder = kind("reminder", {
  seat: Seat,
  which: z.enum(["80%", "1h"]).openapi({ description: "80% of the turn's time has passed, or an hour is left." }),
  live: z.boolean().openapi({ description: "The player had the table open: no message was sent." }),
});
const timedOut = kind("timedOut", {
  seat: Seat,
  action: z.enum(["claim", "computer", "adjourn"]).openapi({
    description:
      "What happens now: `claim` (the late seat's opponents may claim the match), `computer` (the computer plays the late seat until its player plays again) or `adjourn` (nobody is at the table to claim or to wait for: the game waits for the late player's move, its clock stopped).",
  }),
  once: z.literal(true).optional().openapi({
    description: "With `computer`: every other seat is the computer's, so it plays the late turn only, and the late player has the next.",
  }),
});
const claimed = kind("claimed", { seat: Seat.openapi({ description: "Who claimed." }), late: Seat });
const aborted = kind("aborted", { late: Seat.openapi({ description: "The seat whose time ran out before every seat had moved." }) });
const absence = kind("absence", { seat: Seat, from: Instant, until: Instant });
const absenceCancelled = kind("absenceCancelled", { seat: Seat, from: Instant });
const computer = kind("computer", {
  seat: Seat,
  on: z.boolean().openapi({ description: "The computer takes the seat (true) or gives it back to its player (false)." }),
  reason: z.enum(["handover", "player"]).openapi({ description: "Handed over by its player, or taken back by them." }),
  level: ComputerLevel.optional(),
});
const seatReissued = kind("seatReissued", {
  seat: Seat.openapi({
    description: "The creator gave this seat a fresh link, its player having been away too long: the old link no longer opens it.",
  }),
});
const message = kind("message", {
  seat: Seat.openapi({ description: "Who wrote it." }),
  text: z.string().optional().openapi({ description: "Free text (docs/chat.md)." }),
  phrase: QuickPhrase.optional(),
});
const mute = kind("mute", {
  seat: Seat.openapi({ description: "The seat that muted (only it sees this event)." }),
  muted: Seat,
  on: z.boolean(),
});
const chatAudience = kind("chatAudience", {
  seat: Seat,
  open: z.boolean().openapi({ description: "This seat lets spectators read the chat, or no longer does." }),
  audience: ChatAudience,
});
const handStarted = kind(
  "handStarted",
  {
    hand: z.int().min(0),
    dealer: Seat,
    discard: z
      .array(CardText.nullable())
      .openapi({ description: "The card turned up to start the pile; null once a later discard covers it on a closed pile." }),
    stock: z.int().min(0),
    myHand: list(CardText).optional().openapi({ description: "The viewer's eleven cards (seats only)." }),
  },
  { commitment: z.string(), prepared: z.boolean() },
);
const drew = kind("drew", {
  seat: Seat,
  stockLeft: z.int().min(0),
  card: CardText.optional().openapi({ description: "Only for the seat that drew." }),
});
const pickedUp = kind("pickedUp", {
  seat: Seat,
  count: z.int().min(1),
  top: CardText,
  cards: list(CardText)
    .optional()
    .openapi({ description: "Every card taken: for everyone with an open pile, for the taker only with a closed one." }),
});
const melded = kind("melded", { seat: Seat, meld: TableMeld, cards: list(CardText) });
const attached = kind("attached", { seat: Seat, meld: TableMeld, cards: list(CardText) });
const pozzettoTaken = kind("pozzettoTaken", {
  seat: Seat,
  team: Team,
  pozzetto: z.int().min(0),
  direct: z.boolean(),
  size: z.int().min(0),
  cards: list(CardText).optional().openapi({ description: "Only for its taker, and only when taken al volo." }),
});
const pozzettoSeen = kind("pozzettoSeen", { seat: Seat, cards: list(CardText) });
const discarded = kind("discarded", {
  seat: Seat,
  card: CardText.nullable().openapi({ description: "null in catch-up history once a later discard covers it on a closed pile." }),
});
const pozzettiToStock = kind("pozzettiToStock", { teams: list(Team), cards: z.int().min(0) });
const turn = kind("turn", { seat: Seat });
const handEnded = kind(
  "handEnded",
  {
    hand: z.int().min(0),
    end: HandEnd,
    scores: list(TeamScore),
    hands: list(list(CardText)),
    // Left out while a tournament's duplicate deal is still being played at other tables (docs/tournaments.md).
    deal: DealRecord.optional(),
  },
  { commitment: z.string().optional(), salt: z.string().optional() },
);
const matchEnded = kind("matchEnded", { winner: Team.nullable(), totals: list(z.int()) });
const resigned = kind("resigned", { seat: Seat, team: Team });

/** An engine event as a viewer may see it (the output of the engine's `eventFor`). */
export const SeenEvent = z.discriminatedUnion("type", [
  handStarted.seen,
  drew.seen,
  pickedUp.seen,
  melded.seen,
  attached.seen,
  pozzettoTaken.seen,
  pozzettoSeen.seen,
  discarded.seen,
  pozzettiToStock.seen,
  turn.seen,
  handEnded.seen,
  matchEnded.seen,
  resigned.seen,
]);

/** An event on the wire: `GET /events`, move answers and WebSocket pushes. */
export const WireEvent = z
  .discriminatedUnion("type", [
    gameCreated.wire,
    handStarted.wire,
    drew.wire,
    pickedUp.wire,
    melded.wire,
    attached.wire,
    pozzettoTaken.wire,
    pozzettoSeen.wire,
    discarded.wire,
    pozzettiToStock.wire,
    turn.wire,
    handEnded.wire,
    matchEnded.wire,
    resigned.wire,
    reminder.wire,
    timedOut.wire,
    claimed.wire,
    aborted.wire,
    absence.wire,
    absenceCancelled.wire,
    computer.wire,
    seatReissued.wire,
    message.wire,
    mute.wire,
    chatAudience.wire,
  ])
  .openapi("Event");

export type SeenEvent = z.infer<typeof SeenEvent>;
export type WireEvent = z.infer<typeof WireEvent>;
export type WireEventOf<T extends WireEvent["type"]> = Extract<WireEvent, { type: T }>;
