import type { GameEvent } from "../../engine/index";
import type { ClockStep } from "../clock/clock";
import type { LogBody } from "../db/log-entry";

/**
 * The clock as the game's log tells it: each entry, the clock's own
 * (db/log-entry.ts, ClockBody: written by the room's alarm, a claim, a
 * player's absence, each with the time it happened) and the moves, as a
 * step of the clock, so that replaying the log rebuilds the clock exactly.
 */

/** What a log entry tells the clock; null for the game's creation. */
export function clockStepOf(body: LogBody, events: readonly GameEvent[], at: number): ClockStep | null {
  switch (body.type) {
    case "created":
      return null;
    case "dealt":
      return { kind: "events", at, seat: null, byComputer: false, events };
    case "move":
      return { kind: "events", at, seat: body.seat, byComputer: body.by === "computer", events };
    case "claimed":
    case "aborted":
      return { kind: "events", at, seat: null, byComputer: false, events };
    case "reminder":
      return { kind: "reminder", at, which: body.which };
    case "timedOut":
      return { kind: "timedOut", at, seat: body.seat, ...(body.action === "adjourn" ? { adjourned: true } : {}) };
    case "absence":
      return { kind: "absence", at, seat: body.seat, from: body.from, until: body.until };
    case "absenceCancelled":
      return { kind: "absenceCancelled", at: body.at, seat: body.seat, from: body.from };
    case "computer":
    case "seatReissued":
    // The chat never touches the clock: a message is not a move.
    case "message":
    case "mute":
    case "chatAudience":
      return null;
  }
}
