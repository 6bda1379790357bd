import { DurableObject } from "cloudflare:workers";
import type { EventsResponse } from "../../shared/api";
import { gameNow } from "../clock/time";
import { loadSavedGame } from "../db/saved-game";
import type { Env } from "../env";
import { RateLimiter } from "../rate-limiter";
import { recordMatchEnd } from "../ratings/record";
import { type Failure, fail, gameNotFound, type Json, type Reply, rateLimited } from "../reply";
import { Admission } from "./admission";
import { Alarm } from "./alarm";
import { chatMailDue } from "./chat-notify";
import { dueEntries, type NewEntry } from "./clock-actions";
import { newWork } from "./computer";
import { computerToPlay, gameDue } from "./due";
import { FollowUp } from "./follow-up";
import { type Answer, type MoveRequest, playMove } from "./moves";
import { owes } from "./outbox";
import { Room } from "./room";
import { type AccessFor, type Caller, CallerSchema, markSeen, type Need, viewerOf } from "./seats";
import { Snapshots } from "./snapshots";
import { acceptSocket, anyoneLive, attachmentOf, broadcast, catchUp, connected, onMessage } from "./sockets";
import { Storage } from "./storage";
import { roundClosed, roundIsClosed } from "./tournament-table";

/** Entries the alarm may write in one go before it re-arms (a game where the computer plays every seat still yields). */
const MAX_DUE_STEPS = 50;

/**
 * One game's single writer: the Durable Object under GameRoom (game-room.ts, what callers may ask of a game). It
 * loads the game from its storage, or rebuilds it from D1 (room.ts, table.ts); lets callers in (admission.ts); plays
 * moves (moves.ts) and appends the room's own entries, then tells every socket and long poll (sockets.ts,
 * snapshots.ts); and on its alarm (alarm.ts) writes what fell due (the clock's entries and the computer's moves:
 * clock-actions.ts, due.ts) and what follows the writes (follow-up.ts: D1, notifications, ratings, a tournament's
 * result). The platform's own entry points are here too: a WebSocket's upgrade and messages, and the alarm.
 */
export class RoomWriter extends DurableObject<Env> {
  protected readonly storage: Storage;
  protected readonly alarms: Alarm;
  /** What follows the room's writes, on its alarm: D1, notifications, ratings, a tournament's result (follow-up.ts). */
  private readonly followUp: FollowUp;
  protected readonly limiter = new RateLimiter();
  protected readonly snapshots = new Snapshots();
  protected readonly admission: Admission;
  protected room: Room | null = null;
  private loading: Promise<Room | null> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.storage = new Storage(ctx.storage.sql, (fn) => ctx.storage.transactionSync(fn));
    this.alarms = new Alarm(
      this.storage,
      (at) => ctx.storage.setAlarm(this.platformTime(at)),
      () => this.now(),
    );
    this.followUp = new FollowUp(
      env,
      ctx,
      this.storage,
      this.alarms,
      () => this.clockOffset(),
      (room) => this.afterCommit(room, true),
    );
    this.admission = new Admission({
      storage: this.storage,
      ctx,
      db: env.DB,
      limiter: this.limiter,
      now: () => this.now(),
      seatsChanged: (room) => this.written(room, this.now(), { seatsChanged: true }),
    });
  }

  /** The room's time: the platform's (a local test's subclass moves it on: src/server/dev/time-travel.ts). */
  protected now(): number {
    return gameNow(this.clockOffset());
  }

  /** How far the room's time runs ahead of the platform's: 0 (a local test's subclass moves it on). "My games" and messages count from it too. */
  protected clockOffset(): number {
    return 0;
  }

  /** When, on the platform's clock, the alarm for the room's time `at` goes off. */
  protected platformTime(at: number): number {
    return at;
  }

  protected async open(gameId: string): Promise<Room | null> {
    if (this.room) return this.room.table.id === gameId ? this.room : null;
    this.loading ??= this.load(gameId).finally(() => (this.loading = null));
    return this.loading;
  }

  /** From this room's storage, or else (storage lost) rebuilt from D1's copy of the log. */
  private async load(gameId: string): Promise<Room | null> {
    const local = await this.openLocal();
    if (local) return local.table.id === gameId ? local : null;
    const saved = await loadSavedGame(this.env, gameId);
    if (!saved || this.room) return this.room;
    console.warn(`game ${gameId}: rebuilding the room from D1 (${saved.rows.length} log entries)`);
    this.room = Room.restore(this.storage, saved.rows, saved.seats, saved.inviteHash, saved.logShard);
    // A finished match's rating outcome, kept in the lost storage, is read back from its results in D1 (recorded once).
    if (this.room.table.state.over) {
      const outcome = await recordMatchEnd(this.env.DB, this.room.table, this.room.seats);
      if (outcome) this.room.keepRatingOutcome(outcome);
    }
    // Whatever fell due meanwhile is handled by the alarm.
    await this.alarms.arm(this.due(this.room, false));
    return this.room;
  }

  private async openLocal(): Promise<Room | null> {
    if (!this.room) {
      this.room = Room.load(this.storage);
      if (this.room) this.alarms.load(owes(this.room));
    }
    return this.room;
  }

  /** Finds the game, and lets the caller in as admission.ts says. */
  protected async enter<N extends Need>(caller: Caller, need: N): Promise<{ room: Room; access: AccessFor<N> } | Failure> {
    const room = await this.open(caller.gameId);
    if (!room) return gameNotFound();
    return this.admission.enter(room, caller, need);
  }

  /** A seat's move, by HTTP or by its socket (`accepted`: the socket is answered so, then pushed the events). */
  protected async play(
    room: Room,
    seat: number,
    request: MoveRequest,
    accepted?: (version: number) => void,
  ): Promise<Reply<Json<EventsResponse>>> {
    const now = this.now();
    if (roundClosed(room)) return roundIsClosed();
    // A socket's move is answered by "accepted" and the events every socket is pushed: no answer of its own to build.
    const answer: Answer = accepted
      ? () => "" as Json<EventsResponse>
      : (table, since) => this.snapshots.events(room, seat, since, now, table);
    const { reply, committed } = playMove(room, seat, request, now, answer);
    if (!reply.ok) {
      const wait = this.limiter.take(`seat:${seat}`);
      return wait > 0 ? rateLimited(wait) : reply;
    }
    accepted?.(room.table.version);
    if (committed) await this.written(room, now);
    return reply;
  }

  /** A seat's change that may write (the chat's: chat-actions.ts), told to everyone when it did. */
  protected async seatChange<T>(
    caller: Caller,
    change: (room: Room, seat: number, now: number) => { reply: Reply<T>; committed: boolean },
  ): Promise<Reply<T>> {
    const entered = await this.enter(caller, "seat");
    if ("ok" in entered) return entered;
    const now = this.now();
    const { reply, committed } = change(entered.room, entered.access.seat, now);
    if (committed) await this.written(entered.room, now);
    return reply;
  }

  /** Appends entries the room itself writes (the clock's, the computer's, a claim), then tells everyone. */
  protected async commit(room: Room, entries: readonly NewEntry[], now: number, arm = true): Promise<void> {
    room.append(entries, now);
    await this.written(room, now, { arm });
  }

  /**
   * The one step after every write to the room's storage (a new game, a
   * move, the room's own entries, a seat's change): the outbox's drain is
   * due, the game's deadlines are re-armed (unless the caller re-arms once
   * after several writes), and every socket and long poll is told.
   */
  protected async written(room: Room, now: number, options: { seatsChanged?: boolean; arm?: boolean } = {}): Promise<void> {
    this.alarms.outboxWritten(now);
    if (options.arm ?? true) await this.alarms.arm(this.due(room));
    this.afterCommit(room, options.seatsChanged ?? false);
  }

  /** Whether anyone has the table open live (the computer then pauses between moves). */
  private live(): boolean {
    return anyoneLive(this.ctx);
  }

  /** Tells every socket (long polls' included: long-poll.ts). */
  protected afterCommit(room: Room, seatsChanged = false): void {
    if (seatsChanged) this.snapshots.clear();
    broadcast(this.ctx, room, this.snapshots, this.now(), seatsChanged);
  }

  override async alarm(): Promise<void> {
    this.alarms.fired();
    const room = this.room ?? (await this.openLocal());
    if (room) await this.handleDue(room, this.now());
  }

  /**
   * Everything due at `now`: the clock's timeouts and reminders, a computer's moves, then the outbox's drain; then
   * re-arms. Computer moves are played within one invocation's counted work (computer.ts: a Free-plan invocation
   * has 10 ms of CPU); a turn not finished is due again at once, and the alarm comes back for it in an invocation
   * of its own. So does a turn whose decision goes on in the next invocation, or that a fresh isolate's warm-up put
   * off (computer.ts: neither logs a move, the turn stays due).
   */
  protected async handleDue(room: Room, now: number): Promise<void> {
    const work = newWork();
    for (let step = 0; step < MAX_DUE_STEPS; step++) {
      const seats = { live: (seat: number) => connected(this.ctx, seat), opened: (seat: number) => room.seats[seat]!.taken };
      const entries = dueEntries(room.table, now, seats, work);
      if (entries.length === 0) break;
      await this.commit(room, entries, now, false);
    }
    // In the middle of a computer's turn or decision (or after its warm-up, computer.ts), what is owed waits for its drain's own time (or the turn's end).
    const goesOn = (work.moves > 0 || work.warmUp === true || work.thinking === true) && computerToPlay(room.table) !== null;
    if (this.alarms.drainDue(now) || (owes(room) && !goesOn)) await this.followUp.drain(room, now);
    await this.followUp.sendDigests(room, now);
    await this.alarms.arm(this.due(room));
  }

  /** What the room has due: the game's own deadlines (due.ts) and the chat's hourly email digests (chat-notify.ts). */
  private due(room: Room, live = this.live()) {
    return [...gameDue(room.table, live), ...chatMailDue(room)].sort((a, b) => a.at - b.at);
  }

  /** WebSocket upgrades, forwarded by the Worker with the caller in headers. */
  override async fetch(request: Request): Promise<Response> {
    const forwarded = request.headers.get("x-caller");
    if (forwarded === null) return Response.json(fail(400, "BAD_REQUEST", "Connect through /api/games/{id}/ws.").body, { status: 400 });
    const caller = CallerSchema.safeParse(JSON.parse(forwarded));
    if (!caller.success) return Response.json(fail(400, "BAD_REQUEST", "Connect through /api/games/{id}/ws.").body, { status: 400 });
    const entered = await this.enter(caller.data, "any");
    if ("ok" in entered) return Response.json(entered.body, { status: entered.status, headers: entered.headers });
    // A long poll's socket, held by the Worker (long-poll.ts), names the version its client has.
    const poll = request.headers.get("x-poll");
    const since = poll === null ? null : Number(poll);
    return acceptSocket(
      this.ctx,
      entered.room,
      this.snapshots,
      viewerOf(entered.access),
      request.headers.get("Sec-WebSocket-Protocol"),
      this.now(),
      caller.data.device ?? null,
      since !== null && Number.isSafeInteger(since) && since >= 0 ? since : null,
    );
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const room = this.room ?? (await this.openLocal());
    if (!room) return ws.close(1011, "game unavailable");
    this.seenLive(room, ws);
    await onMessage(ws, data, {
      resume: (since) => {
        const wait = this.limiter.take(attachmentOf(ws).key);
        if (wait > 0) return rateLimited(wait);
        // (A long poll's socket asks once, after its wait: that is its answer, and the room closes it.)
        catchUp(room, this.snapshots, ws, Math.min(since, room.table.version), this.now());
        return null;
      },
      play: (seat, request, accepted) => this.play(room, seat, request, accepted),
    });
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    // A long poll's socket is no player at the table (its request marked the seat seen): its close needs no room.
    if (attachmentOf(ws).poll === undefined) {
      const room = this.room ?? (await this.openLocal());
      if (room) this.seenLive(room, ws);
    }
    try {
      ws.close(code === 1005 ? 1000 : code, "closing");
    } catch {
      // Already closed.
    }
  }

  /** A seat's player at the table live was there until now: a seat is never given away from under an open table (reissue.ts). */
  private seenLive(room: Room, ws: WebSocket): void {
    const seat = attachmentOf(ws).viewer;
    if (seat !== null) markSeen(this.storage, room.seats, seat, this.now());
  }
}
