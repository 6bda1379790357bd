import type { GameSnapshot } from "../../shared/api";
import { type Language, languageOf } from "../../shared/language";
import { presetText } from "../../shared/presets";
import { displayText } from "../../shared/text";
import { catalog } from "../i18n/index";

/**
 * A game in a few public words, for link previews (OpenGraph, Twitter,
 * oEmbed) and their image: the players, the preset, the hand, the score
 * and whose turn it is. Built from the public view only, so it can never
 * name a hidden card; no token ever reaches it.
 */

export type Lang = Language;
export { languageOf };

export interface Summary {
  readonly lang: Lang;
  readonly title: string;
  readonly description: string;
  readonly alt: string;
  /** Per team: its players' names and its total. */
  readonly teams: readonly { readonly names: string; readonly total: number }[];
  readonly preset: string;
  /** "to 2,005" or "3 hands". */
  readonly target: string;
  readonly hand: string | null;
  /** Whose turn, or who won, or that the match was cancelled (and why). */
  readonly state: string;
  /** The state in a few words, for the picture. */
  readonly shortState: string;
  /** The match was cancelled (aborted on a timeout): it has no scores to show. */
  readonly cancelled: boolean;
  readonly number: (n: number) => string;
}

export function summarize(snap: GameSnapshot, lang: Lang): Summary {
  const c = catalog(lang);
  const w = c.summary;
  const players = snap.view.players;
  const name = (seat: number) => snap.seats[seat]?.name ?? c.player(seat + 1);
  const teamSeats = (team: number) => (players === 4 ? [team, team + 2] : [team]);
  const teamCount = players === 4 ? 2 : players;
  const number = c.number;
  const teams = Array.from({ length: teamCount }, (_, team) => ({
    names: teamSeats(team).map(name).join(w.and),
    total: snap.view.match.totals[team] ?? 0,
  }));
  const rules = snap.view.rules;
  const preset = presetText(rules.preset, lang).title;
  const target = rules.hands === null ? w.target(number(rules.target)) : w.hands(rules.hands);
  const hand = snap.view.hand;
  const match = snap.view.match;
  // How the last hand ended says how a match ended off the cards: cancelled (no result, never a 0–0), or won on time.
  const ending = match.over ? (hand?.end?.reason ?? null) : null;
  const cancelled = ending === "aborted";
  let state: string;
  if (cancelled) state = w.cancelled;
  else if (snap.status === "over" || match.over) {
    const winners = teams[match.winner ?? -1]?.names;
    state = winners === undefined ? w.over : `${w.over}: ${(ending === "timeout" ? w.wonOnTime : w.won)(winners)}`;
  } else if (!hand || hand.end) state = w.waiting;
  else state = w.turn(name(hand.turn));
  const free = snap.status === "playing" ? snap.seats.filter((s) => !s.taken).length : 0;
  const title = `Burraco: ${teams.map((t) => t.names).join(w.versus)}`;
  const parts = [
    `${preset}, ${target}`,
    hand ? w.hand(hand.number + 1) : null,
    cancelled ? null : teams.map((t) => `${t.names} ${number(t.total)}`).join(" · "),
    state,
    free ? w.free(free) : null,
  ].filter((p): p is string => p !== null);
  return {
    lang,
    title,
    description: parts.join(" — "),
    alt: w.alt(title),
    teams,
    preset,
    target,
    hand: hand ? w.hand(hand.number + 1) : null,
    state,
    shortState: cancelled ? w.cancelledShort : state,
    cancelled,
    number,
  };
}

/**
 * Text safe inside HTML and XML attributes and elements: first made fit to
 * show (displayText: a name stored before names were checked may hold a lone
 * surrogate, which breaks the page rewriter, or a character XML forbids,
 * which breaks the picture), then escaped.
 */
export function escapeXml(text: string): string {
  return displayText(text).replace(/[&<>"']/g, (c) => ({ "&": "&amp;", "<": "&lt;", ">": "&gt;", '"': "&quot;", "'": "&#39;" })[c]!);
}
