import type { ComputerLevel } from "../../shared/wire/common";
import type { Member, Origin, Tournament, TournamentLog } from "../../tournament/state";
import { type Failure, fail, isFailure } from "../reply";

/**
 * What the players and the organiser may do, and when: each function checks
 * the tournament as it stands and answers the log entries to append, or the
 * refusal (a typed 4xx). The room appends them; nothing here writes.
 */

export const tournamentNotFound = (): Failure => fail(404, "TOURNAMENT_NOT_FOUND", "No tournament with that id.");

const started = () => fail(409, "TOURNAMENT_STARTED", "The tournament has started: registration and its changes are over.");
const over = () => fail(409, "TOURNAMENT_OVER", "The tournament is over.");
const notOrganiser = () => fail(403, "FORBIDDEN", "Only the tournament's organiser may do that.");

/** Entries that count against the limit: every entry still registered. */
const entryCount = (t: Tournament) => t.registered().length;

/** Whether registration is open at `now`: before the start, before its closing time, below its number of entries. */
export function registrationOpen(t: Tournament, now: number): boolean {
  const s = t.settings;
  if (t.status !== "registration") return false;
  if (s.registrationUntil !== null && now >= s.registrationUntil) return false;
  return s.maxEntries === null || entryCount(t) < s.maxEntries;
}

/** Who takes a place: a player, their name, and (a rated tournament's) where they come from (rated.ts). */
export interface Joiner {
  readonly player: string;
  readonly name: string | null;
  readonly origin?: Origin | undefined;
}

const memberOf = (who: Joiner): Member => ({
  player: who.player,
  name: who.name,
  computer: null,
  ...(who.origin ? { origin: who.origin } : {}),
});

/** A player registers alone, or as the first of a pair whose partner joins by link (`partnerHash`: that link's token hash). */
export function register(
  t: Tournament,
  now: number,
  who: Joiner,
  inviteHash: string | null,
  partnerHash: string | null,
): TournamentLog[] | Failure {
  if (t.status === "over") return over();
  if (t.status === "running") return started();
  if (t.created.inviteHash !== null && inviteHash !== t.created.inviteHash)
    return fail(403, "FORBIDDEN", "This tournament is by invitation: register with its invitation link.");
  if (!registrationOpen(t, now)) return fail(409, "REGISTRATION_CLOSED", "Registration for this tournament is closed.");
  if (t.entryOf(who.player)) return fail(409, "ALREADY_ENTERED", "You are registered in this tournament already.");
  const pairs = t.settings.format === "pairs";
  return [
    {
      type: "entered",
      entry: t.entries.length,
      members: [memberOf(who)],
      partnerHash: pairs ? partnerHash : null,
    },
  ];
}

/** The partner of a pair joins it with the link its first player was given. */
export function joinPartner(t: Tournament, who: Joiner, tokenHash: string): TournamentLog[] | Failure {
  if (t.status === "over") return over();
  if (t.status === "running") return started();
  const entry = t.registered().find((e) => e.partnerHash !== null && e.partnerHash === tokenHash);
  if (!entry) return fail(404, "PARTNER_LINK_INVALID", "This partner link opens no free place: it was used already, or never was.");
  if (t.entryOf(who.player)) return fail(409, "ALREADY_ENTERED", "You are registered in this tournament already.");
  return [{ type: "partnerJoined", entry: entry.entry, member: memberOf(who) }];
}

/** A player leaves: before the start their entry goes (a pair's both); afterwards they withdraw, as the organiser chose. */
export function leave(t: Tournament, player: string): TournamentLog[] | Failure {
  if (t.status === "over") return over();
  const entry = t.entryOf(player);
  if (!entry) return fail(404, "NOT_ENTERED", "You are not registered in this tournament.");
  if (t.status === "registration") return [{ type: "removed", entry: entry.entry, by: "player" }];
  if (entry.withdrawn) return fail(409, "TOURNAMENT_STARTED", "Your entry has withdrawn already.");
  return [{ type: "withdrawn", entry: entry.entry, mode: t.settings.withdrawal }];
}

export type OrganiserAction =
  | { readonly kind: "start"; readonly order: readonly number[] }
  | { readonly kind: "remove"; readonly entry: number }
  | { readonly kind: "computer"; readonly entry?: number | undefined }
  | { readonly kind: "end" };

/**
 * The organiser's actions: start (the draw, `order`, is made by the caller
 * from the entries `startable` lists), remove a no-show before the start
 * (afterwards: withdraw the entry, as the organiser chose for withdrawals),
 * put the computer in a vacant place (a pair's free place, or a new entry),
 * and end the tournament. The first round's planning follows a start.
 */
export function organise(t: Tournament, player: string, action: OrganiserAction): TournamentLog[] | Failure {
  if (player !== t.created.organiser) return notOrganiser();
  if (t.status === "over") return over();
  switch (action.kind) {
    case "start": {
      if (t.status !== "registration") return started();
      const entries = startable(t);
      if (isFailure(entries)) return entries;
      return [{ type: "started", order: action.order }];
    }
    case "remove": {
      const entry = t.entries[action.entry];
      if (!entry || entry.removed) return fail(404, "ENTRY_NOT_FOUND", "There is no such entry in this tournament.");
      if (t.status === "registration") return [{ type: "removed", entry: entry.entry, by: "organiser" }];
      if (entry.withdrawn) return fail(409, "TOURNAMENT_STARTED", "That entry has withdrawn already.");
      return [{ type: "withdrawn", entry: entry.entry, mode: t.settings.withdrawal }];
    }
    case "computer":
      return placeComputer(t, action.entry);
    case "end":
      return [{ type: "ended", reason: "organiser" }];
  }
}

function placeComputer(t: Tournament, at: number | undefined): TournamentLog[] | Failure {
  if (t.status !== "registration") return started();
  const computer: Member = { player: null, name: null, computer: t.settings.level as ComputerLevel };
  if (at !== undefined) {
    const entry = t.entries[at];
    if (!entry || entry.removed) return fail(404, "ENTRY_NOT_FOUND", "There is no such entry in this tournament.");
    if (t.complete(entry)) return fail(409, "SEAT_TAKEN", "That entry has no vacant place.");
    return [{ type: "partnerJoined", entry: entry.entry, member: computer }];
  }
  const max = t.settings.maxEntries;
  if (max !== null && entryCount(t) >= max) return fail(409, "REGISTRATION_CLOSED", `The tournament has its ${max} entries.`);
  const size = t.settings.format === "pairs" ? 2 : 1;
  return [{ type: "entered", entry: t.entries.length, members: new Array(size).fill(computer), partnerHash: null }];
}

/** The entries a start would seat (every registered one), or why it cannot start. */
export function startable(t: Tournament): number[] | Failure {
  const entries = t.registered();
  if (entries.some((e) => !t.complete(e)))
    return fail(409, "ENTRY_INCOMPLETE", "A pair is missing its partner: wait, put the computer in the place, or remove the pair.");
  if (entries.length < 2) return fail(409, "NOT_ENOUGH_ENTRIES", "A tournament needs at least two entries to start.");
  return entries.map((e) => e.entry);
}
