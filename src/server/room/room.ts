import type { Outcome } from "../../engine/index";
import { RatingOutcome } from "../../shared/wire/ratings";
import { hashToken, newToken } from "../auth";
import { withComputerNames } from "../computer-names";
import type { CreatedBody, LogBody, LogRow } from "../db/log-entry";
import type { SeatRow } from "../db/room-rows";
import { nextDeal } from "./fairness";
import { notifies } from "./notifications";
import { type CarriedSeat, readRematch } from "./rematch";
import type { Storage } from "./storage";
import { Table } from "./table";

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
    const rows = storage.readLog();
    if (rows.length === 0) return null;
    // A room made before a table was added gets it now (every statement of the schema is IF NOT EXISTS).
    storage.init();
    const drained = storage.getMeta("drained_seq");
    const table = Table.replay(rows);
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
    return new Room(
      storage,
      table,
      renamed.length > 0 ? storage.readSeats() : seats,
      storage.getMeta("invite_hash") ?? "",
      drained === null ? rows.length : Number(drained),
      storage.getMeta("log_shard"),
    );
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
      storage.setMeta("drained_seq", "0");
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
      storage.setMeta("drained_seq", String(rows.length));
      if (logShard !== null) storage.setMeta("log_shard", logShard);
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
    if (this.shown === undefined) this.shown = this.storage.getMeta("index_shown");
    return this.shown;
  }

  private shown: string | null | undefined;

  /** D1 has the log up to `seq`, the outbox up to `outboxId`, and (when given) an index row showing `shown`. */
  acknowledge(seq: number, outboxId: number | null, shown: string | null = null): void {
    const indexChanged = shown !== null && shown !== this.indexShown;
    this.storage.atomically(() => {
      if (seq !== this.drainedSeq) this.storage.setMeta("drained_seq", String(seq));
      if (outboxId !== null) this.storage.acknowledge(outboxId);
      if (indexChanged) this.storage.setMeta("index_shown", shown);
    });
    this.drainedSeq = seq;
    if (indexChanged) this.shown = shown;
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
      for (const [i, row] of rows.entries()) this.table.append(row, entries[i]!.outcome);
      const notifying = this.notifying();
      this.storage.atomically(() => {
        this.storage.appendLog(rows);
        // Each entry's notifications leave through the outbox, in the entry's own transaction.
        // A seat's fresh link names the player it was taken from, who no longer holds a seat here but is told.
        for (const row of rows) {
          const tells = notifying || (row.body.type === "seatReissued" && Boolean(row.body.player));
          if (tells && notifies(this.table.entries[row.seq - 1]!)) this.storage.queueNotifications(row.seq);
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
