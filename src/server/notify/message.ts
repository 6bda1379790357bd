import { QUICK_PHRASES } from "../../shared/chat";
import { z } from "../../shared/wire/z";
import { jsonText } from "../db/columns";
import type { Delivery } from "./types";

/**
 * A delivery's queue message as D1 keeps it (`notification_deliveries.message`,
 * for the cron to queue it again: requeue.ts), read back through its schema
 * rather than cast: a row changed by hand or written by an older version is
 * named as such. The schema is tied to the `Delivery` type (types.ts) by
 * `satisfies`, so the two cannot drift apart.
 */

const seats = z.array(z.string().nullable());
const teams = z.array(z.array(z.int()));

const PublicMove = z.object({
  seat: z.int(),
  drew: z.union([z.object({ from: z.literal("stock") }), z.object({ from: z.literal("pile"), count: z.int() }), z.null()]),
  melded: z.array(z.array(z.string())),
  attached: z.array(z.array(z.string())),
  tookPozzetto: z.boolean(),
  discarded: z.string().nullable(),
  by: z.literal("computer").optional(),
});

const TournamentFacts = z.object({ id: z.string(), name: z.string(), round: z.int(), table: z.int(), deadline: z.number() });
const ByeFacts = z.object({
  id: z.string(),
  name: z.string(),
  round: z.int(),
  rounds: z.int(),
  deadline: z.number(),
  vp: z.number(),
  forfeit: z.array(z.string().nullable()).optional(),
});

const base = {
  gameId: z.string(),
  seq: z.int(),
  at: z.number(),
  names: seats,
  players: seats,
  links: seats.optional(),
  clockOffset: z.number().optional(),
};

const GameNotification = z.discriminatedUnion("type", [
  z.object({
    ...base,
    type: z.literal("turn"),
    seat: z.int(),
    lastMove: PublicMove.nullable(),
    deadline: z.number().nullable(),
    missed: z.literal(true).optional(),
  }),
  z.object({ ...base, type: z.literal("reminder"), seat: z.int(), which: z.enum(["80%", "1h"]), deadline: z.number().nullable() }),
  z.object({
    ...base,
    type: z.literal("timedOut"),
    seat: z.int(),
    action: z.enum(["computer", "claim", "adjourn"]),
    once: z.literal(true).optional(),
    teams,
  }),
  z.object({
    ...base,
    type: z.literal("claimed"),
    seat: z.int(),
    late: z.int(),
    teams,
    winner: z.int().nullable(),
    totals: z.array(z.number()),
  }),
  z.object({
    ...base,
    type: z.literal("handEnded"),
    hand: z.int(),
    teams,
    scores: z.array(z.object({ hand: z.number(), total: z.number() })),
  }),
  z.object({
    ...base,
    type: z.literal("gameOver"),
    teams,
    winner: z.int().nullable(),
    totals: z.array(z.number()),
    ending: z
      .union([
        z.object({ reason: z.literal("aborted"), late: z.int() }),
        z.object({ reason: z.literal("timeout"), late: z.int(), claimedBy: z.int() }),
      ])
      .optional(),
  }),
  z.object({
    ...base,
    type: z.literal("message"),
    seat: z.int(),
    messages: z.array(z.object({ seat: z.int(), text: z.string().optional(), phrase: z.enum(QUICK_PHRASES).optional(), at: z.number() })),
    digest: z.boolean(),
  }),
  z.object({ ...base, type: z.literal("invited"), by: z.string().nullable(), link: z.string() }),
  z.object({ ...base, type: z.literal("seatReissued"), seat: z.int() }),
  z.object({ ...base, type: z.literal("started"), first: z.int().nullable(), tournament: TournamentFacts.optional() }),
  z.object({ ...base, type: z.literal("roundReminder"), tournament: TournamentFacts }),
  z.object({ ...base, type: z.literal("roundBye"), bye: ByeFacts }),
]);

const DigestGame = z.object({
  gameId: z.string(),
  seat: z.int(),
  names: seats,
  deadline: z.number().nullable(),
  since: z.number(),
  clockOffset: z.number().optional(),
});

const Notice = z.discriminatedUnion("type", [
  z.object({ type: z.literal("game"), notification: GameNotification }),
  z.object({ type: z.literal("digest"), date: z.string(), games: z.array(DigestGame) }),
  z.object({ type: z.literal("confirm"), token: z.string() }),
  z.object({ type: z.literal("signIn"), token: z.string(), player: z.string().nullish() }),
  z.object({ type: z.literal("recoveryUsed"), device: z.string().nullable(), at: z.number() }),
  z.object({ type: z.literal("test"), at: z.number() }),
]);

export const DeliveryMessage = z.object({
  key: z.string(),
  subscriptionId: z.string(),
  more: z.array(z.object({ key: z.string(), subscriptionId: z.string() })).optional(),
  notice: Notice,
  createdAt: z.number(),
  generation: z.int().optional(),
  shard: z.string().optional(),
}) satisfies z.ZodType<Delivery>;

/** The queue message kept in a delivery's row; throws, naming the column, when it is not one. */
export const parseDeliveryMessage: (text: string) => Delivery = jsonText("notification_deliveries.message", DeliveryMessage);
