import type { ClockView, ClockControl as ControlView } from "../../shared/wire/clock";
import { absenceOf, type ClockControl, timeLeft } from "../clock/clock";
import { absentAt, formatDuration, whenElapsed } from "../clock/time";
import type { Table } from "./table";

/** The clock as every viewer sees it (it holds nothing secret), at `now`. */

const iso = (ms: number) => new Date(ms).toISOString();

export function controlView(control: ClockControl): ControlView {
  return control.kind === "perMove"
    ? { perMove: formatDuration(control.perMove), timeout: control.timeout }
    : { bank: formatDuration(control.bank), increment: formatDuration(control.increment), timeout: control.timeout };
}

export function clockView(table: Table, now: number): ClockView | null {
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
    },
    seats: clock.banks.map((bank, seat) => ({
      seat,
      bank: clock.control.kind === "bank" ? Math.round(bank) : null,
      away: away(seat),
      computer: table.computers[seat] !== null,
    })),
    claim: turn?.timedOut && clock.control.timeout === "claim" && !clock.over ? { late: turn.seat } : null,
    asOf: iso(now),
  };
}
