import { PRESET_NAMES } from "../../engine/rules";
import { ComputerLevel, DealRecord } from "../../shared/wire/common";
import { z } from "../../shared/wire/z";
import type { TournamentLog } from "../../tournament/state";
import { MOVEMENTS, ODD_ENTRIES, WITHDRAWALS } from "../../tournament/types";

/**
 * A tournament's log entry as D1 holds it (tournament_events), read back
 * through this schema when a room is rebuilt from D1 (rebuild.ts): D1's copy
 * is read by more than the room that wrote it, so it is checked as any
 * stored JSON is (db/log-body.ts does the same for a game's).
 */

const entry = z.int().min(0);
const round = z.int().min(0);
const table = z.int().min(1);
const side = entry.nullable();

const Settings = z.looseObject({
  name: z.string(),
  format: z.enum(["pairs", "individual"]),
  preset: z.enum(PRESET_NAMES),
  rounds: z.int().min(1),
  hands: z.int().min(1),
  movement: z.enum(MOVEMENTS),
  perMove: z.number(),
  timeout: z.enum(["claim", "computer"]),
  roundTime: z.number(),
  registrationUntil: z.number().nullable(),
  maxEntries: z.int().nullable(),
  visibility: z.enum(["public", "invitation"]),
  odd: z.enum(ODD_ENTRIES),
  withdrawal: z.enum(WITHDRAWALS),
  rated: z.boolean(),
  level: ComputerLevel,
  duplicate: z.boolean(),
});

const Member = z.looseObject({
  player: z.string().nullable(),
  name: z.string().nullable(),
  computer: ComputerLevel.nullable(),
  origin: z.looseObject({ network: z.string().nullable(), device: z.string().nullable(), mailboxes: z.array(z.string()) }).optional(),
});

const Pairing = z.discriminatedUnion("kind", [
  z.looseObject({ kind: z.literal("table"), table, sides: z.tuple([side, side]) }),
  z.looseObject({ kind: z.literal("bye"), entry }),
  z.looseObject({ kind: z.literal("forfeit"), entry, against: entry }),
]);

const TableResult = z.looseObject({
  totals: z.tuple([z.number(), z.number()]),
  hands: z.array(z.tuple([z.number(), z.number()])),
  lost: z.looseObject({ side: z.union([z.literal(0), z.literal(1)]), reason: z.enum(["resigned", "timeout", "aborted"]) }).optional(),
});

export const TournamentLogSchema = z.discriminatedUnion("type", [
  z.looseObject({
    type: z.literal("created"),
    id: z.string(),
    settings: Settings,
    organiser: z.string(),
    inviteHash: z.string().nullable(),
  }),
  z.looseObject({ type: z.literal("entered"), entry, members: z.array(Member), partnerHash: z.string().nullable() }),
  z.looseObject({ type: z.literal("partnerJoined"), entry, member: Member }),
  z.looseObject({ type: z.literal("removed"), entry, by: z.enum(["organiser", "player"]) }),
  z.looseObject({ type: z.literal("started"), order: z.array(entry) }),
  z.looseObject({ type: z.literal("roundPlanned"), round, pairings: z.array(Pairing), deadline: z.number(), deals: z.array(DealRecord) }),
  z.looseObject({ type: z.literal("tablesMade"), round, tables: z.array(z.looseObject({ table, game: z.string() })) }),
  z.looseObject({ type: z.literal("tableEnded"), round, table, result: TableResult }),
  z.looseObject({ type: z.literal("roundClosed"), round }),
  z.looseObject({ type: z.literal("withdrawn"), entry, mode: z.enum(WITHDRAWALS) }),
  z.looseObject({ type: z.literal("ended"), reason: z.enum(["complete", "organiser"]) }),
]) satisfies z.ZodType<TournamentLog>;

// Every kind of entry the room logs is read here (a kind added without its schema would make every rebuild fail).
type Unread = Exclude<TournamentLog["type"], z.infer<typeof TournamentLogSchema>["type"]>;
const everyKindRead: [Unread] extends [never] ? true : never = true;
void everyKindRead;

/** A log entry from D1's text (`where`: what held it, for the error). */
export function parseTournamentLog(text: string, where: string): TournamentLog {
  let value: unknown;
  try {
    value = JSON.parse(text);
  } catch {
    throw new Error(`${where}: a log entry is not JSON`);
  }
  const parsed = TournamentLogSchema.safeParse(value);
  if (!parsed.success) throw new Error(`${where}: a log entry is not one: ${z.prettifyError(parsed.error)}`);
  return parsed.data;
}
