import { h, type JSX } from "preact";
import { PRESETS, type PresetName } from "../../../src/engine/rules";
import { PRESET_LIST, presetText } from "../../../src/shared/presets";
import type { ComputerLevel } from "../../../src/shared/wire/common";
import type { Standing } from "../api";
import { type ClockKind, clockFieldset, seatKind, versusComputer } from "../clock/lobby";
import { teamLetter, teamOf } from "../describe";
import { lang, num, t } from "../i18n/index";
import { standingNote } from "../seeks/view";

/**
 * The form that creates a game: players, preset and each seat's name (and
 * who plays it), which fit one phone screen; folded under "More choices",
 * a few overrides, the clock and, for tournaments, prepared deals. Its fields are the
 * browser's own (read when it is sent); only the player count and the
 * preset, which change the form itself, live in the page's state.
 */

export interface CreateState {
  readonly players: 2 | 3 | 4;
  readonly preset: PresetName;
  readonly busy: boolean;
  /** A refusal, in the player's language. */
  readonly error: string | null;
  readonly clock: ClockKind;
  /** Per seat: the computer's level, or null for a person. */
  readonly computers: readonly (ComputerLevel | null)[];
  /** "Play against the computer" is starting a game. */
  readonly versus: boolean;
}

export interface CreateActions {
  players(n: 2 | 3 | 4): void;
  preset(name: PresetName): void;
  submit(form: HTMLFormElement): void;
  clock(kind: ClockKind): void;
  seatKind(seat: number, level: ComputerLevel | null): void;
  versus(form: HTMLFormElement | null): void;
}

/** One seat of the new game: who plays it (a person or the computer at a level) and a person's name. */
function seatRow(seat: number, players: number, state: CreateState, act: CreateActions): JSX.Element {
  const team = players === 4 ? t.common.team(teamLetter(teamOf(seat, players))) : null;
  const level = state.computers[seat] ?? null;
  return h(
    "div",
    { key: seat, class: "field seat-field", "data-seat": seat },
    h("label", { for: `name-${seat}` }, t.lobby.seatLabel(seat + 1, team)),
    seatKind(seat, level, (next) => act.seatKind(seat, next)),
    h("input", {
      id: `name-${seat}`,
      name: `name-${seat}`,
      maxLength: 40,
      placeholder: t.common.player(seat + 1),
      autocomplete: "off",
      hidden: level !== null,
    }),
  );
}

/** How many play: two, three or four (four play in pairs). */
function playersField(state: CreateState, act: CreateActions): JSX.Element {
  return h(
    "fieldset",
    { class: "players" },
    h("legend", null, t.lobby.players),
    ([2, 3, 4] as const).map((n) =>
      h(
        "label",
        { key: n, class: "choice" },
        h("input", { type: "radio", name: "players", value: n, checked: n === state.players, onChange: () => act.players(n) }),
        ` ${t.lobby.playersOption(n)}`,
      ),
    ),
  );
}

/** The rules as one choice, the chosen preset told in a sentence: the whole form fits a phone's screen. */
function presetField(state: CreateState, act: CreateActions): JSX.Element {
  const info = (name: PresetName) => presetText(name, lang);
  return h(
    "div",
    { class: "field preset-field" },
    h("label", { for: "preset" }, t.lobby.rules),
    h(
      "select",
      {
        id: "preset",
        name: "preset",
        value: state.preset,
        "aria-describedby": "preset-hint",
        onChange: (e: Event) => act.preset((e.currentTarget as HTMLSelectElement).value as PresetName),
      },
      PRESET_LIST.map((name) => h("option", { key: name, value: name, selected: name === state.preset }, info(name).title)),
    ),
    h("p", { class: "hint", id: "preset-hint" }, info(state.preset).text),
  );
}

/** Each seat's name and who plays it. */
function namesField(state: CreateState, act: CreateActions): JSX.Element {
  return h(
    "fieldset",
    { class: "names-set" },
    h("legend", null, t.lobby.names),
    h(
      "div",
      { class: "names" },
      Array.from({ length: state.players }, (_, seat) => seatRow(seat, state.players, state, act)),
    ),
    state.players === 4 ? h("p", { class: "hint" }, t.lobby.partners) : null,
  );
}

/** A preset's rules changed for this game: the target, the number of hands, a semi-clean burraco. */
function overridesField(state: CreateState): JSX.Element {
  return h(
    "fieldset",
    { class: "overrides" },
    h("legend", null, t.lobby.changeRule),
    h(
      "div",
      { class: "field" },
      h("label", { for: "target" }, t.lobby.target),
      h("input", {
        id: "target",
        name: "target",
        type: "number",
        min: 1,
        max: 1000000,
        step: 1,
        inputMode: "numeric",
        placeholder: num(PRESETS[state.preset].target),
      }),
    ),
    h(
      "div",
      { class: "field" },
      h("label", { for: "hands" }, t.lobby.hands),
      h("input", { id: "hands", name: "hands", type: "number", min: 1, max: 100, step: 1, inputMode: "numeric" }),
    ),
    h("label", { class: "choice" }, h("input", { type: "checkbox", id: "semi-clean", name: "semiClean" }), ` ${t.lobby.semiClean}`),
  );
}

/** A rated match needs a clock and people only (docs/ratings.md): offered only then. */
function ratedField(state: CreateState, standing: Standing | null): JSX.Element | null {
  if (state.clock === "none" || !state.computers.slice(0, state.players).every((level) => level === null)) return null;
  return h(
    "div",
    { class: "field rated-field" },
    h(
      "label",
      { class: "choice" },
      h("input", {
        type: "checkbox",
        id: "rated",
        name: "rated",
        // Only established players may open a rated match's seats: not offered to one who may not play it yet.
        disabled: standing !== null && !standing.established,
        "aria-describedby": "rated-hint rated-standing",
      }),
      ` ${t.ratings.rated}`,
    ),
    h("p", { class: "hint", id: "rated-hint" }, t.ratings.ratedHint),
    standingNote(standing, "rated-standing"),
  );
}

/** Prepared deals (a tournament's, a teacher's), pasted as the game record's JSON. */
function preparedField(): JSX.Element {
  return h(
    "details",
    { class: "prepared" },
    h("summary", null, t.lobby.prepared),
    h("p", { class: "hint" }, t.lobby.preparedHint),
    h("label", { for: "deals" }, t.lobby.deals),
    h("textarea", {
      id: "deals",
      name: "deals",
      rows: 4,
      spellcheck: false,
      placeholder: '[{"dealer": 1, "hands": [[…], […]], "pozzetti": [[…], […]], "discard": ["QS"], "stock": […]}]',
    }),
  );
}

export function createForm(state: CreateState, act: CreateActions, standing: Standing | null = null): JSX.Element {
  return h(
    "form",
    {
      class: "panel create",
      id: "create-form",
      "aria-labelledby": "create-title",
      onSubmit: (event: Event) => {
        event.preventDefault();
        act.submit(event.currentTarget as HTMLFormElement);
      },
    },
    h("h1", { id: "create-title" }, t.lobby.title),
    versusComputer(state.versus, () => act.versus(document.getElementById("create-form") as HTMLFormElement | null)),
    playersField(state, act),
    presetField(state, act),
    namesField(state, act),
    // Everything a first game does without, folded: the rules' details, the clock, the tournament's deals.
    h(
      "details",
      { class: "advanced", id: "create-advanced" },
      h("summary", null, t.lobby.advanced),
      h("p", { class: "hint" }, t.lobby.namesHint),
      overridesField(state),
      clockFieldset(state.clock, act.clock),
      ratedField(state, standing),
      preparedField(),
    ),
    h(
      "button",
      { type: "submit", class: "primary", id: "create-submit", disabled: state.busy },
      state.busy ? t.lobby.creating : t.lobby.create,
    ),
    state.error ? h("p", { class: "notice error", role: "alert", id: "create-error" }, state.error) : null,
  );
}
