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
import type { Entry, Table } from "./table";

/**
 * The notifications a log entry causes — play passing to a seat, a
 * reminder nobody saw at the table, a hand or the match ending — built from
 * the log with only public facts (notify/facts.ts). An entry's
 * notifications are queued in its outbox in the same transaction as the
 * entry, and built when the outbox is drained.
 */

/** Whether an entry notifies anyone (so that entries that do not cost the outbox nothing). */
export function notifies(entry: Pick<Entry, "body" | "events">): boolean {
  if (entry.body.type === "created") return true;
  if (entry.body.type === "message") return true;
  if (entry.body.type === "reminder") return !entry.body.live;
  if (entry.body.type === "timedOut") return true;
  return entry.events.some((e) => e.type === "turn" || e.type === "handEnded" || e.type === "matchEnded");
}

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
    out.push({ ...base, type: "started", first: first && "seat" in first ? first.seat : null });
  }
  // A reminder is sent only while its turn is still waiting: never once the seat moved or its time ran out.
  if (body.type === "reminder" && !body.live && turnStillWaiting(table, seq, body.seat)) {
    out.push({ ...base, type: "reminder", seat: body.seat, which: body.which, deadline: deadlineOf(table, body.seat, null) });
  }
  if (body.type === "timedOut") out.push({ ...base, type: "timedOut", seat: body.seat, action: body.action, teams });
  // A match ended on the clock is told once, as a claim or a cancelled match: not as a hand's scores.
  const onTheClock = body.type === "claimed" || body.type === "aborted";
  for (const event of entry.events) {
    if (event.type === "turn") {
      const lastMove = body.type === "move" ? lastMoveOf(table, seq, body) : null;
      out.push({ ...base, type: "turn", seat: event.seat, lastMove, deadline: deadlineOf(table, event.seat, entry.at) });
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
