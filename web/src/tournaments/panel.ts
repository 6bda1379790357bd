import { h, type JSX } from "preact";
import { presetText } from "../../../src/shared/presets";
import type { TournamentListItem } from "../api";
import { dateTime, lang } from "../i18n/index";
import { tournamentsApi } from "./api";
import { loadWords, tw, wordsCurrent } from "./words";

/**
 * The lobby's tournaments: the player's own (playing or organising), the
 * public ones open or under way, and the way to create one.
 */

/** One tournament in a list: its name (a link to its page), format, rules, where it stands. */
export function tournamentItem(x: TournamentListItem): JSX.Element {
  const c = tw;
  const where =
    x.status === "registration"
      ? `${c.status.registration}${x.registrationUntil ? ` · ${dateTime(x.registrationUntil)}` : ""}`
      : x.status === "running"
        ? `${c.status.running} · ${c.roundOf(Math.max(1, x.round), x.rounds)}`
        : c.status.over;
  return h(
    "li",
    { key: x.id, "data-tournament": x.id },
    h("a", { href: `/tournament/${x.id}` }, x.name),
    h(
      "span",
      { class: "when" },
      ` · ${c.format[x.format]} · ${presetText(x.preset, lang).title} · ${c.entriesCount(x.entries)} · ${where}`,
      x.organiser ? ` · ${c.youOrganise}` : "",
    ),
  );
}

export class TournamentsPanel {
  private mine: TournamentListItem[] = [];
  private listed: TournamentListItem[] | null = null;
  private failed = false;

  constructor(private readonly changed: () => void) {}

  async load(): Promise<void> {
    try {
      const [mine, listed] = await Promise.all([tournamentsApi.mine(), tournamentsApi.listed()]);
      this.mine = mine.tournaments;
      this.listed = listed.tournaments;
      this.failed = false;
    } catch {
      this.failed = true;
    }
    this.changed();
  }

  view(): JSX.Element | null {
    if (!wordsCurrent()) {
      void loadWords().then(() => this.changed());
      return null;
    }
    const c = tw;
    const mine = new Set(this.mine.map((x) => x.id));
    const others = (this.listed ?? []).filter((x) => !mine.has(x.id));
    return h(
      "section",
      { class: "panel tournaments", id: "tournaments", "aria-labelledby": "tournaments-title" },
      h("h2", { id: "tournaments-title" }, c.title),
      h("p", { class: "hint" }, c.hint),
      h("p", null, h("a", { class: "button", href: "/tournament/new", id: "create-tournament" }, c.create)),
      this.mine.length > 0
        ? [h("h3", { key: "mh" }, c.mine), h("ul", { key: "ml", class: "game-list", id: "my-tournaments" }, this.mine.map(tournamentItem))]
        : null,
      h("h3", null, c.open),
      this.failed
        ? h("p", { class: "hint" }, c.failed)
        : others.length === 0
          ? h("p", { class: "hint" }, this.listed === null ? c.loading : c.none)
          : h("ul", { class: "game-list", id: "open-tournaments" }, others.map(tournamentItem)),
    );
  }
}
