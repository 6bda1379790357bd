/**
 * `npm run bench -- web`: builds the web client and prints what each page
 * downloads, raw and gzipped: the script the table's page loads at once
 * (its main and boot scripts and the chunks they import statically, with
 * the larger of the two language catalogs, which it fetches before
 * drawing), the chunks pages load when needed (the end of a hand's melds;
 * the lobby; the replay), the stylesheet and the service worker. Target:
 * the table page's script under 60 KiB gzipped.
 */
import { execFile } from "node:child_process";
import { readFile } from "node:fs/promises";
import { dirname, join, normalize } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { gzipSync } from "node:zlib";

const root = fileURLToPath(new URL("..", import.meta.url));
const dist = join(root, "web/dist");

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

const TABLE_LIMIT = 60 * 1024;

export async function webBench(): Promise<boolean> {
  await promisify(execFile)(process.execPath, [join(root, "scripts/build-web.mjs")], { cwd: root });
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
  const rows: [string, { raw: number; gzip: number }, string][] = [
    ["table page: script loaded at once", await sizes(main), `< ${TABLE_LIMIT / 1024} KiB`],
    ["table page with the end of a hand's melds", await sizes(await plus(main, endChunk)), `< ${TABLE_LIMIT / 1024} KiB`],
    ["lobby: script", await sizes(await plus(main, lobbyChunk)), ""],
    ["replay page: script", await sizes(await plus(main, replayChunk)), ""],
    ["stylesheet", await sizes([manifest.style]), ""],
    ["service worker (sw.js)", await sizes(["sw.js"]), ""],
  ];
  const kib = (n: number) => `${(n / 1024).toFixed(1)} KiB`;
  const lines = rows.map(([what, s, target]) => [
    what,
    kib(s.raw),
    kib(s.gzip),
    target,
    target ? (s.gzip < TABLE_LIMIT ? "ok" : "MISSED") : "",
  ]);
  const header = ["what", "raw", "gzipped", "target", "result"];
  const widths = header.map((_, i) => Math.max(...[header, ...lines].map((l) => l[i]!.length)));
  const row = (l: string[]) =>
    l
      .map((cell, i) => (i === 1 || i === 2 ? cell.padStart(widths[i]!) : cell.padEnd(widths[i]!)))
      .join("  ")
      .trimEnd();
  console.log("\nWeb client: what each page downloads (web/dist)\n");
  console.log(row(header));
  console.log(row(widths.map((w) => "-".repeat(w))));
  for (const l of lines) console.log(row(l));
  return rows.every(([, s, target]) => !target || s.gzip < TABLE_LIMIT);
}
