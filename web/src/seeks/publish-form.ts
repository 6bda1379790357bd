import { h, type JSX } from "preact";
import { LANGUAGES_SHOWN } from "../../../src/shared/language";
import { PRESET_LIST } from "../../../src/shared/presets";
import type { Standing } from "../api";
import { PER_MOVE } from "../clock/lobby";
import { durationMs, span } from "../clock/time";
import { lang, t } from "../i18n/index";
import { presetTitle, standingNote } from "./view";

const field = (id: string, label: string, control: JSX.Element) => h("div", { class: "field" }, h("label", { for: id }, label), control);

/** A select of `values`, `chosen` selected. */
const choose = (id: string, values: readonly [string, string][], chosen: string) =>
  h(
    "select",
    { id, name: id },
    values.map(([v, text]) => h("option", { key: v, value: v, selected: v === chosen }, text)),
  );

/** The form that publishes a seek (docs/seeks.md): folded under its title, its fields the browser's own, read when sent. */
export function publishForm(
  busy: string | null,
  name: string,
  standing: Standing | null,
  publish: (form: HTMLFormElement) => void,
): JSX.Element {
  const s = t.seeks;
  return h(
    "details",
    { class: "publish-seek", id: "publish-seek" },
    h("summary", null, s.publishTitle),
    h(
      "form",
      {
        id: "seek-form",
        onSubmit: (e: Event) => {
          e.preventDefault();
          publish(e.currentTarget as HTMLFormElement);
        },
      },
      h("p", { class: "hint" }, s.publishHint),
      field(
        "seek-name",
        s.name,
        h("input", { id: "seek-name", name: "seek-name", maxLength: 40, autocomplete: "nickname", defaultValue: name }),
      ),
      field(
        "seek-players",
        t.lobby.players,
        choose(
          "seek-players",
          [2, 3, 4].map((n) => [String(n), s.players(n)]),
          "2",
        ),
      ),
      field(
        "seek-rules",
        s.rules,
        choose(
          "seek-rules",
          PRESET_LIST.map((p) => [p, presetTitle(p)]),
          "classic",
        ),
      ),
      field(
        "seek-clock",
        s.clock,
        choose(
          "seek-clock",
          PER_MOVE.map((d) => [d, span(durationMs(d))]),
          "2d",
        ),
      ),
      ...ratedFields(standing),
      field(
        "seek-language",
        s.language,
        choose(
          "seek-language",
          LANGUAGES_SHOWN.map((l) => [l, s.languageNames[l]]),
          lang,
        ),
      ),
      field(
        "seek-expires",
        s.expires,
        choose(
          "seek-expires",
          ["1d", "3d", "7d", "14d"].map((d) => [d, span(durationMs(d))]),
          "7d",
        ),
      ),
      h(
        "button",
        { type: "submit", class: "primary", id: "seek-publish", disabled: busy !== null },
        busy === "publish" ? s.publishing : s.publish,
      ),
    ),
  );
}

/** Rated or not (for established players: the box says why it cannot be ticked yet), and the opponents' rating range. */
function ratedFields(standing: Standing | null): JSX.Element[] {
  const s = t.seeks;
  const rating = (id: string, label: string) =>
    field(id, label, h("input", { id, name: id, type: "number", min: 0, max: 4000, step: 50, inputMode: "numeric" }));
  return [
    h(
      "div",
      { class: "field" },
      h(
        "label",
        { class: "choice" },
        h("input", {
          type: "checkbox",
          id: "seek-rated",
          name: "seek-rated",
          // Rated play is for established players (docs/ratings.md).
          disabled: standing !== null && !standing.established,
          "aria-describedby": "seek-rated-hint seek-standing",
        }),
        ` ${s.ratedOption}`,
      ),
      h("p", { class: "hint", id: "seek-rated-hint" }, s.ratedHint),
      standingNote(standing, "seek-standing"),
    ),
    h("div", { class: "rating-range" }, rating("seek-min", s.minRating), rating("seek-max", s.maxRating)),
  ];
}
