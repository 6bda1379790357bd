/**
 * The languages every text a player reads exists in: English and Italian.
 * One list for the server's messages, the API's schemas, the database and
 * the web client's catalogs. No schema library here: the client imports it.
 */
export const LANGUAGES = ["en", "it"] as const;
export type Language = (typeof LANGUAGES)[number];

/**
 * The reader's language from an `Accept-Language` header: of the tags the
 * service speaks, the one with the highest quality (`q`, 1 when left out;
 * `q=0` means "not this one"), the first listed among equals; else English.
 * Written here rather than taken from a library: a dozen lines, and the
 * Workers runtime has no `Intl.LocaleMatcher`.
 */
export function languageOf(header: string | null | undefined): Language {
  const tags = (header ?? "")
    .split(",")
    .map((part, i) => {
      const [tag = "", ...params] = part.trim().toLowerCase().split(";");
      const q = Number(params.find((p) => p.trim().startsWith("q="))?.split("=")[1] ?? "1");
      return { lang: tag.trim().split("-")[0], q: Number.isFinite(q) ? q : 0, i };
    })
    .filter((t): t is { lang: Language; q: number; i: number } => t.q > 0 && (LANGUAGES as readonly string[]).includes(t.lang ?? ""))
    .sort((a, b) => b.q - a.q || a.i - b.i);
  return tags[0]?.lang ?? "en";
}
