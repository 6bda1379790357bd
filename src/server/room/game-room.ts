import type { EventsResponse, GameRecord, GameSnapshot } from "../../shared/api";
import type { ClaimRequest, HostSeat } from "../../shared/wire/api";
import type { ChatMessage, ChatResponse, ChatState } from "../../shared/wire/chat";
import type { ComputerLevel } from "../../shared/wire/common";
import type { z } from "../../shared/wire/z";
import type { TableResult } from "../../tournament/types";
import { hashToken, newToken } from "../auth";
import type { ReportedMessage } from "../db/chat";
import type { GameInit } from "../db/log-entry";
import { shardFor } from "../db/shards";
import { done, type Failure, fail, type Json, type Reply } from "../reply";
import { unseal } from "../seal";
import { bringAbsences } from "./admission";
import { chatOf, chooseAudience, type MessageRequest, muteSeat, postMessage, reportedMessage } from "./chat-actions";
import { absenceEntries, claimEntries, handoverEntries, type NewEntry } from "./clock-actions";
import { drawFirstDealer } from "./fairness";
import { freshSeatLink, hostSeats } from "./host-seats";
import type { MoveRequest } from "./moves";
import { recordOf } from "./record";
import { type CarriedSeat, makeRematch, type Rematch, rotated } from "./rematch";
import { Room } from "./room";
import { type Caller, viewerOf } from "./seats";
import { closeRound, release, reportedResult, roundClosed, roundIsClosed, sealed, withdrawEntries } from "./tournament-table";
import { RoomWriter } from "./writer";

/**
 * One game's room, as the Worker, the tournaments and the players' services
 * call it: what a caller may ask of a game, each let in by its token
 * (admission.ts) and handed to the part of the room it concerns — moves and
 * views, seats (seats.ts) and the host's links for them (host-seats.ts), the
 * clock (clock-actions.ts), the chat (chat-actions.ts), the rematch
 * (rematch.ts), a tournament's table (tournament-table.ts). The room's one
 * writer under it (writer.ts) loads the game, writes, tells every socket and
 * handles what falls due on its alarm.
 */
export class GameRoom extends RoomWriter {
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
    if (carried) await bringAbsences(this.env.DB, made.room, () => this.now());
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

  /** The invitation claims a free seat (seats.ts, `claimSeat`). */
  async claim(caller: Caller, request: z.output<typeof ClaimRequest>): Promise<Reply<{ seat: number; token: string }>> {
    const entered = await this.enter(caller, "invite");
    if ("ok" in entered) return entered;
    const claimed = await this.admission.claim(entered.room, caller, request);
    if ("ok" in claimed) return claimed;
    await this.written(entered.room, this.now(), { seatsChanged: true });
    return done(claimed);
  }

  /** The host's fresh link for a seat: one nobody has opened, or one whose player is gone (host-seats.ts). */
  async seatLink(caller: Caller, seat: number, name: string | null | undefined): Promise<Reply<{ seat: number; token: string }>> {
    const entered = await this.enter(caller, "host");
    if ("ok" in entered) return entered;
    const now = this.now();
    const issued = await freshSeatLink(this.storage, this.env.DB, this.ctx, entered.room, seat, name, now, caller.playerId);
    if ("ok" in issued) return issued;
    await this.written(entered.room, now, { seatsChanged: true });
    return done(issued);
  }

  /** Each seat as the creator sees it: opened or not, and whether it may get a fresh link now (host-seats.ts). */
  async seatsForHost(caller: Caller): Promise<Reply<{ seats: HostSeat[] }>> {
    const entered = await this.enter(caller, "host");
    if ("ok" in entered) return entered;
    return done({ seats: await hostSeats(this.env.DB, this.ctx, entered.room, this.now(), caller.playerId) });
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

  /** A seat claims the match from a seat that ran out of time. */
  async claimTimeout(caller: Caller): Promise<Reply<Json<EventsResponse>>> {
    const entered = await this.enter(caller, "seat");
    if ("ok" in entered) return entered;
    return this.seatWrites(entered.room, entered.access.seat, claimEntries(entered.room.table, entered.access.seat));
  }

  /** A seat's player hands it to the computer (`on`), or takes it back; either way the computer plays its turns only while it holds it. */
  async handover(caller: Caller, on: boolean, level: ComputerLevel | undefined): Promise<Reply<Json<EventsResponse>>> {
    const entered = await this.enter(caller, "seat");
    if ("ok" in entered) return entered;
    const { room } = entered;
    if (room.table.state.over) return fail(422, "HAND_OVER", "The match is over.");
    if (roundClosed(room)) return roundIsClosed();
    return this.seatWrites(room, entered.access.seat, handoverEntries(room.table, entered.access.seat, on, level));
  }

  /** A seat's entries written (none: nothing to write), answered with the events since; or the refusal. */
  private async seatWrites(room: Room, seat: number, entries: NewEntry[] | Failure): Promise<Reply<Json<EventsResponse>>> {
    if (!Array.isArray(entries)) return entries;
    const before = room.table.version;
    if (entries.length > 0) await this.commit(room, entries, this.now());
    return done(this.snapshots.events(room, seat, before, this.now()));
  }

  /** A player's devices joined another player (players/merge.ts): their seats here follow, with that player's absences. */
  async adoptPlayer(gameId: string, from: string, to: string): Promise<number> {
    const room = await this.open(gameId);
    if (!room) return 0;
    const moved = this.admission.adopt(room, from, to);
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
    return room ? this.admission.cutDevice(device) : 0;
  }

  /**
   * A device joined another player, leaving this game's seat's player (players/merge.ts): its seat sockets here close,
   * and it is asked of D1 when it next comes, and then refused the seat. Returns whether this room knew it.
   */
  async forgetDevice(gameId: string, device: string): Promise<boolean> {
    const room = await this.open(gameId);
    return room ? this.admission.forgetDevice(device) : false;
  }

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
    return this.seatChange(caller, (room, seat, now) => postMessage(room, seat, request, now));
  }

  /** A seat mutes or unmutes another seat's messages, for itself. */
  async mute(caller: Caller, seat: number, on: boolean): Promise<Reply<ChatState>> {
    return this.seatChange(caller, (room, own, now) => muteSeat(room, own, seat, on, now));
  }

  /** A seat lets spectators read the chat, or stops letting them. */
  async chatAudience(caller: Caller, open: boolean): Promise<Reply<ChatState>> {
    return this.seatChange(caller, (room, seat, now) => chooseAudience(room, seat, open, now));
  }

  /** The message a seat reports, for the operator's table in D1 (routes/chat.ts keeps it). */
  async reported(caller: Caller, seq: number): Promise<Reply<ReportedMessage>> {
    const entered = await this.enter(caller, "seat");
    if ("ok" in entered) return entered;
    return reportedMessage(entered.room, entered.access.seat, seq);
  }

  /** The Cron guard: handles whatever is due, as the alarm would have. Waking a room twice does nothing twice. */
  async wake(gameId: string): Promise<void> {
    const room = await this.open(gameId);
    if (room) await this.handleDue(room, this.now());
  }

  /**
   * The tournament closes this table at its round's deadline (room/tournament-table.ts): from now on only the
   * computer moves here, and a match still in play is settled as the clock says. Asking twice does nothing twice.
   * Returns the result of a match already over and reported (a tournament rebuilt from D1 may have lost it), else null.
   */
  async settleRound(gameId: string, level: ComputerLevel): Promise<TableResult | null> {
    const room = await this.tableWrites(gameId, (room) => closeRound(room, level));
    return room && reportedResult(room);
  }

  /** A withdrawn entry's seats at this table: resigned (a forfeit) or handed to the computer. */
  async withdrawSeats(gameId: string, seats: number[], mode: "forfeit" | "computer", level: ComputerLevel): Promise<boolean> {
    return (await this.tableWrites(gameId, (room) => withdrawEntries(room, seats, mode, level))) !== null;
  }

  /** The tournament writes at its table (room/tournament-table.ts): the room, or null when it holds no tournament's table. */
  private async tableWrites(gameId: string, entries: (room: Room) => NewEntry[]): Promise<Room | null> {
    const room = await this.open(gameId);
    if (!room?.table.created.tournament) return null;
    const written = entries(room);
    if (written.length > 0) await this.commit(room, written, this.now());
    return room;
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
}
