import { NameInput } from "./api";
import { Duration, Timeout } from "./clock";
import { ComputerLevel, PresetName } from "./common";
import { PublicPlayerId } from "./ratings";
import { playerText } from "./text";
import { z } from "./z";

/**
 * Tournaments by correspondence (docs/tournaments.md): creating one,
 * registering, the organiser's actions, the tournament as anyone sees it,
 * its standings and its record.
 */

export const TOURNAMENT_LIMITS = {
  nameLength: 60,
  rounds: { min: 1, max: 20 },
  hands: { min: 1, max: 10 },
  entries: { min: 2, max: 1000 },
  /** A round lasts from an hour to 60 days; registration stays open at most 90 days. */
  roundDays: 60,
  registrationDays: 90,
  /** Tournaments a player may organise that are not over. */
  organisedAtOnce: 20,
} as const;

export const TOURNAMENT_ID = /^[A-Za-z0-9_-]{24}$/;

export const TournamentFormat = z.enum(["pairs", "individual"]).openapi({
  description: "`pairs`: entries are pairs, at tables of four (partners opposite); `individual`: one against one.",
});
export const Movement = z.enum(["mitchell", "danish", "mitchell-danish"]).openapi({
  description:
    "How tables are made: `mitchell` (half the entries stay, the others move one table each round), `danish` (first plays second, third plays fourth, by the standings), `mitchell-danish` (Mitchell, then a Danish last round).",
});
export const OddEntries = z.enum(["bye", "computer"]).openapi({
  description: "With an odd number of entries, the one left over sits out (`bye`: 12 VP) or plays the computer.",
});
export const Withdrawal = z.enum(["forfeit", "computer"]).openapi({
  description:
    "A player who withdraws mid-tournament: their remaining rounds go to their opponents (`forfeit`) or the computer plays them.",
});

export const CreateTournamentRequest = z
  .strictObject({
    name: playerText(TOURNAMENT_LIMITS.nameLength).refine((s) => s.length > 0, "name must not be empty"),
    format: TournamentFormat,
    players: z
      .union([z.literal(2), z.literal(4)], { error: "players must be 2 or 4" })
      .optional()
      .openapi({ description: "Players at each table: 2 for `individual`, 4 for `pairs` (the default of each)." }),
    preset: PresetName.optional().openapi({ description: "The rules' preset (docs/rules.md); default fibur." }),
    rounds: z.int().min(TOURNAMENT_LIMITS.rounds.min).max(TOURNAMENT_LIMITS.rounds.max),
    hands: z.int().min(TOURNAMENT_LIMITS.hands.min).max(TOURNAMENT_LIMITS.hands.max).openapi({ description: "Hands per round." }),
    movement: Movement,
    clock: z.strictObject({ perMove: Duration.openapi({ description: "Time per turn, from 1h to 14d." }), timeout: Timeout.optional() }),
    roundTime: Duration.openapi({ description: "Each round's deadline, from its start: from 1h to 60d, at least the time per turn." }),
    registration: z
      .strictObject({
        until: z.iso.datetime({ offset: true }).optional().openapi({ description: "Registration closes at this time (within 90 days)." }),
        maxEntries: z.int().min(TOURNAMENT_LIMITS.entries.min).max(TOURNAMENT_LIMITS.entries.max).optional(),
      })
      .optional(),
    visibility: z.enum(["public", "invitation"]).optional().openapi({
      description: "`public`: listed in the lobby, anyone may register; `invitation`: only with the invitation link. Default public.",
    }),
    odd: OddEntries.optional(),
    withdrawal: Withdrawal.optional(),
    rated: z.boolean().optional().openapi({ description: "Its games are rated matches (docs/ratings.md); default false." }),
    level: ComputerLevel.optional().openapi({ description: "The computer's level where it plays; default club." }),
    duplicate: z.boolean().optional().openapi({
      description: "Every table of a round plays the same deals, kept secret until every table has finished (default true).",
    }),
  })
  .refine((r) => r.players === undefined || r.players === (r.format === "pairs" ? 4 : 2), {
    message: "pairs play at tables of 4, individuals at tables of 2",
    path: ["players"],
  })
  .openapi("CreateTournament", {
    example: {
      name: "Torneo del giovedì",
      format: "pairs",
      preset: "fibur",
      rounds: 4,
      hands: 4,
      movement: "mitchell-danish",
      clock: { perMove: "1d", timeout: "claim" },
      roundTime: "7d",
      registration: { maxEntries: 16 },
    },
  });

const Link = z.object({ token: z.string(), url: z.string() });

export const CreatedTournament = z
  .object({
    id: z.string(),
    url: z.string(),
    invite: Link.nullable().openapi({ description: "The invitation link (by invitation only)." }),
  })
  .openapi("CreatedTournament");

export const RegisterRequest = z
  .strictObject({
    name: NameInput.optional().openapi({ description: "The name to play under; default the player's name." }),
    invite: z.string().max(128).optional().openapi({ description: "The invitation link's token (a tournament by invitation)." }),
  })
  .openapi("RegisterTournament");

export const PartnerRequest = z
  .strictObject({ token: z.string().max(128), name: NameInput.optional() })
  .openapi("JoinPartner", { description: "Join a pair by the partner link its first player was given." });

export const Registered = z
  .object({
    entry: z.int(),
    partner: Link.nullable().openapi({ description: "Pairs: the link to send one's partner (null once the pair is complete)." }),
  })
  .openapi("Registered");

export const OrganiserComputerRequest = z
  .strictObject({
    entry: z.int().min(0).optional().openapi({ description: "Fill this pair's vacant place; absent: a new entry of the computer." }),
  })
  .openapi("TournamentComputer");

export const ResultView = z.object({
  totals: z.array(z.number()),
  vp: z.array(z.int()),
  lost: z.object({ side: z.int(), reason: z.enum(["resigned", "timeout", "aborted"]) }).optional(),
});

export const TableView = z.object({
  table: z.int(),
  sides: z.array(z.int().nullable()).openapi({ description: "The entries at seat 0 (and 2) and at seat 1 (and 3); null: the computer." }),
  game: z.string().nullable().openapi({ description: "The table's game, once made." }),
  result: ResultView.nullable(),
});

export const RoundView = z.object({
  round: z.int(),
  deadline: z.string(),
  closed: z.boolean().openapi({ description: "Its deadline passed." }),
  finished: z.boolean().openapi({ description: "Every table has finished." }),
  tables: z.array(TableView),
  byes: z.array(z.int()),
  forfeits: z.array(z.object({ entry: z.int(), against: z.int() })),
});

export const EntryView = z.object({
  entry: z.int(),
  names: z.array(z.string().nullable()),
  computer: z.array(z.boolean()),
  players: z.array(PublicPlayerId.nullable()).openapi({ description: "Each member's public id (null: the computer, or a place free)." }),
  complete: z.boolean(),
  withdrawn: Withdrawal.nullable(),
});

export const StandingView = z.object({
  rank: z.int(),
  entry: z.int(),
  names: z.array(z.string().nullable()),
  computer: z.array(z.boolean()).openapi({ description: "Which of the entry's places the computer plays." }),
  vp: z.int(),
  for: z.number(),
  against: z.number(),
  diff: z.number(),
  headToHead: z.int(),
  duplicate: z.number(),
  played: z.int(),
  withdrawn: z.boolean(),
});

export const TournamentSettingsView = z.object({
  format: TournamentFormat,
  players: z.union([z.literal(2), z.literal(4)]),
  preset: PresetName,
  rounds: z.int(),
  hands: z.int(),
  movement: Movement,
  clock: z.object({ perMove: Duration, timeout: Timeout }),
  roundTime: Duration,
  registration: z.object({ until: z.string().nullable(), maxEntries: z.int().nullable() }),
  visibility: z.enum(["public", "invitation"]),
  odd: OddEntries,
  withdrawal: Withdrawal,
  rated: z.boolean(),
  level: ComputerLevel,
  duplicate: z.boolean(),
});

export const TournamentView = z
  .object({
    id: z.string(),
    version: z.int(),
    name: z.string(),
    status: z.enum(["registration", "running", "over"]),
    settings: TournamentSettingsView,
    organiser: PublicPlayerId,
    registrationOpen: z.boolean(),
    you: z.object({
      organiser: z.boolean(),
      entry: z.int().nullable(),
      partner: Link.nullable().openapi({ description: "Your pair's partner link while the place is free." }),
      invite: Link.nullable().openapi({ description: "To the organiser of a tournament by invitation: its invitation link." }),
    }),
    entries: z.array(EntryView),
    rounds: z.array(RoundView),
    standings: z.array(StandingView),
  })
  .openapi("Tournament");

export const StandingsView = z
  .object({
    id: z.string(),
    version: z.int(),
    name: z.string(),
    status: z.enum(["registration", "running", "over"]),
    rounds: z.int().openapi({ description: "Rounds planned so far." }),
    of: z.int().openapi({ description: "Rounds in all." }),
    standings: z.array(StandingView),
  })
  .openapi("TournamentStandings");

export const TournamentListItem = z.object({
  id: z.string(),
  name: z.string(),
  status: z.enum(["registration", "running", "over"]),
  format: TournamentFormat,
  preset: PresetName,
  rounds: z.int(),
  round: z.int().openapi({ description: "Rounds planned so far." }),
  entries: z.int(),
  registrationUntil: z.string().nullable(),
  url: z.string(),
  /** In "my tournaments": the player organises it. */
  organiser: z.boolean().optional(),
});

export const TournamentList = z.object({ tournaments: z.array(TournamentListItem) }).openapi("TournamentList");

export const TournamentFilters = z.object({
  status: z.enum(["registration", "running", "over"]).optional(),
});

export type CreateTournamentRequest = z.input<typeof CreateTournamentRequest>;
export type TournamentView = z.infer<typeof TournamentView>;
export type StandingsView = z.infer<typeof StandingsView>;
export type StandingView = z.infer<typeof StandingView>;
export type TournamentListItem = z.infer<typeof TournamentListItem>;
