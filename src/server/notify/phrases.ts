import { catalog } from "../i18n/index";
import type { Language } from "./types";

/**
 * What every message is made of: a seat's name, names joined, a duration,
 * and the message's own shape, rendered by each channel. Apart from
 * words.ts, which chooses the texts of each notification, so that the
 * words of a kind of notification kept in a file of its own
 * (tournament-words.ts) use the same pieces without words.ts using it back.
 */

export function seatName(names: readonly (string | null)[], seat: number, lang: Language): string {
  return names[seat] ?? catalog(lang).player(seat + 1);
}

/** Names joined as people say them: "Anna, Bruno and Carla". */
export function joinNames(names: readonly string[], lang: Language): string {
  return catalog(lang).list(names);
}

/** A duration in its two largest parts of days, hours and minutes: "1 day, 2 hours", "35 minuti". */
export function durationWords(ms: number, lang: Language): string {
  return catalog(lang).time.duration(ms);
}

/**
 * A paragraph: text only (never a link, whatever it holds: notify/inert.ts), or
 * text followed by a link the service made (a game of the daily digest).
 */
export type Paragraph = string | { readonly text: string; readonly url: string };

/** A paragraph as one line of plain text, its link after it. */
export const paragraphText = (p: Paragraph): string => (typeof p === "string" ? p : `${p.text} ${p.url}`);

/** A message in neutral form, rendered by each channel. Its only links are `action` and the paragraphs' own. */
export interface Message {
  readonly subject: string;
  /** One line: a chat message or a push title. */
  readonly title: string;
  readonly paragraphs: readonly Paragraph[];
  readonly action: { readonly label: string; readonly url: string } | null;
}
