import type { ClockView, ClockControl as ControlView, TimeoutOutcome as TimeoutOutcomeView } from "../../shared/wire/clock";
import { absenceOf, type ClockControl, timeLeft } from "../clock/clock";
import { absentAt, formatDuration, whenElapsed } from "../clock/time";
import type { SeatRow } from "../db/room-rows";
import type { Table } from "./table";
import { timeoutOutcome } from "./timeouts";

/** The clock as every viewer sees it (it holds nothing secret), at `now`. */

const iso = (ms: number) => new Date(ms).toISOString();

export function controlView(control: ClockControl): ControlView {
  return control.kind === "perMove"
    ? { perMove: formatDuration(control.perMove), timeout: control.timeout }
    : { bank: formatDuration(control.bank), increment: formatDuration(control.increment), timeout: control.timeout };
}

/** `seats`: the game's seats (whether the seat to play was ever opened decides what its timeout would do). */
export function clockView(table: Table, now: number, seats?: readonly SeatRow[]): ClockView | null {
  const clock = table.clock;
  if (!clock) return null;
  const turn = clock.turn && !clock.over ? clock.turn : null;
  const away = (seat: number) => {
    const span = absenceOf(clock, seat, now);
    return span ? { from: iso(span.from), until: iso(span.until) } : null;
  };
  return {
    control: controlView(clock.control),
    turn: turn && {
      seat: turn.seat,
      since: iso(turn.since),
      deadline: table.computers[turn.seat] ? null : iso(whenElapsed(turn.since, turn.allowance, clock.absences[turn.seat]!)),
      left: Math.round(timeLeft(clock, now) ?? 0),
      away: absentAt(now, clock.absences[turn.seat]!) !== null,
      timedOut: turn.timedOut,
      onTimeout: turn.timedOut || table.computers[turn.seat] ? null : onTimeout(table, turn.seat, seats?.[turn.seat]?.taken ?? true),
    },
    seats: clock.banks.map((bank, seat) => ({
      seat,
      bank: clock.control.kind === "bank" ? Math.round(bank) : null,
      away: away(seat),
      computer: table.computers[seat] !== null,
    })),
    claim: turn?.timedOut && !turn.adjourned && clock.control.timeout === "claim" ? { late: turn.seat } : null,
    adjourned: turn?.adjourned ? { late: turn.seat } : null,
    asOf: iso(now),
  };
}

function onTimeout(table: Table, seat: number, opened: boolean): TimeoutOutcomeView {
  const outcome = timeoutOutcome(table, seat, opened);
  return outcome.kind === "computer" && outcome.once ? "computerTurn" : outcome.kind;
}
