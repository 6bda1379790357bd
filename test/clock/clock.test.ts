import { describe, expect, it } from "vitest";
import {
  type Clock,
  type ClockControl,
  type ClockStep,
  clockAfter,
  dueOf,
  startClock,
  timeLeft,
  timeoutAction,
} from "../../src/server/clock/clock";
import { activeBetween, DAY, formatDuration, HOUR, MINUTE, parseDuration, whenElapsed } from "../../src/server/clock/time";

const T0 = Date.UTC(2026, 4, 1, 9, 0, 0);

/** Steps in the words of a game: a deal passing play to a seat, a move passing play on, a hand ending. */
const deal = (at: number, first: number): ClockStep => ({
  kind: "events",
  at,
  seat: null,
  byComputer: false,
  events: [{ type: "handStarted" }, { type: "turn", seat: first }],
});
const pass = (at: number, seat: number, to: number, byComputer = false): ClockStep => ({
  kind: "events",
  at,
  seat,
  byComputer,
  events: [
    { type: "discarded", seat },
    { type: "turn", seat: to },
  ],
});
const draw = (at: number, seat: number, byComputer = false): ClockStep => ({
  kind: "events",
  at,
  seat,
  byComputer,
  events: [{ type: "drew", seat }],
});
const handEnds = (at: number, seat: number): ClockStep => ({
  kind: "events",
  at,
  seat,
  byComputer: false,
  events: [{ type: "discarded", seat }, { type: "handEnded" }],
});

function run(control: ClockControl, players: number, steps: ClockStep[]): Clock {
  return steps.reduce(clockAfter, startClock(control, players));
}

describe("durations", () => {
  it.each([
    ["1h", HOUR],
    ["3d", 3 * DAY],
    ["1d12h", DAY + 12 * HOUR],
    ["90m", 90 * MINUTE],
    ["14d", 14 * DAY],
  ])("reads %s", (text, ms) => {
    expect(parseDuration(text)).toBe(ms);
    expect(parseDuration(formatDuration(ms))).toBe(ms);
  });

  it.each(["", "3", "d", "3 days", "-1h", "1.5d", "1w", "3d3d"])("refuses %j", (text) => expect(parseDuration(text)).toBeNull());
});

describe("active time", () => {
  const away = [{ from: T0 + 2 * HOUR, until: T0 + 5 * HOUR }];
  it("leaves absences out, and finds when an allowance runs out across them", () => {
    expect(activeBetween(T0, T0 + 10 * HOUR, away)).toBe(7 * HOUR);
    expect(activeBetween(T0 + 3 * HOUR, T0 + 4 * HOUR, away)).toBe(0);
    expect(whenElapsed(T0, HOUR, away)).toBe(T0 + HOUR);
    expect(whenElapsed(T0, 3 * HOUR, away)).toBe(T0 + 6 * HOUR);
    expect(whenElapsed(T0 + 3 * HOUR, HOUR, away)).toBe(T0 + 6 * HOUR);
    // Overlapping and touching absences count once.
    expect(activeBetween(T0, T0 + 10 * HOUR, [...away, { from: T0 + 4 * HOUR, until: T0 + 6 * HOUR }])).toBe(6 * HOUR);
  });
});

describe("a time per move", () => {
  const control: ClockControl = { kind: "perMove", perMove: 3 * DAY, timeout: "claim" };

  it("gives each turn the whole time, across turns and hands, from when play passed", () => {
    let clock = run(control, 2, [deal(T0, 1)]);
    expect(dueOf(clock).timeout).toBe(T0 + 3 * DAY);
    // Moves within the turn do not restart it.
    clock = clockAfter(clock, draw(T0 + DAY, 1));
    expect(dueOf(clock).timeout).toBe(T0 + 3 * DAY);
    clock = clockAfter(clock, pass(T0 + 2 * DAY, 1, 0));
    expect(clock.turn).toMatchObject({ seat: 0, since: T0 + 2 * DAY });
    expect(dueOf(clock).timeout).toBe(T0 + 5 * DAY);
    clock = clockAfter(clock, handEnds(T0 + 3 * DAY, 0));
    expect(clock.turn).toBeNull();
    expect(dueOf(clock).timeout).toBeNull();
    clock = clockAfter(clock, deal(T0 + 3 * DAY, 0));
    expect(dueOf(clock).timeout).toBe(T0 + 6 * DAY);
    expect(timeLeft(clock, T0 + 4 * DAY)).toBe(2 * DAY);
  });

  it("reminds at 80% and with an hour left, once each", () => {
    let clock = run(control, 2, [deal(T0, 1)]);
    expect(dueOf(clock).reminders).toEqual([
      { which: "80%", at: T0 + 0.8 * 3 * DAY },
      { which: "1h", at: T0 + 3 * DAY - HOUR },
    ]);
    clock = clockAfter(clock, { kind: "reminder", at: T0 + 0.8 * 3 * DAY, which: "80%" });
    expect(dueOf(clock).reminders.map((r) => r.which)).toEqual(["1h"]);
    // The next turn has its own reminders.
    clock = clockAfter(clock, pass(T0 + 2.5 * DAY, 1, 0));
    expect(dueOf(clock).reminders.map((r) => r.which)).toEqual(["80%", "1h"]);
  });

  it("reminds with an hour left only when the time per move is over a day", () => {
    const clock = run({ kind: "perMove", perMove: DAY, timeout: "claim" }, 2, [deal(T0, 1)]);
    expect(dueOf(clock).reminders.map((r) => r.which)).toEqual(["80%"]);
  });

  it("stops the clock of an absent player only, and resumes it when the absence ends", () => {
    let clock = run(control, 2, [deal(T0, 1)]);
    clock = clockAfter(clock, { kind: "absence", at: T0 + HOUR, seat: 1, from: T0 + DAY, until: T0 + 6 * DAY });
    clock = clockAfter(clock, { kind: "absence", at: T0 + HOUR, seat: 0, from: T0 + DAY, until: T0 + 2 * DAY });
    expect(dueOf(clock).timeout).toBe(T0 + 8 * DAY);
    expect(timeLeft(clock, T0 + 3 * DAY)).toBe(2 * DAY);
    expect(timeLeft(clock, T0 + 7 * DAY)).toBe(DAY);
    // Cancelled before it began, an absence never was; cancelled during it, it ends then.
    const early = clockAfter(clock, { kind: "absenceCancelled", at: T0 + 2 * HOUR, seat: 1, from: T0 + DAY });
    expect(dueOf(early).timeout).toBe(T0 + 3 * DAY);
    const midway = clockAfter(clock, { kind: "absenceCancelled", at: T0 + 2 * DAY, seat: 1, from: T0 + DAY });
    expect(dueOf(midway).timeout).toBe(T0 + 4 * DAY);
  });
});

describe("a bank with an increment", () => {
  const control: ClockControl = { kind: "bank", bank: 7 * DAY, increment: DAY, timeout: "claim" };

  it("spends the time used, adds the increment, and never goes above its initial size", () => {
    let clock = run(control, 2, [deal(T0, 1)]);
    expect(dueOf(clock).timeout).toBe(T0 + 7 * DAY);
    clock = clockAfter(clock, pass(T0 + 3 * DAY, 1, 0)); // seat 1 used 3 days: 7 - 3 + 1 = 5
    expect(clock.banks).toEqual([7 * DAY, 5 * DAY]);
    clock = clockAfter(clock, pass(T0 + 3 * DAY + HOUR, 0, 1)); // seat 0 used an hour: capped at 7
    expect(clock.banks).toEqual([7 * DAY, 5 * DAY]);
    expect(dueOf(clock).timeout).toBe(T0 + 3 * DAY + HOUR + 5 * DAY);
    clock = clockAfter(clock, pass(T0 + 4 * DAY + HOUR, 1, 0)); // seat 1 used a day: 5 - 1 + 1 = 5
    expect(clock.banks).toEqual([7 * DAY, 5 * DAY]);
  });

  it("carries the bank across hands, and pays nothing for an absence", () => {
    let clock = run(control, 2, [deal(T0, 1)]);
    clock = clockAfter(clock, { kind: "absence", at: T0, seat: 1, from: T0 + DAY, until: T0 + 3 * DAY });
    clock = clockAfter(clock, handEnds(T0 + 4 * DAY, 1)); // 4 days, 2 of them away: 7 - 2 + 1 = 6
    expect(clock.banks[1]).toBe(6 * DAY);
    clock = clockAfter(clock, deal(T0 + 4 * DAY, 1));
    expect(dueOf(clock).timeout).toBe(T0 + 10 * DAY);
  });

  it("charges a turn the computer plays over several invocations only up to its first move; a player back within the turn pays it all", () => {
    let clock = run(control, 2, [deal(T0, 1)]);
    // Play passed to seat 1 at T0; the computer draws a day later, and its discard comes (say the room was slow) two days after that.
    clock = clockAfter(clock, draw(T0 + DAY, 1, true));
    clock = clockAfter(clock, pass(T0 + 3 * DAY, 1, 0, true)); // charged 1 day, not 3: 7 - 1 + 1 = 7
    expect(clock.banks).toEqual([7 * DAY, 7 * DAY]);
    clock = clockAfter(clock, pass(T0 + 5 * DAY, 0, 1)); // seat 0 used 2 days: 7 - 2 + 1 = 6
    expect(clock.banks).toEqual([6 * DAY, 7 * DAY]);
    // The computer draws for seat 1, its player takes the seat back and discards: the whole turn is theirs.
    clock = clockAfter(clock, draw(T0 + 5 * DAY, 1, true));
    clock = clockAfter(clock, pass(T0 + 8 * DAY, 1, 0)); // 7 - 3 + 1 = 5
    expect(clock.banks).toEqual([6 * DAY, 5 * DAY]);
  });
});

describe("timeouts", () => {
  const control: ClockControl = { kind: "perMove", perMove: DAY, timeout: "computer" };

  const people = { person: () => true, opened: true };

  it("aborts while nobody has played, and does the creator's choice once a person has: a match is not dodged by never moving", () => {
    let clock = run(control, 2, [deal(T0, 1)]);
    expect(timeoutAction(clock, 1, people)).toBe("abort");
    clock = clockAfter(clock, pass(T0 + HOUR, 1, 0));
    // Seat 0 never moves after seat 1 played: it runs out of time like any late player.
    expect(timeoutAction(clock, 0, people)).toBe("computer");
    expect(timeoutAction(clock, 0, { ...people, opened: false })).toBe("abort"); // a player who never came
    expect(timeoutAction(clock, 0, { ...people, person: (seat) => seat === 0 })).toBe("abort"); // only a computer player played
    clock = clockAfter(clock, pass(T0 + 2 * HOUR, 0, 1));
    expect(timeoutAction(clock, 1, people)).toBe("computer");
  });

  it("stops the turn's clock once timed out; a seat the computer plays has no deadline, and a computer's move counts as the seat's", () => {
    let clock = run(control, 2, [deal(T0, 1), pass(T0 + HOUR, 1, 0), pass(T0 + 2 * HOUR, 0, 1)]);
    clock = clockAfter(clock, { kind: "timedOut", at: T0 + 26 * HOUR, seat: 1 });
    expect(dueOf(clock)).toEqual({ timeout: null, reminders: [] });
    clock = clockAfter(clock, pass(T0 + 26 * HOUR, 1, 0, true));
    expect(dueOf(clock).timeout).toBe(T0 + 50 * HOUR);
    clock = clockAfter(clock, pass(T0 + 27 * HOUR, 0, 1));
    const computerPlays = (seat: number) => seat === 1;
    expect(dueOf(clock, computerPlays)).toEqual({ timeout: null, reminders: [] }); // the computer plays seat 1 at once
    expect(dueOf(clock).timeout).toBe(T0 + 51 * HOUR); // once its player is back, the turn has its time
    // A seat the computer played (a computer seat, or one handed over) has played: a later timeout is the creator's choice.
    const computerSeat = run(control, 2, [deal(T0, 1), pass(T0 + HOUR, 1, 0, true), pass(T0 + 2 * HOUR, 0, 1)]);
    expect(timeoutAction(computerSeat, 1, people)).toBe("computer");
    const claim = run({ ...control, timeout: "claim" }, 2, [deal(T0, 1), pass(T0 + HOUR, 1, 0, true), pass(T0 + 2 * HOUR, 0, 1)]);
    expect(timeoutAction(claim, 1, people)).toBe("claim");
    // Until a person has played, the game is still abortable.
    expect(timeoutAction(run(control, 2, [deal(T0, 1), pass(T0 + HOUR, 1, 0, true)]), 0, { ...people, person: (seat) => seat === 0 })).toBe(
      "abort",
    );
  });
});
