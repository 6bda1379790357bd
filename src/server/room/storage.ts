import type { LogBody, LogRow } from "../db/log-entry";
import type { SeatRow } from "../db/room-rows";

/**
 * The room's own SQLite: the authoritative log, the seats, the outbox
 * towards D1, and a few settings. Every method is synchronous; callers group
 * writes in one `transactionSync`. The tables are made only when a game is
 * created or restored here, so a room asked about a game it does not hold
 * stores nothing.
 */

const SCHEMA = `
CREATE TABLE IF NOT EXISTS log (seq INTEGER PRIMARY KEY, kind TEXT NOT NULL, body TEXT NOT NULL, at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS seats (seat INTEGER PRIMARY KEY, token_hash TEXT NOT NULL, taken INTEGER NOT NULL, name TEXT, player_hash TEXT, link TEXT, seen INTEGER);
CREATE TABLE IF NOT EXISTS meta (key TEXT PRIMARY KEY, value TEXT NOT NULL);
CREATE TABLE IF NOT EXISTS outbox (id INTEGER PRIMARY KEY AUTOINCREMENT, kind TEXT NOT NULL, ref INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS deadlines (kind TEXT PRIMARY KEY, at INTEGER NOT NULL);
CREATE TABLE IF NOT EXISTS snapshot (id INTEGER PRIMARY KEY CHECK (id = 1), version INTEGER NOT NULL, body TEXT NOT NULL);
`;

/**
 * The seats' columns added after rooms were first made (each added to an older room when it wakes): a sealed link,
 * when its player was last seen, the network it was taken from (ratings/verdict.ts), the device that opened it.
 */
const SEAT_COLUMNS = [
  ["link", "TEXT"],
  ["seen", "INTEGER"],
  ["network", "TEXT"],
  ["device", "TEXT"],
] as const;

/** What a room's meta says once its tables are as above: change the number whenever SCHEMA changes. */
const SCHEMA_VERSION = `1:${SEAT_COLUMNS.map(([name]) => name).join(",")}`;

/** One thing the room has due at a time: the outbox's drain, the clock's timeout or a reminder, a computer's turn. */
export interface Deadline {
  readonly kind: string;
  readonly at: number;
}

/** What the outbox still owes D1: a log entry (by seq) or a seat's row (by seat). */
export type OutboxItem = { readonly id: number; readonly kind: "event" | "seat" | "notify"; readonly ref: number };

export class Storage {
  /**
   * The meta table as read or written by this instance (null: no such key). The room is its storage's one writer,
   * and some keys are read on every move (a tournament round's closing): a statement costs tens of microseconds in
   * the Workers runtime, a map's lookup nothing.
   */
  private readonly meta = new Map<string, string | null>();
  /**
   * Whether `meta` holds every row of the table (read in one statement, the first time a key is asked for): a room
   * waking asks for several keys, and a key it does not hold is then known absent without a statement.
   */
  private metaRead = false;
  /** What this instance has seen of its tables: the log's (a room holds a game from then on) and the schema current. */
  private holds = false;
  private current = false;

  constructor(
    private readonly sql: SqlStorage,
    private readonly transaction: <T>(fn: () => T) => T,
  ) {}

  /**
   * Makes the tables, or brings an older room's up to date: only for a game created, restored or loaded here. A room
   * whose tables are current says so in its meta, so that waking it reads one row rather than running the schema's
   * statements again.
   */
  init(): void {
    if (this.schemaCurrent()) return;
    this.sql.exec(SCHEMA);
    this.current = true;
    // Rooms made before one of the seats' later columns get it now.
    const columns = new Set(
      this.sql
        .exec<{ name: string }>("PRAGMA table_info(seats)")
        .toArray()
        .map((c) => c.name),
    );
    for (const [name, type] of SEAT_COLUMNS) if (!columns.has(name)) this.sql.exec(`ALTER TABLE seats ADD COLUMN ${name} ${type}`);
    this.setMeta("schema", SCHEMA_VERSION);
  }

  private schemaCurrent(): boolean {
    try {
      this.current = this.getMeta("schema") === SCHEMA_VERSION;
      return this.current;
    } catch {
      // No meta table yet: a room being made.
      return false;
    }
  }

  /** Whether this room holds a game (without creating anything). */
  holdsGame(): boolean {
    this.holds ||= this.current || this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'log'").toArray().length > 0;
    return this.holds;
  }

  atomically<T>(fn: () => T): T {
    try {
      return this.transaction(fn);
    } catch (error) {
      // Rolled back: what the meta map learnt inside is forgotten with it (and the tables made, should they have been).
      this.meta.clear();
      this.metaRead = false;
      this.holds = false;
      this.current = false;
      throw error;
    }
  }

  /** The log's entries after `after` (all of them by default). */
  readLog(after = 0): LogRow[] {
    if (!this.holdsGame()) return [];
    // The room's own log, written by this class in the writer's transaction, is not read through log-body.ts's
    // schema: that would cost every cold start 5-20 ms for a 550-entry match (D1's and the archive's copies are checked).
    return this.sql
      .exec<{ seq: number; body: string; at: number }>("SELECT seq, body, at FROM log WHERE seq > ? ORDER BY seq", after)
      .toArray()
      .map((r) => ({ seq: r.seq, at: r.at, body: JSON.parse(r.body) as LogBody }));
  }

  /** The created entry alone (a room waking from its snapshot replays from there). */
  readCreated(): LogRow | null {
    if (!this.holdsGame()) return null;
    const row = this.sql.exec<{ body: string; at: number }>("SELECT body, at FROM log WHERE seq = 1").toArray()[0];
    return row ? { seq: 1, at: row.at, body: JSON.parse(row.body) as LogBody } : null;
  }

  /**
   * The table's latest snapshot (table-snapshot.ts), if one was written (a room made before them has none). Like the
   * log, it is this class's own writing, not read through a schema on every cold start (the snapshot says its format
   * and engine, which table-snapshot.ts checks).
   */
  readSnapshot(): { version: number; body: unknown } | null {
    // Tables current (init, as every load runs first): the snapshot's is one of them.
    const exists =
      this.current || this.sql.exec("SELECT 1 FROM sqlite_master WHERE type = 'table' AND name = 'snapshot'").toArray().length > 0;
    if (!exists) return null;
    const row = this.sql.exec<{ version: number; body: string }>("SELECT version, body FROM snapshot WHERE id = 1").toArray()[0];
    return row ? { version: row.version, body: JSON.parse(row.body) as unknown } : null;
  }

  /** Replaces the snapshot (in the transaction of the entries after which it was taken). */
  writeSnapshot(version: number, body: string): void {
    this.sql.exec("INSERT OR REPLACE INTO snapshot (id, version, body) VALUES (1, ?, ?)", version, body);
  }

  /** Appends log rows (D1 gets every entry after its acknowledged mark: see outbox.ts). */
  appendLog(rows: readonly LogRow[]): void {
    for (const row of rows)
      this.sql.exec("INSERT INTO log (seq, kind, body, at) VALUES (?, ?, ?, ?)", row.seq, row.body.type, JSON.stringify(row.body), row.at);
  }

  /** Queues the notifications of a log entry (by seq), written in the same transaction as the entry. */
  queueNotifications(seq: number): void {
    this.sql.exec("INSERT INTO outbox (kind, ref) VALUES ('notify', ?)", seq);
  }

  readSeats(): SeatRow[] {
    return this.sql
      .exec<{
        seat: number;
        token_hash: string;
        taken: number;
        name: string | null;
        player_hash: string | null;
        link: string | null;
        seen: number | null;
        network: string | null;
        device: string | null;
      }>("SELECT seat, token_hash, taken, name, player_hash, link, seen, network, device FROM seats ORDER BY seat")
      .toArray()
      .map((r) => ({
        seat: r.seat,
        tokenHash: r.token_hash,
        taken: r.taken === 1,
        name: r.name,
        playerHash: r.player_hash,
        link: r.link,
        seenAt: r.seen,
        network: r.network,
        device: r.device,
      }));
  }

  /** Writes a seat's row and queues it for D1. */
  writeSeat(row: SeatRow, queue = true): void {
    this.sql.exec(
      "INSERT OR REPLACE INTO seats (seat, token_hash, taken, name, player_hash, link, seen, network, device) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?)",
      row.seat,
      row.tokenHash,
      row.taken ? 1 : 0,
      row.name,
      row.playerHash,
      row.link ?? null,
      row.seenAt ?? null,
      row.network ?? null,
      row.device ?? null,
    );
    if (queue) this.sql.exec("INSERT INTO outbox (kind, ref) VALUES ('seat', ?)", row.seat);
  }

  getMeta(key: string): string | null {
    const known = this.meta.get(key);
    if (known !== undefined || this.metaRead) return known ?? null;
    // A room's meta is a few short rows (its settings and marks): all of them in one statement.
    for (const row of this.sql.exec<{ key: string; value: string }>("SELECT key, value FROM meta").toArray())
      if (!this.meta.has(row.key)) this.meta.set(row.key, row.value);
    this.metaRead = true;
    return this.meta.get(key) ?? null;
  }

  setMeta(key: string, value: string): void {
    this.sql.exec("INSERT OR REPLACE INTO meta (key, value) VALUES (?, ?)", key, value);
    this.meta.set(key, value);
  }

  outbox(limit: number): OutboxItem[] {
    return this.sql.exec<OutboxItem>("SELECT id, kind, ref FROM outbox ORDER BY id LIMIT ?", limit).toArray();
  }

  /** Forgets one outbox item (an entry's notifications, once the queue has them). */
  forget(id: number): void {
    this.sql.exec("DELETE FROM outbox WHERE id = ?", id);
  }

  /** Forgets outbox items up to `lastId`, once D1 has them. */
  acknowledge(lastId: number): void {
    this.sql.exec("DELETE FROM outbox WHERE id <= ?", lastId);
  }

  deadlines(): Deadline[] {
    return this.sql.exec<{ kind: string; at: number }>("SELECT kind, at FROM deadlines ORDER BY at").toArray();
  }

  /** Replaces every deadline of the given kinds with `items`. */
  writeDeadlines(items: readonly Deadline[], kinds: "all" | "drain" | "game"): void {
    if (kinds === "all") this.sql.exec("DELETE FROM deadlines");
    else if (kinds === "drain") this.sql.exec("DELETE FROM deadlines WHERE kind = 'drain'");
    else this.sql.exec("DELETE FROM deadlines WHERE kind <> 'drain'");
    for (const item of items) this.sql.exec("INSERT OR REPLACE INTO deadlines (kind, at) VALUES (?, ?)", item.kind, item.at);
  }

  outboxSize(): number {
    return this.sql.exec<{ n: number }>("SELECT COUNT(*) AS n FROM outbox").one().n;
  }
}
