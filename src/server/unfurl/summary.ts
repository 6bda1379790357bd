import type { GameSnapshot } from "../../shared/api";
import { PRESET_INFO } from "../../shared/presets";
import { displayText } from "../../shared/text";

/**
 * A game in a few public words, for link previews (OpenGraph, Twitter,
 * oEmbed) and their image: the players, the preset, the hand, the score
 * and whose turn it is. Built from the public view only, so it can never
 * name a hidden card; no token ever reaches it.
 */

export type Lang = "en" | "it";

const WORDS = {
  en: {
    player: (n: number) => `Player ${n}`,
    and: " & ",
    versus: " vs ",
    hand: (n: number) => `Hand ${n}`,
    target: (n: string) => `to ${n}`,
    hands: (n: number) => `${n} hands`,
    turn: (who: string) => `${who}'s turn`,
    over: "Match over",
    won: (who: string) => `${who} won`,
    free: (n: number) => (n === 1 ? "1 seat free" : `${n} seats free`),
    waiting: "waiting for the deal",
    alt: (title: string) => `The table of ${title}: scores and whose turn`,
  },
  it: {
    player: (n: number) => `Giocatore ${n}`,
    and: " e ",
    versus: " contro ",
    hand: (n: number) => `Smazzata ${n}`,
    target: (n: string) => `a ${n}`,
    hands: (n: number) => `${n} smazzate`,
    turn: (who: string) => (/^a/i.test(who) ? `tocca ad ${who}` : `tocca a ${who}`),
    over: "Partita finita",
    won: (who: string) => `ha vinto ${who}`,
    free: (n: number) => (n === 1 ? "1 posto libero" : `${n} posti liberi`),
    waiting: "in attesa della smazzata",
    alt: (title: string) => `Il tavolo di ${title}: punteggi e turno`,
  },
} as const;

export function languageOf(acceptLanguage: string | undefined | null): Lang {
  for (const part of (acceptLanguage ?? "").split(",")) {
    const tag = part.split(";")[0]!.trim().toLowerCase();
    if (tag.startsWith("it")) return "it";
    if (tag.startsWith("en")) return "en";
  }
  return "en";
}

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
  /** Whose turn, or who won. */
  readonly state: string;
  readonly number: (n: number) => string;
}

export function summarize(snap: GameSnapshot, lang: Lang): Summary {
  const w = WORDS[lang];
  const players = snap.view.players;
  const name = (seat: number) => snap.seats[seat]?.name ?? w.player(seat + 1);
  const teamSeats = (team: number) => (players === 4 ? [team, team + 2] : [team]);
  const teamCount = players === 4 ? 2 : players;
  const number = (n: number) => n.toLocaleString(lang);
  const teams = Array.from({ length: teamCount }, (_, team) => ({
    names: teamSeats(team).map(name).join(w.and),
    total: snap.view.match.totals[team] ?? 0,
  }));
  const rules = snap.view.rules;
  const preset = lang === "it" ? PRESET_INFO[rules.preset].it.title : PRESET_INFO[rules.preset].title;
  const target = rules.hands === null ? w.target(number(rules.target)) : w.hands(rules.hands);
  const hand = snap.view.hand;
  const match = snap.view.match;
  let state: string;
  if (snap.status === "over" || match.over)
    state = match.winner === null ? w.over : `${w.over}: ${w.won(teams[match.winner]?.names ?? "")}`;
  else if (!hand || hand.end) state = w.waiting;
  else state = w.turn(name(hand.turn));
  const free = snap.status === "playing" ? snap.seats.filter((s) => !s.taken).length : 0;
  const title = `Burraco: ${teams.map((t) => t.names).join(w.versus)}`;
  const parts = [
    `${preset}, ${target}`,
    hand ? w.hand(hand.number + 1) : null,
    teams.map((t) => `${t.names} ${number(t.total)}`).join(" · "),
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
