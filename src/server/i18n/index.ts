import type { Language } from "../../shared/language";
import { type Catalog, en } from "./en";
import { it } from "./it";

/** The server's catalogs (notifications, link previews), one per language of src/shared/language.ts. */
export const CATALOGS: Readonly<Record<Language, Catalog>> = { en, it };

export function catalog(lang: Language): Catalog {
  return CATALOGS[lang];
}

export type { Catalog };
