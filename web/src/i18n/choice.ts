import type { Language } from "../../../src/shared/language";
import type { Catalog } from "./en";

/**
 * Which language a page starts in, and where its catalog comes from: kept
 * apart from the rest of i18n so that boot.ts can start fetching the
 * catalog as soon as the page opens, while the app's own script is still
 * on its way (the page would otherwise ask for it only after running the
 * app's script).
 */

/** The languages of src/shared/language.ts, one catalog each. */
export type Lang = Language;

/** Each catalog is a chunk of its own: a player downloads one language, not both. */
export const CATALOGS: Record<Lang, () => Promise<Catalog>> = {
  en: () => import("./en").then((m) => m.en),
  it: () => import("./it").then((m) => m.it),
};

export const LANGUAGE_KEY = "burraco.lang";

export function storedLanguage(): Lang | null {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return value === "en" || value === "it" ? value : null;
  } catch {
    return null;
  }
}

export function browserLanguage(): Lang {
  for (const tag of navigator.languages ?? [navigator.language]) {
    if (/^it\b/i.test(tag)) return "it";
    if (/^en\b/i.test(tag)) return "en";
  }
  return "en";
}

/** The language chosen with the switch, else the browser's. */
export const startLanguage = (): Lang => storedLanguage() ?? browserLanguage();
