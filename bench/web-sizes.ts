/**
 * What each page of the web client downloads, raw and gzipped, measured on
 * the built client (web/dist): the script the table's page loads at once
 * (its main and boot scripts and the chunks they import statically, with
 * the larger of the two language catalogs, which it fetches before
 * drawing), the chunks pages load when needed (the end of a hand's melds;
 * the lobby; the replay), the stylesheet and the service worker. Read by
 * the bench (web.ts) and by the test that checks the docs' figures.
 */
import { readFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { gzipSync } from "node:zlib";

export const root = fileURLToPath(new URL("..", import.meta.url));
export const dist = join(root, "web/dist");

/** A file and every file it imports statically (`import … from "./x.js"`), each once. */
async function closure(file: string, seen = new Set<string>()): Promise<Set<string>> {
  if (seen.has(file)) return seen;
  seen.add(file);
  const text = await readFile(join(dist, file), "utf8");
  for (const match of text.matchAll(/(?:^|[;}\s])import\s*(?:[\w${},\s*]+from\s*)?"(\.\/[^"]+)"/g)) {
    await closure(normalize(join(dirname(file), match[1]!)), seen);
  }
  return seen;
}

/** The chunks a file loads on demand (`import("./x.js")`). */
async function dynamic(file: string): Promise<string[]> {
  const text = await readFile(join(dist, file), "utf8");
  return [...text.matchAll(/import\("(\.\/[^"]+)"\)/g)].map((m) => normalize(join(dirname(file), m[1]!)));
}

async function sizes(files: Iterable<string>): Promise<{ raw: number; gzip: number }> {
  const contents = await Promise.all([...files].map((f) => readFile(join(dist, f))));
  // Gzipped one by one, as a browser fetches them.
  return { raw: contents.reduce((n, c) => n + c.length, 0), gzip: contents.reduce((n, c) => n + gzipSync(c, { level: 9 }).length, 0) };
}

/** Target: the table page's script (with the end of a hand too) under 60 KiB gzipped. */
export const TABLE_LIMIT = 60 * 1024;

export interface PageSize {
  readonly key: string;
  readonly what: string;
  readonly raw: number;
  readonly gzip: number;
  /** Held to TABLE_LIMIT. */
  readonly limited: boolean;
}

export async function webSizes(): Promise<PageSize[]> {
  // The build names every file by its hash and lists the page's own (scripts/build-web.mjs).
  const manifest = JSON.parse(await readFile(join(dist, "asset-manifest.json"), "utf8")) as { main: string; boot: string; style: string };
  const code = await closure(manifest.main, await closure(manifest.boot));
  // Every page fetches its language's catalog before it draws: count the larger.
  const catalogs = (await Promise.all([...code].map(dynamic))).flat().filter((f) => /\/(en|it)-[^/]+\.js$/.test(f));
  const catalogSizes = await Promise.all(catalogs.map(async (f) => ({ f, gzip: (await sizes([f])).gzip })));
  const catalog = catalogSizes.sort((a, b) => b.gzip - a.gzip)[0]?.f;
  if (!catalog) throw new Error("web/dist has no language catalog chunk");
  const main = new Set([...code, catalog]);
  const later = (await Promise.all([...code].map(dynamic))).flat();
  // The lobby is a chunk of its own, which boot.ts asks for on the lobby's page; the replay's page chunk is the other.
  const lobbyChunk = (await dynamic(manifest.boot)).find((f) => /\/page-[^/]+\.js$/.test(f));
  const replayChunk = later.find((f) => /\/page-[^/]+\.js$/.test(f) && f !== lobbyChunk);
  const endChunk = later.find((f) => f.includes("record-hands-"));
  const plus = async (base: Set<string>, extra: string | undefined) => {
    const all = new Set(base);
    if (extra) for (const f of await closure(extra)) all.add(f);
    return all;
  };
  const row = (key: string, what: string, size: { raw: number; gzip: number }, limited = false): PageSize => ({
    key,
    what,
    ...size,
    limited,
  });
  return [
    row("table", "table page: script loaded at once", await sizes(main), true),
    row("tableWithEnd", "table page with the end of a hand's melds", await sizes(await plus(main, endChunk)), true),
    row("lobby", "lobby: script", await sizes(await plus(main, lobbyChunk))),
    row("replay", "replay page: script", await sizes(await plus(main, replayChunk))),
    row("style", "stylesheet", await sizes([manifest.style])),
    row("serviceWorker", "service worker (sw.js)", await sizes(["sw.js"])),
  ];
}

/** A size as the docs write it. */
export const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
