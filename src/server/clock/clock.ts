import { absentAt, activeBetween, DAY, HOUR, type Span, whenElapsed } from "./time";

/**
 * A game's correspondence clock, as a pure state rebuilt from the game's
 * log: each entry's time comes from the log (never from a clock read here),
 * so replaying the log gives the same deadlines. The room feeds it every
 * entry (`clockAfter`) and asks what is due (`dueOf`).
 *
 * A turn is a seat's whole turn, from the moment play passes to it to its
 * discard. With a time per move each turn has the same allowance; with a
 * bank the allowance is what is left in the seat's bank, which loses the time
 * used and gains the increment at the end of each turn, never above its
 * initial size. Absences stop the clock of the absent seat.
 */

export type Timeout = "claim" | "computer";

export type ClockControl =
  | { readonly kind: "perMove"; readonly perMove: number; readonly timeout: Timeout }
  | { readonly kind: "bank"; readonly bank: number; readonly increment: number; readonly timeout: Timeout };

export type Reminder = "80%" | "1h";

export interface TurnClock {
  readonly seat: number;
  /** When play passed to the seat. */
  readonly since: number;
  /** Counting time the seat has for this turn. */
  readonly allowance: number;
  readonly reminded: readonly Reminder[];
  readonly timedOut: boolean;
  /** The timeout adjourned the game (nobody to claim it or to wait for): it waits for this seat's move. */
  readonly adjourned?: boolean;
  /**
   * When the computer made its first move of this turn, if it has: the computer plays a turn over several of
   * the room's invocations (src/server/room/computer.ts), and the time from there to the turn's end is the
   * room's, never charged to the seat.
   */
  readonly computerSince?: number;
}

export interface Clock {
  readonly control: ClockControl;
  /** Per seat: the bank (with a bank), or the time per move. */
  readonly banks: readonly number[];
  readonly absences: readonly (readonly Span[])[];
  readonly turn: TurnClock | null;
  /** Per seat: has made a move in this match, by its player or by the computer playing it (a computer seat plays too). */
  readonly moved: readonly boolean[];
  readonly over: boolean;
}

/** What one log entry tells the clock. */
export type ClockStep =
  | {
      readonly kind: "events";
      readonly at: number;
      /** The seat that moved, or null for a deal. */
      readonly seat: number | null;
      readonly byComputer: boolean;
      readonly events: readonly { readonly type: string; readonly seat?: number }[];
    }
  | { readonly kind: "reminder"; readonly at: number; readonly which: Reminder }
  | { readonly kind: "timedOut"; readonly at: number; readonly seat: number; readonly adjourned?: boolean }
  | { readonly kind: "absence"; readonly at: number; readonly seat: number; readonly from: number; readonly until: number }
  | { readonly kind: "absenceCancelled"; readonly at: number; readonly seat: number; readonly from: number };

export function startClock(control: ClockControl, players: number): Clock {
  const initial = control.kind === "bank" ? control.bank : control.perMove;
  return {
    control,
    banks: new Array(players).fill(initial),
    absences: Array.from({ length: players }, () => []),
    turn: null,
    moved: new Array(players).fill(false),
    over: false,
  };
}

const replace = <T>(list: readonly T[], i: number, value: T): T[] => list.map((v, j) => (j === i ? value : v));

/** The clock after the turn in progress ended at `at`: the bank pays for the time used. */
function endTurn(clock: Clock, at: number): Clock {
  const turn = clock.turn;
  if (!turn) return clock;
  const { control } = clock;
  if (control.kind !== "bank") return { ...clock, turn: null };
  const used = activeBetween(turn.since, Math.min(at, turn.computerSince ?? at), clock.absences[turn.seat]!);
  const bank = Math.min(control.bank, Math.max(0, turn.allowance - used) + control.increment);
  return { ...clock, banks: replace(clock.banks, turn.seat, bank), turn: null };
}

function startTurn(clock: Clock, seat: number, at: number): Clock {
  return { ...clock, turn: { seat, since: at, allowance: clock.banks[seat]!, reminded: [], timedOut: false } };
}

export function clockAfter(clock: Clock, step: ClockStep): Clock {
  if (clock.over) return clock;
  switch (step.kind) {
    case "events": {
      let next = clock;
      // Whoever made it, the seat has played: a computer seat's moves count as much as a person's.
      if (step.seat !== null) next = { ...next, moved: replace(next.moved, step.seat, true) };
      const turn = next.turn;
      if (turn && turn.seat === step.seat) {
        // A player who takes their seat back within the turn is charged the whole turn, as before the computer played.
        const computerSince = step.byComputer ? (turn.computerSince ?? step.at) : undefined;
        if (computerSince !== turn.computerSince) {
          const { computerSince: _, ...rest } = turn;
          next = { ...next, turn: computerSince === undefined ? rest : { ...rest, computerSince } };
        }
      }
      for (const event of step.events) {
        if (event.type === "turn") next = startTurn(endTurn(next, step.at), event.seat!, step.at);
        else if (event.type === "handEnded") next = endTurn(next, step.at);
        else if (event.type === "matchEnded") next = { ...endTurn(next, step.at), over: true };
      }
      return next;
    }
    case "reminder": {
      if (!clock.turn) return clock;
      // The hour's reminder comes after the 80% one: sent (alone, after a late wake), it stands for both.
      const before = step.which === "1h" && !clock.turn.reminded.includes("80%") ? (["80%"] as const) : [];
      return { ...clock, turn: { ...clock.turn, reminded: [...clock.turn.reminded, ...before, step.which] } };
    }
    case "timedOut":
      if (!clock.turn || clock.turn.seat !== step.seat) return clock;
      return { ...clock, turn: { ...clock.turn, timedOut: true, ...(step.adjourned ? { adjourned: true } : {}) } };
    case "absence":
      return {
        ...clock,
        absences: replace(clock.absences, step.seat, [...clock.absences[step.seat]!, { from: step.from, until: step.until }]),
      };
    case "absenceCancelled": {
      // Cancelled before it began, it never was; cancelled during it, it ends now.
      const spans = clock.absences[step.seat]!.flatMap((a) =>
        a.from !== step.from ? [a] : step.at <= a.from ? [] : [{ from: a.from, until: Math.min(a.until, step.at) }],
      );
      return { ...clock, absences: replace(clock.absences, step.seat, spans) };
    }
  }
}

/** What the clock has due, each at its time: the turn's timeout and its reminders. */
export interface Due {
  readonly timeout: number | null;
  readonly reminders: readonly { readonly which: Reminder; readonly at: number }[];
}

/** `computer`: whether the computer plays a seat (its turns have no deadline: it plays them at once). */
export function dueOf(clock: Clock, computer: (seat: number) => boolean = () => false): Due {
  const turn = clock.turn;
  if (clock.over || !turn || turn.timedOut || computer(turn.seat)) return { timeout: null, reminders: [] };
  const away = clock.absences[turn.seat]!;
  const reminders: { which: Reminder; at: number }[] = [];
  if (!turn.reminded.includes("80%")) reminders.push({ which: "80%", at: whenElapsed(turn.since, turn.allowance * 0.8, away) });
  if (turn.allowance > DAY && !turn.reminded.includes("1h")) {
    reminders.push({ which: "1h", at: whenElapsed(turn.since, turn.allowance - HOUR, away) });
  }
  return { timeout: whenElapsed(turn.since, turn.allowance, away), reminders };
}

/** Who has a stake in a match when a seat runs out of time. */
export interface Stakes {
  /** Whether a seat is a person's (not a computer player chosen at creation: those have nothing to lose). */
  readonly person: (seat: number) => boolean;
  /** Whether the late seat was ever opened by its player. */
  readonly opened: boolean;
}

/**
 * What a timeout of the seat `late` does now. No result (`abort`) while nobody has a stake in the match yet:
 * the late seat was never opened (a player who never came), or it has not moved and no other person's seat
 * has either. Otherwise the creator's choice: a player who never moves once another person has played runs
 * out of time like any late player, so a match cannot be dodged by never moving.
 */
export function timeoutAction(clock: Clock, late: number, stakes: Stakes): "abort" | Timeout {
  if (!stakes.opened) return "abort";
  if (clock.moved[late]) return clock.control.timeout;
  return clock.moved.some((moved, seat) => moved && seat !== late && stakes.person(seat)) ? clock.control.timeout : "abort";
}

/** Counting time left for the seat to play at `now` (0 when it has run out). */
export function timeLeft(clock: Clock, now: number): number | null {
  const turn = clock.turn;
  if (!turn || clock.over) return null;
  return Math.max(0, turn.allowance - activeBetween(turn.since, now, clock.absences[turn.seat]!));
}

/** The seat's absence at `now`, or the next one declared. */
export function absenceOf(clock: Clock, seat: number, now: number): Span | null {
  const spans = clock.absences[seat]!;
  return absentAt(now, spans) ?? spans.filter((a) => a.from > now).sort((a, b) => a.from - b.from)[0] ?? null;
}
