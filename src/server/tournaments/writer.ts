import { DurableObject } from "cloudflare:workers";
import { fromParts, type Part, partOf } from "../../tournament/snapshot";
import { Tournament, type TournamentLog } from "../../tournament/state";
import { gameNow } from "../clock/time";
import type { Env } from "../env";
import { retryDelay } from "../room/outbox";
import { checkpointDue, writeCheckpoint } from "./checkpoint";
import { choreDone, remindAt } from "./chores";
import { DRAIN_DELAY_MS, drainToD1 } from "./drain";
import { type ChoreParts, nextChore } from "./next-chore";
import { restoreTournament, savedTournament } from "./rebuild";
import { TournamentStorage } from "./storage";

/**
 * One tournament's single writer (docs/tournaments.md): the Durable Object
 * under TournamentRoom (room.ts, what organisers, players and tables may
 * ask). Its log is the truth (storage.ts), folded into the tournament's
 * state (src/tournament, pure), from its latest checkpoint (checkpoint.ts)
 * or rebuilt from D1 (rebuild.ts); it appends, does the rounds' chores in
 * slices on its alarm (next-chore.ts, chores.ts) and copies the log to D1
 * (drain.ts).
 */
export class TournamentWriter extends DurableObject<Env> {
  protected readonly storage: TournamentStorage;
  protected t: Tournament | null = null;
  protected seq = 0;
  private loading: Promise<Tournament | null> | null = null;
  /** What the rounds' chores use of the room (next-chore.ts). */
  private readonly parts: ChoreParts;
  /** The checkpoint's parts the entries since it changed (checkpoint.ts); "all" while the room has none it knows. */
  private touched: Set<Part> | "all" = "all";

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.storage = new TournamentStorage(ctx.storage.sql, (fn) => ctx.storage.transactionSync(fn));
    this.parts = {
      env,
      storage: this.storage,
      clockOffset: () => this.clockOffset(),
      append: (bodies, also) => this.append(bodies, also),
      tableMade: (game) => this.tableMade(game),
    };
  }

  /** The tournament's time: the platform's (a local test's subclass moves it on: src/server/dev/time-travel.ts). */
  protected now(): number {
    return gameNow(this.clockOffset());
  }

  protected clockOffset(): number {
    return 0;
  }

  /** When, on the platform's clock, the alarm for the tournament's time `at` goes off. */
  protected platformTime(at: number): number {
    return at;
  }

  /** A table was just made (a local test's subclass sets its clock to the tournament's). */
  protected async tableMade(_game: string): Promise<void> {}

  override async alarm(): Promise<void> {
    if (this.load()) await this.work(true);
  }

  /**
   * One invocation's work: at most one slice of one chore (so no invocation
   * passes 10 ms of CPU however large the tournament), then the copy to D1
   * when due, then the alarm set for what comes next (at once while a chore
   * has more to do).
   */
  protected async work(fromAlarm = false): Promise<void> {
    const t = this.t;
    if (!t) return;
    const now = this.now();
    // A checkpoint due is its own invocation, the alarm's: whatever else was due follows at once.
    if (fromAlarm && checkpointDue(this.storage, this.seq)) {
      writeCheckpoint(this.storage, t, this.seq, this.touched);
      this.touched = new Set();
      await this.arm(now, true);
      return;
    }
    let busy = false;
    try {
      busy = await nextChore(this.parts, t, now);
    } catch (error) {
      console.error(`tournament ${t.id}: a round's chore failed: ${(error as Error).message}`);
      busy = true;
    }
    if (this.drainDue(now) && !busy) await this.drain(now);
    await this.arm(now, busy);
  }

  // ── Storage, the copy to D1, the alarm ─────────────────────────────────

  /** From this room's storage, or else (storage lost) rebuilt from D1's copy of the log (rebuild.ts). */
  protected async open(id: string): Promise<Tournament | null> {
    const local = this.load(id);
    if (local || this.t) return local;
    this.loading ??= this.rebuild(id).finally(() => (this.loading = null));
    return this.loading;
  }

  private async rebuild(id: string): Promise<Tournament | null> {
    const saved = await savedTournament(this.env.DB, id);
    // Another call may have rebuilt it meanwhile.
    if (!saved || this.load(id) || this.t) return this.load(id);
    console.warn(`tournament ${id}: rebuilding the room from D1 (${saved.rows.length} log entries)`);
    const now = this.now();
    this.t = restoreTournament(this.storage, saved, now);
    this.touched = "all";
    this.seq = saved.rows.length;
    // Whatever fell due meanwhile, and the copy D1 is owed, are the alarm's.
    await this.arm(now, true);
    return this.t;
  }

  protected load(id?: string): Tournament | null {
    if (!this.t) {
      // From the latest checkpoint (checkpoint.ts), the entries after it folded in; else the whole log.
      const kept = this.storage.readCheckpoint();
      const rows = this.storage.readLogAfter(kept?.seq ?? 0);
      if (!kept && rows.length === 0) return null;
      const t = kept ? fromParts(kept.parts) : Tournament.fold(rows.map((r) => r.body));
      if (kept) for (const row of rows) t.apply(row.body);
      this.t = t;
      this.seq = (kept?.seq ?? 0) + rows.length;
      this.touched = kept ? new Set(rows.map((r) => partOf(r.body))) : "all";
    }
    return id === undefined || this.t.id === id ? this.t : null;
  }

  /** Appends entries (with `alsoInTransaction` in the same transaction), folds them in, and has D1 copy them soon. */
  protected async append(bodies: readonly TournamentLog[], alsoInTransaction: () => void = () => {}): Promise<void> {
    const now = this.now();
    const rows = bodies.map((body, i) => ({ seq: this.seq + 1 + i, at: now, body }));
    this.storage.atomically(() => {
      this.storage.appendLog(rows);
      alsoInTransaction();
    });
    for (const row of rows) this.t!.apply(row.body);
    if (this.touched !== "all") for (const row of rows) this.touched.add(partOf(row.body));
    this.seq += rows.length;
    await this.written(now);
  }

  protected async written(now: number): Promise<void> {
    if (this.storage.getMeta("drain_at") === null) this.storage.setMeta("drain_at", String(now + DRAIN_DELAY_MS));
    await this.arm(now, false);
  }

  private drainDue(now: number): boolean {
    const at = this.storage.getMeta("drain_at");
    return at !== null && Number(at) <= now;
  }

  private async drain(now: number): Promise<void> {
    const t = this.t!;
    try {
      const more = await drainToD1(this.env.DB, this.storage, t, this.indexRow(now));
      this.storage.setMeta("drain_failures", "0");
      if (more) this.storage.setMeta("drain_at", String(now));
      else this.storage.deleteMeta("drain_at");
    } catch (error) {
      const failures = this.storage.number("drain_failures") + 1;
      this.storage.setMeta("drain_failures", String(failures));
      this.storage.setMeta("drain_at", String(now + retryDelay(failures)));
      console.error(`tournament ${t.id}: the copy to D1 failed (${failures} in a row): ${(error as Error).message}`);
    }
  }

  /** The index row D1 keeps (db/tournaments.ts). */
  private indexRow(now: number) {
    const t = this.t!;
    const s = t.settings;
    return {
      id: t.id,
      name: s.name,
      organiserId: t.created.organiser,
      status: t.status,
      visibility: s.visibility,
      format: s.format,
      preset: s.preset,
      rounds: s.rounds,
      round: t.rounds.length,
      entries: t.registered().length,
      registrationUntil: s.registrationUntil,
      version: t.version,
      nextDue: this.nextDue(now, false),
      clockOffset: this.clockOffset(),
      createdAt: this.storage.number("created_at") || now,
      updatedAt: now,
    };
  }

  /** When the tournament next has something due: its drain, the round's reminder and deadline (at once while a chore goes on). */
  private nextDue(now: number, busy: boolean): number | null {
    const t = this.t!;
    const times: number[] = [];
    if (busy || checkpointDue(this.storage, this.seq)) times.push(now);
    const drain = this.storage.getMeta("drain_at");
    if (drain !== null) times.push(Number(drain));
    const cur = t.current();
    if (cur && !t.finished(cur)) {
      if (!cur.closed) times.push(cur.planned.deadline);
      if (!cur.closed && !choreDone(this.storage, cur, "remind")) times.push(remindAt(cur, t.settings.roundTime));
    }
    return times.length === 0 ? null : Math.min(...times);
  }

  private async arm(now: number, busy: boolean): Promise<void> {
    const next = this.nextDue(now, busy);
    if (next === null) return;
    await this.ctx.storage.setAlarm(this.platformTime(Math.max(next, now)));
  }

  /** The games made of the round in play (null: no such tournament here). */
  protected currentGames(id: string): string[] | null {
    const t = this.load(id);
    if (!t) return null;
    const cur = t.current();
    return cur ? [...cur.games.values()] : [];
  }
}
