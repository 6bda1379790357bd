/**
 * The client's pages, each a chunk of its own (scripts/build-web.mjs,
 * `PAGES`): told from the address alone, so that boot.ts can ask for a
 * page's chunks and words as soon as the page opens, and main.ts opens the
 * same page. A page downloads its own chunks, never another page's.
 */

export type PageName = "table" | "lobby" | "replay" | "notifications" | "emailLink" | "link" | "ratings" | "tournament";

/** The page an address shows; null where there is none (main.ts says so). */
export function pageOf(path: string): PageName | null {
  if (path === "/" || path === "/index.html") return "lobby";
  if (/^\/link\/?$/.test(path)) return "link";
  if (/^\/player\/[0-9a-f]{20}\/?$/.test(path) || /^\/leaderboard\/[a-z-]{1,32}\/?$/.test(path)) return "ratings";
  if (/^\/tournament\/(new|[A-Za-z0-9_-]{24})\/?$/.test(path)) return "tournament";
  const notify = /^\/notifications(\/(confirm|unsubscribe))?\/?$/.exec(path);
  if (notify) return notify[1] ? "emailLink" : "notifications";
  const game = /^\/game\/[A-Za-z0-9_-]{1,64}(\/replay)?\/?$/.exec(path);
  if (game) return game[1] ? "replay" : "table";
  return null;
}

/** The table is drawn with the table's words alone; every other page needs the pages' words too (i18n/choice.ts). */
export const needsPageWords = (page: PageName | null): boolean => page !== "table";

/** What the build writes in the page's `#page-chunks` (scripts/build-web.mjs). */
interface Chunks {
  /** Each page's own chunks (those every page needs are preloaded by the page itself). */
  readonly pages: Readonly<Record<string, readonly string[]>>;
  /** Each language's words: the table's, and the other pages'. */
  readonly words: Readonly<Record<string, { readonly table: string; readonly pages: string }>>;
}

/**
 * Preloads a page's own chunks and its words side by side (`<link
 * rel="modulepreload">`), from the page's `#page-chunks`: without it, the
 * browser would find each chunk only once the app's script had run and
 * asked for it, and each chunk's imports only once that chunk had arrived.
 */
export function preloadPage(page: PageName | null, lang: string): void {
  let chunks: Chunks;
  try {
    chunks = JSON.parse(document.getElementById("page-chunks")?.textContent ?? "");
  } catch {
    return;
  }
  const words = chunks.words[lang];
  const files = [
    ...(words ? [words.table] : []),
    ...(words && needsPageWords(page) ? [words.pages] : []),
    ...(page ? (chunks.pages[page] ?? []) : []),
  ];
  for (const href of files) {
    const link = document.createElement("link");
    link.rel = "modulepreload";
    link.href = href;
    document.head.append(link);
  }
}
