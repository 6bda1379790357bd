import { h, type JSX } from "preact";
import type { Tournament } from "../api";
import { dateTime, t } from "../i18n/index";
import { entryName } from "./standings";
import { tw } from "./words";

/** An entry as the page names it: its players (or the computer, for no entry), else by its number. */
export function entryLabel(v: Tournament | null, entry: number | null): string {
  if (entry === null) return tw.computer;
  const e = v?.entries.find((x) => x.entry === entry);
  return e ? entryName(e.names, e.computer, e.entry) : t.common.player(entry + 1);
}

/**
 * The rounds, newest first: each table's entries and result, the player's own table linked to their seat (`seats`:
 * each game's seat token this browser holds), the watchable tables of a finished round, byes and forfeits.
 */
export function roundsSection(v: Tournament, seats: ReadonlyMap<string, string>): JSX.Element | null {
  const c = tw;
  if (v.rounds.length === 0) return null;
  return h(
    "section",
    { "aria-labelledby": "rounds-title" },
    h("h2", { id: "rounds-title" }, c.roundsTitle),
    [...v.rounds].reverse().map((r) =>
      h(
        "div",
        { class: "round", key: r.round, "data-round": r.round },
        h(
          "h3",
          null,
          c.round(r.round + 1),
          h("span", { class: "when" }, ` · ${r.finished ? c.finished : c.deadline(dateTime(r.deadline))}`),
        ),
        h(
          "ul",
          { class: "game-list" },
          r.tables.map((tb) => {
            const mine = v.you.entry !== null && tb.sides.includes(v.you.entry);
            const token = tb.game ? seats.get(tb.game) : undefined;
            const result = tb.result
              ? `${c.vpResult(tb.result.vp[0]!, tb.result.vp[1]!)}${tb.result.lost ? ` (${tb.result.lost.reason === "resigned" ? c.resigned : c.lostOnTime})` : ""}`
              : c.playing;
            return h(
              "li",
              { key: tb.table, "data-table": tb.table, class: mine ? "your-turn" : "" },
              h("strong", null, c.table(tb.table)),
              ` ${entryLabel(v, tb.sides[0] ?? null)} – ${entryLabel(v, tb.sides[1] ?? null)} · ${result} `,
              tb.game && mine && token
                ? // A table that has its result is the player's to look back at, no longer to play.
                  h(
                    "a",
                    {
                      class: tb.result ? "button" : "button primary",
                      href: `/game/${tb.game}#seat=${token}`,
                      "data-your-table": tb.table,
                    },
                    tb.result ? c.yourGame : c.yourTable,
                  )
                : tb.game && r.finished
                  ? h("a", { href: `/game/${tb.game}` }, c.watch)
                  : null,
            );
          }),
        ),
        r.byes.length ? h("p", { class: "hint" }, c.byes(r.byes.map((e) => entryLabel(v, e)).join(", "))) : null,
        r.forfeits.map((f) => h("p", { class: "hint", key: f.entry }, c.forfeitWon(entryLabel(v, f.entry), entryLabel(v, f.against)))),
      ),
    ),
  );
}
