import type { HostSeat } from "../../shared/wire/api";
import { dueOf } from "../clock/clock";
import { absentAt, DAY, merged, type Span, whenElapsed } from "../clock/time";
import type { SeatRow } from "../db/room-rows";
import type { Table } from "./table";

/**
 * When the creator may give an opened seat a fresh link: only once its
 * player is really gone. A player is gone when a turn of their own began
 * after they were last seen at the table and ran out of their own time —
 * their deadline passed (the time per move, or what their bank held), or,
 * without a clock, it waited a week — their declared absences not counting;
 * when they have been away at least a day besides (a night's sleep never
 * loses a seat, whatever the clock); when they are not away on a declared
 * absence now; and when they are not at the table now (an open WebSocket).
 * Nobody else's turn counts: a player waiting on three others for days is
 * not gone, nor is one whose creator sits on their own turn.
 */

/** Without a clock, how long a turn of the player's own must wait before they count as gone. */
export const IDLE_WITHOUT_CLOCK = 7 * DAY;

/** However short the clock, a player counts as gone only after this long away (their absences not counting). */
export const AWAY_AT_LEAST = DAY;

/**
 * A seat's `seenAt` moves in steps (seats.ts), so a player may have looked up to this long after it: a turn
 * counts as missed only if it began this long after they were last seen.
 */
export const SEEN_STEP = 10 * 60_000;

/**
 * Why a seat's player is not gone: at the table now, away on a declared absence, no turn of theirs missed
 * yet; or the seat is a computer player's, or its match is over (no seat to give back).
 */
export type NotGone = "connected" | "absent" | "playing" | "computer" | "over";

/**
 * `yours`: the seat was opened by the creator's own player (a tap on "Play this seat" at a friend's seat): theirs to
 * give back at once, as if nobody had opened it.
 */
export type Verdict =
  | { readonly gone: true; readonly yours?: true }
  | { readonly gone: false; readonly why: NotGone; readonly after: number | null };

export interface Presence {
  readonly now: number;
  /** When the seat's player was last seen at the table (ms). */
  readonly seen: number;
  /** Whether the seat has a WebSocket open now. */
  readonly connected: boolean;
  /** The player's declared absences (the log's and those D1 holds), cancelled ones cut where they were cancelled. */
  readonly absences: readonly Span[];
}

/**
 * When a turn of the seat's own, begun after its player was last seen, ran (or runs) out of the player's
 * time: `at` once it has, `after` when the turn in play will; neither when no such turn is waiting.
 */
export function missedTurn(table: Table, seat: number, presence: Presence): { at: number } | { after: number } | null {
  const since = presence.seen + SEEN_STEP;
  let turnSince: number | null = null;
  for (const entry of table.entries) {
    for (const event of entry.events) {
      if (event.type === "turn") turnSince = event.seat === seat ? entry.at : null;
      else if (event.type === "handEnded" || event.type === "matchEnded") turnSince = null;
    }
    const body = entry.body;
    // A timeout of the seat's own turn: written by the room when its deadline passed (whatever the timeout then did).
    if (body.type === "timedOut" && body.seat === seat && turnSince !== null && turnSince >= since) return { at: entry.at };
  }
  const state = table.state;
  const waiting = !state.over && state.hand?.end === null && state.hand.turn === seat && table.computers[seat] === null;
  if (!waiting || turnSince === null || turnSince < since) return null;
  const clock = table.clock;
  let deadline: number | null;
  if (clock) {
    // The turn in play, its timeout not yet written (a room woken late): its own deadline.
    deadline = clock.turn?.seat === seat && !clock.turn.timedOut ? dueOf(clock).timeout : null;
  } else {
    deadline = whenElapsed(turnSince, IDLE_WITHOUT_CLOCK, presence.absences);
  }
  if (deadline === null) return null;
  return deadline <= presence.now ? { at: deadline } : { after: deadline };
}

/** Whether the seat's player is gone (above), and if not, why and from when they may count as gone. */
export function goneVerdict(table: Table, seat: number, presence: Presence): Verdict {
  if (table.created.computers?.[seat]) return { gone: false, why: "computer", after: null };
  if (table.state.over) return { gone: false, why: "over", after: null };
  if (presence.connected) return { gone: false, why: "connected", after: null };
  const absences = merged(presence.absences);
  const away = absentAt(presence.now, absences);
  if (away) return { gone: false, why: "absent", after: away.until };
  const missed = missedTurn(table, seat, { ...presence, absences });
  const floor = whenElapsed(presence.seen, AWAY_AT_LEAST, absences);
  if (missed === null) return { gone: false, why: "playing", after: null };
  const from = Math.max("at" in missed ? missed.at : missed.after, floor);
  return from <= presence.now ? { gone: true } : { gone: false, why: "playing", after: from };
}

/** A player's declared absences as D1 holds them, as spans: one cancelled before it began never was; during it, it ended then. */
export function absenceSpans(declared: readonly { from: number; until: number; cancelledAt: number | null }[]): Span[] {
  return declared.flatMap((a) =>
    a.cancelledAt === null
      ? [{ from: a.from, until: a.until }]
      : a.cancelledAt <= a.from
        ? []
        : [{ from: a.from, until: Math.min(a.until, a.cancelledAt) }],
  );
}

/** The seat a token opened before the creator gave that seat a fresh link (the log's `seatReissued`), or null. */
export function reissuedSeat(table: Table, tokenHash: string): number | null {
  for (const entry of table.entries) if (entry.body.type === "seatReissued" && entry.body.previous === tokenHash) return entry.body.seat;
  return null;
}

/** A seat as the game's creator sees it: opened or not, and whether it may get a fresh link now. */
export function hostSeat(table: Table, row: SeatRow, verdict: Verdict): HostSeat {
  const iso = (ms: number | null) => (ms === null ? null : new Date(ms).toISOString());
  const freshLink = !row.taken
    ? { allowed: true, reason: "free" as const, after: null }
    : verdict.gone
      ? { allowed: true, reason: verdict.yours ? ("yours" as const) : ("gone" as const), after: null }
      : { allowed: false, reason: verdict.why, after: iso(verdict.after) };
  return { seat: row.seat, name: row.name ?? table.created.names[row.seat] ?? null, taken: row.taken, freshLink };
}
