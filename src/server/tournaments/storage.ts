import type { TournamentLog } from "../../tournament/state";

/**
 * A tournament room's own SQLite: its log (the truth, folded into the
 * tournament's state on waking, from its latest checkpoint on), the tables it has made (each game's id
 * and its seats' links sealed for their players' notifications), and a few
 * marks (how far D1 has the log, how far each chore of the current round
 * has gone). Callers group writes in one transaction.
 */

/**
 * The latest checkpoint (src/tournament/snapshot.ts), by part: the tournament as folded up to the `checkpoint_seq` mark.
 * A room made before checkpoints has none until it writes one.
 */
const CHECKPOINT = "CREATE TABLE IF NOT EXISTS checkpoint (part TEXT PRIMARY KEY, body TEXT NOT NULL);";

const SCHEMA = `
CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, body TEXT NOT NULL, at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS made (round INTEGER NOT NULL, tbl INTEGER NOT NULL, game TEXT NOT NULL, links TEXT NOT NULL, PRIMARY KEY (round, tbl));
${CHECKPOINT}
`;

export interface LogRow {
  readonly seq: number;
  readonly at: number;
  readonly body: TournamentLog;
}

/** A table made: its game, and each seat's link sealed for its player (null for the computer's). */
export interface MadeTable {
  readonly round: number;
  readonly table: number;
  readonly game: string;
  readonly links: readonly (string | null)[];
}

export class TournamentStorage {
  constructor(
    private readonly sql: SqlStorage,
    private readonly transaction: <T>(fn: () => T) => T,
  ) {}

  init(): void {
    this.sql.exec(SCHEMA);
  }

  holds(): boolean {
    return this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'log'").toArray().length > 0;
  }

  atomically<T>(fn: () => T): T {
    return this.transaction(fn);
  }

  readLog(): LogRow[] {
    if (!this.holds()) return [];
    // The room's own log, written by this class in the writer's transaction: trusted as room/storage.ts trusts a
    // game's (D1's copy is what a tool reads and checks: scripts/replay-tournament.ts).
    return this.sql
      .exec<{ seq: number; body: string; at: number }>("SELECT seq, body, at FROM log ORDER BY seq")
      .toArray()
      .map((r) => ({ seq: r.seq, at: r.at, body: JSON.parse(r.body) as TournamentLog }));
  }

  /** The log's entries after `seq`, in order. */
  readLogAfter(seq: number): LogRow[] {
    if (!this.holds()) return [];
    return this.sql
      .exec<{ seq: number; body: string; at: number }>("SELECT seq, body, at FROM log WHERE seq > ? ORDER BY seq", seq)
      .toArray()
      .map((r) => ({ seq: r.seq, at: r.at, body: JSON.parse(r.body) as TournamentLog }));
  }

  /** The log's last entry's number (0: none). */
  lastSeq(): number {
    if (!this.holds()) return 0;
    return this.sql.exec<{ seq: number | null }>("SELECT MAX(seq) AS seq FROM log").one().seq ?? 0;
  }

  /** The latest checkpoint: its parts (src/tournament/snapshot.ts), the tournament as folded up to `seq`. */
  readCheckpoint(): { seq: number; parts: Map<string, string> } | null {
    const held = this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'checkpoint'").toArray().length > 0;
    if (!held) return null;
    const rows = this.sql.exec<{ part: string; body: string }>("SELECT part, body FROM checkpoint").toArray();
    if (rows.length === 0) return null;
    return { seq: this.number("checkpoint_seq"), parts: new Map(rows.map((r) => [r.part, r.body])) };
  }

  /** Writes some parts of the checkpoint at `seq` over the last one's (the others stand). */
  writeCheckpoint(seq: number, parts: ReadonlyMap<string, string>): void {
    this.sql.exec(CHECKPOINT);
    for (const [part, body] of parts) this.sql.exec("INSERT OR REPLACE INTO checkpoint (part, body) VALUES (?, ?)", part, body);
    this.setMeta("checkpoint_seq", String(seq));
  }

  appendLog(rows: readonly LogRow[]): void {
    for (const row of rows)
      this.sql.exec("INSERT INTO log (seq, kind, body, at) VALUES (?, ?, ?, ?)", row.seq, row.body.type, JSON.stringify(row.body), row.at);
  }

  /** Log rows after `seq` (for D1: their text as stored, and the entry it holds), at most `limit`. */
  logAfter(seq: number, limit: number): { seq: number; kind: string; body: string; at: number; entry: TournamentLog }[] {
    return this.sql
      .exec<{ seq: number; kind: string; body: string; at: number }>(
        "SELECT seq, kind, body, at FROM log WHERE seq > ? ORDER BY seq LIMIT ?",
        seq,
        limit,
      )
      .toArray()
      .map((r) => ({ ...r, entry: JSON.parse(r.body) as TournamentLog }));
  }

  made(round: number): MadeTable[] {
    return this.sql
      .exec<{ tbl: number; game: string; links: string }>("SELECT tbl, game, links FROM made WHERE round = ? ORDER BY tbl", round)
      .toArray()
      .map((r) => ({ round, table: r.tbl, game: r.game, links: parseLinks(r.links) }));
  }

  writeMade(rows: readonly MadeTable[]): void {
    for (const r of rows)
      this.sql.exec(
        "INSERT OR REPLACE INTO made (round, tbl, game, links) VALUES (?, ?, ?, ?)",
        r.round,
        r.table,
        r.game,
        JSON.stringify(r.links),
      );
  }

  getMeta(key: string): string | null {
    const row = this.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = ?", key).toArray()[0];
    return row ? row.value : null;
  }

  setMeta(key: string, value: string): void {
    this.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", key, value);
  }

  deleteMeta(key: string): void {
    this.sql.exec("DELETE FROM meta WHERE key = ?", key);
  }

  number(key: string): number {
    return Number(this.getMeta(key) ?? "0");
  }
}

/** A made table's sealed links, as this class wrote them: a list of strings and nulls. */
function parseLinks(text: string): (string | null)[] {
  const value: unknown = JSON.parse(text);
  if (!Array.isArray(value) || !value.every((v) => v === null || typeof v === "string"))
    throw new Error("a made table's links are not a list");
  return value as (string | null)[];
}
