import { h, type JSX } from "preact";
import type { AbsenceLimit } from "../../../src/shared/api";
import { type Absences, ApiError } from "../api";
import { codeText, num, t } from "../i18n/index";
import { clockApi } from "./api";
import { dayTime } from "./time";

/**
 * The player's holidays (absences, by this browser's player key): listed,
 * declared and cancelled. The server enforces the limits and says which
 * one a refusal breaks (`limit`); the page tells it in the player's
 * language, and says at once when a date is missing.
 */

type Problem = AbsenceLimit | "missing";

export class Holidays {
  list: Absences | null = null;
  failed = false;
  busy = false;
  message: { text: string; error: boolean } | null = null;

  constructor(private readonly changed: () => void) {}

  async load(): Promise<void> {
    try {
      this.list = await clockApi.absences();
      this.failed = false;
    } catch {
      this.failed = true;
    }
    this.changed();
  }

  private problemText(problem: Problem): string {
    const p = t.holidays.problem;
    if (problem === "year") return p.year(num(this.list?.year.leftDays ?? 0), this.list?.year.year ?? new Date().getUTCFullYear());
    return p[problem];
  }

  async declare(form: HTMLFormElement): Promise<void> {
    const data = new FormData(form);
    const from = Date.parse(String(data.get("from") ?? ""));
    const until = Date.parse(String(data.get("until") ?? ""));
    if (Number.isNaN(from) || Number.isNaN(until)) {
      this.message = { text: this.problemText("missing"), error: true };
      this.changed();
      return;
    }
    this.busy = true;
    this.message = null;
    this.changed();
    try {
      await clockApi.declareAbsence(new Date(from).toISOString(), new Date(until).toISOString());
      this.message = { text: t.holidays.declared, error: false };
      form.reset();
      await this.load();
    } catch (error) {
      const problem = error instanceof ApiError && error.code === "BAD_ABSENCE" ? (error.body?.limit ?? null) : null;
      this.message = {
        text: problem ? this.problemText(problem) : error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL,
        error: true,
      };
    }
    this.busy = false;
    this.changed();
  }

  async cancel(id: string): Promise<void> {
    if (!confirm(t.holidays.cancelQuestion)) return;
    try {
      await clockApi.cancelAbsence(id);
      this.message = { text: t.holidays.cancelled, error: false };
      await this.load();
    } catch (error) {
      this.message = { text: error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL, error: true };
      this.changed();
    }
  }

  view(now = Date.now()): JSX.Element {
    const absences = this.list?.absences ?? [];
    return h(
      "details",
      { class: "panel holidays", id: "holidays" },
      h("summary", { id: "holidays-title" }, t.holidays.title, absences.length ? ` (${num(absences.length)})` : ""),
      h("p", { class: "hint" }, t.holidays.intro),
      this.failed ? h("p", { class: "notice error" }, t.holidays.failed) : null,
      absences.length === 0
        ? h("p", { class: "hint", id: "holidays-none" }, t.holidays.none)
        : h(
            "ul",
            { class: "holiday-list", id: "holiday-list" },
            absences.map((a) =>
              h(
                "li",
                { key: a.id, "data-absence": a.id },
                t.holidays.item(dayTime(a.from), dayTime(a.until)),
                Date.parse(a.from) <= now ? h("span", { class: "badge" }, ` ${t.holidays.running}`) : null,
                " ",
                h(
                  "button",
                  {
                    type: "button",
                    class: "quiet danger",
                    "aria-label": `${t.holidays.cancel}: ${t.holidays.item(dayTime(a.from), dayTime(a.until))}`,
                    onClick: () => void this.cancel(a.id),
                  },
                  t.holidays.cancel,
                ),
              ),
            ),
          ),
      this.list
        ? h("p", { class: "hint", id: "holidays-allowance" }, t.holidays.allowance(this.list.year.year, num(this.list.year.leftDays)))
        : null,
      h(
        "form",
        {
          class: "holiday-form",
          id: "holiday-form",
          onSubmit: (event: Event) => {
            event.preventDefault();
            void this.declare(event.currentTarget as HTMLFormElement);
          },
        },
        h(
          "div",
          { class: "field" },
          h("label", { for: "holiday-from" }, t.holidays.from),
          h("input", { id: "holiday-from", name: "from", type: "datetime-local", required: true }),
        ),
        h(
          "div",
          { class: "field" },
          h("label", { for: "holiday-until" }, t.holidays.until),
          h("input", { id: "holiday-until", name: "until", type: "datetime-local", required: true }),
        ),
        h("button", { type: "submit", class: "primary", id: "holiday-declare", disabled: this.busy }, t.holidays.declare),
      ),
      this.message
        ? h(
            "p",
            { class: `notice${this.message.error ? " error" : ""}`, id: "holiday-message", role: this.message.error ? "alert" : "status" },
            this.message.text,
          )
        : null,
    );
  }
}
