import { drainTime } from "./outbox";
import type { Deadline, Storage } from "./storage";

/**
 * The room's single alarm behind its deadlines table: the outbox's drain and
 * whatever the game has due (its clock, a computer's turn). The table says
 * what the game has due and when; the alarm is set to the earliest. The
 * drain's time is kept in memory only (writing it cost two rows a drain):
 * after a restart the platform's alarm is there, and a room that owes D1
 * anything drains at once (`load`); the game's own deadlines are recomputed
 * from its log.
 */
export class Alarm {
  /** When the alarm is set for, as far as this instance knows (null: unknown, e.g. after a restart). */
  private alarmAt: number | null = null;
  private game: readonly Deadline[] | null = null;
  private drainAt: number | null = null;

  constructor(
    private readonly storage: Storage,
    private readonly setAlarm: (at: number) => Promise<void>,
    /** The room's time (the platform's, except when a local test moves a room's time on). */
    private readonly now: () => number = Date.now,
  ) {}

  /** A write left something in the outbox: drain it soon (writes in between share one drain). */
  outboxWritten(now: number): void {
    if (this.drainAt !== null) return;
    this.drainAt = drainTime(now);
  }

  /** The outbox's drain is due at `at` at the latest (sooner than a write's own delay). */
  drainBy(at: number): void {
    this.drainAt = this.drainAt === null ? at : Math.min(this.drainAt, at);
  }

  /** The outbox is empty (or its drain is to be retried at `retryAt`). */
  drained(retryAt: number | null): void {
    this.drainAt = retryAt;
  }

  /** The game's own deadlines now; the alarm goes to the earliest of everything. */
  async arm(game: readonly Deadline[]): Promise<void> {
    if (!same(game, this.game)) {
      this.storage.writeDeadlines(game, "game");
      this.game = game;
    }
    const earliest = Math.min(...game.map((d) => d.at), this.drainAt ?? Number.POSITIVE_INFINITY);
    if (!Number.isFinite(earliest)) return;
    // An alarm set for later than needed is moved earlier; one set earlier only wakes the room to re-arm.
    if (this.alarmAt !== null && this.alarmAt <= earliest && this.alarmAt > this.now()) return;
    this.alarmAt = earliest;
    await this.setAlarm(earliest);
  }

  /** The alarm fired (or the room was woken): it is no longer set. */
  fired(): void {
    this.alarmAt = null;
  }

  /** Whether the outbox's drain is due at `now`. */
  drainDue(now: number): boolean {
    return this.drainAt !== null && this.drainAt <= now;
  }

  /** After a restart: a room that owes D1 anything drains at once (a room from before kept its drain's time in the table). */
  load(owing: boolean): void {
    const kept = this.storage.deadlines().find((d) => d.kind === "drain");
    if (kept) this.storage.writeDeadlines([], "drain");
    this.drainAt = owing ? this.now() : null;
  }
}

function same(a: readonly Deadline[], b: readonly Deadline[] | null): boolean {
  return b !== null && a.length === b.length && a.every((d, i) => d.kind === b[i]!.kind && d.at === b[i]!.at);
}
