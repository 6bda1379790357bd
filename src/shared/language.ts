/**
 * The languages every text a player reads is written in, defined once: the
 * web client's catalogs, the server's (src/server/i18n), the subscriptions'
 * `language` and the link previews all use this list.
 */
export const LANGUAGES = ["en", "it"] as const;
export type Language = (typeof LANGUAGES)[number];

export function isLanguage(value: unknown): value is Language {
  return (LANGUAGES as readonly unknown[]).includes(value);
}

/**
 * The order a player is offered the languages in (the web client's switch
 * and every picker): Italian first, the game's own, then the others in
 * LANGUAGES' order. Derived rather than written out, so that a language
 * added to LANGUAGES is offered everywhere with no other change.
 */
export const LANGUAGES_SHOWN: readonly Language[] = [...LANGUAGES].sort((a, b) => Number(b === "it") - Number(a === "it"));

/** The reader's language from `Accept-Language`: the first of Italian or English by preference (q-values honoured), else English. */
export function languageOf(header: string | undefined | null): Language {
  const tags = (header ?? "")
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? "1");
      return { lang: tag.split("-")[0], q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t): t is { lang: Language; q: number; i: number } => t.q > 0 && isLanguage(t.lang))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return tags[0]?.lang ?? "en";
}
