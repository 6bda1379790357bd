import { playersOf, Tournament } from "../../tournament/state";
import { savedTournamentLog, savedTournamentSecrets } from "../db/tournament-queries";
import { cursor, sittersOut, tablesIn } from "./chores";
import { parseTournamentLog } from "./log-schema";
import type { LogRow, MadeTable, TournamentStorage } from "./storage";

/**
 * A tournament's room whose storage is lost is rebuilt from D1's copy of
 * its log, as a game's room is (room/writer.ts): the log as far as it
 * was drained, folded into the same rounds, tables, results and standings,
 * and the room's own marks made again from it, so that nothing already
 * done is done differently:
 *
 * - each round's tables made (`tablesMade`): their games, so that no table
 *   is ever made a second time with another game; the cursor of their
 *   making. Their seats' sealed links are not in D1: a reminder then links
 *   a player to their seat by its number (`?seat=`), which opens for them;
 * - the chores of every round before the last are done (a round is planned
 *   only once the one before it is finished and released); those of the
 *   last round start again from its first table, which repeats nothing that
 *   shows (a table settled twice is settled once, a notification has its
 *   delivery's key, a hand released twice is released once);
 * - the invitation's and the partners' sealed links (D1 keeps them:
 *   migrations/0031_tournament_secrets.sql);
 * - D1 is owed the index row and every round's tables again (each inserted
 *   once), and nothing of the log.
 *
 * A table's result its game reported after the last drain is lost with the
 * storage: the table is settled at the round's deadline, and its game,
 * already over, reports it again (room/tournament-table.ts). A table whose
 * game was made but whose `tablesMade` entry had not reached D1 (a loss
 * within a drain's two seconds of it) is made again with another game; the
 * first is left to its clock, outside the tournament.
 */

export interface SavedTournament {
  readonly rows: LogRow[];
  readonly secrets: readonly { key: string; value: string }[];
}

/** D1's copy of the tournament's log, from its first entry as far as it runs without a gap; null when D1 has none. */
export async function savedTournament(d1: D1Database, id: string): Promise<SavedTournament | null> {
  const saved = await savedTournamentLog(d1, id);
  const rows: LogRow[] = [];
  for (const row of saved) {
    if (row.seq !== rows.length + 1) break;
    rows.push({ seq: row.seq, at: row.at, body: parseTournamentLog(row.body, `tournament ${id}, D1 tournament_events`) });
  }
  const first = rows[0]?.body;
  if (first?.type !== "created" || first.id !== id) return null;
  return { rows, secrets: await savedTournamentSecrets(d1, id) };
}

/** Writes the saved tournament into the room's (empty) storage, with the marks it implies; returns it folded. */
export function restoreTournament(storage: TournamentStorage, saved: SavedTournament, now: number): Tournament {
  const t = Tournament.fold(saved.rows.map((r) => r.body));
  const seats = playersOf(t.settings.format);
  storage.init();
  storage.atomically(() => {
    storage.appendLog(saved.rows);
    for (const s of saved.secrets) storage.setMeta(s.key, s.value);
    storage.setMeta("created_at", String(saved.rows[0]!.at));
    // D1 has the log; its index row and tables are copied again at once.
    storage.setMeta("drained_seq", String(saved.rows.length));
    storage.setMeta("drained_tables", "0:0");
    storage.setMeta("drain_at", String(now));
    for (const [r, round] of t.rounds.entries()) {
      const tables = tablesIn(round);
      // Tables are made in table order from the first: the games D1 has are the first ones.
      const made: MadeTable[] = tables
        .filter((p) => round.games.has(p.table))
        .map((p) => ({ round: r, table: p.table, game: round.games.get(p.table)!, links: Array<null>(seats).fill(null) }));
      storage.writeMade(made);
      storage.setMeta(cursor("make", r), String(made.length));
      // Those sitting the round out were told before its first table was made (next-chore.ts).
      if (made.length > 0) storage.setMeta(cursor("tell", r), String(sittersOut(round).length));
      if (r < t.rounds.length - 1)
        for (const chore of ["settle", "remind", "release"] as const) storage.setMeta(cursor(chore, r), String(tables.length));
    }
  });
  return t;
}
