import { DurableObject } from "cloudflare:workers";
import type { EventsResponse, GameRecord, GameSnapshot } from "../../shared/api";
import type { ClaimRequest, HostSeat } from "../../shared/wire/api";
import type { ChatMessage, ChatResponse, ChatState } from "../../shared/wire/chat";
import type { ComputerLevel } from "../../shared/wire/common";
import type { z } from "../../shared/wire/z";
import type { TableResult } from "../../tournament/types";
import { hashToken, newToken } from "../auth";
import { gameNow } from "../clock/time";
import type { ReportedMessage } from "../db/chat";
import { recordSeat } from "../db/drain";
import type { CreatedBody } from "../db/log-entry";
import { mergedInto } from "../db/merge-queries";
import type { SeatRow } from "../db/room-rows";
import { loadSavedGame } from "../db/saved-game";
import { shardDatabase, shardFor } from "../db/shards";
import type { Env } from "../env";
import { networkKey } from "../network";
import { fanOut } from "../notify/index";
import { deviceRemoved } from "../players/identity";
import { RateLimiter } from "../rate-limiter";
import { recordMatchEnd } from "../ratings/record";
import { done, type Failure, fail, gameNotFound, isFailure, type Json, type Reply, rateLimited } from "../reply";
import { unseal } from "../seal";
import { Alarm } from "./alarm";
import { chatOf, chooseAudience, type MessageRequest, muteSeat, postMessage, reportedMessage } from "./chat-actions";
import { chatMailDue, dueDigests } from "./chat-notify";
import { absenceEntries, claimEntries, dueEntries, type NewEntry } from "./clock-actions";
import { newWork } from "./computer";
import { CutDevices } from "./cut-devices";
import { computerToPlay, gameDue } from "./due";
import { drawFirstDealer } from "./fairness";
import { type Answer, type MoveRequest, playMove } from "./moves";
import { notifyEntry } from "./notifications";
import { drainOutbox, owes, retryDelay } from "./outbox";
import { playerAbsences } from "./player-absences";
import { ratedSeatRefusal } from "./rated-seats";
import { recordOf } from "./record";
import { absenceSpans, goneVerdict, hostSeat, reissuedSeat, type Verdict } from "./reissue";
import { type CarriedSeat, makeRematch, type Rematch, rotated } from "./rematch";
import { Room } from "./room";
import { SeatDevices, seatBound } from "./seat-devices";
import { nameSeat } from "./seat-names";
import {
  type AccessFor,
  admit,
  adoptSeats,
  type Caller,
  CallerSchema,
  claimSeat,
  markSeen,
  type Need,
  reissueSeat,
  touchSeat,
  viewerOf,
} from "./seats";
import { Snapshots } from "./snapshots";
import { acceptSocket, anyoneLive, attachmentOf, broadcast, catchUp, closeDevice, closeSeat, connected, onMessage } from "./sockets";
import { Storage } from "./storage";
import { closeRound, release, reportedResult, reportResult, roundClosed, sealed, settleEntries, withdrawEntries } from "./tournament-table";

const roundIsClosed = () => fail(409, "ROUND_CLOSED", "The round's time is over: this table is being settled.");

/** A new game as the Worker checked it. */
export type GameInit = Omit<CreatedBody, "type" | "firstDealer" | "hostHash">;

/** Entries the alarm may write in one go before it re-arms (a game where the computer plays every seat still yields). */
const MAX_DUE_STEPS = 50;

/**
 * One game's single writer. The class only wires the platform to the
 * room's parts: storage and replay (room.ts, table.ts), moves (moves.ts),
 * the clock (clock-actions.ts, due.ts, alarm.ts), views (views.ts,
 * snapshots.ts), sockets (sockets.ts), the outbox (outbox.ts), seats
 * (seats.ts) and rate limits (limits.ts).
 */
export class GameRoom extends DurableObject<Env> {
  protected readonly storage: Storage;
  protected readonly alarms: Alarm;
  private readonly limiter = new RateLimiter();
  private readonly snapshots = new Snapshots();
  private room: Room | null = null;
  private loading: Promise<Room | null> | null = null;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.storage = new Storage(ctx.storage.sql, (fn) => ctx.storage.transactionSync(fn));
    this.cut = new CutDevices(this.storage);
    this.devices = new SeatDevices(this.storage);
    this.alarms = new Alarm(
      this.storage,
      (at) => ctx.storage.setAlarm(this.platformTime(at)),
      () => this.now(),
    );
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

  /** A new game; a rematch's seats come `carried` (rematch.ts), and making it again is then no error. */
  async create(
    init: GameInit,
    carried?: readonly CarriedSeat[],
  ): Promise<Reply<{ tokens: string[]; invite: string; host: string; version: number }>> {
    const existing = this.room ?? Room.load(this.storage);
    if (existing && carried && existing.table.id === init.id)
      return done({ tokens: [], invite: "", host: "", version: existing.table.version });
    if (existing) throw new Error("a game with this id exists already");
    const firstDealer = init.deals[0]?.dealer ?? drawFirstDealer(init.players);
    const now = this.now();
    const host = newToken();
    const made = Room.create(
      this.storage,
      { type: "created", ...init, firstDealer, hostHash: hashToken(host) },
      now,
      shardFor(this.env, init.id),
      carried,
    );
    this.room = made.room;
    // A rematch's players come with their seats: the absences they declared stop their new clocks too.
    if (carried && made.room.table.clock) await this.carryAbsences(made.room);
    await this.written(made.room, now);
    return done({ tokens: made.tokens, invite: made.invite, host, version: made.room.table.version }, 201);
  }

  async snapshot(caller: Caller): Promise<Reply<Json<GameSnapshot>>> {
    const entered = await this.enter(caller, "any");
    if ("ok" in entered) return entered;
    return done(this.snapshots.of(entered.room, viewerOf(entered.access), this.now()));
  }

  /**
   * Whether the caller is the game's creator (the invitation or the host
   * secret), for a game's webhooks: a seat's token is refused without being
   * marked used, since it managed nothing.
   */
  async creator(caller: Caller): Promise<Reply<{ kind: "invite" | "host" }>> {
    const entered = await this.enter(caller, "creator");
    if ("ok" in entered) return entered;
    return done({ kind: entered.access.kind === "host" ? "host" : "invite" });
  }

  async move(caller: Caller, request: MoveRequest): Promise<Reply<Json<EventsResponse>>> {
    const entered = await this.enter(caller, "seat");
    if ("ok" in entered) return entered;
    return this.play(entered.room, entered.access.seat, request);
  }

  /**
   * The events after `since`, at once. A long poll waits in the Worker, on a
   * socket to this room (long-poll.ts), never here: nothing the room does
   * waits, so it sleeps between moves.
   */
  async events(caller: Caller, since: number): Promise<Reply<Json<EventsResponse>>> {
    const entered = await this.enter(caller, "any");
    if ("ok" in entered) return entered;
    const { room } = entered;
    return done(this.snapshots.events(room, viewerOf(entered.access), Math.min(since, room.table.version), this.now()));
  }

  async claim(caller: Caller, request: z.output<typeof ClaimRequest>): Promise<Reply<{ seat: number; token: string }>> {
    const entered = await this.enter(caller, "invite");
    if ("ok" in entered) return entered;
    const origin = { network: networkKey(caller.client), device: caller.device ?? null };
    if (caller.playerId !== null) {
      const refused = await ratedSeatRefusal(this.env.DB, entered.room, request.seat ?? null, caller.playerId, origin, this.now());
      if (refused) return refused;
    }
    const claimed = claimSeat(this.storage, entered.room.seats, request, caller.playerId, origin);
    if ("ok" in claimed) return claimed;
    if (caller.playerId !== null) await this.recordSeat(entered.room, claimed.seat);
    await this.written(entered.room, this.now(), { seatsChanged: true });
    return done(claimed);
  }

  /** The host's fresh link for a seat: one nobody has opened, or one whose player is gone (reissue.ts). */
  async seatLink(caller: Caller, seat: number, name: string | null | undefined): Promise<Reply<{ seat: number; token: string }>> {
    const entered = await this.enter(caller, "host");
    if ("ok" in entered) return entered;
    const { room } = entered;
    const now = this.now();
    const row = room.seats[seat];
    const verdicts = row?.taken ? await this.verdicts(room, [row], now) : [];
    const issued = reissueSeat(this.storage, room.seats, seat, name, () => verdicts[0]!);
    if ("ok" in issued) return issued;
    // An opened seat freed for a fresh link: the log says so, for everyone at the table, and its player is told.
    if (issued.reopened) room.append([{ body: { type: "seatReissued", seat, ...issued.reopened } }], now);
    await this.written(room, now, { seatsChanged: true });
    return done({ seat: issued.seat, token: issued.token });
  }

  /** Each seat as the creator sees it: opened or not, and whether it may get a fresh link now (reissue.ts). */
  async seatsForHost(caller: Caller): Promise<Reply<{ seats: HostSeat[] }>> {
    const entered = await this.enter(caller, "host");
    if ("ok" in entered) return entered;
    const { room } = entered;
    const verdicts = await this.verdicts(room, room.seats, this.now());
    return done({ seats: room.seats.map((row, i) => hostSeat(room.table, row, verdicts[i]!)) });
  }

  /** Whether each seat's player is gone now (reissue.ts), from what the room and D1 know of them. */
  private async verdicts(room: Room, rows: readonly SeatRow[], now: number): Promise<Verdict[]> {
    const table = room.table;
    // Seats opened before the room kept when it saw them count as seen at the table's latest entry.
    const latest = table.lastAt;
    return Promise.all(
      rows.map(async (row) => {
        const logged = table.clock?.absences[row.seat] ?? [];
        const seen = row.seenAt ?? latest;
        const declared = row.playerHash && row.taken ? absenceSpans(await playerAbsences(this.env.DB, row.playerHash, seen)) : [];
        const presence = {
          now,
          seen,
          connected: connected(this.ctx, row.seat),
          absences: [...logged, ...declared],
        };
        return goneVerdict(table, row.seat, presence);
      }),
    );
  }

  /**
   * A seat of a finished match asks for the rematch: made once, whoever asks
   * first (rematch.ts); each asker gets their own new seat's link.
   */
  async rematch(caller: Caller): Promise<Reply<{ id: string; seat: number; token: string }>> {
    const entered = await this.enter(caller, "seat");
    if ("ok" in entered) return entered;
    const { room } = entered;
    const { seat } = entered.access;
    if (!room.table.state.over) return fail(409, "MATCH_NOT_OVER", "A rematch can be asked for once the match is over.");
    // Two players asking at once share one making; every table of the finished game then learns of it.
    this.rematching ??= makeRematch(room, this.env)
      .then((made) => {
        this.afterCommit(room, true);
        return made;
      })
      .finally(() => (this.rematching = null));
    const made = await this.rematching;
    const token = await unseal(made.links[seat]!, this.env.GAME_ID_KEY);
    if (token === null) throw new Error("a rematch's sealed seat link does not open");
    return done({ id: made.id, seat: rotated(seat, room.table.created.players), token });
  }

  private rematching: Promise<Rematch> | null = null;

  /** The absences of the players a new game's seats came with. */
  private async carryAbsences(room: Room): Promise<void> {
    for (const row of room.seats) {
      if (row.playerHash === null) continue;
      const entries = absenceEntries(room.table, [row.seat], await playerAbsences(this.env.DB, row.playerHash));
      if (entries.length > 0) room.append(entries, this.now());
    }
  }

  /** A seat claims the match from a seat that ran out of time. */
  async claimTimeout(caller: Caller): Promise<Reply<Json<EventsResponse>>> {
    const entered = await this.enter(caller, "seat");
    if ("ok" in entered) return entered;
    const { room } = entered;
    const seat = entered.access.seat;
    const entries = claimEntries(room.table, seat);
    if (!Array.isArray(entries)) return entries;
    const before = room.table.version;
    await this.commit(room, entries, this.now());
    return done(this.snapshots.events(room, seat, before, this.now()));
  }

  /** A seat's player hands it to the computer (`on`), or takes it back; either way the computer plays its turns only while it holds it. */
  async handover(caller: Caller, on: boolean, level: ComputerLevel | undefined): Promise<Reply<Json<EventsResponse>>> {
    const entered = await this.enter(caller, "seat");
    if ("ok" in entered) return entered;
    const { room } = entered;
    const seat = entered.access.seat;
    if (room.table.state.over) return fail(422, "HAND_OVER", "The match is over.");
    if (roundClosed(room)) return roundIsClosed();
    const before = room.table.version;
    const holds = room.table.computers[seat] !== null;
    // A handover is for not holding others up: with nobody else at the table, the computer would only play the match out alone.
    if (on && !holds && room.table.computers.every((c, s) => s === seat || c !== null))
      return fail(
        409,
        "NOBODY_WAITING",
        "Nobody else is at the table to wait for you: the game waits for your move as long as it takes (with a clock, declare an absence to stop it).",
      );
    if (holds !== on) {
      const body = on
        ? ({ type: "computer", seat, on, reason: "handover", ...(level ? { level } : {}) } as const)
        : ({ type: "computer", seat, on, reason: "player" } as const);
      await this.commit(room, [{ body }], this.now());
    }
    return done(this.snapshots.events(room, seat, before, this.now()));
  }

  /** A player's devices joined another player (players/merge.ts): their seats here follow, with that player's absences. */
  async adoptPlayer(gameId: string, from: string, to: string): Promise<number> {
    const room = await this.open(gameId);
    if (!room) return 0;
    const moved = this.adopt(room, from, to);
    if (moved.length === 0) return 0;
    await this.written(room, this.now(), { seatsChanged: true });
    return moved.length;
  }

  /**
   * A device no longer acts for the player of this game's seats (removed from them: players/devices.ts): its
   * sockets close at once, a long poll of its waiting ends, and its requests for a seat are refused from now on,
   * the seat token's own (a move, a poll) too, until it opens the seat again as a device of the seat's player.
   */
  async cutDevice(gameId: string, device: string): Promise<number> {
    const room = await this.open(gameId);
    if (!room) return 0;
    this.cut.add(device);
    this.devices.forget(device);
    // A long poll waits in the Worker on a socket of its device (long-poll.ts): closed with the rest.
    return closeDevice(this.ctx, device);
  }

  private readonly cut: CutDevices;

  /**
   * A device joined another player, leaving this game's seat's player (players/merge.ts): its seat sockets here close,
   * and it is asked of D1 when it next comes, and then refused the seat. Returns whether this room knew it.
   */
  async forgetDevice(gameId: string, device: string): Promise<boolean> {
    const room = await this.open(gameId);
    if (room === null) return false;
    // A table it has open at a seat here stops showing the seat's hand at once (the page then says whose it is).
    closeDevice(this.ctx, device, false);
    return this.devices.forget(device);
  }

  /** The devices this room knows its seats' players by (seat-devices.ts). */
  private readonly devices: SeatDevices;

  /** A player's absences changed (declared or cancelled): the log of each of their seats here learns what it lacks. */
  async syncAbsences(
    gameId: string,
    playerHash: string,
    declared: { from: number; until: number; cancelledAt: number | null }[],
  ): Promise<number> {
    const room = await this.open(gameId);
    if (!room) return 0;
    const seats = room.seats.filter((s) => s.playerHash === playerHash).map((s) => s.seat);
    const entries = absenceEntries(room.table, seats, declared);
    if (entries.length > 0) await this.commit(room, entries, this.now());
    return entries.length;
  }

  async record(caller: Caller): Promise<Reply<GameRecord>> {
    const entered = await this.enter(caller, "any");
    if ("ok" in entered) return entered;
    return done(recordOf(entered.room.table, entered.room.seats, viewerOf(entered.access), sealed(entered.room)));
  }

  /** The table's chat as the caller may read it (docs/chat.md). */
  async chat(caller: Caller): Promise<Reply<ChatResponse>> {
    const entered = await this.enter(caller, "any");
    if ("ok" in entered) return entered;
    return done(chatOf(entered.room, viewerOf(entered.access)));
  }

  /** A seat writes at the table. */
  async say(caller: Caller, request: MessageRequest): Promise<Reply<{ version: number; message: ChatMessage }>> {
    return this.chatChange(caller, (room, seat, now) => postMessage(room, seat, request, now));
  }

  /** A seat mutes or unmutes another seat's messages, for itself. */
  async mute(caller: Caller, seat: number, on: boolean): Promise<Reply<ChatState>> {
    return this.chatChange(caller, (room, own, now) => muteSeat(room, own, seat, on, now));
  }

  /** A seat lets spectators read the chat, or stops letting them. */
  async chatAudience(caller: Caller, open: boolean): Promise<Reply<ChatState>> {
    return this.chatChange(caller, (room, seat, now) => chooseAudience(room, seat, open, now));
  }

  /** The message a seat reports, for the operator's table in D1 (routes/chat.ts keeps it). */
  async reported(caller: Caller, seq: number): Promise<Reply<ReportedMessage>> {
    const entered = await this.enter(caller, "seat");
    if ("ok" in entered) return entered;
    return reportedMessage(entered.room, entered.access.seat, seq);
  }

  private async chatChange<T>(
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

  /** The Cron guard: handles whatever is due, as the alarm would have. Waking a room twice does nothing twice. */
  async wake(gameId: string): Promise<void> {
    const room = await this.open(gameId);
    if (room) await this.handleDue(room, this.now());
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

  override async alarm(): Promise<void> {
    this.alarms.fired();
    const room = this.room ?? (await this.openLocal());
    if (room) await this.handleDue(room, this.now());
  }

  /**
   * Everything due at `now`: the clock's timeouts and reminders, a computer's moves, then the outbox's drain; then
   * re-arms. Computer moves are played within one invocation's counted work (computer.ts: a Free-plan invocation
   * has 10 ms of CPU); a turn not finished is due again at once, and the alarm comes back for it in an invocation
   * of its own. So does a turn a fresh isolate's warm-up put off (computer.ts: it plays no move, the turn stays due).
   */
  protected async handleDue(room: Room, now: number): Promise<void> {
    const work = newWork();
    for (let step = 0; step < MAX_DUE_STEPS; step++) {
      const seats = { live: (seat: number) => connected(this.ctx, seat), opened: (seat: number) => room.seats[seat]!.taken };
      const entries = dueEntries(room.table, now, seats, work);
      if (entries.length === 0) break;
      await this.commit(room, entries, now, false);
    }
    // In the middle of a computer's turn (or after its warm-up, computer.ts), what is owed waits for its drain's own time (or the turn's end).
    const goesOn = (work.moves > 0 || work.warmUp === true) && computerToPlay(room.table) !== null;
    if (this.alarms.drainDue(now) || (owes(room) && !goesOn)) await this.drain(room, now);
    await this.sendDigests(room, now);
    await this.alarms.arm(this.due(room));
  }

  /** What the room has due: the game's own deadlines (due.ts) and the chat's hourly email digests (chat-notify.ts). */
  private due(room: Room, live = this.live()) {
    return [...gameDue(room.table, live), ...chatMailDue(room)].sort((a, b) => a.at - b.at);
  }

  /** The chat's digests whose hour is over; a failure leaves them due, to be sent on a later alarm. */
  private async sendDigests(room: Room, now: number): Promise<void> {
    const due = dueDigests(room, now, (seat) => connected(this.ctx, seat), this.clockOffset());
    try {
      for (const notification of due.notifications) await fanOut(this.env, notification, { shard: room.logShard });
      due.sent();
    } catch (error) {
      console.error(`game ${room.table.id}: chat digests failed: ${(error as Error).message}`);
    }
  }

  /** Copies the outbox into D1; retries with backoff when D1 fails. */
  private async drain(room: Room, now: number): Promise<void> {
    try {
      const d1 = { main: this.env.DB, log: shardDatabase(this.env, room.logShard) };
      await drainOutbox(
        room,
        d1,
        (seq) => this.notify(room, seq),
        this.clockOffset(),
        (outcome) => {
          // Kept once (a retried drain reads back less: why an unrated match was not rated), and every table is told.
          if (room.ratingOutcome() !== null) return;
          room.keepRatingOutcome(outcome);
          this.afterCommit(room, true);
        },
      );
      // A tournament's table tells its tournament the result once D1 has the match's end (tried again with the drain).
      await reportResult(this.env, room);
      // Written only when it changes: a row written per drain is billed (and counts against the Free plan's day).
      if ((this.storage.getMeta("drain_failures") ?? "0") !== "0") this.storage.setMeta("drain_failures", "0");
      this.alarms.drained(owes(room) ? now : null);
    } catch (error) {
      const failures = Number(this.storage.getMeta("drain_failures") ?? "0") + 1;
      this.storage.setMeta("drain_failures", String(failures));
      console.error(`game ${room.table.id}: outbox drain failed (${failures} in a row): ${(error as Error).message}`);
      this.alarms.drained(now + retryDelay(failures));
    }
  }

  /**
   * An entry's notifications to the subscriptions that want them. A player
   * at the table live (a connected WebSocket) is not sent a "your turn"
   * email or push: they can see it.
   */
  private notify(room: Room, seq: number): Promise<void> {
    return notifyEntry(this.env, room, seq, (seat) => connected(this.ctx, seat), this.clockOffset());
  }

  /**
   * The tournament closes this table at its round's deadline (room/tournament-table.ts): from now on only the
   * computer moves here, and a match still in play is settled as the clock says. Asking twice does nothing twice.
   * Returns the result of a match already over and reported (a tournament rebuilt from D1 may have lost it), else null.
   */
  async settleRound(gameId: string, level: ComputerLevel): Promise<TableResult | null> {
    const room = await this.open(gameId);
    if (!room?.table.created.tournament) return null;
    if (!roundClosed(room)) closeRound(room);
    const entries = settleEntries(room, level);
    if (entries.length > 0) await this.commit(room, entries, this.now());
    return reportedResult(room);
  }

  /** A withdrawn entry's seats at this table: resigned (a forfeit) or handed to the computer. */
  async withdrawSeats(gameId: string, seats: number[], mode: "forfeit" | "computer", level: ComputerLevel): Promise<boolean> {
    const room = await this.open(gameId);
    if (!room?.table.created.tournament) return false;
    const entries = withdrawEntries(room, seats, mode, level);
    if (entries.length > 0) await this.commit(room, entries, this.now());
    return true;
  }

  /** Every table of the round has finished: this table's hands may be shown to anyone. */
  async releaseTable(gameId: string): Promise<boolean> {
    const room = await this.open(gameId);
    if (!room) return false;
    if (release(room)) this.afterCommit(room, true);
    return true;
  }

  /** The seats' names (for messages the API sends about the game); null when the room holds no such game. */
  async names(gameId: string): Promise<(string | null)[] | null> {
    const room = await this.open(gameId);
    return room ? room.seats.map((s) => s.name) : null;
  }

  /** The API counted the game's own webhooks: the room then queues notifications even with no player linked. */
  async gameWebhooksChanged(gameId: string, count: number): Promise<void> {
    const room = await this.open(gameId);
    room?.setGameWebhooks(count);
  }

  private async play(
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

  /** Appends entries the room itself writes (the clock's, the computer's, a claim), then tells everyone. */
  private async commit(room: Room, entries: readonly NewEntry[], now: number, arm = true): Promise<void> {
    room.append(entries, now);
    await this.written(room, now, { arm });
  }

  /** Finds the game, checks the caller's token and rate, and marks a seat's first use. */
  private async enter<N extends Need>(caller: Caller, need: N): Promise<{ room: Room; access: AccessFor<N> } | Failure> {
    const room = await this.open(caller.gameId);
    if (!room) return gameNotFound();
    const tokens = {
      inviteHash: room.inviteHash,
      hostHash: room.table.created.hostHash,
      reissued: (hash: string) => reissuedSeat(room.table, hash),
    };
    const access = admit(room.seats, tokens, caller.tokenHash, need);
    if ("ok" in access) return access;
    // A tournament's table whose deals other tables are still playing: its seats only (room/tournament-table.ts).
    if (access.kind !== "seat" && sealed(room))
      return fail(403, "TABLE_HIDDEN", "This tournament table opens to others once every table of its round has finished its hands.");
    // Moves are limited only when refused (see play).
    const wait = need === "seat" ? 0 : this.limiter.take(access.kind === "seat" ? `seat:${access.seat}` : `client:${caller.client}`);
    if (wait > 0) return rateLimited(wait);
    if (access.kind === "seat" && this.cut.has(caller.device)) {
      // Where its key is not looked up (a move, a poll), the room alone knows the device was cut off. Where it is (the
      // view, the WebSocket), a device linked again to the seat's player is no longer cut off, and another player's
      // device is refused the seat as any would be (SEAT_TAKEN).
      if (caller.playerId === null) return deviceRemoved();
      const held = room.seats[access.seat]!.playerHash;
      if (held === null || held === caller.playerId) this.cut.delete(caller.device!);
    }
    if (access.kind === "seat") {
      const before = room.seats[access.seat]!;
      const origin = { network: networkKey(caller.client), device: caller.device ?? null };
      if (caller.playerId !== null && before.playerHash === null) {
        const refused = await ratedSeatRefusal(this.env.DB, room, access.seat, caller.playerId, origin, this.now());
        if (refused) return refused;
      }
      // A seat its player opened is theirs: its link opens it only on a device of theirs (seat-devices.ts). Refusals
      // are limited per client, as refused moves are (see play): a device the room does not know costs a D1 read.
      const refusals = `refused:${caller.client}`;
      const waitRefused = this.limiter.wait(refusals);
      if (waitRefused > 0) return rateLimited(waitRefused);
      const player = await this.seatPlayer(before, caller);
      if (isFailure(player)) return this.refused(refusals, player);
      const touch = () => touchSeat(this.storage, room.seats, access.seat, player, caller.sealedToken ?? null, this.now(), origin);
      let touched = touch();
      // Refused to another player: unless the seat's player was merged into the caller's since (players/merge.ts).
      if ("ok" in touched && (await this.mergedSeats(room, before.playerHash, player))) touched = touch();
      if ("ok" in touched) return this.refused(refusals, touched);
      const held = room.seats[access.seat]!.playerHash;
      // The Worker read the device's player from D1 (the view, the socket...): the room knows it afresh. (A move's device
      // is not refreshed here: only a D1 read refreshes it, so that a device the room missed being told of is read again.)
      if (held !== null && caller.device != null && caller.playerId !== null) this.devices.remember(caller.device, held, this.now());
      // Just become its player's: a socket opened before with the link alone no longer sees it.
      if (before.playerHash === null && held !== null) closeSeat(this.ctx, access.seat, caller.device ?? null);
      // A seat with no name takes its player's, once they have one (docs/playing.md: a player is asked their name once).
      const named = await nameSeat(this.env.DB, this.storage, room.seats, access.seat, caller.playerId);
      if (touched.changed || named) {
        // A seat newly linked to a player: D1 learns it now, and the absences that player declared stop this seat's clock too.
        if (room.seats[access.seat]!.playerHash && room.seats[access.seat]!.playerHash !== before.playerHash) {
          await this.recordSeat(room, access.seat);
          const player = room.seats[access.seat]!.playerHash!;
          if (room.table.clock) {
            const entries = absenceEntries(room.table, [access.seat], await playerAbsences(this.env.DB, player));
            if (entries.length > 0) room.append(entries, this.now());
          }
        }
        await this.written(room, this.now(), { seatsChanged: true });
      }
    }
    return { room, access };
  }

  /** A seat refused to a request: counted against its client's refusals (enter). */
  private refused(key: string, failure: Failure): Failure {
    this.limiter.take(key);
    return failure;
  }

  /**
   * A seat's row copied to D1 at once (a seat that just became a player's): a device's link preview and a merge read
   * who holds what there, and must not miss a seat opened a moment ago. If its player was merged into another in the
   * meantime, D1 names the one it became, and so does the room from now on. A failure waits for the drain.
   */
  private async recordSeat(room: Room, seat: number): Promise<void> {
    try {
      const kept = await recordSeat(this.env.DB, room.table.id, room.seats[seat]!);
      const held = room.seats[seat]!.playerHash;
      if (kept !== null && held !== null && kept !== held) this.adopt(room, held, kept);
    } catch (error) {
      console.error(`game ${room.table.id}: seat ${seat} not copied to D1 yet: ${(error as Error).message}`);
    }
  }

  /**
   * The player a request for a seat speaks for: the one the Worker looked its device up for, or, for a seat that is a
   * player's, the player of the device the request names (a move and a poll come unread: seat-devices.ts). A seat that
   * is a player's refuses a request naming no device; a seat that is nobody's yet is opened by its link alone.
   */
  private async seatPlayer(row: SeatRow, caller: Caller): Promise<string | null | Failure> {
    if (caller.playerId !== null || row.playerHash === null) return caller.playerId;
    if (caller.device == null) return seatBound(row.seat);
    return this.devices.ownerOf(this.env.DB, caller.device, row.playerHash, this.now());
  }

  /** `from` was merged into `to`: its seats here and the devices known as its are `to`'s. Returns the seats moved. */
  private adopt(room: Room, from: string, to: string): number[] {
    this.devices.adopt(from, to);
    return adoptSeats(this.storage, room.seats, from, to);
  }

  /** Whether the seats of `held` here became `caller`'s, `held` having been merged into `caller` (a copy in D1 says so). */
  private async mergedSeats(room: Room, held: string | null, caller: string | null): Promise<boolean> {
    if (held === null || caller === null || held === caller) return false;
    if ((await mergedInto(this.env.DB, held)) !== caller) return false;
    this.adopt(room, held, caller);
    return true;
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

  /**
   * The one step after every write to the room's storage (a new game, a
   * move, the room's own entries, a seat's change): the outbox's drain is
   * due, the game's deadlines are re-armed (unless the caller re-arms once
   * after several writes), and every socket and long poll is told.
   */
  private async written(room: Room, now: number, options: { seatsChanged?: boolean; arm?: boolean } = {}): Promise<void> {
    this.alarms.outboxWritten(now);
    if (options.arm ?? true) await this.alarms.arm(this.due(room));
    this.afterCommit(room, options.seatsChanged ?? false);
  }

  /** Whether anyone has the table open live (the computer then pauses between moves). */
  private live(): boolean {
    return anyoneLive(this.ctx);
  }

  /** Tells every socket (long polls' included: long-poll.ts). */
  private afterCommit(room: Room, seatsChanged = false): void {
    if (seatsChanged) this.snapshots.clear();
    broadcast(this.ctx, room, this.snapshots, this.now(), seatsChanged);
  }
}
