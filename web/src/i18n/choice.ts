import { isLanguage, type Language, languageOf } from "../../../src/shared/language";
import type { Catalog } from "./en";
import type { PagesCatalog } from "./en-pages";

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

/** The words of the pages other than the table, a chunk apart (en-pages.ts): a table never downloads them. */
export const PAGE_CATALOGS: Record<Lang, () => Promise<PagesCatalog>> = {
  en: () => import("./en-pages").then((m) => m.enPages),
  it: () => import("./it-pages").then((m) => m.itPages),
};

export const LANGUAGE_KEY = "burraco.lang";

export function storedLanguage(): Lang | null {
  try {
    const value = localStorage.getItem(LANGUAGE_KEY);
    return isLanguage(value) ? value : null;
  } catch {
    return null;
  }
}

/** The browser's preferred languages in order, read as the server reads an Accept-Language header. */
export function browserLanguage(): Lang {
  return languageOf((navigator.languages ?? [navigator.language]).join(","));
}

/** The language chosen with the switch, else the browser's. */
export const startLanguage = (): Lang => storedLanguage() ?? browserLanguage();
