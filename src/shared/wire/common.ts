import { PRESET_NAMES } from "../../engine/rules";
import { z } from "./z";

/** Wire data is never changed in place: arrays are read-only. */
export const list = <T extends z.ZodType>(item: T) => z.array(item).readonly();

/**
 * Pieces shared by views, events and records: cards, seats, rules, melds, scores.
 * Where the engine writes a shape (src/engine/types.ts), the schema here must
 * say the same thing: test/engine/vocabulary.test.ts fails the type check if
 * they drift apart.
 */

/** A card in docs/record.md notation: rank then suit, or the joker. */
export const CardText = z
  .string()
  .regex(/^(?:(?:A|[2-9]|10|J|Q|K)[SHDC]|JK)$/, 'a card is written rank then suit, e.g. "10H", "AS", "QD", or "JK" for a joker')
  .openapi({ example: "10H" });

export const Seat = z.int().min(0).max(3).openapi({ description: "Seat number, 0 … players-1, in playing order." });
export const Team = z
  .int()
  .min(0)
  .max(3)
  .openapi({ description: "Team number: with 4 players seats 0 and 2 are team 0; otherwise the team is the seat." });

export const PresetName = z.enum(PRESET_NAMES);

const Points = z.int().min(0).max(100_000);

/** The full rules a game is played with (docs/rules.md §11), as views carry them. */
export const Rules = z
  .object({
    preset: PresetName,
    jokers: z.boolean(),
    sets: z.boolean(),
    closeRequires: z.enum(["any", "clean"]),
    closeByMelding: z.boolean(),
    pozzettoDirect: z.boolean(),
    discardPile: z.enum(["open", "closed"]),
    aceToAce: z.boolean(),
    semiClean: z.boolean(),
    pozzettoToStock: z.boolean(),
    doubleIfNoMelds: z.boolean(),
    pozzettoPenaltyIfNoneTaken: z.boolean(),
    sameRankSets: z.boolean(),
    values: z.object({ two: Points, joker: Points }),
    bonus: z.object({ royal: Points, aceToAce: Points }),
    penalty: z.object({ noPozzetto: Points, unusedPozzetto: Points }),
    target: z.int().min(1).max(1_000_000),
    hands: z.int().min(1).max(1_000_000).nullable(),
    tie: z.enum(["extraHand", "starter"]),
  })
  .openapi("Rules");

/**
 * Rules as a request or a record writes them: a preset plus any overrides.
 * Shape only; the engine's parseRules judges the values and names any fault.
 */
export const RulesInput = z
  .preprocess(
    (raw, ctx) => {
      // zod rebuilds an object key by key, where `__proto__` would set the prototype and vanish: refused here, as any unknown option is.
      if (raw !== null && typeof raw === "object" && Object.hasOwn(raw, "__proto__")) {
        ctx.addIssue({ code: "custom", message: `unknown rule option ${JSON.stringify("__proto__")}` });
        return z.NEVER;
      }
      return raw;
    },
    z.object({ preset: PresetName.optional() }).catchall(z.unknown()),
  )
  .openapi("RulesInput", {
    description: 'A preset (docs/rules.md §11) plus any option overrides, e.g. {"preset": "classic", "target": 1505}.',
    example: { preset: "classic", target: 1505 },
  });

export const BurracoKind = z.enum(["clean", "dirty", "semi-clean", "royal", "ace-to-ace"]);

/** A meld as views, events and the replay output write it. */
export const MeldView = z
  .object({
    id: z.int().min(0).optional(),
    team: Team.optional(),
    kind: z.enum(["set", "sequence"]),
    cards: list(CardText).openapi({ description: "In table order: sequences low to high." }),
    wild: z
      .object({ index: z.int().min(0), as: CardText.nullable() })
      .nullable()
      .openapi({
        description: "The card acting as wild and what it stands for (null beyond a complete run); null when the meld is clean.",
      }),
    burraco: BurracoKind.nullable(),
  })
  .openapi("Meld");

/** A meld on the table: with its id (the order it was laid in the hand) and its team. */
export const TableMeld = MeldView.required({ id: true, team: true }).openapi("TableMeld");

export const HandEnd = z
  .object({ reason: z.enum(["closed", "stock", "stalemate", "resigned", "timeout", "aborted"]), closedBy: Seat.nullable() })
  .openapi("HandEnd");

/** A team's score for one hand; FIBur's base and points apart (docs/rules.md §9). */
export const TeamScore = z
  .object({
    team: Team,
    meldPoints: z.int(),
    handPoints: z.int(),
    burraco: z.int(),
    closing: z.int(),
    pozzetto: z.int(),
    base: z.int(),
    points: z.int(),
    total: z.int(),
  })
  .openapi("TeamScore");

/** A deal in docs/record.md form. */
export const DealRecord = z
  .object({
    dealer: Seat,
    hands: list(list(CardText)),
    pozzetti: list(list(CardText)),
    discard: list(CardText),
    stock: list(CardText).openapi({ description: "Top card first." }),
  })
  .openapi("Deal");

/** How strong a computer player is: `beginner` (legal and simple), `club` (a solid player), `expert` (searches). */
export const ComputerLevel = z.enum(["beginner", "club", "expert"]).openapi("ComputerLevel");

export const Name = z.string().max(40).nullable();

export type CardText = z.infer<typeof CardText>;
export type Rules = z.infer<typeof Rules>;
export type MeldView = z.infer<typeof MeldView>;
export type HandEnd = z.infer<typeof HandEnd>;
export type TeamScore = z.infer<typeof TeamScore>;
export type DealRecord = z.infer<typeof DealRecord>;
export type RulesInput = z.infer<typeof RulesInput>;
export type TableMeld = z.infer<typeof TableMeld>;
export type ComputerLevel = z.infer<typeof ComputerLevel>;
