import { h, type JSX } from "preact";
import type { Tournament } from "../api";
import { tournamentsApi } from "./api";
import { entryName } from "./standings";
import { tw } from "./words";

/** An action on the tournament, asked for with a confirmation when `confirmText` is given (page.ts). */
type Act = (action: () => Promise<unknown>, confirmText?: string) => void;

/** The entries: each one's players, whether a pair waits for its partner or withdrew, and the organiser's buttons. */
export function entriesSection(v: Tournament, busy: boolean, act: Act): JSX.Element {
  const c = tw;
  const organiser = v.you.organiser && v.status !== "over";
  return h(
    "section",
    { "aria-labelledby": "entries-title" },
    h("h2", { id: "entries-title" }, c.entries, ` (${v.entries.length})`),
    h(
      "ul",
      { class: "game-list", id: "entries" },
      v.entries.map((e) =>
        h(
          "li",
          { key: e.entry, "data-entry": e.entry },
          entryName(e.names, e.computer, e.entry),
          e.complete ? null : h("span", { class: "hint" }, ` · ${c.waitingPartner}`),
          e.withdrawn ? h("span", { class: "hint" }, ` · ${c.withdrawn}`) : null,
          organiser && v.status === "registration" && !e.complete
            ? h(
                "button",
                {
                  type: "button",
                  class: "button quiet",
                  disabled: busy,
                  onClick: () => act(() => tournamentsApi.computer(v.id, e.entry)),
                },
                c.fillPartner,
              )
            : null,
          organiser && !e.withdrawn
            ? h(
                "button",
                {
                  type: "button",
                  class: "button quiet",
                  "data-remove": e.entry,
                  disabled: busy,
                  onClick: () => act(() => tournamentsApi.remove(v.id, e.entry), c.removeConfirm(entryName(e.names, e.computer, e.entry))),
                },
                c.remove,
              )
            : null,
        ),
      ),
    ),
  );
}
