import {
  applyMove,
  endMatch,
  type GameEvent,
  type GameState,
  newGame,
  type Outcome,
  parseDeal,
  parseRules,
  startHand,
  teamOf,
} from "../../engine/index";
import { type Clock, clockAfter, startClock } from "../clock/clock";
import type { CreatedBody, DealtBody, LogBody, LogRow } from "../db/log-entry";
import { Chat } from "./chat";
import { clockStepOf } from "./clock-log";
import { type Computers, computersAfter, startComputers } from "./computers";

/** One log entry in memory, with the engine events it produced. */
export interface Entry extends LogRow {
  readonly events: readonly GameEvent[];
}

/**
 * The table saved at a hand's start (room.ts writes it with the hand's deal):
 * everything the log's replay builds up to there, so that a room waking
 * replays only the hand in play (table-snapshot.ts).
 */
export interface TableSnapshot {
  /** The entries it stands for: the log up to here. */
  readonly version: number;
  readonly firstAt: number;
  readonly lastAt: number;
  readonly state: GameState;
  readonly clock: Clock | null;
  readonly computers: Computers;
  readonly chat: ReturnType<Chat["save"]>;
  readonly deals: readonly DealtBody[];
  readonly handStarts: readonly number[];
  readonly keys: readonly (readonly [string, number])[];
}

/**
 * The game in memory: the engine state and the log's entries, rebuilt by
 * replaying the log through the engine. A cache of the log, never the truth.
 *
 * A table woken from a snapshot (`resume`) holds only the entries after it
 * (the hand in play): the others are replayed from the log the first time
 * something reads them (`entries`); what a move, a view, the drain and the
 * notifications read is in the entries kept (`entry`, `since`, `lastAt`).
 */
export class Table {
  /** The dealt entry of every hand so far, in order (kept as entries are appended: every snapshot reads it). */
  readonly deals: DealtBody[] = [];
  /** The seq of every hand's dealt entry, in order. */
  readonly handStarts: number[] = [];
  /** Moves made with an idempotency key: `seat:key` → the move's seq. Rebuilt with the log, so it survives a rebuild from D1. */
  private readonly keys = new Map<string, number>();

  /** The correspondence clock as the log has it, or null in a game without one. */
  clock: Clock | null;
  /** The seats the computer plays, as the log has it. */
  computers: Computers;
  /** The seats the computer played after each entry (index seq - 1): the same array while nothing changes. */
  private readonly computersLog: Computers[] = [];
  /** The chat's audience, mutes and keys, as the log has it (chat.ts). */
  readonly chat: Chat;

  /** Entries up to `base` are not in memory (a table woken from a snapshot) until `entries` is read. */
  private base = 0;
  private kept: Entry[];
  /** The whole log, for a table woken from a snapshot whose older entries are asked for. */
  private loadLog: (() => readonly LogRow[]) | null = null;
  /** When the game was made, and when its snapshot's last entry was written. */
  private firstAt: number;
  private baseAt: number;

  private constructor(
    readonly created: CreatedBody,
    public state: GameState,
    entries: Entry[],
  ) {
    this.kept = entries;
    this.firstAt = entries[0]?.at ?? 0;
    this.baseAt = this.firstAt;
    this.clock = created.clock ? startClock(created.clock, created.players) : null;
    this.computers = startComputers(created.players, created.computers);
    this.computersLog.push(this.computers);
    this.chat = new Chat(created.players, created.spectatorChat === true);
  }

  get id(): string {
    return this.created.id;
  }

  get version(): number {
    return this.base + this.kept.length;
  }

  /** Every entry, oldest first (a table woken from a snapshot replays its older ones from the log now, once). */
  get entries(): Entry[] {
    if (this.base > 0) {
      const whole = Table.replay(this.loadLog!().slice(0, this.base));
      this.kept = [...whole.kept, ...this.kept];
      this.base = 0;
      this.loadLog = null;
    }
    return this.kept;
  }

  /** Entry `seq` (1-based). */
  entry(seq: number): Entry | undefined {
    return seq > this.base ? this.kept[seq - this.base - 1] : this.entries[seq - 1];
  }

  /** When the game was made (its first entry). */
  get createdAt(): number {
    return this.firstAt;
  }

  /** When the last entry was written. */
  get lastAt(): number {
    return this.kept.length > 0 ? this.kept[this.kept.length - 1]!.at : this.baseAt;
  }

  /** The table to save at this point (written with the next hand's deal: room.ts). */
  save(): TableSnapshot {
    return {
      version: this.version,
      firstAt: this.firstAt,
      lastAt: this.lastAt,
      state: this.state,
      clock: this.clock,
      computers: this.computers,
      chat: this.chat.save(),
      deals: this.deals,
      handStarts: this.handStarts,
      keys: [...this.keys],
    };
  }

  /**
   * A table from its snapshot and the log's entries after it (`rows`), as
   * `replay` would build it from the whole log (`loadLog`, read only if an
   * older entry is asked for).
   */
  static resume(created: CreatedBody, saved: TableSnapshot, rows: readonly LogRow[], loadLog: () => readonly LogRow[]): Table {
    const table = new Table(created, saved.state, []);
    table.base = saved.version;
    table.loadLog = loadLog;
    table.firstAt = saved.firstAt;
    table.baseAt = saved.lastAt;
    table.clock = saved.clock;
    table.computers = saved.computers;
    table.chat.load(saved.chat);
    table.deals.push(...saved.deals);
    table.handStarts.push(...saved.handStarts);
    for (const [key, seq] of saved.keys) table.keys.set(key, seq);
    for (const row of rows) table.append(row);
    return table;
  }

  /** Rebuilds the table from the whole log; throws if the log does not replay (a bug). */
  static replay(rows: readonly LogRow[]): Table {
    const first = rows[0];
    if (first?.seq !== 1 || first.body.type !== "created") throw new Error("the log does not start with its created entry");
    const rules = parseRules(first.body.rules);
    if (!rules.ok) throw new Error(`stored rules do not parse: ${rules.error}`);
    const table = new Table(first.body, newGame(rules.value, first.body.players), [{ ...first, events: [] }]);
    for (const row of rows.slice(1)) table.append(row);
    return table;
  }

  /** The engine's outcome of one new entry, without keeping it. Throws on an entry the engine refuses. */
  outcome(body: LogBody): Outcome {
    switch (body.type) {
      case "created":
        throw new Error("a game is created only once");
      case "dealt": {
        const deal = parseDeal(body.deal, this.state.players, this.state.rules.jokers);
        if (!deal.ok) throw new Error(`stored deal does not parse: ${deal.error}`);
        const started = startHand(this.state, deal.value);
        if (!started.ok) throw new Error(`stored deal refused: ${started.error}`);
        return started.value;
      }
      case "move": {
        const moved = applyMove(this.state, body.seat, body.move);
        if (!moved.ok) throw new Error(`stored move refused: ${moved.error.code}`);
        return moved.value;
      }
      case "claimed":
      case "aborted": {
        const late = body.late;
        const ending =
          body.type === "claimed"
            ? ({ reason: "timeout", team: teamOf(late, this.state.players) } as const)
            : ({ reason: "aborted" } as const);
        const ended = endMatch(this.state, ending);
        if (!ended.ok) throw new Error(`stored ending refused: ${ended.error}`);
        return ended.value;
      }
      default:
        // The clock's other entries change the clock, never the cards.
        return { state: this.state, events: [] };
    }
  }

  /** Appends an entry whose seq follows the last one; returns its events. */
  append(row: LogRow, outcome?: Outcome): readonly GameEvent[] {
    if (row.seq !== this.version + 1) throw new Error(`log gap: entry ${row.seq} after ${this.version}`);
    const { state, events } = outcome ?? this.outcome(row.body);
    this.state = state;
    this.kept.push({ ...row, events });
    if (this.clock) {
      const step = clockStepOf(row.body, events, row.at);
      if (step) this.clock = clockAfter(this.clock, step);
    }
    this.computers = computersAfter(this.computers, row.body, events);
    this.computersLog.push(this.computers);
    this.chat.follow(row.seq, row.body);
    if (row.body.type === "dealt") {
      this.deals.push(row.body);
      this.handStarts.push(row.seq);
    }
    if (row.body.type === "move" && row.body.id !== null) this.keys.set(`${row.body.seat}:${row.body.id}`, row.seq);
    return events;
  }

  /** The seats the computer played just after entry `seq` (a turn it plays is nobody's to be told of: notifications.ts). */
  computersAt(seq: number): Computers {
    return this.computersLog[seq - 1] ?? this.computers;
  }

  /** The move a seat made with an idempotency key, if any. */
  keyed(seat: number, key: string): Entry | null {
    const seq = this.keys.get(`${seat}:${key}`);
    return seq === undefined ? null : this.entry(seq)!;
  }

  /** The version a move's answer reached: the move, and the next hand's deal when it ended one (written together). */
  answeredAt(seq: number): number {
    return this.entry(seq + 1)?.body.type === "dealt" ? seq + 1 : seq;
  }

  /** The table as it stood at `version` (an earlier one is replayed from the log). */
  at(version: number): Table {
    if (version === this.version) return this;
    return Table.replay(this.entries.slice(0, version));
  }

  /** Entries after `since`, oldest first. */
  since(since: number): Entry[] {
    const from = Math.max(0, Math.min(since, this.version));
    return from >= this.base ? this.kept.slice(from - this.base) : this.entries.slice(from);
  }
}
