import type { Outcome } from "../../engine/index";
import { RatingOutcome } from "../../shared/wire/ratings";
import { hashToken, newToken } from "../auth";
import { withComputerNames } from "../computer-names";
import type { CreatedBody, LogBody, LogRow } from "../db/log-entry";
import type { SeatRow } from "../db/room-rows";
import { nextDeal } from "./fairness";
import { notifies } from "./notifies";
import { type CarriedSeat, readRematch } from "./rematch";
import type { Storage } from "./storage";
import { Table } from "./table";
import { decodeSnapshot, encodeSnapshot } from "./table-snapshot";

/**
 * What D1 has taken of the room: the last log entry (null: a room from before
 * the mark) and what the index row it last took shows (null: none yet). One
 * meta row, `{seq, shown}`; a room from before kept the seq alone, and the
 * index's under `index_shown`.
 */
function drainMark(storage: Storage): { seq: number | null; shown: string | null } {
  const raw = storage.getMeta("drained_seq");
  if (raw === null) return { seq: null, shown: null };
  if (raw.startsWith("{")) {
    const mark = JSON.parse(raw) as { seq: number; shown: string | null };
    return { seq: mark.seq, shown: mark.shown };
  }
  return { seq: Number(raw), shown: storage.getMeta("index_shown") };
}

/** The room's meta key for a finished match's rating outcome. */
const OUTCOME = "rating_outcome";

/** A loaded game: its replayed table, its seats and invitation, and its storage. */
export class Room {
  private constructor(
    readonly storage: Storage,
    public table: Table,
    readonly seats: SeatRow[],
    readonly inviteHash: string,
    /** The last log entry D1 has acknowledged (outbox.ts). */
    public drainedSeq: number,
    /** The D1 binding this game's log is copied to (db/shards.ts); null for a game from before the shards: the main database. */
    readonly logShard: string | null,
  ) {}

  /** Loads the game from the room's storage; null when it holds none. */
  static load(storage: Storage): Room | null {
    const created = storage.readCreated();
    if (!created) return null;
    // A room made before a table was added gets it now (every statement of the schema is IF NOT EXISTS).
    storage.init();
    const table = Room.tableOf(storage, created);
    const mark = drainMark(storage);
    // A room from before the computer players had names gives them theirs now (computer-names.ts), once.
    const seats = storage.readSeats();
    const named = withComputerNames(
      seats.map((s) => s.name),
      table.created.computers,
    );
    const renamed = seats.filter((s) => named[s.seat] !== s.name);
    if (renamed.length > 0)
      storage.atomically(() => {
        for (const s of renamed) storage.writeSeat({ ...s, name: named[s.seat]! });
      });
    // A room from before the mark queued every entry in its outbox: those still queued are drained from there.
    const room = new Room(
      storage,
      table,
      renamed.length > 0 ? storage.readSeats() : seats,
      storage.getMeta("invite_hash") ?? "",
      mark.seq ?? table.version,
      storage.getMeta("log_shard"),
    );
    room.shown = mark.shown;
    return room;
  }

  /** The table from its latest snapshot and the entries after it (the hand in play), or else from the whole log. */
  private static tableOf(storage: Storage, created: LogRow): Table {
    const saved = storage.readSnapshot();
    const snapshot = saved ? decodeSnapshot(saved.body) : null;
    if (snapshot && saved && snapshot.version === saved.version) {
      try {
        return Table.resume(created.body as CreatedBody, snapshot, storage.readLog(snapshot.version), () => storage.readLog());
      } catch (error) {
        console.error(`the room's snapshot at ${snapshot.version} does not resume: ${(error as Error).message}; replaying the log`);
      }
    }
    return Table.replay(storage.readLog());
  }

  /**
   * Creates a game: the created entry and the first hand's deal, a token per
   * seat and an invitation, all in one transaction. Returns the secrets,
   * which are never stored or shown again.
   */
  static create(
    storage: Storage,
    created: CreatedBody,
    now: number,
    logShard: string,
    carried?: readonly CarriedSeat[],
  ): { room: Room; tokens: string[]; invite: string } {
    // A rematch's seats come with their tokens (their holders ask the finished game for them: rematch.ts).
    const tokens = carried ? [] : created.names.map(() => newToken());
    const invite = newToken();
    const seats: SeatRow[] = created.names.map((name, seat) => {
      const held = carried?.[seat];
      return {
        seat,
        tokenHash: held ? held.tokenHash : hashToken(tokens[seat]!),
        // A computer player's seat is never free for the invitation.
        taken: (created.computers?.[seat] ?? null) !== null || (held?.taken ?? false),
        name: name ?? null,
        playerHash: held?.playerHash ?? null,
        link: held?.link ?? null,
        network: held?.network ?? null,
        device: held?.device ?? null,
      };
    });
    const first: LogRow = { seq: 1, at: now, body: created };
    const table = Table.replay([first]);
    const dealt: LogRow = { seq: 2, at: now, body: nextDeal(created, table.state, 0) };
    table.append(dealt);
    storage.init();
    storage.atomically(() => {
      storage.appendLog([first, dealt]);
      // Seats that come with their players (a seek's, a rematch's) hear that the game started, and the first deal's turn like any later one.
      if (seats.some((seat) => seat.playerHash !== null))
        for (const row of [first, dealt]) if (notifies(table.entries[row.seq - 1]!)) storage.queueNotifications(row.seq);
      storage.setMeta("drained_seq", JSON.stringify({ seq: 0, shown: null }));
      for (const seat of seats) storage.writeSeat(seat);
      storage.setMeta("invite_hash", hashToken(invite));
      storage.setMeta("log_shard", logShard);
    });
    return { room: new Room(storage, table, seats, hashToken(invite), 0, logShard), tokens, invite };
  }

  /** Copies a game saved elsewhere (D1) into this room's storage, without queueing it back. */
  static restore(storage: Storage, rows: readonly LogRow[], seats: readonly SeatRow[], inviteHash: string, logShard: string | null): Room {
    const table = Table.replay(rows);
    storage.init();
    storage.atomically(() => {
      storage.appendLog(rows);
      for (const seat of seats) storage.writeSeat(seat, false);
      storage.setMeta("invite_hash", inviteHash);
      // D1 has all of it.
      storage.setMeta("drained_seq", JSON.stringify({ seq: rows.length, shown: null }));
      if (logShard !== null) storage.setMeta("log_shard", logShard);
      // A finished match is saved whole, as when it ended here: its next wake replays nothing.
      if (table.state.over) storage.writeSnapshot(table.version, encodeSnapshot(table.save()));
    });
    return new Room(storage, table, seats.slice(), inviteHash, rows.length, logShard);
  }

  /** The rematch's game id, once it is made (rematch.ts). */
  rematch(): string | null {
    // Only a finished match has one (rematch.ts): a game in play reads nothing (every new view asks).
    if (!this.table.state.over) return null;
    const rematch = readRematch(this.storage);
    return rematch?.made ? rematch.id : null;
  }

  /** The finished match's effect on its players' ratings, once its result is recorded (ratings/record.ts); null before. */
  ratingOutcome(): RatingOutcome | null {
    if (!this.table.state.over) return null;
    if (this.outcome === undefined) {
      const text = this.storage.getMeta(OUTCOME);
      const parsed = text === null ? null : RatingOutcome.safeParse(JSON.parse(text));
      this.outcome = parsed?.success ? parsed.data : null;
    }
    return this.outcome;
  }

  keepRatingOutcome(outcome: RatingOutcome): void {
    this.storage.setMeta(OUTCOME, JSON.stringify(outcome));
    this.outcome = outcome;
  }

  private outcome: RatingOutcome | null | undefined;

  /** Whether anyone may hear of this game: a seat linked to a player, or the game's own webhooks. */
  notifying(): boolean {
    if (this.seats.some((s) => s.playerHash !== null)) return true;
    this.webhooks ??= Number(this.storage.getMeta("game_webhooks") ?? "0");
    return this.webhooks > 0;
  }

  /** The API tells the room how many webhooks the game itself has (its group chats). */
  setGameWebhooks(count: number): void {
    this.storage.setMeta("game_webhooks", String(count));
    this.webhooks = count;
  }

  private webhooks: number | null = null;

  /**
   * What the main database's index row last took shows (index-row.ts: the
   * drain writes the row only when this changes). Kept with the drain's mark,
   * so that a room woken a day later does not write an unchanged row again;
   * null before the first drain, or in a room restored from D1.
   */
  get indexShown(): string | null {
    if (this.shown === undefined) this.shown = drainMark(this.storage).shown;
    return this.shown;
  }

  private shown: string | null | undefined;

  /**
   * D1 has the log up to `seq`, the outbox up to `outboxId`, and (when given)
   * an index row showing `shown`. The two marks are one row (`drained_seq`),
   * written once a drain: each row written is billed.
   */
  acknowledge(seq: number, outboxId: number | null, shown: string | null = null): void {
    const indexChanged = shown !== null && shown !== this.indexShown;
    const next = indexChanged ? shown : this.indexShown;
    this.storage.atomically(() => {
      if (seq !== this.drainedSeq || indexChanged) this.storage.setMeta("drained_seq", JSON.stringify({ seq, shown: next }));
      if (outboxId !== null) this.storage.acknowledge(outboxId);
    });
    this.drainedSeq = seq;
    this.shown = next;
  }

  /** The next seq. */
  get nextSeq(): number {
    return this.table.version + 1;
  }

  /**
   * Appends entries to the log, in memory and in storage, with `alsoInTransaction`
   * (e.g. remembering the answer) in the same transaction. If storage fails,
   * the table is rebuilt from storage and the error goes on.
   */
  append(entries: readonly { body: LogBody; outcome?: Outcome }[], at: number, alsoInTransaction: () => void = () => {}): LogRow[] {
    const rows = entries.map(({ body }, i) => ({ seq: this.nextSeq + i, at, body }));
    try {
      // The table is saved as a new hand starts and as the match ends: a room waking replays at most the hand in play.
      let saved: { version: number; body: string } | null = null;
      const save = () => ({ version: this.table.version, body: encodeSnapshot(this.table.save()) });
      const wasOver = this.table.state.over;
      for (const [i, row] of rows.entries()) {
        if (row.body.type === "dealt" && row.body.hand > 0) saved = save();
        this.table.append(row, entries[i]!.outcome);
      }
      if (this.table.state.over && !wasOver) saved = save();
      const notifying = this.notifying();
      this.storage.atomically(() => {
        this.storage.appendLog(rows);
        if (saved) this.storage.writeSnapshot(saved.version, saved.body);
        // Each entry's notifications leave through the outbox, in the entry's own transaction.
        // A seat's fresh link names the player it was taken from, who no longer holds a seat here but is told.
        for (const row of rows) {
          const tells = notifying || (row.body.type === "seatReissued" && Boolean(row.body.player));
          if (tells && notifies(this.table.entry(row.seq)!)) this.storage.queueNotifications(row.seq);
        }
        alsoInTransaction();
      });
    } catch (error) {
      this.table = Table.replay(this.storage.readLog());
      throw error;
    }
    return rows;
  }
}
