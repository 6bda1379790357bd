/**
 * Lists, plurals, numbers and durations in a catalog's locale, by the
 * platform's `Intl` (the Workers runtime carries full ICU data), so that the
 * catalogs hold words, not grammar.
 */

/** A text's plural forms: the CLDR categories English and Italian use (`many`: Italian's "1 milione di …"). */
export interface Forms {
  readonly one: string;
  readonly other: string;
  readonly many?: string;
}

/** "1 card", "3 carte": `#` in the chosen form becomes the number, written in the locale. */
export function plural(locale: string, n: number, forms: Forms): string {
  const form = (forms as unknown as Record<string, string | undefined>)[new Intl.PluralRules(locale).select(n)] ?? forms.other;
  return form.replace("#", n.toLocaleString(locale));
}

/** "Anna, Bruno and Carla", "Anna, Bruno e Carla". */
export function list(locale: string, items: readonly string[]): string {
  return new Intl.ListFormat(locale, { style: "long", type: "conjunction" }).format(items);
}

export const MINUTE = 60_000;

/**
 * A span in its two largest parts of days, hours and minutes ("1 day, 2
 * hours", "3 ore e 5 minuti"); null under a minute (the catalog says that
 * in its own words).
 */
export function duration(locale: string, ms: number): string | null {
  const minutes = Math.max(0, Math.round(ms / MINUTE));
  const parts: [keyof DurationParts, number][] = [
    ["days", Math.floor(minutes / 1440)],
    ["hours", Math.floor(minutes / 60) % 24],
    ["minutes", minutes % 60],
  ];
  const first = parts.findIndex(([, n]) => n > 0);
  if (first < 0) return null;
  const shown = Object.fromEntries(parts.slice(first, first + 2).filter(([, n]) => n > 0)) as DurationParts;
  return new Intl.DurationFormat(locale, { style: "long" }).format(shown);
}

interface DurationParts {
  days?: number;
  hours?: number;
  minutes?: number;
}
