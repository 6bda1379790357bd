import { DurableObject } from "cloudflare:workers";
import type { EventsResponse, GameRecord, GameSnapshot } from "../../shared/api";
import type { ClaimRequest } from "../../shared/wire/api";
import type { z } from "../../shared/wire/z";
import { hashToken, newToken } from "../auth";
import { database, loadSavedGame } from "../db/queries";
import type { Env } from "../env";
import { done, type Failure, fail, gameNotFound, type Json, type Reply, rateLimited } from "../reply";
import { drawFirstDealer } from "./fairness";
import { RateLimiter } from "./limits";
import { type MoveRequest, playMove } from "./moves";
import { drainOutbox, drainTime, retryDelay } from "./outbox";
import { recordOf } from "./record";
import { Room } from "./room";
import { type Access, type Caller, claimSeat, identify, reissueSeat, touchSeat, viewerOf } from "./seats";
import { Snapshots } from "./snapshots";
import { acceptSocket, attachmentOf, broadcast, catchUp, parseClientMessage, send } from "./sockets";
import { Storage } from "./storage";
import type { CreatedBody } from "./table";

/** A new game as the Worker checked it. */
export type GameInit = Omit<CreatedBody, "type" | "firstDealer" | "hostHash">;

type Need = "any" | "seat" | "invite" | "host";

/**
 * One game's single writer. The class only wires the platform to the
 * room's parts: storage and replay (room.ts, table.ts), moves (moves.ts),
 * views (views.ts, snapshots.ts), sockets (sockets.ts), the outbox
 * (outbox.ts), seats (seats.ts) and rate limits (limits.ts).
 */
export class GameRoom extends DurableObject<Env> {
  private readonly storage: Storage;
  private readonly limiter = new RateLimiter();
  private readonly waiters = new Set<() => void>();
  private readonly snapshots = new Snapshots();
  private room: Room | null = null;
  private loading: Promise<Room | null> | null = null;
  private alarmSet = false;

  constructor(ctx: DurableObjectState, env: Env) {
    super(ctx, env);
    this.storage = new Storage(ctx.storage.sql, (fn) => ctx.storage.transactionSync(fn));
  }

  async create(init: GameInit): Promise<Reply<{ tokens: string[]; invite: string; host: string; version: number }>> {
    if (this.room ?? Room.load(this.storage)) throw new Error("a game with this id exists already");
    const firstDealer = init.deals[0]?.dealer ?? drawFirstDealer(init.players);
    const host = newToken();
    const made = Room.create(this.storage, { type: "created", ...init, firstDealer, hostHash: hashToken(host) }, Date.now());
    this.room = made.room;
    this.afterWrite();
    return done({ tokens: made.tokens, invite: made.invite, host, version: made.room.table.version }, 201);
  }

  async snapshot(caller: Caller): Promise<Reply<Json<GameSnapshot>>> {
    const entered = await this.enter(caller, "any");
    if ("ok" in entered) return entered;
    return done(this.snapshots.of(entered.room, viewerOf(entered.access)));
  }

  async move(caller: Caller, request: MoveRequest): Promise<Reply<Json<EventsResponse>>> {
    const entered = await this.enter(caller, "seat");
    if ("ok" in entered) return entered;
    return this.play(entered.room, (entered.access as { seat: number }).seat, request);
  }

  /** Long polling: the events after `since`, waiting up to `wait` seconds for one. */
  async events(caller: Caller, since: number, wait: number): Promise<Reply<Json<EventsResponse>>> {
    const entered = await this.enter(caller, "any");
    if ("ok" in entered) return entered;
    if (entered.room.table.version <= since && wait > 0) {
      await new Promise<void>((resolve) => {
        const wake = () => {
          clearTimeout(timer);
          this.waiters.delete(wake);
          resolve();
        };
        const timer = setTimeout(wake, wait * 1000);
        this.waiters.add(wake);
      });
    }
    const room = this.room ?? entered.room;
    return done(this.snapshots.events(room, viewerOf(entered.access), Math.min(since, room.table.version)));
  }

  async claim(caller: Caller, request: z.output<typeof ClaimRequest>): Promise<Reply<{ seat: number; token: string }>> {
    const entered = await this.enter(caller, "invite");
    if ("ok" in entered) return entered;
    const claimed = claimSeat(this.storage, entered.room.seats, request, caller.playerKeyHash);
    if ("ok" in claimed) return claimed;
    this.afterWrite();
    this.afterCommit(entered.room, true);
    return done(claimed);
  }

  /** The host's fresh link for a seat nobody has taken yet. */
  async seatLink(caller: Caller, seat: number, name: string | null | undefined): Promise<Reply<{ seat: number; token: string }>> {
    const entered = await this.enter(caller, "host");
    if ("ok" in entered) return entered;
    const issued = reissueSeat(this.storage, entered.room.seats, seat, name);
    if ("ok" in issued) return issued;
    this.afterWrite();
    this.afterCommit(entered.room, true);
    return done(issued);
  }

  async record(caller: Caller): Promise<Reply<GameRecord>> {
    const entered = await this.enter(caller, "any");
    if ("ok" in entered) return entered;
    return done(recordOf(entered.room.table, entered.room.seats));
  }

  /** WebSocket upgrades, forwarded by the Worker with the caller in headers. */
  override async fetch(request: Request): Promise<Response> {
    const forwarded = request.headers.get("x-caller");
    if (forwarded === null) return Response.json(fail(400, "BAD_REQUEST", "Connect through /api/games/{id}/ws.").body, { status: 400 });
    const caller = JSON.parse(forwarded) as Caller;
    const entered = await this.enter(caller, "any");
    if ("ok" in entered) return Response.json(entered.body, { status: entered.status, headers: entered.headers });
    return acceptSocket(this.ctx, entered.room, this.snapshots, viewerOf(entered.access), request.headers.get("Sec-WebSocket-Protocol"));
  }

  override async webSocketMessage(ws: WebSocket, data: string | ArrayBuffer): Promise<void> {
    const room = this.room ?? (await this.openLocal());
    if (!room) return ws.close(1011, "game unavailable");
    const { viewer, key } = attachmentOf(ws);
    const refuse = (failure: Failure, id: string | null = null) => send(ws, { type: "error", id, status: failure.status, ...failure.body });
    if (typeof data !== "string") return refuse(fail(400, "BAD_REQUEST", "Messages are JSON text."));
    const message = parseClientMessage(data);
    if ("error" in message) {
      const status = message.error === "BODY_TOO_LARGE" ? 413 : message.error === "BAD_MOVE" ? 422 : 400;
      return refuse(fail(status, message.error, message.message), message.id);
    }
    if (message.type === "resume") {
      const wait = this.limiter.take(key);
      return wait > 0 ? refuse(rateLimited(wait)) : catchUp(room, this.snapshots, ws, Math.min(message.since, room.table.version));
    }
    if (viewer === null) return refuse(fail(403, "FORBIDDEN", "Spectators cannot move."), message.id);
    // The sender hears "accepted" first, then gets the events push like every socket.
    const reply = this.play(room, viewer, { move: message.move, version: message.version, key: message.id }, (version) =>
      send(ws, { type: "accepted", id: message.id, version }),
    );
    if (!reply.ok) refuse(reply, message.id);
  }

  override async webSocketClose(ws: WebSocket, code: number): Promise<void> {
    try {
      ws.close(code === 1005 ? 1000 : code, "closing");
    } catch {
      // Already closed.
    }
  }

  /** Drains the outbox into D1; retries with backoff when D1 fails. */
  override async alarm(): Promise<void> {
    this.alarmSet = false;
    const room = this.room ?? (await this.openLocal());
    if (!room) return;
    try {
      await drainOutbox(room, this.env.DB);
      this.storage.setMeta("drain_failures", "0");
    } catch (error) {
      const failures = Number(this.storage.getMeta("drain_failures") ?? "0") + 1;
      this.storage.setMeta("drain_failures", String(failures));
      console.error(`game ${room.table.id}: outbox drain failed (${failures} in a row): ${(error as Error).message}`);
      this.alarmSet = true;
      await this.ctx.storage.setAlarm(Date.now() + retryDelay(failures));
      return;
    }
    if (this.storage.outboxSize() > 0) this.afterWrite();
  }

  private play(room: Room, seat: number, request: MoveRequest, accepted?: (version: number) => void): Reply<Json<EventsResponse>> {
    const { reply, committed } = playMove(room, seat, request, Date.now(), (table, since) =>
      this.snapshots.events(room, seat, since, table),
    );
    if (!reply.ok) {
      const wait = this.limiter.take(`seat:${seat}`);
      return wait > 0 ? rateLimited(wait) : reply;
    }
    accepted?.(room.table.version);
    if (committed) {
      this.afterWrite();
      this.afterCommit(room);
    }
    return reply;
  }

  /** Finds the game, checks the caller's token and rate, and marks a seat's first use. */
  private async enter(caller: Caller, need: Need): Promise<{ room: Room; access: Access } | Failure> {
    const room = await this.open(caller.gameId);
    if (!room) return gameNotFound();
    const access = identify(room.seats, room.inviteHash, caller.tokenHash, room.table.created.hostHash);
    if ("ok" in access) return access;
    // Moves are limited only when refused (see play).
    const wait = need === "seat" ? 0 : this.limiter.take(access.kind === "seat" ? `seat:${access.seat}` : `client:${caller.client}`);
    if (wait > 0) return rateLimited(wait);
    if (need !== "any" && access.kind !== need) {
      if (access.kind === "spectator")
        return fail(
          401,
          "AUTH_REQUIRED",
          need === "seat"
            ? "Playing needs the seat's link (Authorization: Bearer <seat token>)."
            : need === "host"
              ? "A fresh seat link needs the secret given to the game's creator."
              : "Claiming a seat needs the invitation link's token.",
        );
      return fail(
        403,
        "FORBIDDEN",
        need === "seat"
          ? "Only a seat's token may play."
          : need === "host"
            ? "Only the game creator's secret may issue a fresh seat link."
            : "Only the invitation's token may claim a seat.",
      );
    }
    if (access.kind === "seat") {
      const before = room.seats[access.seat];
      touchSeat(this.storage, room.seats, access.seat, caller.playerKeyHash);
      if (room.seats[access.seat] !== before) {
        this.afterWrite();
        this.afterCommit(room, true);
      }
    }
    return { room, access };
  }

  private async open(gameId: string): Promise<Room | null> {
    if (this.room) return this.room.table.id === gameId ? this.room : null;
    this.loading ??= this.load(gameId).finally(() => (this.loading = null));
    return this.loading;
  }

  /** From this room's storage, or else (storage lost) rebuilt from D1's copy of the log. */
  private async load(gameId: string): Promise<Room | null> {
    const local = await this.openLocal();
    if (local) return local.table.id === gameId ? local : null;
    const saved = await loadSavedGame(database(this.env.DB), gameId);
    if (!saved || this.room) return this.room;
    console.warn(`game ${gameId}: rebuilding the room from D1 (${saved.rows.length} log entries)`);
    this.room = Room.restore(this.storage, saved.rows, saved.seats, saved.inviteHash);
    return this.room;
  }

  private async openLocal(): Promise<Room | null> {
    this.room ??= Room.load(this.storage);
    return this.room;
  }

  private afterWrite(): void {
    if (this.alarmSet) return;
    this.alarmSet = true;
    void this.ctx.storage.setAlarm(drainTime(Date.now()));
  }

  /** Tells every socket and every waiting long poll. */
  private afterCommit(room: Room, seatsChanged = false): void {
    if (seatsChanged) this.snapshots.clear();
    broadcast(this.ctx, room, this.snapshots, seatsChanged);
    for (const wake of [...this.waiters]) wake();
  }
}
