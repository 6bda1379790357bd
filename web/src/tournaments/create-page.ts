import { h, type JSX, render } from "preact";
import { PRESET_LIST } from "../../../src/shared/presets";
import { checkPlayerText } from "../../../src/shared/text";
import { ApiError, type CreateTournamentRequest } from "../api";
import { PER_MOVE } from "../clock/lobby";
import { durationMs, span } from "../clock/time";
import { header } from "../header";
import { codeText, t } from "../i18n/index";
import { presetTitle } from "../seeks/view";
import { tournamentsApi } from "./api";
import { loadWords, tw, wordsCurrent } from "./words";
import type { TournamentWords } from "./words/en";

/**
 * `/tournament/new`: the organiser's form (docs/tournaments.md). Its fields
 * are the browser's own, read when it is sent; the server checks them all
 * again and answers a refusal by its code.
 */

const ROUND_TIMES = ["1d", "2d", "3d", "5d", "7d", "10d", "14d", "21d", "30d"] as const;

type Options = readonly (readonly [string, string])[];

function field(id: string, label: string, control: JSX.Element, hint?: string): JSX.Element {
  return h(
    "div",
    { class: "field" },
    h("label", { for: id }, label),
    control,
    hint ? h("p", { class: "hint", id: `${id}-hint` }, hint) : null,
  );
}

function select(id: string, options: Options, chosen: string, extra: Record<string, unknown> = {}): JSX.Element {
  return h(
    "select",
    { id, name: id, ...extra },
    options.map(([v, text]) => h("option", { key: v, value: v, selected: v === chosen }, text)),
  );
}

/** A choice among a few, the first chosen. */
const choice = (id: string, label: string, options: Options) => field(id, label, select(id, options, options[0]![0]));

const numbers = (from: number, to: number): Options =>
  Array.from({ length: to - from + 1 }, (_, i) => [String(from + i), String(from + i)]);

/** One of a few choices, each with its hint. */
function radio(group: string, value: string, checked: boolean, title: string, hint: string, pick: () => void): JSX.Element {
  return h(
    "div",
    { class: "preset", key: value },
    h("input", { type: "radio", id: `${group}-${value}`, name: group, value, checked, onChange: pick }),
    h("label", { for: `${group}-${value}` }, h("strong", null, title), " — ", hint),
  );
}

/** Its tables: the rules, how many rounds of how many hands, the time per move and per round, and what a timeout does. */
function tableFields(c: TournamentWords): JSX.Element[] {
  return [
    field(
      "t-preset",
      c.rules,
      select(
        "t-preset",
        PRESET_LIST.map((p) => [p, presetTitle(p)] as const),
        "fibur",
      ),
    ),
    field("t-rounds", c.rounds, select("t-rounds", numbers(1, 20), "4")),
    field("t-hands", c.hands, select("t-hands", numbers(1, 10), "4")),
    field(
      "t-per-move",
      c.perMove,
      select(
        "t-per-move",
        PER_MOVE.map((d) => [d, span(durationMs(d))] as const),
        "1d",
      ),
    ),
    field(
      "t-round-time",
      c.roundTime,
      select(
        "t-round-time",
        ROUND_TIMES.map((d) => [d, span(durationMs(d))] as const),
        "7d",
      ),
    ),
    choice("t-timeout", c.timeout, [
      ["claim", c.timeoutClaim],
      ["computer", c.timeoutComputer],
    ]),
  ];
}

/** Who enters and how: until when and how many, who sees it, an odd entry, a withdrawal, duplicate deals, rated. */
function entryFields(c: TournamentWords): JSX.Element[] {
  return [
    field("t-until", c.registrationUntil, h("input", { id: "t-until", name: "t-until", type: "datetime-local" })),
    field("t-max", c.maxEntries, h("input", { id: "t-max", name: "t-max", type: "number", min: 2, max: 1000, inputMode: "numeric" })),
    choice("t-visibility", c.visibility, [
      ["public", c.public],
      ["invitation", c.invitation],
    ]),
    choice("t-odd", c.odd, [
      ["bye", c.bye],
      ["computer", c.computerOdd],
    ]),
    choice("t-withdrawal", c.withdrawal, [
      ["forfeit", c.forfeit],
      ["computer", c.computerWithdrawal],
    ]),
    h(
      "div",
      { class: "field" },
      h(
        "label",
        { class: "choice" },
        h("input", { type: "checkbox", id: "t-duplicate", name: "t-duplicate", checked: true }),
        ` ${c.duplicate}`,
      ),
    ),
    h(
      "div",
      { class: "field" },
      h(
        "label",
        { class: "choice" },
        h("input", { type: "checkbox", id: "t-rated", name: "t-rated", "aria-describedby": "t-rated-hint" }),
        ` ${c.rated}`,
      ),
      h("p", { class: "hint", id: "t-rated-hint" }, c.ratedHint),
    ),
  ];
}

export class CreateTournamentPage {
  private busy = false;
  private error: string | null = null;
  private format: "pairs" | "individual" = "pairs";
  private movement: "mitchell" | "danish" | "mitchell-danish" = "mitchell-danish";

  constructor(private readonly root: HTMLElement) {}

  open(): void {
    this.render();
  }

  close(): void {
    render(null, this.root);
  }

  private async submit(form: HTMLFormElement): Promise<void> {
    const data = new FormData(form);
    const text = (name: string) => String(data.get(name) ?? "").trim();
    const name = checkPlayerText(text("t-name"), 60);
    if (!name.ok || name.text === "") {
      this.error = t.codes.BAD_REQUEST;
      this.render();
      return;
    }
    const until = text("t-until");
    const max = text("t-max");
    const request: CreateTournamentRequest = {
      name: name.text,
      format: this.format,
      preset: text("t-preset") as CreateTournamentRequest["preset"],
      rounds: Number(text("t-rounds")),
      hands: Number(text("t-hands")),
      movement: this.movement,
      clock: { perMove: text("t-per-move"), timeout: text("t-timeout") as "claim" | "computer" },
      roundTime: text("t-round-time"),
      ...(until || max
        ? { registration: { ...(until ? { until: new Date(until).toISOString() } : {}), ...(max ? { maxEntries: Number(max) } : {}) } }
        : {}),
      visibility: text("t-visibility") as "public" | "invitation",
      odd: text("t-odd") as "bye" | "computer",
      withdrawal: text("t-withdrawal") as "forfeit" | "computer",
      rated: data.get("t-rated") === "on",
      duplicate: data.get("t-duplicate") === "on",
    };
    this.busy = true;
    this.error = null;
    this.render();
    try {
      const made = await tournamentsApi.create(request);
      location.assign(`/tournament/${made.id}`);
    } catch (error) {
      this.busy = false;
      this.error = codeText(error instanceof ApiError ? error.code : "INTERNAL");
      this.render();
    }
  }

  render(): void {
    // The tournaments' words come with their pages (words.ts): in the player's language, again after a switch.
    if (!wordsCurrent()) {
      void loadWords().then(() => this.render());
      return;
    }
    const c = tw;
    document.title = `${c.newTitle} — ${t.common.brand}`;
    render(
      h(
        "div",
        { class: "tournament-page" },
        header(),
        h(
          "main",
          { class: "single" },
          h(
            "section",
            { class: "panel" },
            h("h1", null, c.newTitle),
            h(
              "form",
              {
                id: "tournament-form",
                onSubmit: (e: Event) => {
                  e.preventDefault();
                  void this.submit(e.currentTarget as HTMLFormElement);
                },
              },
              field(
                "t-name",
                c.name,
                h("input", { id: "t-name", name: "t-name", maxLength: 60, required: true, placeholder: c.namePlaceholder }),
              ),
              ...this.kindFields(c),
              ...tableFields(c),
              ...entryFields(c),
              this.error ? h("p", { class: "notice error", role: "alert" }, this.error) : null,
              h(
                "button",
                { type: "submit", class: "button primary", id: "t-create", disabled: this.busy },
                this.busy ? c.creating : c.submit,
              ),
            ),
          ),
        ),
      ),
      this.root,
    );
  }

  /** What kind of tournament: pairs or individuals, and the movement that seats them. */
  private kindFields(c: TournamentWords): JSX.Element[] {
    return [
      h(
        "fieldset",
        { id: "t-format" },
        h("legend", null, c.formatLabel),
        (["pairs", "individual"] as const).map((f) =>
          radio("t-format", f, this.format === f, c.format[f], c.formatHint[f], () => {
            this.format = f;
            this.render();
          }),
        ),
      ),
      h(
        "fieldset",
        { id: "t-movement" },
        h("legend", null, c.movementLabel),
        (["mitchell", "danish", "mitchell-danish"] as const).map((m) =>
          radio("t-movement", m, this.movement === m, c.movement[m], c.movementHint[m], () => {
            this.movement = m;
            this.render();
          }),
        ),
      ),
    ];
  }
}
