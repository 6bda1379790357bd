import { h, type JSX } from "preact";
import type { ComputerLevel } from "../../../src/shared/wire/common";
import type { ClockRequest, MyGame } from "../api";
import { t } from "../i18n/index";
import { LEVELS } from "./levels";
import { exactTime, HOUR, span } from "./time";

/**
 * The lobby's choices for the clock and for computer players: the time
 * control (none, a time per move, a bank with an increment) with what a
 * timeout does, and who plays each seat. The durations are the browser's
 * own select fields, read when the form is sent.
 */

export type ClockKind = "none" | "perMove" | "bank";

/** What the lobby offers for a time per move (1 hour to 14 days), 3 days preselected. */
export const PER_MOVE = ["1h", "1d", "2d", "3d", "5d", "7d", "14d"] as const;
export const PER_MOVE_DEFAULT = "3d";
const BANKS = ["1d", "3d", "7d", "14d", "30d"] as const;
const BANK_DEFAULT = "7d";
const INCREMENTS = ["", "1h", "12h", "1d", "2d"] as const;
const INCREMENT_DEFAULT = "1d";

function durationName(text: string): string {
  if (text === "") return t.lobbyClock.none0;
  if (text === "1h") return t.lobbyClock.hour;
  if (text.endsWith("h")) return t.clock.hours(Number(text.slice(0, -1)));
  return t.lobbyClock.days(Number(text.slice(0, -1)));
}

function select(id: string, label: string, values: readonly string[], chosen: string): JSX.Element {
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    h(
      "select",
      { id, name: id },
      values.map((v) => h("option", { key: v, value: v, selected: v === chosen }, durationName(v))),
    ),
  );
}

function radio(name: string, value: string, checked: boolean, title: string, hint: string, onChange: () => void): JSX.Element {
  const id = `${name}-${value}`;
  return h(
    "div",
    { class: "preset", key: value },
    h("input", { type: "radio", id, name, value, checked, onChange, "aria-describedby": `${id}-hint` }),
    h("label", { for: id }, h("strong", null, title), " — ", h("span", { id: `${id}-hint` }, hint)),
  );
}

export function clockFieldset(kind: ClockKind, choose: (kind: ClockKind) => void): JSX.Element {
  const c = t.lobbyClock;
  return h(
    "fieldset",
    { class: "clock-set", id: "clock-set" },
    h("legend", null, c.title),
    radio("clock", "none", kind === "none", c.none, c.noneHint, () => choose("none")),
    radio("clock", "perMove", kind === "perMove", c.perMove, c.perMoveHint, () => choose("perMove")),
    kind === "perMove" ? h("div", { class: "clock-detail" }, select("per-move", c.perMoveLabel, PER_MOVE, PER_MOVE_DEFAULT)) : null,
    radio("clock", "bank", kind === "bank", c.bank, c.bankHint, () => choose("bank")),
    kind === "bank"
      ? h(
          "div",
          { class: "clock-detail" },
          select("bank", c.bankSize, BANKS, BANK_DEFAULT),
          select("increment", c.increment, INCREMENTS, INCREMENT_DEFAULT),
        )
      : null,
    kind === "none"
      ? null
      : h(
          "fieldset",
          { class: "timeout-set" },
          h("legend", null, c.timeout),
          // The timeout's radios are the browser's own: read when the form is sent.
          h(
            "div",
            { class: "preset" },
            h("input", {
              type: "radio",
              id: "timeout-claim",
              name: "timeout",
              value: "claim",
              defaultChecked: true,
              "aria-describedby": "timeout-claim-hint",
            }),
            h("label", { for: "timeout-claim" }, h("strong", null, c.claim), " — ", h("span", { id: "timeout-claim-hint" }, c.claimHint)),
          ),
          h(
            "div",
            { class: "preset" },
            h("input", {
              type: "radio",
              id: "timeout-computer",
              name: "timeout",
              value: "computer",
              "aria-describedby": "timeout-computer-hint",
            }),
            h(
              "label",
              { for: "timeout-computer" },
              h("strong", null, c.computerTakes),
              " — ",
              h("span", { id: "timeout-computer-hint" }, c.computerTakesHint),
            ),
          ),
        ),
  );
}

/** The `clock` of the create request from the form's fields. */
export function clockRequest(kind: ClockKind, data: FormData): ClockRequest {
  if (kind === "none") return "none";
  const timeout = data.get("timeout") === "computer" ? "computer" : "claim";
  if (kind === "perMove") return { perMove: String(data.get("per-move") ?? PER_MOVE_DEFAULT), timeout };
  const increment = String(data.get("increment") ?? "");
  return { bank: String(data.get("bank") ?? BANK_DEFAULT), ...(increment ? { increment } : {}), timeout };
}

/** Who plays a seat: a person, or the computer at a level. */
export function seatKind(seat: number, level: ComputerLevel | null, choose: (level: ComputerLevel | null) => void): JSX.Element {
  return h(
    "select",
    {
      id: `kind-${seat}`,
      class: "seat-kind",
      "aria-label": t.lobbyClock.seatKind(seat + 1),
      value: level ?? "",
      onChange: (e: Event) => {
        const value = (e.currentTarget as HTMLSelectElement).value;
        choose(value === "" ? null : (value as ComputerLevel));
      },
    },
    h("option", { value: "" }, t.lobbyClock.person),
    LEVELS.map((l) => h("option", { key: l, value: l }, t.lobbyClock.computer(t.computer.levels[l]!))),
  );
}

/** "Play against the computer": one click. */
export function versusComputer(busy: boolean, start: () => void): JSX.Element {
  return h(
    "section",
    { class: "panel versus" },
    h(
      "button",
      { type: "button", class: "primary", id: "vs-computer", disabled: busy, onClick: start, "aria-describedby": "vs-computer-hint" },
      busy ? t.lobbyClock.vsComputerBusy : t.lobbyClock.vsComputer,
    ),
    h("p", { class: "hint", id: "vs-computer-hint" }, t.lobbyClock.vsComputerHint),
  );
}

/**
 * In "my games": the time left and the deadline of a game awaiting a move,
 * and the turn's last reminder. The time left is the server's, counted by the
 * game's own clock when the list came (`receivedAt`, this browser's time), less
 * what has passed since: neither this device's clock nor the server's stands in
 * for the game's.
 */
export function myGameClock(game: MyGame, now = Date.now(), receivedAt = now): JSX.Element | null {
  if (game.status !== "playing" || !game.deadline || game.left === null) return null;
  const left = Math.max(0, game.left - Math.max(0, now - receivedAt));
  return h(
    "span",
    { class: `game-clock${left < HOUR ? " soon" : ""}`, "data-deadline": game.deadline },
    " · ",
    h("strong", null, left === 0 ? t.clock.timeUp : t.myGamesClock.left(span(left))),
    ` · ${t.myGamesClock.deadline(exactTime(game.deadline))}`,
    game.reminder ? h("span", { class: "badge reminder" }, ` ${t.myGamesClock.reminder[game.reminder]}`) : null,
  );
}
