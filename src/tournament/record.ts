import { type DealRecord, makeDeal, parseRecord, replayRecord } from "../engine/index";
import { danishRound, type Field, mitchellRound, movementOf, tablesOf } from "./movement";
import { tableVictoryPoints } from "./score";
import { ranking, standings } from "./standings";
import { type Settings, Tournament, type TournamentLog } from "./state";
import type { Pairing, RoundOutcome, Standing, TableResult, Withdrawal } from "./types";

/**
 * A tournament's record: what a game record is to a match, for a whole
 * tournament — its settings, entries, the draw, every round (its movement,
 * tables, the deals once every table has played them, each table's game
 * and result with its victory points) and the standings. `checkRecord`
 * plays it back: it makes every round's tables again from the draw and the
 * standings, turns every result into victory points, ranks the standings
 * again, and, given the tables' game records, replays each match with the
 * rules engine and checks its result and deals. (scripts/replay-tournament.ts.)
 */

export const TOURNAMENT_RECORD = "burraco-tournament/1";

export interface RecordTable {
  readonly table: number;
  readonly sides: readonly (number | null)[];
  readonly game: string | null;
  /** Where the table's game record is (docs/record.md). */
  readonly record: string | null;
  readonly result: TableResult | null;
  readonly vp: readonly number[] | null;
}

export interface RecordRound {
  readonly round: number;
  readonly movement: "mitchell" | "danish";
  readonly deadline: string;
  readonly closed: boolean;
  readonly pairings: readonly Pairing[];
  /** The deals every table played: null until every table of the round has finished. */
  readonly deals: readonly DealRecord[] | null;
  readonly tables: readonly RecordTable[];
}

export interface RecordEntry {
  readonly entry: number;
  readonly names: readonly (string | null)[];
  readonly computer: readonly boolean[];
  /** Withdrawn before round `round` (from 0) was planned, and what became of its rounds. */
  readonly withdrawn: { readonly mode: Withdrawal; readonly round: number } | null;
}

/** A line of the standings as the record keeps it: the standings' own line, without its rounds (the record has them). */
export type RecordStanding = Omit<Standing, "rounds">;

export type TournamentRecord = {
  readonly format: typeof TOURNAMENT_RECORD;
  readonly id: string;
  readonly name: string;
  readonly settings: Settings;
  readonly status: "registration" | "running" | "over";
  readonly entries: readonly RecordEntry[];
  /** The draw: the entries in the order the movement seats them. */
  readonly order: readonly number[] | null;
  readonly rounds: readonly RecordRound[];
  readonly standings: readonly RecordStanding[];
  /** Optional: the tables' game records (docs/record.md), by game id, for the check to replay. */
  readonly games?: Readonly<Record<string, unknown>>;
};

/** The record of a tournament from its log; `recordUrl`: a game record's address. */
export function makeTournamentRecord(log: readonly TournamentLog[], recordUrl: (game: string) => string): TournamentRecord {
  const t = Tournament.fold(log);
  const withdrawnAt = new Map<number, { mode: Withdrawal; round: number }>();
  let planned = 0;
  for (const body of log) {
    if (body.type === "roundPlanned") planned++;
    if (body.type === "withdrawn") withdrawnAt.set(body.entry, { mode: body.mode, round: planned });
  }
  return {
    format: TOURNAMENT_RECORD,
    id: t.id,
    name: t.settings.name,
    settings: t.settings,
    status: t.status,
    entries: t.registered().map((e) => ({
      entry: e.entry,
      names: e.members.map((m) => m.name),
      computer: e.members.map((m) => m.computer !== null),
      withdrawn: withdrawnAt.get(e.entry) ?? null,
    })),
    order: t.order,
    rounds: t.rounds.map((r) => {
      return {
        round: r.planned.round,
        movement: movementOf(t.settings.movement, r.planned.round, t.settings.rounds),
        deadline: new Date(r.planned.deadline).toISOString(),
        closed: r.closed,
        pairings: r.planned.pairings,
        // Secret while any table of the round may still be playing them.
        deals: t.finished(r) && t.settings.duplicate ? r.planned.deals : null,
        tables: tablesOf(r.planned.pairings).map((p) => {
          const game = r.games.get(p.table) ?? null;
          const result = r.results.get(p.table) ?? null;
          return {
            table: p.table,
            sides: p.sides,
            game,
            record: game && recordUrl(game),
            result,
            vp: result && tableVictoryPoints(result),
          };
        }),
      };
    }),
    standings: t.standings().map(({ rounds: _rounds, ...s }) => s),
  };
}

/** What the check found: nothing wrong (`problems` empty), and the standings it ranked. */
export interface RecordCheck {
  readonly ok: boolean;
  readonly problems: readonly string[];
  readonly standings: readonly RecordStanding[];
  /** Games replayed with the rules engine. */
  readonly replayed: number;
}

/** Plays a tournament's record back (see above). */
export function checkRecord(record: TournamentRecord): RecordCheck {
  const problems: string[] = [];
  const order = record.order ?? [];
  const outcomes: RoundOutcome[] = [];
  let replayed = 0;
  for (const round of record.rounds) {
    const r = round.round;
    const withdrawn = new Map<number, Withdrawal>();
    for (const e of record.entries) if (e.withdrawn && e.withdrawn.round <= r) withdrawn.set(e.entry, e.withdrawn.mode);
    const field: Field = { order, odd: record.settings.odd, withdrawn };
    const movement = movementOf(record.settings.movement, r, record.settings.rounds);
    if (movement !== round.movement) problems.push(`round ${r + 1}: movement ${round.movement}, the settings say ${movement}`);
    const byes = new Set(outcomes.flatMap((o) => o.pairings.flatMap((p) => (p.kind === "bye" ? [p.entry] : []))));
    const expected =
      movement === "mitchell" ? mitchellRound(field, r) : danishRound(field, r === 0 ? order : ranking(standings(order, outcomes)), byes);
    if (JSON.stringify(expected) !== JSON.stringify(round.pairings)) problems.push(`round ${r + 1}: the tables are not the movement's`);
    const results = new Map<number, TableResult>();
    for (const table of round.tables) {
      if (!table.result) continue;
      results.set(table.table, table.result);
      const vp = tableVictoryPoints(table.result);
      if (JSON.stringify(vp) !== JSON.stringify(table.vp))
        problems.push(`round ${r + 1} table ${table.table}: ${table.vp} VP, the FIBur table gives ${vp}`);
      const game = table.game ? record.games?.[table.game] : undefined;
      if (game) {
        replayed++;
        problems.push(...checkGame(game, table.result, round.deals, `round ${r + 1} table ${table.table}`));
      }
    }
    outcomes.push({ pairings: round.pairings, results });
  }
  const ranked = standings(order, outcomes).map(({ rounds: _rounds, ...s }) => s);
  if (JSON.stringify(ranked) !== JSON.stringify(record.standings)) problems.push("the standings are not those the results give");
  return { ok: problems.length === 0, problems, standings: ranked, replayed };
}

/** A table's game record replayed by the rules engine: its result, and its deals the round's. */
function checkGame(text: unknown, result: TableResult, deals: readonly DealRecord[] | null, where: string): string[] {
  const problems: string[] = [];
  const game = parseRecord(text);
  if (!game.ok) return [`${where}: its game record cannot be read: ${game.error}`];
  const { state, output } = replayRecord(game.value);
  const refused = output.moves.find((m) => !m.ok);
  if (refused) problems.push(`${where}: move ${refused.index} of hand ${refused.hand + 1} is refused (${refused.code})`);
  const totals = [state.totals[0] ?? 0, state.totals[1] ?? 0];
  if (totals[0] !== result.totals[0] || totals[1] !== result.totals[1])
    problems.push(`${where}: the game replays to ${totals.join("–")}, the record says ${result.totals.join("–")}`);
  if (deals)
    game.value.hands.forEach((hand, i) => {
      if (deals[i] && JSON.stringify(makeDeal(hand.deal)) !== JSON.stringify(deals[i]))
        problems.push(`${where}: hand ${i + 1} was not the round's deal`);
    });
  return problems;
}

/**
 * The replay command's work: a record's text (and its games' records, by
 * id, from elsewhere) in, the check out, with the exit status: 0 when it
 * replays to itself, 1 when it does not, 2 when it cannot be read.
 */
export function replayTournamentText(text: string, games: Readonly<Record<string, unknown>> = {}): { status: 0 | 1 | 2; output: unknown } {
  const bad = (message: string) => ({ status: 2 as const, output: { error: { code: "BAD_RECORD", message } } });
  let record: TournamentRecord;
  try {
    record = JSON.parse(text) as TournamentRecord;
  } catch {
    return bad("the record is not JSON");
  }
  if (record?.format !== TOURNAMENT_RECORD) return bad(`a tournament record's format is "${TOURNAMENT_RECORD}"`);
  if (!Array.isArray(record.rounds) || !Array.isArray(record.entries) || !Array.isArray(record.standings) || !record.settings)
    return bad("a tournament record holds its settings, entries, rounds and standings");
  try {
    const check = checkRecord({ ...record, games: { ...(record.games ?? {}), ...games } });
    return { status: check.ok ? 0 : 1, output: check };
  } catch (error) {
    return bad(`the record cannot be played back: ${(error as Error).message}`);
  }
}
