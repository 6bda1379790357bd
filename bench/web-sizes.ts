/**
 * What each page of the web client downloads, raw and gzipped, measured on
 * the built client (web/dist): a page's script loaded at once is what
 * every page loads (the main and boot scripts and the chunks index.html
 * preloads), the page's own chunks (which boot.ts preloads: the build's
 * `PAGES`) and its language's words (the table's; on any other page the
 * other pages' too), in the language whose files are larger. Then the
 * chunks the table loads when needed (the end of a hand's melds), the
 * stylesheet and the service worker. Read by the bench (web.ts, web-why.ts)
 * and by the tests (test/shared/figures.test.ts, test/shared/web-sizes.test.ts).
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const dist = join(root, "web/dist");

/** What scripts/build-web.mjs writes in web/dist/asset-manifest.json. */
export interface Manifest {
  readonly main: string;
  readonly boot: string;
  readonly style: string;
  /** The chunks index.html preloads on every page. */
  readonly preload: readonly string[];
  /** Each page's own module (under web/). */
  readonly pages: Readonly<Record<string, string>>;
  /** Each language's words: the table's, and the other pages'. */
  readonly words: Readonly<Record<string, { readonly table: string; readonly pages: string }>>;
  /** Every chunk's file (first) and the files it imports statically, by its module (under web/). */
  readonly closures: Readonly<Record<string, readonly string[]>>;
}

export const readManifest = async (): Promise<Manifest> => JSON.parse(await readFile(join(dist, "asset-manifest.json"), "utf8"));

/** The target of a page's script loaded at once, gzipped: 60 KiB on a phone's first visit (docs/benchmarks.md). */
export const PAGE_LIMIT = 60 * 1024;

interface PageSpec {
  readonly key: string;
  readonly what: string;
  /** The page (the build's `PAGES`). */
  readonly page: string;
  /** Chunks loaded later, counted too (modules under web/). */
  readonly plus?: readonly string[];
  /** Held to PAGE_LIMIT. */
  readonly limited: boolean;
}

/** The pages measured. A page held to the limit fails the bench and test/shared/web-sizes.test.ts when it goes over it. */
export const PAGES: readonly PageSpec[] = [
  { key: "table", what: "table page: script loaded at once", page: "table", limited: true },
  {
    key: "tableWithEnd",
    what: "table page with the end of a hand's melds",
    page: "table",
    plus: ["src/replay/record-hands.ts"],
    limited: true,
  },
  { key: "lobby", what: "lobby: script loaded at once", page: "lobby", limited: true },
  { key: "replay", what: "replay page: script loaded at once", page: "replay", limited: true },
  { key: "notifications", what: "notifications page: script loaded at once", page: "notifications", limited: true },
];

/** The files a page loads, in one language. */
export function pageFiles(manifest: Manifest, spec: PageSpec, lang: string): Set<string> {
  const closure = (source: string) => {
    const files = manifest.closures[source];
    if (!files) throw new Error(`web/dist/asset-manifest.json has no chunk for ${source}`);
    return files;
  };
  const own = manifest.pages[spec.page];
  if (!own) throw new Error(`the build has no page ${spec.page}`);
  if (!manifest.words[lang]) throw new Error(`the build has no words in ${lang}`);
  return new Set([
    ...closure("src/main.ts"),
    ...closure("src/boot.ts"),
    ...manifest.preload,
    ...closure(own),
    ...closure(`src/i18n/${lang}.ts`),
    ...(spec.page === "table" ? [] : closure(`src/i18n/${lang}-pages.ts`)),
    ...(spec.plus ?? []).flatMap(closure),
  ]);
}

export interface Size {
  readonly raw: number;
  readonly gzip: number;
}

/** Each file's size, raw and gzipped on its own (as a browser fetches them). */
export async function fileSize(file: string): Promise<Size> {
  const contents = await readFile(join(dist, file));
  return { raw: contents.length, gzip: gzipSync(contents, { level: 9 }).length };
}

async function sizes(files: Iterable<string>): Promise<Size> {
  const each = await Promise.all([...files].map(fileSize));
  return { raw: each.reduce((n, s) => n + s.raw, 0), gzip: each.reduce((n, s) => n + s.gzip, 0) };
}

/** A page's files in the language whose files weigh more (gzipped), and their size. */
export async function heavierLanguage(manifest: Manifest, spec: PageSpec): Promise<{ lang: string; files: Set<string>; size: Size }> {
  const each = await Promise.all(
    Object.keys(manifest.words).map(async (lang) => {
      const files = pageFiles(manifest, spec, lang);
      return { lang, files, size: await sizes(files) };
    }),
  );
  return each.sort((a, b) => b.size.gzip - a.size.gzip)[0]!;
}

export interface PageSize extends Size {
  readonly key: string;
  readonly what: string;
  /** Held to PAGE_LIMIT. */
  readonly limited: boolean;
}

export async function webSizes(): Promise<PageSize[]> {
  const manifest = await readManifest();
  const pages = await Promise.all(
    PAGES.map(async (spec) => ({ key: spec.key, what: spec.what, limited: spec.limited, ...(await heavierLanguage(manifest, spec)).size })),
  );
  return [
    ...pages,
    { key: "style", what: "stylesheet", limited: false, ...(await sizes([manifest.style])) },
    { key: "serviceWorker", what: "service worker (sw.js)", limited: false, ...(await sizes(["sw.js"])) },
  ];
}

/** A size as the docs write it. */
export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
