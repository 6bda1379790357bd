import { type GameEvent, handsOf, seatsOf, teamCount } from "../../engine/index";
import { dueOf } from "../clock/clock";
import type { SeatRow } from "../db/room-rows";
import type { Env } from "../env";
import { publicMove } from "../notify/facts";
import { fanOut, type SkipDelivery } from "../notify/index";
import type { GameNotification, PublicMove } from "../notify/types";
import { chatNotifications } from "./chat-notify";
import { notificationBase } from "./notification-base";
import type { Room } from "./room";
import type { Table } from "./table";

/**
 * The notifications a log entry causes — play passing to a seat, a
 * reminder nobody saw at the table, a hand or the match ending — built from
 * the log with only public facts (notify/facts.ts). An entry's
 * notifications are queued in its outbox in the same transaction as the
 * entry, and built when the outbox is drained.
 */

/** `clockOffset`: how far the game's clock runs ahead of the platform's (0 but in local tests' time travel). */
export function notificationsOf(table: Table, seats: readonly SeatRow[], seq: number, clockOffset = 0): GameNotification[] {
  const entry = table.entry(seq);
  if (!entry) return [];
  const base = notificationBase(table, seats, seq, clockOffset);
  const players = table.state.players;
  const teams = Array.from({ length: teamCount(players) }, (_, t) => seatsOf(t, players));
  const body = entry.body;
  const out: GameNotification[] = [];
  // A game made with its players in their seats (a seek's, a rematch's): every one of them hears it started.
  if (body.type === "created" && seats.some((s) => s.playerHash !== null)) {
    const first = table.entries[1]?.events.find((e) => e.type === "turn");
    const of = table.created.tournament;
    const tournament = of ? { id: of.id, name: of.name, round: of.round, table: of.table, deadline: of.deadline } : null;
    out.push({ ...base, type: "started", first: first && "seat" in first ? first.seat : null, ...(tournament ? { tournament } : {}) });
  }
  // A reminder is sent only while its turn is still waiting: never once the seat moved or its time ran out.
  if (body.type === "reminder" && !body.live && turnStillWaiting(table, seq, body.seat)) {
    out.push({ ...base, type: "reminder", seat: body.seat, which: body.which, deadline: deadlineOf(table, body.seat, null) });
  }
  if (body.type === "timedOut") {
    // The computer plays a lone player's late turn once: they hear of it in their next turn's message, one message, not two.
    const players = body.once ? base.players.map((p, s) => (s === body.seat ? null : p)) : base.players;
    out.push({ ...base, players, type: "timedOut", seat: body.seat, action: body.action, ...(body.once ? { once: true } : {}), teams });
  }
  // The seat is no longer its old player's: the message goes to them by name, and links to the public table.
  if (body.type === "seatReissued" && body.player) {
    const players = base.players.map((p, s) => (s === body.seat ? body.player! : p));
    const links = base.links.map((l, s) => (s === body.seat ? null : l));
    out.push({ ...base, players, links, type: "seatReissued", seat: body.seat });
  }
  // A match ended on the clock is told once, as a claim or a cancelled match: not as a hand's scores.
  const onTheClock = body.type === "claimed" || body.type === "aborted";
  for (const event of entry.events) {
    if (event.type === "turn") {
      // A turn the computer plays for a seat is nobody's turn to be told of: it is played at once.
      if (table.computersAt(seq)[event.seat]) continue;
      const lastMove = body.type === "move" ? lastMoveOf(table, seq, body) : null;
      const missed = missedLast(table, seq, event.seat) ? { missed: true as const } : {};
      out.push({ ...base, type: "turn", seat: event.seat, lastMove, deadline: deadlineOf(table, event.seat, entry.at), ...missed });
    } else if (event.type === "handEnded" && !onTheClock) {
      const totals = handsOf(table.state)
        .filter((h) => h.number <= event.hand && h.scores)
        .reduce((sum, h) => sum.map((n, t) => n + h.scores![t]!.total), new Array(teams.length).fill(0) as number[]);
      out.push({
        ...base,
        type: "handEnded",
        hand: event.hand,
        teams,
        scores: event.scores.map((s) => ({ hand: s.total, total: totals[s.team]! })),
      });
    } else if (event.type === "matchEnded") {
      const over = { teams, winner: event.winner, totals: event.totals };
      if (body.type === "claimed") {
        out.push({ ...base, type: "claimed", seat: body.seat, late: body.late, ...over });
        out.push({ ...base, type: "gameOver", ...over, ending: { reason: "timeout", late: body.late, claimedBy: body.seat } });
      } else if (body.type === "aborted") {
        out.push({ ...base, type: "gameOver", ...over, ending: { reason: "aborted", late: body.late } });
      } else out.push({ ...base, type: "gameOver", ...over });
    }
  }
  return out;
}

/** The turn that ended with a move, in public facts, marked when the computer made the move that passed the turn. */
function lastMoveOf(table: Table, seq: number, body: { seat: number; by?: "computer" }): PublicMove {
  const move = publicMove(body.seat, turnEvents(table, seq));
  return body.by === "computer" ? { ...move, by: "computer" } : move;
}

/** Whether the seat's own last turn, before the one entry `seq` gives it, ran out of time and the computer played it once. */
function missedLast(table: Table, seq: number, seat: number): boolean {
  for (let i = seq - 2; i >= 0; i--) {
    const entry = table.entry(i + 1)!;
    const b = entry.body;
    if (b.type === "timedOut" && b.seat === seat) return b.action === "computer" && b.once === true;
    if ((b.type === "move" && b.seat === seat && b.by !== "computer") || entry.events.some((e) => e.type === "turn" && e.seat === seat))
      return false;
  }
  return false;
}

/** Whether the turn a reminder (entry `seq`) was about still waits for `seat`: no move of its, no timeout, no new turn since. */
function turnStillWaiting(table: Table, seq: number, seat: number): boolean {
  for (const later of table.since(seq)) {
    const b = later.body;
    if ((b.type === "move" && b.seat === seat) || b.type === "timedOut" || b.type === "claimed" || b.type === "aborted") return false;
    if (later.events.some((e) => e.type === "turn" || e.type === "handEnded" || e.type === "matchEnded")) return false;
  }
  return true;
}

/** The events of the turn that ended with entry `seq`: since play last passed, up to and without the pass itself. */
function turnEvents(table: Table, seq: number): GameEvent[] {
  const events: GameEvent[] = [];
  for (let i = seq - 1; i >= 0; i--) {
    const entry = table.entry(i + 1)!;
    const own = i === seq - 1 ? entry.events.filter((e) => e.type !== "turn") : entry.events;
    const pass = own.findLastIndex((e) => e.type === "turn");
    if (pass >= 0) return [...own.slice(pass + 1), ...events];
    events.unshift(...own);
  }
  return events;
}

/** When the seat's turn (the one that began at `since`, if given) times out, while the clock still runs it; null otherwise or without a clock. */
function deadlineOf(table: Table, seat: number, since: number | null): number | null {
  const turn = table.clock?.turn;
  if (!turn || turn.seat !== seat || (since !== null && turn.since !== since)) return null;
  return dueOf(table.clock!, (s) => table.computers[s] !== null).timeout;
}

/**
 * An entry's notifications to the subscriptions that want them. A player
 * at the table live (a connected WebSocket) is not sent a "your turn" or
 * reminder email or push: they can see it.
 */
export async function notifyEntry(env: Env, room: Room, seq: number, live: (seat: number) => boolean, clockOffset = 0): Promise<void> {
  if (room.table.entry(seq)?.body.type === "message") {
    for (const notification of chatNotifications(room, seq, live, clockOffset)) {
      await fanOut(env, notification, { shard: room.logShard });
    }
    return;
  }
  const skip: SkipDelivery = (sub, n) =>
    (sub.channel === "email" || sub.channel === "push") && (n.type === "turn" || n.type === "reminder") && live(n.seat);
  for (const notification of notificationsOf(room.table, room.seats, seq, clockOffset))
    await fanOut(env, notification, { skip, shard: room.logShard });
}
