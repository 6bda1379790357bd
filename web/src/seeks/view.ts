import { h, type JSX } from "preact";
import type { PresetName } from "../../../src/engine/rules";
import { LANGUAGES_SHOWN } from "../../../src/shared/language";
import { PRESET_LIST, presetText } from "../../../src/shared/presets";
import type { ClockControl, JoinedSeek, Seek, SeekPlayer, Standing } from "../api";
import { durationMs, span } from "../clock/time";
import { dateTime, lang, nameList, t } from "../i18n/index";
import type { SeekFilter } from "./api";

/** The lobby's seeks drawn: filters, the list of open games with their players' facts, the player's started games. */

export const presetTitle = (name: PresetName) => presetText(name, lang).title;

export function clockText(c: ClockControl): string {
  return "perMove" in c
    ? t.clock.perMoveOf(span(durationMs(c.perMove)))
    : t.clock.bankOf(span(durationMs(c.bank)), span(durationMs(c.increment)));
}

/** A player's name linking to their public page, their rating with its deviation, and their record. */
export function playerFacts(p: SeekPlayer): JSX.Element {
  const s = t.seeks;
  return h(
    "span",
    { class: "seek-player" },
    h("a", { href: `/player/${p.publicId}`, class: "player-link" }, p.name ?? s.anonymous),
    " · ",
    p.rating
      ? h(
          "span",
          { class: "rating", title: s.ratingTitle(p.rating.rating, p.rating.deviation) },
          s.rating(p.rating.rating, p.rating.deviation),
          p.rating.provisional ? ` (${s.provisional})` : "",
        )
      : h("span", { class: "rating new" }, s.newPlayer),
    h("br", null),
    h("span", { class: "hint record" }, s.record(p.finished, p.lostOnTime)),
  );
}

export interface RowActions {
  join(seek: Seek): void;
  withdraw(seek: Seek): void;
}

function seekRow(seek: Seek, busy: string | null, act: RowActions): JSX.Element {
  const s = t.seeks;
  const facts = [
    presetTitle(seek.preset),
    s.players(seek.players),
    clockText(seek.clock),
    seek.rated ? s.rated : s.unrated,
    s.languageNames[seek.language],
    ...(seek.minRating !== null || seek.maxRating !== null ? [s.range(seek.minRating, seek.maxRating)] : []),
  ];
  const action = seek.mine
    ? h("button", { type: "button", class: "secondary", onClick: () => act.withdraw(seek), disabled: busy !== null }, s.withdraw)
    : seek.joined
      ? h("span", { class: "hint" }, s.joined)
      : h(
          "button",
          {
            type: "button",
            class: "primary join",
            onClick: () => act.join(seek),
            disabled: busy !== null,
            "aria-label": `${s.join}: ${seek.seats[0]?.name ?? s.anonymous}`,
          },
          busy === seek.id ? s.joining : s.join,
        );
  return h(
    "li",
    { key: seek.id, class: `seek${seek.mine ? " mine" : ""}`, "data-seek": seek.id },
    h(
      "div",
      { class: "seek-seats" },
      seek.seats.map((p) => h("div", { key: p.publicId }, playerFacts(p))),
    ),
    h("p", { class: "seek-facts" }, facts.join(" · ")),
    h(
      "p",
      { class: "hint" },
      seek.mine ? `${s.yours} · ` : "",
      seek.players > 2 ? `${s.free(seek.free)} · ` : "",
      s.until(dateTime(seek.expiresAt)),
    ),
    h("div", { class: "seek-action" }, action),
  );
}

function select(id: string, label: string, value: string, options: [string, string][], change: (v: string) => void): JSX.Element {
  return h(
    "div",
    { class: "field" },
    h("label", { for: id, class: "visually-hidden" }, label),
    h(
      "select",
      { id, value, "aria-label": label, onChange: (e: Event) => change((e.currentTarget as HTMLSelectElement).value) },
      options.map(([v, text]) => h("option", { key: v, value: v, selected: v === value }, text)),
    ),
  );
}

export function filters(filter: SeekFilter, change: (next: SeekFilter) => void): JSX.Element {
  const s = t.seeks;
  return h(
    "div",
    { class: "seek-filters", role: "group", "aria-label": s.filters },
    select(
      "filter-preset",
      t.seeks.rules,
      filter.preset,
      [["", s.anyRules], ...PRESET_LIST.map((p): [string, string] => [p, presetTitle(p)])],
      (preset) => change({ ...filter, preset }),
    ),
    select(
      "filter-players",
      t.lobby.players,
      filter.players,
      [["", s.anyPlayers], ...[2, 3, 4].map((n): [string, string] => [String(n), s.players(n)])],
      (players) => change({ ...filter, players }),
    ),
    select(
      "filter-pace",
      s.anyPace,
      filter.pace,
      [
        ["", s.anyPace],
        ["live", s.live],
        ["correspondence", s.correspondence],
      ],
      (pace) => change({ ...filter, pace }),
    ),
    select(
      "filter-rated",
      s.anyRated,
      filter.rated,
      [
        ["", s.anyRated],
        ["true", s.ratedOnly],
        ["false", s.unratedOnly],
      ],
      (rated) => change({ ...filter, rated }),
    ),
    select(
      "filter-language",
      s.anyLanguage,
      filter.language,
      [["", s.anyLanguage], ...LANGUAGES_SHOWN.map((l): [string, string] => [l, s.languageNames[l]])],
      (language) => change({ ...filter, language }),
    ),
  );
}

export function seekList(seeks: readonly Seek[] | null, failed: boolean, busy: string | null, act: RowActions): JSX.Element {
  const s = t.seeks;
  if (seeks === null) return h("p", { class: "hint" }, failed ? s.failed : t.common.loading);
  if (seeks.length === 0) return h("p", { class: "hint", id: "no-seeks" }, s.none);
  return h(
    "ul",
    { class: "seek-list", id: "seek-list", "aria-label": s.listLabel },
    seeks.map((seek) => seekRow(seek, busy, act)),
  );
}

/** The player's seeks that became games: a link to each table. */
export function startedGames(mine: readonly JoinedSeek[]): JSX.Element | null {
  const started = mine.filter((m) => m.game !== null);
  if (started.length === 0) return null;
  const s = t.seeks;
  return h(
    "ul",
    { class: "seek-started", role: "status" },
    started.map(({ seek, game }) => {
      const others = seek.seats.filter((_, i) => i !== game!.seat).map((p) => p.name ?? s.anonymous);
      return h(
        "li",
        { key: seek.id },
        others.length ? s.started(nameList(others)) : s.startedAlone,
        " ",
        h("a", { href: `/game/${game!.id}#seat=${game!.token}`, class: "open-game", id: `seek-game-${seek.id}` }, s.open),
      );
    }),
  );
}

/** Where the player stands towards rated play: established, or what they still lack (docs/ratings.md). */
export function standingNote(standing: Standing | null, id: string): JSX.Element | null {
  if (standing === null) return null;
  const w = t.standing;
  if (standing.established) return h("p", { class: "hint standing", id }, w.yes);
  const lacks = [
    ...(standing.mailbox ? [] : [w.mailbox]),
    ...(standing.daysLeft > 0 ? [w.days(standing.daysLeft)] : []),
    ...(standing.matchesLeft > 0 ? [w.matches(standing.matchesLeft)] : []),
  ];
  return h("p", { class: "hint standing", id, "data-established": "false" }, w.lacks(nameList(lacks)));
}
