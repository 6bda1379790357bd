import { h, type JSX } from "preact";
import type { GameSnapshot } from "../../../src/shared/api";
import type { ClockView } from "../../../src/shared/wire/clock";
import type { ComputerLevel } from "../../../src/shared/wire/common";
import { seatName, teamName, teamOf } from "../describe";
import { t } from "../i18n/index";
import { LEVELS } from "./levels";
import { day, durationMs, exactTime, span } from "./time";

/**
 * The clock at the table: the time left and the exact deadline of the seat
 * to play (in the viewer's own time zone), each seat's bank, who is away,
 * who has been thinking how long, the claim after a timeout, and the
 * banner while the computer plays the viewer's seat. Every time here is
 * counted from `now`, the server's time as the page estimates it.
 */

export interface ClockState {
  readonly snap: GameSnapshot;
  readonly me: number | null;
  /** The server's time now, as the page estimates it (its own clock corrected by the last answer's `asOf`). */
  readonly now: number;
}

/** The seat to play's time left at `now`: counting down while its clock runs, still while it is away. */
export function timeLeft(clock: ClockView, now: number): number | null {
  const turn = clock.turn;
  if (!turn) return null;
  if (turn.away || turn.deadline === null) return turn.left;
  return Math.max(0, Date.parse(turn.deadline) - now);
}

/**
 * The control in a line: "3 days per move; at a timeout the others may claim the match". With a seat to play,
 * what its timeout would actually do now (`name`: its player's), which may differ from the creator's choice
 * (nobody to claim, or nobody else at the table: docs/clock.md).
 */
export function controlText(clock: ClockView, name?: string): string {
  const c = clock.control;
  const what =
    "perMove" in c
      ? t.clock.perMoveOf(span(durationMs(c.perMove)))
      : t.clock.bankOf(span(durationMs(c.bank)), span(durationMs(c.increment)));
  const outcome = clock.turn?.onTimeout;
  if (outcome && name !== undefined) return `${what}; ${t.clock.onTimeout[outcome](name)}`;
  return `${what}; ${c.timeout === "claim" ? t.clock.timeoutClaim : t.clock.timeoutComputer}`;
}

function awayText(away: { from: string; until: string }, now: number): string {
  return Date.parse(away.from) <= now ? t.clock.away(day(away.until)) : t.clock.awaySoon(day(away.from), day(away.until));
}

/** The banner's clock: the time left for the move and its deadline, or why the clock stands still. */
export function clockLine({ snap, now }: ClockState): JSX.Element | null {
  const clock = snap.clock;
  const hand = snap.view.hand;
  if (!clock) return null;
  if (!clock.turn || snap.status === "over" || !hand || hand.end)
    return h("span", { class: "clock-control", id: "clock-control" }, controlText(clock));
  const turn = clock.turn;
  const left = timeLeft(clock, now) ?? 0;
  const computer = snap.seats[turn.seat]?.computer;
  const control = controlText(clock, seatName(snap.seats, turn.seat));
  return h(
    "span",
    {
      class: `clock-line${left === 0 ? " late" : left < 3_600_000 ? " soon" : ""}`,
      id: "clock-line",
      title: control,
      "data-on-timeout": turn.onTimeout ?? "",
    },
    computer && turn.deadline === null
      ? null
      : h(
          "strong",
          { class: "countdown", id: "countdown", role: "timer", "aria-label": t.clock.countdownLabel, "data-left": left },
          left === 0 || turn.timedOut ? t.clock.timeUp : t.clock.left(span(left, left < 3_600_000)),
        ),
    turn.away ? h("span", { class: "clock-away" }, ` · ${t.clock.stopped}`) : null,
    turn.deadline && !turn.timedOut
      ? h("span", { class: "deadline", id: "deadline", "data-deadline": turn.deadline }, ` · ${t.clock.deadline(exactTime(turn.deadline))}`)
      : null,
  );
}

/** What a screen reader hears of the countdown: it changes at most once a minute (whole minutes, hours over an hour). */
export function countdownAnnouncement({ snap, me, now }: ClockState): string {
  const clock = snap.clock;
  const left = clock ? timeLeft(clock, now) : null;
  if (!clock?.turn || left === null || snap.status === "over") return "";
  const who = clock.turn.seat === me ? "" : `${seatName(snap.seats, clock.turn.seat)}: `;
  if (left === 0 || clock.turn.timedOut) return `${who}${t.clock.timeUp}`;
  const coarse = left >= 3_600_000 ? Math.ceil(left / 3_600_000) * 3_600_000 : Math.ceil(left / 60_000) * 60_000;
  return `${who}${t.clock.left(span(coarse))}`;
}

/** A seat's own clock in the seats strip: thinking for how long, its bank, its holiday. */
export function seatClock({ snap, now }: ClockState, seat: number, turnSince: string | null): JSX.Element | null {
  const clock = snap.clock;
  const hand = snap.view.hand;
  const parts: JSX.Element[] = [];
  const inPlay = snap.status === "playing" && hand !== null && hand.end === null;
  const toPlay = inPlay && hand!.turn === seat;
  const since = clock?.turn?.since ?? turnSince;
  if (toPlay && since) parts.push(h("span", { key: "think", class: "thinking" }, t.clock.thinking(span(now - Date.parse(since)))));
  const info = clock?.seats[seat];
  if (clock && info?.bank !== null && info?.bank !== undefined && inPlay) {
    const bank = toPlay ? (timeLeft(clock, now) ?? info.bank) : info.bank;
    parts.push(h("span", { key: "bank", class: "bank", "data-bank": bank }, t.clock.bank(span(bank))));
  }
  if (info?.away) parts.push(h("span", { key: "away", class: "away-tag" }, awayText(info.away, now)));
  return parts.length ? h("span", { class: "seat-clock" }, parts) : null;
}

/** The late seat, when the clock has run out for the seat to play. */
function lateSeat(snap: GameSnapshot): number | null {
  return snap.clock?.claim?.late ?? (snap.clock?.turn?.timedOut ? snap.clock.turn.seat : null);
}

export interface ClaimBox {
  readonly confirming: boolean;
  readonly busy: boolean;
  readonly error: string | null;
}

export interface ClockActions {
  askClaim(): void;
  claim(): void;
  cancelClaim(): void;
}

/**
 * Who wins a claim, as the engine decides it: with two teams the claimer's; with three players the leader of the
 * two not late once the hand in play is scored as it stands (its hidden cards count, so the page cannot say who).
 */
function claimOutcome(snap: GameSnapshot, me: number, late: number): string {
  const players = snap.view.players;
  if (players !== 3) return players === 2 ? t.clock.claimYouWin : t.clock.claimTeamWins(teamName(snap.seats, teamOf(me, players), players));
  const other = [0, 1, 2].find((seat) => seat !== me && seat !== late)!;
  return t.clock.claimLeaderWins(seatName(snap.seats, other));
}

/** After a timeout: who is late, and for the late seat's opponents the button to claim the match (with a confirmation). */
export function latePanel({ snap, me }: ClockState, box: ClaimBox, act: ClockActions): JSX.Element | null {
  const late = lateSeat(snap);
  if (late === null || snap.status === "over") return null;
  const players = snap.view.players;
  const name = seatName(snap.seats, late);
  const claimable = snap.clock?.claim !== null && snap.clock?.claim !== undefined;
  const adjourned = snap.clock?.adjourned?.late === late;
  const opponent = me !== null && teamOf(me, players) !== teamOf(late, players);
  const text = adjourned
    ? me === late
      ? t.clock.lateAdjournedYou
      : t.clock.lateAdjourned(name)
    : !claimable
      ? t.clock.lateComputer(name)
      : me === late
        ? t.clock.lateYou
        : t.clock.lateClaimable(name);
  return h(
    "div",
    { class: "late-panel", id: "late-panel", role: "status" },
    h("p", null, text),
    claimable && opponent
      ? box.confirming
        ? h(
            "div",
            { class: "confirm", role: "group", "aria-labelledby": "claim-question" },
            h("p", { id: "claim-question" }, t.clock.claimQuestion(name, claimOutcome(snap, me!, late))),
            h("button", { type: "button", class: "danger", id: "claim-yes", disabled: box.busy, onClick: act.claim }, t.clock.claimYes),
            " ",
            h("button", { type: "button", class: "quiet", id: "claim-cancel", onClick: act.cancelClaim }, t.clock.cancel),
          )
        : h("button", { type: "button", class: "primary", id: "claim-match", onClick: act.askClaim }, t.clock.claim)
      : null,
    box.error ? h("p", { class: "notice error", role: "alert", id: "claim-match-error" }, box.error) : null,
  );
}

/** The match over on time, or aborted, in words; null for any other end. */
export function overByClock(snap: GameSnapshot): string | null {
  const hand = snap.view.hand;
  const reason = hand?.end?.reason;
  if (!hand || (reason !== "timeout" && reason !== "aborted")) return null;
  const late = seatName(snap.seats, hand.turn);
  if (reason === "aborted") return t.clock.aborted(late);
  const winner = snap.view.match.winner;
  return t.clock.overTimeout(late, winner === null ? null : teamName(snap.seats, winner, snap.view.players));
}

export interface HandoverBox {
  readonly asking: boolean;
  readonly busy: boolean;
  readonly level: ComputerLevel;
  readonly error: string | null;
}

export interface HandoverActions {
  level(level: ComputerLevel): void;
  handover(): void;
  cancel(): void;
  takeBack(): void;
}

/** While the computer plays the viewer's seat: a banner (and the way back); while asked to take it, the level and a confirmation. */
export function computerBanner({ snap, me }: ClockState, box: HandoverBox, act: HandoverActions): JSX.Element | null {
  if (me === null || snap.status === "over") return null;
  const held = snap.seats[me]?.computer ?? null;
  if (held !== null) {
    return h(
      "div",
      { class: "computer-banner", id: "computer-banner", role: "status" },
      h("p", null, t.computer.banner),
      h("button", { type: "button", class: "quiet", id: "take-back", disabled: box.busy, onClick: act.takeBack }, t.computer.takeBack),
      box.error ? h("p", { class: "notice error", role: "alert" }, box.error) : null,
    );
  }
  if (!box.asking) return box.error ? h("p", { class: "notice error", role: "alert" }, box.error) : null;
  return h(
    "div",
    { class: "computer-banner asking", id: "handover", role: "group", "aria-labelledby": "handover-question" },
    h("p", { id: "handover-question" }, t.computer.handoverQuestion),
    h("label", { for: "handover-level" }, `${t.computer.level} `),
    h(
      "select",
      {
        id: "handover-level",
        value: box.level,
        onChange: (e: Event) => act.level((e.currentTarget as HTMLSelectElement).value as ComputerLevel),
      },
      LEVELS.map((l) => h("option", { key: l, value: l }, t.computer.levels[l])),
    ),
    " ",
    h(
      "button",
      { type: "button", class: "primary", id: "handover-yes", disabled: box.busy, onClick: act.handover },
      t.computer.handoverYes,
    ),
    " ",
    h("button", { type: "button", class: "quiet", id: "handover-cancel", onClick: act.cancel }, t.clock.cancel),
    box.error ? h("p", { class: "notice error", role: "alert" }, box.error) : null,
  );
}
