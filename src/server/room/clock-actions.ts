import { makeMove, needsDeal, type Outcome, teamOf } from "../../engine/index";
import type { ComputerLevel } from "../../shared/wire/common";
import type { LogBody } from "../db/log-entry";
import { type Failure, fail } from "../reply";
import { canDecide, computerTurn, type Work } from "./computer";
import { computerToPlay, gameDue } from "./due";
import { nextDeal } from "./fairness";
import type { Table } from "./table";
import { timeoutOutcome } from "./timeouts";

/**
 * What the room writes when its clock has something due, or when a player
 * acts on the clock or hands their seat to the computer: each function
 * returns the log entries to append (in one transaction), or nothing when
 * nothing is due — so a room woken twice, by its alarm and by the Cron
 * guard, does nothing twice.
 */

export type NewEntry = { readonly body: LogBody; readonly outcome?: Outcome };

/** What the room knows of its seats now: whether a seat's player has the table open live, and whether it was ever opened. */
export interface SeatsNow {
  readonly live: (seat: number) => boolean;
  readonly opened: (seat: number) => boolean;
}

/**
 * The first thing due at `now`, as entries: a computer's moves, a timeout, or a reminder. The computer plays
 * within the invocation's `work` (computer.ts): when its moves are due and the invocation has no room left
 * for them, or a fresh isolate warmed its players up instead, nothing is returned, and the room's alarm comes
 * back for them at once.
 */
export function dueEntries(table: Table, now: number, seats: SeatsNow, work: Work): NewEntry[] {
  const dueNow = gameDue(table, false).filter((d) => d.at <= now);
  // A room woken late (a lost alarm, time moved on) finds the timeout due with its reminders: the timeout comes first, and the
  // reminders of a turn whose time is up are never written (they would remind of a move that can no longer be in time).
  // Both reminders due at once: only the hour's is still true (the 80% one would arrive beside it, saying an hour is left),
  // and it stands for the other (the clock counts the 80% one as sent: clock.ts).
  const due = dueNow.find((d) => d.kind === "timeout") ?? dueNow.find((d) => d.kind === "reminder:1h") ?? dueNow[0];
  if (!due) return [];
  if (due.kind === "computer") return canDecide(work) ? computerEntries(table, work) : [];
  if (!table.clock?.turn) return [];
  const seat = table.clock.turn.seat;
  switch (due.kind) {
    case "timeout": {
      const outcome = timeoutOutcome(table, seat, seats.opened(seat));
      if (outcome.kind === "abort") return [{ body: { type: "aborted", late: seat } }];
      if (outcome.kind === "computer" && outcome.once) return [{ body: { type: "timedOut", seat, action: "computer", once: true } }];
      return [{ body: { type: "timedOut", seat, action: outcome.kind } }];
    }
    case "reminder:80%":
    case "reminder:1h": {
      const which = due.kind === "reminder:80%" ? "80%" : "1h";
      return [{ body: { type: "reminder", seat, which, live: seats.live(seat) } }];
    }
  }
}

/** The computer's next moves for the seat to play (as many as `work` allows), each its own entry, and the next deal if they ended a hand. */
function computerEntries(table: Table, work: Work): NewEntry[] {
  const seat = computerToPlay(table);
  if (seat === null) return [];
  const moves = computerTurn(table, table.computers[seat]!.level, work);
  const entries: NewEntry[] = moves.map(({ move, outcome }) => ({
    body: { type: "move", seat, move: makeMove(move), id: null, by: "computer" },
    outcome,
  }));
  const after = moves[moves.length - 1]?.outcome.state;
  if (after && needsDeal(after)) entries.push({ body: nextDeal(table.created, after, after.past.length + 1) });
  return entries;
}

/** A seat claims the match from a seat that ran out of time (timeout choice `claim`). */
export function claimEntries(table: Table, seat: number): NewEntry[] | Failure {
  const clock = table.clock;
  const turn = clock?.turn;
  if (!clock || !turn || clock.over || !turn.timedOut || turn.adjourned || clock.control.timeout !== "claim") {
    return fail(409, "NOTHING_TO_CLAIM", "No seat has run out of time: there is nothing to claim.");
  }
  const players = table.state.players;
  if (teamOf(seat, players) === teamOf(turn.seat, players)) {
    return fail(403, "FORBIDDEN", "Only the late seat's opponents may claim the match.");
  }
  return [{ body: { type: "claimed", seat, late: turn.seat } }];
}

/**
 * A seat's player hands it to the computer (`on`), or takes it back: the entry, or none when the computer already
 * holds it or not as asked. A handover is for not holding others up: with nobody else at the table it is refused.
 */
export function handoverEntries(table: Table, seat: number, on: boolean, level: ComputerLevel | undefined): NewEntry[] | Failure {
  const holds = table.computers[seat] !== null;
  // With nobody else at the table, the computer would only play the match out alone.
  if (on && !holds && table.computers.every((c, s) => s === seat || c !== null))
    return fail(
      409,
      "NOBODY_WAITING",
      "Nobody else is at the table to wait for you: the game waits for your move as long as it takes (with a clock, declare an absence to stop it).",
    );
  if (holds === on) return [];
  const body = on
    ? ({ type: "computer", seat, on, reason: "handover", ...(level ? { level } : {}) } as const)
    : ({ type: "computer", seat, on, reason: "player" } as const);
  return [{ body }];
}

/** A player's absences (all they declared, from D1) as entries for each of their seats: what the log does not have yet. */
export function absenceEntries(
  table: Table,
  seats: readonly number[],
  declared: readonly { from: number; until: number; cancelledAt: number | null }[],
): NewEntry[] {
  const clock = table.clock;
  if (!clock || clock.over) return [];
  const out: NewEntry[] = [];
  for (const seat of seats) {
    const known = clock.absences[seat]!;
    for (const a of declared) {
      const logged = known.find((k) => k.from === a.from);
      if (a.cancelledAt === null) {
        if (!logged) out.push({ body: { type: "absence", seat, from: a.from, until: a.until } });
        continue;
      }
      // Cancelled before it began it never was; during it, it ended then. Logged as such already: nothing to do.
      const cut = a.cancelledAt <= a.from ? null : Math.min(a.until, a.cancelledAt);
      if (logged && logged.until !== cut) out.push({ body: { type: "absenceCancelled", seat, from: a.from, at: a.cancelledAt } });
    }
  }
  return out;
}
