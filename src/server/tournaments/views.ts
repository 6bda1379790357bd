import type { z } from "zod";
import type {
  EntryView,
  RoundView,
  StandingsView,
  StandingView,
  TournamentSettingsView,
  TournamentView,
} from "../../shared/wire/tournaments";
import { movementOf } from "../../tournament/movement";
import { tableVictoryPoints } from "../../tournament/score";
import { type EntryState, playersOf, type Tournament } from "../../tournament/state";
import type { Pairing, Standing } from "../../tournament/types";
import { formatDuration } from "../clock/time";
import { publicIdOf } from "../players/identity";

/**
 * The tournament as anyone may see it: its settings, entries (names and
 * public ids, never a player's id or a link), rounds with their tables and
 * results, and the standings. Never a round's deals: they are the tables'
 * secret until every table has played them, and only the record (record.ts)
 * carries them, once released.
 */

type Settings = z.infer<typeof TournamentSettingsView>;

const iso = (ms: number) => new Date(ms).toISOString();

export function settingsView(t: Tournament): Settings {
  const s = t.settings;
  return {
    format: s.format,
    players: playersOf(s.format),
    preset: s.preset,
    rounds: s.rounds,
    hands: s.hands,
    movement: s.movement,
    clock: { perMove: formatDuration(s.perMove), timeout: s.timeout },
    roundTime: formatDuration(s.roundTime),
    registration: { until: s.registrationUntil === null ? null : iso(s.registrationUntil), maxEntries: s.maxEntries },
    visibility: s.visibility,
    odd: s.odd,
    withdrawal: s.withdrawal,
    rated: s.rated,
    level: s.level,
    duplicate: s.duplicate,
  };
}

export function entryView(t: Tournament, e: EntryState): z.infer<typeof EntryView> {
  return {
    entry: e.entry,
    names: e.members.map((m) => m.name),
    computer: e.members.map((m) => m.computer !== null),
    players: e.members.map((m) => (m.player === null ? null : publicIdOf(m.player))),
    complete: t.complete(e),
    withdrawn: e.withdrawn,
  };
}

/** The rounds with their tables: each table's game once made, its result once ended. */
export function roundViews(t: Tournament): z.infer<typeof RoundView>[] {
  return t.rounds.map((r) => {
    const tables = r.planned.pairings.filter((p): p is Extract<Pairing, { kind: "table" }> => p.kind === "table");
    return {
      round: r.planned.round,
      deadline: iso(r.planned.deadline),
      closed: r.closed,
      finished: t.finished(r),
      tables: tables.map((p) => {
        const result = r.results.get(p.table);
        return {
          table: p.table,
          sides: [...p.sides],
          game: r.games.get(p.table) ?? null,
          result: result
            ? { totals: [...result.totals], vp: tableVictoryPoints(result), ...(result.lost ? { lost: { ...result.lost } } : {}) }
            : null,
        };
      }),
      byes: r.planned.pairings.flatMap((p) => (p.kind === "bye" ? [p.entry] : [])),
      forfeits: r.planned.pairings.flatMap((p) => (p.kind === "forfeit" ? [{ entry: p.entry, against: p.against }] : [])),
    };
  });
}

export function standingView(t: Tournament, s: Standing): StandingView {
  const entry = t.entries[s.entry]!;
  return {
    rank: s.rank,
    entry: s.entry,
    names: entry.members.map((m) => m.name),
    computer: entry.members.map((m) => m.computer !== null),
    vp: s.vp,
    for: s.for,
    against: s.against,
    diff: s.diff,
    headToHead: s.headToHead,
    duplicate: s.duplicate,
    played: s.played,
    withdrawn: entry.withdrawn !== null,
  };
}

export function standingsView(t: Tournament): StandingsView {
  return {
    id: t.id,
    version: t.version,
    name: t.settings.name,
    status: t.status,
    rounds: t.rounds.length,
    of: t.settings.rounds,
    standings: t.standings().map((s) => standingView(t, s)),
  };
}

/** What a viewer (a player, or null) sees of the tournament; `you` is filled by the caller, who knows the viewer. */
export function tournamentView(t: Tournament, registrationOpen: boolean, you: TournamentView["you"]): TournamentView {
  return {
    id: t.id,
    version: t.version,
    name: t.settings.name,
    status: t.status,
    settings: settingsView(t),
    organiser: publicIdOf(t.created.organiser),
    registrationOpen,
    you,
    entries: t.registered().map((e) => entryView(t, e)),
    rounds: roundViews(t),
    standings: t.standings().map((s) => standingView(t, s)),
  };
}

/** The movement of each round so far, for the record. */
export function movementsOf(t: Tournament): ("mitchell" | "danish")[] {
  return t.rounds.map((r) => movementOf(t.settings.movement, r.planned.round, t.settings.rounds));
}
