import { list, Seat } from "./common";
import { z } from "./z";

/** The correspondence clock on the wire: what a creator chooses, and what every view shows of it. */

export const Duration = z
  .string()
  .regex(/^(?:\d{1,3}d)?(?:\d{1,4}h)?(?:\d{1,5}m)?$/, 'a duration is written like "3d", "12h", "1d12h" or "90m"')
  .min(2)
  .openapi({ example: "3d" });

export const Timeout = z.enum(["claim", "computer"]).openapi({
  description:
    "What a timeout does once a person has played: `claim` (the late seat's opponents may claim the match; until then the late player may still move; with no person to claim, the game is adjourned) or `computer` (the computer plays the late seat's turns until its player plays again; with nobody else at the table, the late turn only). Before then a timeout aborts the game with no result (docs/clock.md).",
});

/** As a creator asks for it; `none` (or nothing) is a friendly game that waits forever. */
export const ClockRequest = z
  .union([
    z.literal("none"),
    z.strictObject({ perMove: Duration.openapi({ description: "Time per turn, from 1h to 14d." }), timeout: Timeout.optional() }),
    z.strictObject({
      bank: Duration.openapi({ description: "The bank each seat starts with, from 1h to 60d; it never grows above this." }),
      increment: Duration.optional().openapi({ description: "Added to the bank after each turn (default none), at most the bank." }),
      timeout: Timeout.optional(),
    }),
  ])
  .openapi("ClockRequest", { example: { perMove: "3d" } });

/** The time control, as every view shows it. */
export const ClockControl = z
  .union([z.object({ perMove: Duration, timeout: Timeout }), z.object({ bank: Duration, increment: Duration, timeout: Timeout })])
  .openapi("ClockControl");

/** What a timeout does (docs/clock.md): as the view says it ahead of time. */
export const TimeoutOutcome = z.enum(["abort", "claim", "computer", "computerTurn", "adjourn"]).openapi({
  description:
    "`abort`: the match ends with no result (nobody has a stake in it yet); `claim`: the late seat's opponents may claim it; `computer`: the computer plays the late seat until its player plays again; `computerTurn`: the computer plays this turn only (nobody else is at the table), and the player has the next; `adjourn`: the game waits for the late player, its clock stopped.",
});

const Instant = z.string().openapi({ description: "ISO 8601 time", example: "2026-05-12T09:30:00.000Z" });

export const ClockView = z
  .object({
    control: ClockControl,
    turn: z
      .object({
        seat: Seat,
        since: Instant.openapi({ description: "When play passed to this seat." }),
        deadline: Instant.nullable().openapi({ description: "When its time runs out (null while the computer plays it)." }),
        left: z.int().min(0).openapi({ description: "Milliseconds of the seat's time left at `asOf` (its clock stops while it is away)." }),
        away: z.boolean().openapi({ description: "The seat's player is away now: its clock is stopped." }),
        timedOut: z.boolean(),
        onTimeout: TimeoutOutcome.nullable().openapi({
          description:
            'What a timeout of this turn would do now (docs/clock.md, "Timeouts"); null once it has timed out, or while the computer plays it.',
        }),
      })
      .nullable(),
    seats: list(
      z.object({
        seat: Seat,
        bank: z
          .int()
          .min(0)
          .nullable()
          .openapi({ description: "With a bank: milliseconds left in it (at the start of its turn, for the seat to play)." }),
        away: z
          .object({ from: Instant, until: Instant })
          .nullable()
          .openapi({ description: "The seat's player's absence now, or the next one declared." }),
        computer: z.boolean().openapi({ description: "The computer is playing this seat." }),
      }),
    ),
    claim: z.object({ late: Seat }).nullable().openapi({
      description: "A seat that ran out of time with `claim`: its opponents may claim the match (POST /api/games/{id}/clock/claim).",
    }),
    adjourned: z.object({ late: Seat }).nullable().openapi({
      description:
        "A seat ran out of time with nobody at the table to claim the match or to wait for: the game waits for its move, the clock stopped until then.",
    }),
    asOf: Instant,
  })
  .openapi("ClockView");

export type ClockRequest = z.infer<typeof ClockRequest>;
export type ClockControl = z.infer<typeof ClockControl>;
export type ClockView = z.infer<typeof ClockView>;
export type TimeoutOutcome = z.infer<typeof TimeoutOutcome>;

export const AbsenceRequest = z
  .strictObject({
    from: z.iso.datetime({ offset: true }).openapi({ description: "When the absence starts: at least an hour from now." }),
    until: z.iso.datetime({ offset: true }).openapi({ description: "When it ends: at most 14 days after it starts." }),
  })
  .openapi("AbsenceRequest", { example: { from: "2026-05-12T08:00:00.000Z", until: "2026-05-19T20:00:00.000Z" } });

export const Absence = z
  .object({
    id: z.string(),
    from: Instant,
    until: Instant.openapi({ description: "When it ends (or ended, if it was cancelled while it ran)." }),
    cancelled: z.boolean(),
  })
  .openapi("Absence");

export const AbsencesResponse = z
  .object({
    absences: list(Absence).openapi({ description: "Absences not over yet, soonest first." }),
    year: z
      .object({ year: z.int(), usedDays: z.number(), leftDays: z.number() })
      .openapi({ description: "This calendar year's allowance of 30 days." }),
  })
  .openapi("Absences");

export type AbsenceRequest = z.infer<typeof AbsenceRequest>;
export type Absence = z.infer<typeof Absence>;
export type AbsencesResponse = z.infer<typeof AbsencesResponse>;
