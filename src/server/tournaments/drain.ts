import type { Tournament } from "../../tournament/state";
import { drainTournament, type TournamentDrain } from "../db/tournament-queries";
import type { TournamentStorage } from "./storage";

/**
 * The tournament room's copy to D1, as a game room's outbox is
 * (room/outbox.ts): the log's entries after the last one D1 acknowledged
 * (a mark kept with the log), the players' places those entries changed,
 * the tables made since, the sealed links those entries brought, and the
 * index row; one batch each time, retried
 * with backoff when D1 fails, never on a request's path. Entries are
 * inserted with ON CONFLICT DO NOTHING: nothing is lost or doubled.
 */

/** Log entries per drain (a round's planning is one entry, however many tables). */
const ENTRIES = 100;
/** Tables made per drain. */
const TABLES = 150;

export const DRAIN_DELAY_MS = 2000;

/** Whether D1 lacks anything of the room's. */
export function owesD1(storage: TournamentStorage, version: number): boolean {
  return storage.number("drained_seq") < version || tablesOwed(storage) !== null;
}

/** The next round whose made tables D1 lacks: `[round, tables D1 has]`, or null. */
function tablesOwed(storage: TournamentStorage): [number, number] | null {
  const [round, count] = (storage.getMeta("drained_tables") ?? "0:0").split(":").map(Number) as [number, number];
  const made = storage.number(`make:${round}`);
  if (made > count) return [round, count];
  if (storage.number(`make:${round + 1}`) > 0) return [round + 1, 0];
  return null;
}

/**
 * Copies one batch to D1. `index`: the index row as it stands. Returns
 * whether D1 still lacks something (another batch is due at once).
 */
export async function drainToD1(
  d1: D1Database,
  storage: TournamentStorage,
  t: Tournament,
  index: NonNullable<TournamentDrain["index"]>,
): Promise<boolean> {
  const drained = storage.number("drained_seq");
  const rows = storage.logAfter(drained, ENTRIES);
  const places: { playerId: string; entry: number }[] = [];
  const gone: string[] = [];
  const secrets: { key: string; value: string }[] = [];
  const secret = (key: string) => {
    const value = storage.getMeta(key);
    if (value !== null) secrets.push({ key, value });
  };
  for (const row of rows) {
    const body = row.entry;
    // The sealed links kept with these entries (rebuild.ts reads them back).
    if (body.type === "created") secret("invite");
    if (body.type === "entered" && body.partnerHash !== null) secret(`partner:${body.entry}`);
    if (body.type === "entered") for (const m of body.members) if (m.player) places.push({ playerId: m.player, entry: body.entry });
    if (body.type === "partnerJoined" && body.member.player) places.push({ playerId: body.member.player, entry: body.entry });
    if (body.type === "removed") for (const m of t.entries[body.entry]!.members) if (m.player) gone.push(m.player);
  }
  const owed = tablesOwed(storage);
  const tables = [];
  if (owed) {
    const [round, count] = owed;
    const deadline = t.rounds[round]!.planned.deadline;
    const made = storage.made(round);
    // In table order, as made: D1 has the first `count`.
    const next = made.slice(count, count + TABLES);
    for (const m of next) tables.push({ gameId: m.game, tournamentId: t.id, round, table: m.table, deadline });
    storage.setMeta("drained_tables_next", `${round}:${count + next.length}`);
  }
  const events = rows.map(({ seq, kind, body, at }) => ({ seq, kind, body, at }));
  await drainTournament(d1, t.id, { events, index, places, gone, tables, secrets });
  storage.atomically(() => {
    if (rows.length > 0) storage.setMeta("drained_seq", String(rows[rows.length - 1]!.seq));
    const next = storage.getMeta("drained_tables_next");
    if (next !== null) storage.setMeta("drained_tables", next);
  });
  return owesD1(storage, t.version);
}
