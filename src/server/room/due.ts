import { dueOf } from "../clock/clock";
import type { Deadline } from "./storage";
import type { Table } from "./table";

/**
 * What a game has due, from its log alone: its clock's timeout and
 * reminders, and the computer's turn when the seat to play is the
 * computer's. The room keeps these (and its outbox's drain) in its
 * deadlines table behind its single alarm.
 */

export type GameDueKind = "timeout" | "reminder:80%" | "reminder:1h" | "computer";

/** In a live game the computer waits about a second before its turn, so that people can follow. */
export const COMPUTER_PAUSE_LIVE_MS = 1000;

/** The seat to play, when the computer plays it. */
export function computerToPlay(table: Table): number | null {
  const hand = table.state.hand;
  if (table.state.over || !hand || hand.end !== null) return null;
  return table.computers[hand.turn] ? hand.turn : null;
}

export function gameDue(table: Table, live: boolean): (Deadline & { kind: GameDueKind })[] {
  const out: (Deadline & { kind: GameDueKind })[] = [];
  const clock = table.clock;
  if (clock && !table.state.over) {
    const due = dueOf(clock, (seat) => table.computers[seat] !== null);
    if (due.timeout !== null) out.push({ kind: "timeout", at: due.timeout });
    for (const r of due.reminders) out.push({ kind: `reminder:${r.which}`, at: r.at });
  }
  if (computerToPlay(table) !== null) {
    const last = table.lastAt;
    // The pause is before a turn; a turn the computer has begun (over several invocations: computer.ts) goes on at once.
    const pause = live && table.state.hand!.phase === "take" ? COMPUTER_PAUSE_LIVE_MS : 0;
    out.push({ kind: "computer", at: last + pause });
  }
  return out.sort((a, b) => a.at - b.at);
}

/** For the D1 index: when the seat to play runs out of time, the earliest thing due, and the turn's last reminder. */
export function indexTimes(table: Table): { deadline: number | null; nextDue: number | null; reminder: "80%" | "1h" | null } {
  const due = gameDue(table, false);
  const reminded = table.clock?.turn?.reminded ?? [];
  return {
    deadline: due.find((d) => d.kind === "timeout")?.at ?? null,
    nextDue: due[0]?.at ?? null,
    reminder: reminded[reminded.length - 1] ?? null,
  };
}
