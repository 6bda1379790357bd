import type { GameEvent } from "../../engine/index";
import type { ComputerLevel } from "../../shared/wire/common";
import type { ClockControl, ClockStep, Reminder, Timeout } from "../clock/clock";

/**
 * The clock's entries in a game's log. They are written by the room (its
 * alarm, a claim, a player's absence), each with the time it happened, so
 * that replaying the log rebuilds the clock exactly.
 */
export type ClockBody =
  | {
      /** A "your move" reminder: `live` when the player had the table open (nothing is sent then). */
      readonly type: "reminder";
      readonly seat: number;
      readonly which: Reminder;
      readonly live: boolean;
    }
  | { readonly type: "timedOut"; readonly seat: number; readonly action: Timeout }
  | { readonly type: "claimed"; readonly seat: number; readonly late: number }
  | { readonly type: "aborted"; readonly late: number }
  | { readonly type: "absence"; readonly seat: number; readonly from: number; readonly until: number }
  /** `at`: when it was cancelled (the room may learn of it later). */
  | { readonly type: "absenceCancelled"; readonly seat: number; readonly from: number; readonly at: number }
  /** A player hands their seat to the computer (`on`), or takes it back. */
  | {
      readonly type: "computer";
      readonly seat: number;
      readonly on: boolean;
      readonly reason: "handover" | "player";
      readonly level?: ComputerLevel;
    };

export type { ClockControl };

/** What a log entry tells the clock; null for the game's creation. */
export function clockStepOf(
  body:
    | ClockBody
    | { readonly type: "created" }
    | { readonly type: "dealt" }
    | { readonly type: "move"; readonly seat: number; readonly by?: "computer" }
    | { readonly type: "seatReissued" }
    | { readonly type: "message" | "mute" | "chatAudience" },
  events: readonly GameEvent[],
  at: number,
): ClockStep | null {
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
      return { kind: "timedOut", at, seat: body.seat };
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
