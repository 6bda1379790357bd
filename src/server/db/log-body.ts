import { CHAT_AUDIENCES, QUICK_PHRASES } from "../../shared/chat";
import { ComputerLevel, DealRecord, RulesInput } from "../../shared/wire/common";
import { Move } from "../../shared/wire/move";
import { z } from "../../shared/wire/z";
import type { LogBody } from "./log-entry";

/**
 * A game's log entry as stored (D1's game_events.body, the room's own log,
 * the R2 archive), read through this schema rather than cast: a row changed
 * by hand or by an older version is named as such, never replayed as a
 * shape it does not have. Objects are loose: a field a later version adds
 * passes through to the room unchanged. The type is log-entry.ts's;
 * `satisfies` keeps the two in step.
 */

const seat = z.int().min(0).max(3);
const time = z.number();
const timeout = z.enum(["claim", "computer"]);

const ClockControl = z.union([
  z.looseObject({ kind: z.literal("perMove"), perMove: z.number(), timeout }),
  z.looseObject({ kind: z.literal("bank"), bank: z.number(), increment: z.number(), timeout }),
]);

export const LogBodySchema = z.discriminatedUnion("type", [
  z.looseObject({
    type: z.literal("created"),
    id: z.string(),
    rules: RulesInput,
    players: z.union([z.literal(2), z.literal(3), z.literal(4)]),
    names: z.array(z.string().nullable()),
    firstDealer: seat,
    deals: z.array(DealRecord),
    clock: ClockControl.nullish(),
    computers: z.array(ComputerLevel.nullable()).optional(),
    hostHash: z.string().optional(),
    rated: z.boolean().optional(),
    dealsUnknown: z.boolean().optional(),
    tournament: z
      .looseObject({ id: z.string(), name: z.string(), round: z.int(), table: z.int(), deadline: time, duplicate: z.boolean() })
      .optional(),
  }),
  z.looseObject({
    type: z.literal("dealt"),
    hand: z.int(),
    deal: DealRecord,
    commitment: z.string(),
    salt: z.string(),
    prepared: z.boolean(),
  }),
  z.looseObject({
    type: z.literal("move"),
    seat,
    move: Move,
    id: z.string().nullable(),
    request: z.string().optional(),
    by: z.literal("computer").optional(),
  }),
  z.looseObject({ type: z.literal("seatReissued"), seat, previous: z.string().optional(), player: z.string().nullable().optional() }),
  z.looseObject({ type: z.literal("reminder"), seat, which: z.enum(["80%", "1h"]), live: z.boolean() }),
  z.looseObject({ type: z.literal("timedOut"), seat, action: z.enum(["claim", "computer", "adjourn"]), once: z.literal(true).optional() }),
  z.looseObject({ type: z.literal("claimed"), seat, late: time }),
  z.looseObject({ type: z.literal("aborted"), late: time }),
  z.looseObject({ type: z.literal("absence"), seat, from: time, until: time }),
  z.looseObject({ type: z.literal("absenceCancelled"), seat, from: time, at: time }),
  z.looseObject({
    type: z.literal("computer"),
    seat,
    on: z.boolean(),
    reason: z.enum(["handover", "player"]),
    level: ComputerLevel.optional(),
  }),
  // The table's chat (room/chat.ts).
  z.looseObject({
    type: z.literal("message"),
    seat,
    text: z.string().optional(),
    phrase: z.enum(QUICK_PHRASES).optional(),
    audience: z.enum(CHAT_AUDIENCES),
    id: z.string().optional(),
  }),
  z.looseObject({ type: z.literal("mute"), seat, muted: seat, on: z.boolean() }),
  z.looseObject({ type: z.literal("chatAudience"), seat, open: z.boolean(), audience: z.enum(CHAT_AUDIENCES) }),
]) satisfies z.ZodType<LogBody>;

// `satisfies` checks only that what the schema reads is a LogBody; this checks that it reads every kind of one
// (a kind of entry added to the room without its schema here would make every rebuild of its games fail).
type Unread = Exclude<LogBody["type"], z.infer<typeof LogBodySchema>["type"]>;
const everyKindRead: [Unread] extends [never] ? true : never = true;
void everyKindRead;

/** One stored entry: its number, time and body. */
export const LogRowSchema = z.object({ seq: z.int().min(1), at: time, body: LogBodySchema });

/** A log entry's body from its stored JSON text (`where`: what held it, for the error). */
export function parseLogBody(text: string, where: string): LogBody {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${where}: a log entry is not JSON`);
  }
  const parsed = LogBodySchema.safeParse(value);
  if (!parsed.success) throw new Error(`${where}: a log entry is not one: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
