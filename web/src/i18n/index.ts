import type { ErrorCode } from "../../../src/shared/api";
import { CATALOGS, LANGUAGE_KEY, type Lang, PAGE_CATALOGS, startLanguage } from "./choice";
import type { Catalog } from "./en";
import type { PagesCatalog } from "./en-pages";

/**
 * The player's language: the browser's by default (Italian for any
 * `it…` language, English otherwise), or the one chosen with the switch,
 * remembered in this browser. `t` is the current catalog; every view reads
 * it while rendering, so a switch redraws the page in the other language.
 * The table's words come first (en.ts); the other pages' (en-pages.ts)
 * join them once a page asks with `usePageWords` (main.ts, before opening
 * any page but the table), so a table never downloads them: the table's
 * code must not read their sections, which test/web/words.test.ts checks.
 */

export type { Lang } from "./choice";
export { browserLanguage } from "./choice";

/** Every word a page may read: the table's, and, once asked for, the other pages'. */
export type Words = Catalog & PagesCatalog;

const loaded: Partial<Record<Lang, Catalog>> = {};
const loadedPages: Partial<Record<Lang, PagesCatalog>> = {};
/** The page shown needs the other pages' words (and so does the language it switches to). */
let pageWords = false;

export let lang: Lang = "en";
/** Set by `initLanguage` before anything renders; the pages' sections only after `usePageWords`. */
export let t: Words;

const listeners = new Set<() => void>();

async function use(next: Lang): Promise<void> {
  const [catalog, pages] = await Promise.all([
    loaded[next] ?? CATALOGS[next](),
    pageWords ? (loadedPages[next] ?? PAGE_CATALOGS[next]()) : undefined,
  ]);
  loaded[next] = catalog;
  if (pages) loadedPages[next] = pages;
  lang = next;
  t = (pages ? { ...catalog, ...pages } : catalog) as Words;
  document.documentElement.lang = next;
}

/** The other pages' words, for a page that is not the table (main.ts waits for them before opening it). */
export async function usePageWords(): Promise<void> {
  if (pageWords && loadedPages[lang]) return;
  pageWords = true;
  await use(lang);
}

/** The language to start in, with the other pages' words too where the page needs them. */
export function initLanguage(withPageWords: boolean): Promise<void> {
  pageWords = withPageWords;
  return use(startLanguage());
}

/** The switch: remembered, and every page listening redraws. */
export async function setLanguage(next: Lang): Promise<void> {
  if (next === lang) return;
  await use(next);
  try {
    localStorage.setItem(LANGUAGE_KEY, next);
  } catch {
    // Not remembered: the page still switches.
  }
  for (const listener of listeners) listener();
}

export function onLanguage(listener: () => void): () => void {
  listeners.add(listener);
  return () => listeners.delete(listener);
}

/** A refusal's text from its code, never the server's own (English) message. */
export function codeText(code: ErrorCode | "NETWORK" | string): string {
  return (t.codes as Record<string, string>)[code] ?? t.codes.INTERNAL;
}

// ── Numbers, dates and times in the player's locale ─────────────────────────

export const num = (n: number): string => n.toLocaleString(t.locale);

export function dateTime(iso: string | number): string {
  return new Intl.DateTimeFormat(t.locale, { dateStyle: "medium", timeStyle: "short" }).format(new Date(iso));
}

/** A time today ("14:32"), or a date and time otherwise; in the viewer's own time zone. */
export function when(iso: string | number, now = Date.now()): string {
  const date = new Date(iso);
  const today = new Date(now).toDateString() === date.toDateString();
  return today
    ? new Intl.DateTimeFormat(t.locale, { timeStyle: "short" }).format(date)
    : new Intl.DateTimeFormat(t.locale, { weekday: "short", day: "numeric", month: "short", hour: "numeric", minute: "2-digit" }).format(
        date,
      );
}

/** "3 minutes ago", "2 hours ago", "3 giorni fa". */
export function ago(iso: string | number, now = Date.now()): string {
  const seconds = Math.round((new Date(iso).getTime() - now) / 1000);
  if (Math.abs(seconds) < 45) return t.time.justNow;
  const format = new Intl.RelativeTimeFormat(t.locale, { numeric: "auto" });
  const minutes = Math.round(seconds / 60);
  if (Math.abs(minutes) < 60) return format.format(minutes, "minute");
  const hours = Math.round(minutes / 60);
  if (Math.abs(hours) < 24) return format.format(hours, "hour");
  return format.format(Math.round(hours / 24), "day");
}

/** "Anna, Bruno e Carla". */
export function nameList(names: readonly string[]): string {
  return new Intl.ListFormat(t.locale, { style: "long", type: "conjunction" }).format(names);
}
