import { h, type JSX } from "preact";
import type { StandingView } from "../api";
import { num, t } from "../i18n/index";
import { tw } from "./words";

/** The standings as a table (the tournament's page and its embed), and an entry's name as people say it. */

/** "Anna & Bruno", the computer by name, a place still free as such. */
export function entryName(names: readonly (string | null)[], computer: readonly boolean[] = [], entry = 0): string {
  const c = tw;
  const each = names.map((n, i) => n ?? (computer[i] ? c.computer : t.common.player(entry + 1)));
  return each.join(t.common.and);
}

const signed = (n: number) => (n > 0 ? `+${num(n)}` : num(n));

export function standingsTable(rows: readonly StandingView[], mine: number | null): JSX.Element {
  const c = tw;
  if (rows.length === 0 || rows.every((r) => r.played === 0 && r.vp === 0))
    return h("p", { class: "hint", id: "standings-empty" }, c.noStandings);
  return h(
    "div",
    { class: "standings-wrap" },
    h(
      "table",
      { class: "standings", id: "standings" },
      h(
        "thead",
        null,
        h(
          "tr",
          null,
          h("th", { scope: "col" }, c.rank),
          h("th", { scope: "col" }, c.entry),
          h("th", { scope: "col" }, c.vp),
          h("th", { scope: "col", class: "extra" }, c.diff),
          h("th", { scope: "col", class: "extra" }, c.headToHead),
          h("th", { scope: "col", class: "extra" }, c.duplicateCol),
          h("th", { scope: "col", class: "extra" }, c.played),
        ),
      ),
      h(
        "tbody",
        null,
        rows.map((r) =>
          h(
            "tr",
            { key: r.entry, "data-entry": r.entry, class: r.entry === mine ? "mine" : "" },
            h("td", null, num(r.rank)),
            h(
              "th",
              { scope: "row" },
              entryName(r.names, r.computer, r.entry),
              r.entry === mine ? ` (${c.you})` : "",
              r.withdrawn ? h("span", { class: "hint" }, ` · ${c.withdrawn}`) : null,
            ),
            h("td", { class: "vp" }, num(r.vp)),
            h("td", { class: "extra" }, signed(r.diff)),
            h("td", { class: "extra" }, num(r.headToHead)),
            h("td", { class: "extra" }, signed(r.duplicate)),
            h("td", { class: "extra" }, num(r.played)),
          ),
        ),
      ),
    ),
    h("p", { class: "hint" }, c.standingsHint),
  );
}
