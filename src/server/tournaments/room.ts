import { DurableObject } from "cloudflare:workers";
import type { StandingsView, TournamentView } from "../../shared/wire/tournaments";
import { makeTournamentRecord, type TournamentRecord } from "../../tournament/record";
import { fromParts, type Part, partOf } from "../../tournament/snapshot";
import { type Settings, Tournament, type TournamentLog } from "../../tournament/state";
import type { TableResult } from "../../tournament/types";
import { hashToken, newToken } from "../auth";
import { gameNow } from "../clock/time";
import type { Env } from "../env";
import { done, type Failure, fail, isFailure, type Json, type Reply, toJson } from "../reply";
import { cryptoShuffle } from "../room/fairness";
import { retryDelay } from "../room/outbox";
import { seal, unseal } from "../seal";
import {
  leave as leaveEntries,
  type OrganiserAction,
  organise,
  joinPartner as partnerEntries,
  register,
  registrationOpen,
  startable,
  tournamentNotFound,
} from "./actions";
import { checkpointDue, keepStandings, keptStandings, writeCheckpoint } from "./checkpoint";
import {
  type Chore,
  choreDone,
  cursor,
  makeSlice,
  releaseSlice,
  remindAt,
  remindSlice,
  settleSlice,
  tablesIn,
  tellSlice,
  toldDone,
} from "./chores";
import { DRAIN_DELAY_MS, drainToD1 } from "./drain";
import { type RatedCandidate, ratedCandidate, samePersonRefusal } from "./rated";
import { restoreTournament, savedTournament } from "./rebuild";
import { type LogRow, TournamentStorage } from "./storage";
import { plannedRound } from "./tables";
import { standingsView, tournamentView } from "./views";

/** A new tournament as the Worker checked it. */
export interface TournamentInit {
  readonly id: string;
  readonly settings: Settings;
  readonly organiser: string;
  readonly inviteHash: string | null;
}

/** What the organiser asks: the draw of a start is the room's to make. */
export type Action = Exclude<OrganiserAction, { kind: "start" }> | { readonly kind: "start" };

/** A player asking for a place: their player and device (players/identity.ts), their name, and their client's address. */
export interface Who {
  readonly player: string;
  readonly name: string | null;
  readonly device: string;
  /** The client's network (http.ts clientOf): a rated tournament's same-person check (rated.ts). */
  readonly client: string;
}

/** What a table's game tells its tournament when its match ends (room/tournament-table.ts). */
export interface TableReport {
  readonly tournament: string;
  readonly round: number;
  readonly table: number;
  readonly game: string;
  readonly result: TableResult;
}

/**
 * One tournament's single writer (docs/tournaments.md). Its log is the
 * truth (storage.ts), folded into the tournament's state (src/tournament,
 * pure: the movements, the scores, the standings); the room only checks
 * what each caller may do (actions.ts), appends, and does the rounds'
 * chores in slices on its alarm (chores.ts): making the tables, closing
 * them at the deadline, reminding, releasing their hands, planning the
 * next round once every table has finished. D1 gets a copy (drain.ts).
 */
export class TournamentRoom extends DurableObject<Env> {
  protected readonly storage: TournamentStorage;
  private t: Tournament | null = null;
  private seq = 0;
  private standingsText: { version: number; text: Json<StandingsView> } | null = null;
  private loading: Promise<Tournament | null> | null = null;
  /** The checkpoint's parts the entries since it changed (checkpoint.ts); "all" while the room has none it knows. */
  private touched: Set<Part> | "all" = "all";

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.storage = new TournamentStorage(ctx.storage.sql, (fn) => ctx.storage.transactionSync(fn));
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

  /** `inviteSealed`: the invitation link's token sealed (seal.ts), kept out of the log, shown to the organiser only. */
  async create(init: TournamentInit, inviteSealed: string | null = null): Promise<Reply<{ version: number }>> {
    const existing = this.load();
    if (existing) return existing.id === init.id ? done({ version: existing.version }) : fail(409, "BAD_TOURNAMENT", "Taken.");
    this.storage.init();
    const now = this.now();
    const created: TournamentLog = { type: "created", ...init };
    const row: LogRow = { seq: 1, at: now, body: created };
    this.storage.atomically(() => {
      this.storage.appendLog([row]);
      this.storage.setMeta("created_at", String(now));
      if (inviteSealed !== null) this.storage.setMeta("invite", inviteSealed);
    });
    this.t = Tournament.fold([created]);
    this.seq = 1;
    await this.written(now);
    return done({ version: 1 }, 201);
  }

  /** The tournament as `player` (or anyone, null) sees it. */
  async view(id: string, player: string | null, origin: string): Promise<Reply<Json<TournamentView>>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    const entry = player === null ? null : t.entryOf(player);
    let partner: TournamentView["you"]["partner"] = null;
    if (entry?.partnerHash) {
      const token = await unseal(this.storage.getMeta(`partner:${entry.entry}`) ?? "", this.env.GAME_ID_KEY);
      if (token) partner = { token, url: partnerUrl(origin, t.id, token) };
    }
    const organiser = player === t.created.organiser;
    let invite: TournamentView["you"]["invite"] = null;
    if (organiser && t.created.inviteHash !== null) {
      const token = await unseal(this.storage.getMeta("invite") ?? "", this.env.GAME_ID_KEY);
      if (token) invite = { token, url: `${origin}/tournament/${t.id}#invite=${token}` };
    }
    const you = { organiser, entry: entry?.entry ?? null, partner, invite };
    return done(toJson(tournamentView(t, registrationOpen(t, this.now()), you)));
  }

  /** The standings, built once per version of the tournament and served as that text until it changes. */
  async standings(id: string): Promise<Reply<Json<StandingsView>>> {
    // A cold room answers from the copy it kept, while the log has nothing newer: nothing read but that.
    if (!this.t) {
      const kept = keptStandings(this.storage, id);
      if (kept) return done(kept);
    }
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    if (this.standingsText?.version !== t.version) {
      this.standingsText = { version: t.version, text: toJson(standingsView(t)) };
      keepStandings(this.storage, id, t.version, this.standingsText.text);
    }
    return done(this.standingsText.text);
  }

  /** The tournament's record (src/tournament/record.ts): `origin` for its games' record addresses. */
  async record(id: string, origin: string): Promise<Reply<Json<TournamentRecord>>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    const log = this.storage.readLog().map((r) => r.body);
    const record = makeTournamentRecord(log, (game) => `${origin}/api/games/${game}/record`);
    return done(toJson(record));
  }

  async register(
    id: string,
    who: Who,
    invite: string | null,
    origin: string,
  ): Promise<Reply<{ entry: number; partner: { token: string; url: string } | null }>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    const token = newToken();
    const inviteHash = invite === null ? null : hashToken(invite);
    const early = register(t, this.now(), who, inviteHash, null);
    if (isFailure(early)) return early;
    // Whatever waits (D1, sealing) comes first: the checks against the tournament as it stands and the append follow
    // with nothing in between, so that two registrations at once cannot take one entry's number or one player twice.
    const rated = await this.ratedCheck(t, who);
    if (isFailure(rated)) return rated;
    const pairs = t.settings.format === "pairs";
    const sealed = pairs ? await seal(token, this.env.GAME_ID_KEY) : null;
    const entries = register(t, this.now(), { ...who, origin: rated?.origin }, inviteHash, hashToken(token));
    if (isFailure(entries)) return entries;
    const refused = rated && samePersonRefusal(t, rated, null);
    if (refused) return refused;
    const first = entries[0]!;
    await this.append(entries, () => {
      if (sealed !== null && first.type === "entered") this.storage.setMeta(`partner:${first.entry}`, sealed);
    });
    const entry = first.type === "entered" ? first.entry : -1;
    return done({ entry, partner: pairs ? { token, url: partnerUrl(origin, id, token) } : null }, 201);
  }

  async joinPartner(id: string, who: Who, token: string): Promise<Reply<{ entry: number; partner: null }>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    const early = partnerEntries(t, who, hashToken(token));
    if (isFailure(early)) return early;
    const rated = await this.ratedCheck(t, who);
    if (isFailure(rated)) return rated;
    const entries = partnerEntries(t, { ...who, origin: rated?.origin }, hashToken(token));
    if (isFailure(entries)) return entries;
    const joined = entries[0]!;
    const refused = rated && samePersonRefusal(t, rated, joined.type === "partnerJoined" ? joined.entry : null);
    if (refused) return refused;
    await this.append(entries);
    return done({ entry: joined.type === "partnerJoined" ? joined.entry : -1, partner: null });
  }

  /** A rated tournament's place is for an established player (rated.ts): D1's part of the check, null when unrated. */
  private async ratedCheck(t: Tournament, who: Who): Promise<RatedCandidate | null | Failure> {
    if (!t.settings.rated) return null;
    return ratedCandidate(this.env.DB, who, who.client, this.now());
  }

  /** A player leaves before the start, or withdraws afterwards. */
  async leave(id: string, player: string): Promise<Reply<{ version: number }>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    const entries = leaveEntries(t, player);
    if (isFailure(entries)) return entries;
    await this.append(entries);
    await this.withdrawAtTables(entries);
    return done({ version: t.version });
  }

  async organise(id: string, player: string, action: Action): Promise<Reply<{ version: number }>> {
    const t = await this.open(id);
    if (!t) return tournamentNotFound();
    let order: number[] = [];
    if (action.kind === "start" && player === t.created.organiser && t.status === "registration") {
      const entries = startable(t);
      if (isFailure(entries)) return entries;
      // The draw: the order the movement seats the entries in, from the platform's cryptographic source.
      order = cryptoShuffle(entries);
    }
    const entries = organise(t, player, action.kind === "start" ? { kind: "start", order } : action);
    if (isFailure(entries)) return entries;
    // An end closes the round in play: its tables still playing are settled, and counted when they end.
    const cur = t.current();
    const closing: TournamentLog[] =
      action.kind === "end" && cur && !cur.closed && !t.finished(cur) ? [{ type: "roundClosed", round: cur.planned.round }] : [];
    await this.append([...entries, ...closing]);
    await this.withdrawAtTables(entries);
    // A start plans the first round at once (chore), and begins making its tables.
    await this.work();
    return done({ version: t.version });
  }

  /** A table's match ended (its game room says so once D1 has it); a result the tournament has is ignored. */
  async tableEnded(report: TableReport): Promise<boolean> {
    const t = await this.open(report.tournament);
    const round = t?.rounds[report.round];
    if (!t || !round) return false;
    if (round.games.get(report.table) !== report.game) return false;
    if (!round.results.has(report.table))
      await this.append([{ type: "tableEnded", round: report.round, table: report.table, result: report.result }]);
    await this.work();
    return true;
  }

  /** The Cron guard: does whatever is due, as the alarm would have. */
  async wake(id: string): Promise<void> {
    if (await this.open(id)) await this.work();
  }

  override async alarm(): Promise<void> {
    if (this.load()) await this.work(true);
  }

  // ── The rounds' chores ────────────────────────────────────────────────

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
      busy = await this.chore(t, now);
    } catch (error) {
      console.error(`tournament ${t.id}: a round's chore failed: ${(error as Error).message}`);
      busy = true;
    }
    if (this.drainDue(now) && !busy) await this.drain(now);
    await this.arm(now, busy);
  }

  /** The next slice of whatever is due; true when something was done (more may follow at once). */
  private async chore(t: Tournament, now: number): Promise<boolean> {
    for (const round of t.rounds) {
      if (!t.finished(round) || choreDone(this.storage, round, "release")) continue;
      // A finished round releases its hands only once all its tables exist.
      if (!choreDone(this.storage, round, "make")) break;
      await releaseSlice(this.env, this.storage, round);
      return true;
    }
    const cur = t.current();
    if (cur && t.status === "running" && !toldDone(this.storage, cur)) {
      await tellSlice(this.env, this.storage, t, cur, now, this.clockOffset());
      return true;
    }
    if (cur && !choreDone(this.storage, cur, "make")) {
      const made = await makeSlice(this.env, this.storage, t, cur);
      const round = cur.planned.round;
      const from = this.storage.number(cursor("make", round));
      await this.append([{ type: "tablesMade", round, tables: made.map((m) => ({ table: m.table, game: m.game })) }], () =>
        this.storage.setMeta(cursor("make", round), String(from + made.length)),
      );
      for (const m of made) await this.tableMade(m.game);
      return true;
    }
    if (cur && !t.finished(cur)) {
      if (!cur.closed && now >= cur.planned.deadline) {
        await this.append([{ type: "roundClosed", round: cur.planned.round }]);
        return true;
      }
      if (cur.closed && !choreDone(this.storage, cur, "settle")) {
        const round = cur.planned.round;
        const { results, next } = await settleSlice(this.env, this.storage, t, cur);
        const fresh = results.filter((r) => !cur.results.has(r.table));
        const moveOn = () => this.storage.setMeta(cursor("settle", round), String(next));
        if (fresh.length === 0) moveOn();
        else
          await this.append(
            fresh.map((r) => ({ type: "tableEnded", round, table: r.table, result: r.result })),
            moveOn,
          );
        return true;
      }
      if (!cur.closed && now >= remindAt(cur, t.settings.roundTime) && !choreDone(this.storage, cur, "remind")) {
        await remindSlice(this.env, this.storage, t, cur, now, this.clockOffset());
        return true;
      }
      return false;
    }
    // Every table of the round has finished (or none is planned yet): the next round, or the end.
    if (t.status !== "running") return false;
    if (t.rounds.length >= t.settings.rounds) {
      await this.append([{ type: "ended", reason: "complete" }]);
      return true;
    }
    // A Danish round is paired from the standings: they are ranked in an invocation of their own first (kept in memory
    // for the next, at once; a room woken cold in between ranks them again, and pairs the same).
    if (t.pairsFromStandings() && !t.standingsReady()) {
      t.standings();
      return true;
    }
    await this.planRound(now);
    return true;
  }

  /** Plans the next round (tables.ts): its pairings by the movement, a game id per table, its deadline and its deals. */
  private async planRound(now: number): Promise<void> {
    await this.append([plannedRound(this.t!, now)]);
  }

  /** A withdrawal reaches the entry's table in play, if any: resigned there (forfeit), or the computer takes its seats. */
  private async withdrawAtTables(entries: readonly TournamentLog[]): Promise<void> {
    const t = this.t!;
    const cur = t.current();
    if (!cur) return;
    for (const body of entries) {
      if (body.type !== "withdrawn") continue;
      const table = tablesIn(cur).find((p) => p.sides.includes(body.entry));
      const game = table && cur.games.get(table.table);
      if (!table || !game || cur.results.has(table.table)) continue;
      const side = table.sides.indexOf(body.entry);
      const players = t.settings.format === "pairs" ? 4 : 2;
      const seats = Array.from({ length: players }, (_, s) => s).filter((s) => s % 2 === side);
      await this.env.GAME_ROOM.get(this.env.GAME_ROOM.idFromName(game)).withdrawSeats(game, seats, body.mode, t.settings.level);
    }
  }

  // ── Storage, the copy to D1, the alarm ─────────────────────────────────

  /** From this room's storage, or else (storage lost) rebuilt from D1's copy of the log (rebuild.ts). */
  private async open(id: string): Promise<Tournament | null> {
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

  private load(id?: string): Tournament | null {
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
  private async append(bodies: readonly TournamentLog[], alsoInTransaction: () => void = () => {}): Promise<void> {
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

  private async written(now: number): Promise<void> {
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

  /** How far each chore of a round has gone (for tests and the bench). */
  async progress(id: string, round: number): Promise<Record<Chore, number> | null> {
    if (!(await this.open(id))) return null;
    const of = (chore: Chore) => this.storage.number(cursor(chore, round));
    return { make: of("make"), settle: of("settle"), remind: of("remind"), release: of("release"), tell: of("tell") };
  }
}

export const partnerUrl = (origin: string, id: string, token: string) => `${origin}/tournament/${id}#partner=${token}`;
