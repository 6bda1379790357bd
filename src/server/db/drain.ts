import type { LogRow } from "./log-entry";
import type { IndexRow, SeatRow } from "./room-rows";

/**
 * The statements that bring D1 up to date with a room: log entries (ignored
 * when already there, so a retried drain never duplicates) to the game's log
 * shard (shards.ts), seat rows and the game index row to the main database. Written as plain prepared statements rather than
 * through the query builder: they are the service's most frequent writes
 * (every log entry of every game), always the same three statements, and
 * building each one anew cost more than sending it.
 */

/** Entries per statement: D1 binds at most 100 values to one statement, five per entry. */
const ENTRIES_PER_STATEMENT = 20;

const insertEntries = (n: number) =>
  `INSERT INTO game_events (game_id, seq, kind, body, at) VALUES ${new Array(n).fill("(?, ?, ?, ?, ?)").join(", ")} ON CONFLICT (game_id, seq) DO NOTHING`;

// A seat's player merged into another since the room attached it (players/merge.ts) lands on the player it became.
const UPSERT_SEAT = `INSERT INTO seats (game_id, seat, token_hash, taken, name, player_hash, link_sealed)
  VALUES (?, ?, ?, ?, ?, COALESCE((SELECT into_id FROM player_merges WHERE from_id = ?), ?), ?)
  ON CONFLICT (game_id, seat) DO UPDATE SET token_hash = excluded.token_hash, taken = excluded.taken, name = excluded.name,
  player_hash = excluded.player_hash, link_sealed = excluded.link_sealed RETURNING player_hash`;

// The log's shard is written with the game's first row and never changed (db/shards.ts).
const UPSERT_GAME = `INSERT INTO games (id, players, rules, names, status, turn, version, prepared, invite_hash, created_at, updated_at, deadline, next_due, reminder, clock_offset, log_shard)
  VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?, ?)
  ON CONFLICT (id) DO UPDATE SET names = excluded.names, status = excluded.status, turn = excluded.turn, version = excluded.version,
  invite_hash = excluded.invite_hash, updated_at = excluded.updated_at, deadline = excluded.deadline, next_due = excluded.next_due,
  reminder = excluded.reminder, clock_offset = excluded.clock_offset`;

/** Several entries of the game `game.id` to one statement: each statement costs D1 more than each row in it. */
export function entryStatements(d1: D1Database, game: { readonly id: string }, entries: readonly LogRow[]): D1PreparedStatement[] {
  const statements: D1PreparedStatement[] = [];
  for (let i = 0; i < entries.length; i += ENTRIES_PER_STATEMENT) {
    const part = entries.slice(i, i + ENTRIES_PER_STATEMENT);
    const values = part.flatMap((e) => [game.id, e.seq, e.body.type, JSON.stringify(e.body), e.at]);
    statements.push(d1.prepare(insertEntries(part.length)).bind(...values));
  }
  return statements;
}

export function seatStatements(d1: D1Database, gameId: string, rows: readonly SeatRow[]): D1PreparedStatement[] {
  const upsert = d1.prepare(UPSERT_SEAT);
  return rows.map((s) => upsert.bind(gameId, s.seat, s.tokenHash, s.taken ? 1 : 0, s.name, s.playerHash, s.playerHash, s.link ?? null));
}

/**
 * Copies one seat's row at once, not at the next drain (a seat that just became a player's: a device's preview
 * and a merge read who holds what from D1). Returns the player D1 now names, which differs from the room's when
 * that player was merged into another meanwhile.
 */
export async function recordSeat(d1: D1Database, gameId: string, row: SeatRow): Promise<string | null> {
  const stored = await seatStatements(d1, gameId, [row])[0]!.first<{ player_hash: string | null }>();
  return stored?.player_hash ?? null;
}

/** `clockOffset`: how far the game's clock runs ahead of the platform's (0 but in local tests' time travel). */
export function indexStatement(d1: D1Database, r: IndexRow, logShard: string | null, clockOffset = 0): D1PreparedStatement {
  return d1
    .prepare(UPSERT_GAME)
    .bind(
      r.id,
      r.players,
      r.rules,
      r.names,
      r.status,
      r.turn,
      r.version,
      r.prepared ? 1 : 0,
      r.inviteHash,
      r.createdAt,
      r.updatedAt,
      r.deadline,
      r.nextDue,
      r.reminder,
      clockOffset,
      logShard,
    );
}

const batch = async (d1: D1Database, statements: D1PreparedStatement[]) => {
  if (statements.length > 0) await d1.batch(statements);
};

/**
 * Sends one step of a drain: the log's entries to its shard, then the seat
 * and index rows to the main database. The shard first, so that the index
 * never names a version whose entries D1 lacks; one batch when the game is
 * from before the shards and both are one database.
 */
export async function sendDrain(
  d1: { main: D1Database; log: D1Database },
  logged: D1PreparedStatement[],
  indexed: D1PreparedStatement[],
): Promise<void> {
  if (d1.log === d1.main) await batch(d1.main, [...logged, ...indexed]);
  else {
    await batch(d1.log, logged);
    await batch(d1.main, indexed);
  }
}
