import { ChatState } from "./chat";
import { ClockView } from "./clock";
import { CardText, ComputerLevel, DealRecord, HandEnd, list, Name, Rules, Seat, TableMeld, TeamScore } from "./common";
import { PublicPlayerId, RatingOutcome } from "./ratings";
import { orNull, z } from "./z";

/**
 * What one viewer may see of a game (docs/rules.md §12): their own hand, the
 * size of every other hand, the table, the pile (all of it when open, the
 * top when closed), the stock's size and who took which pozzetto; and,
 * once a hand has ended, everything.
 */

const HandSummary = z.object({ number: z.int().min(0), end: orNull(HandEnd), scores: list(TeamScore).nullable() });

export const MatchView = z
  .object({
    totals: list(z.int()),
    over: z.boolean(),
    winner: z.int().min(0).nullable(),
    starter: z.int().min(0).nullable(),
    hands: list(HandSummary),
    victoryPoints: list(z.int()).nullable().openapi({ description: "With `hands: N`: the FIBur victory points of the totals." }),
  })
  .openapi("MatchView");

export const PozzettoView = z
  .union([z.null(), z.literal("stock"), z.object({ seat: Seat, direct: z.boolean() })])
  .openapi({ description: "Per team: not taken (null), taken (by whom, al volo or not), or put under the stock." });

export const HandView = z
  .object({
    number: z.int().min(0),
    dealer: Seat,
    turn: Seat,
    phase: z.enum(["take", "play"]),
    myHand: z
      .array(CardText)
      .nullable()
      .openapi({ description: "The viewer's own cards; null for a spectator or while their pozzetto is still face down." }),
    myHandHidden: z.boolean(),
    handSizes: list(z.int().min(0)),
    melds: list(TableMeld),
    discardPile: z.object({
      count: z.int().min(0),
      top: CardText.nullable(),
      cards: list(CardText).optional().openapi({ description: "Every card, bottom first: only when the pile is open." }),
    }),
    stock: z.int().min(0),
    pozzettiLeft: z.int().min(0),
    pozzetti: list(PozzettoView),
    lastTurn: z.boolean(),
    picked: CardText.nullable().openapi({ description: "The single card the viewer picked up this turn and may not discard." }),
    end: orNull(HandEnd),
    scores: list(TeamScore).nullable(),
    revealed: z
      .object({ hands: list(list(CardText)), deal: DealRecord })
      .nullable()
      .openapi({ description: "Once the hand has ended: every hand and the deal." }),
  })
  .openapi("HandView");

export const GameView = z
  .object({
    viewer: Seat.nullable(),
    players: z.int().min(2).max(4),
    rules: Rules,
    match: MatchView,
    hand: orNull(HandView),
  })
  .openapi("GameView");

export const SeatInfo = z
  .object({
    seat: Seat,
    name: Name,
    taken: z.boolean().openapi({ description: "Someone has used this seat's link, or claimed it with the invitation." }),
    computer: orNull(ComputerLevel).openapi({
      description:
        "The computer plays this seat, at this level: a computer player, or a seat it took over after a timeout or when its player handed it over (until they play again).",
    }),
    player: PublicPlayerId.nullable().optional().openapi({
      description: "The public id of the seat's player (their public page: GET /api/players/{playerId}); absent while no player holds it.",
    }),
  })
  .openapi("SeatInfo");

export const HandFairness = z
  .object({
    hand: z.int().min(0),
    commitment: z.string().openapi({ description: 'SHA-256 hex of salt + ":" + JSON of the deal, published when dealt.' }),
    salt: z.string().nullable().openapi({ description: "Revealed when the hand ends." }),
    prepared: z.boolean().openapi({ description: "The deal was supplied by the game's creator." }),
  })
  .openapi("HandFairness");

/** A game as one viewer may see it. */
export const GameSnapshot = z
  .object({
    id: z.string(),
    version: z.int().min(1),
    viewer: Seat.nullable(),
    status: z.enum(["playing", "over"]),
    seats: list(SeatInfo),
    preparedDeals: z.boolean(),
    rated: z.boolean().openapi({ description: "A rated match (docs/ratings.md): its players' ratings move when it ends." }),
    fairness: list(HandFairness),
    clock: orNull(ClockView).openapi({ description: "The correspondence clock; null in a game without one." }),
    view: GameView,
    chat: ChatState.openapi({ description: "The table's chat: who reads it, and the seats the caller muted (docs/chat.md)." }),
    rematch: z.string().optional().openapi({
      description: "Once a seat has asked for a rematch of the finished match (POST /api/games/{id}/rematch): the new game's id.",
    }),
    rating: RatingOutcome.optional().openapi({
      description:
        "Once the finished match's result is recorded (seconds after its end): whether it was rated, why not, and each player's rating before and after it (docs/ratings.md).",
    }),
  })
  .openapi("GameSnapshot");

export type MatchView = z.infer<typeof MatchView>;
export type HandView = z.infer<typeof HandView>;
export type GameView = z.infer<typeof GameView>;
export type PozzettoView = z.infer<typeof PozzettoView>;
export type SeatInfo = z.infer<typeof SeatInfo>;
export type HandFairness = z.infer<typeof HandFairness>;
export type GameSnapshot = z.infer<typeof GameSnapshot>;
