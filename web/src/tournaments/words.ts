import { lang } from "../i18n/index";
import type { TournamentWords } from "./words/en";

/**
 * The tournaments' words in the player's language, loaded with the pages
 * that show them (words/en.ts, words/it.ts): `tw` is the current language's
 * once `loadWords` has resolved, and a language switch loads the other.
 */

const loaded: Partial<Record<string, TournamentWords>> = {};

export let tw: TournamentWords;

/** Loads the words of the current language (at once when already loaded); true when they changed. */
export async function loadWords(): Promise<boolean> {
  const want = lang;
  const words = (loaded[want] ??= want === "it" ? (await import("./words/it")).it : (await import("./words/en")).en);
  if (tw === words) return false;
  tw = words;
  return true;
}

/** Whether the words loaded are the current language's (after a switch they are loaded again). */
export const wordsCurrent = (): boolean => tw !== undefined && tw === loaded[lang];
