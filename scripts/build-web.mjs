// Builds the static web client into web/dist: bundles web/src/main.ts (the
// router: each page, the replay and each language's words as chunks loaded
// when needed), web/src/boot.ts (which fetches the page's chunks and words
// at once) and web/src/style.css into web/assets/, every file named with a
// hash of its contents, so that it can be cached for good (`_headers`, and
// the Worker's own headers in src/server/assets.ts); writes web/index.html
// with those names, a modulepreload for every chunk every page needs at once
// and, for boot.ts, the chunks of each page (PAGES); the service worker
// (web/src/sw.ts, told the app shell's files and a version); renders the
// icons from web/icon.svg, and copies the manifest. Files are written only
// when they change, each by an atomic rename, so a service already serving
// web/dist (a test's wrangler dev) never sees a half-written or missing
// file. esbuild's metafile goes to web/dist.meta.json (not served), which
// `npm run bench -- web why` reads to tell where each page's bytes go.

import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Resvg } from "@cf-wasm/resvg/node";
import { build } from "esbuild";

const repo = fileURLToPath(new URL("../", import.meta.url));
const root = `${repo}web/`;
const outdir = `${root}dist`;
const TARGET = ["es2022", "chrome110", "firefox110", "safari16"];
/**
 * Each page's own module, which web/src/main.ts opens with import() (web/src/pages.ts tells a page from its address):
 * a page downloads its own chunks, never another page's.
 */
const PAGES = {
  table: "src/table/page.ts",
  lobby: "src/lobby/page.ts",
  replay: "src/replay/page.ts",
  notifications: "src/notifications/preferences.ts",
  emailLink: "src/notifications/email-links.ts",
  link: "src/identity/link-page.ts",
  ratings: "src/seeks/ratings-pages.ts",
  tournament: "src/tournaments/pages.ts",
};

const common = {
  outdir,
  entryNames: "assets/[name]-[hash]",
  bundle: true,
  format: "esm",
  target: TARGET,
  minify: true,
  sourcemap: true,
  write: false,
  metafile: true,
  legalComments: "none",
  logLevel: "warning",
  // Paths in the metafile relative to the repository, wherever the build is run from.
  absWorkingDir: repo,
};
const app = await build({
  ...common,
  entryPoints: { main: `${root}src/main.ts`, style: `${root}src/style.css` },
  chunkNames: "assets/[name]-[hash]",
  splitting: true,
});
// boot.ts apart, in one file that imports nothing: it runs as soon as it arrives, without waiting for a chunk it
// would share with the app (which the browser fetches beside the page's others), and asks for the page's own chunks
// and words then. The little it has in common with the app (first-snapshot.ts says how the two meet) is copied in.
const bootBuild = await build({ ...common, entryPoints: { boot: `${root}src/boot.ts` } });

/** Path in web/dist → contents. */
const files = new Map([...app.outputFiles, ...bootBuild.outputFiles].map((f) => [relative(outdir, f.path), Buffer.from(f.contents)]));
for (const name of ["manifest.webmanifest", "icon.svg"]) files.set(name, await readFile(`${root}${name}`));

// The page: the hashed names; every chunk that every page needs before it can draw preloaded side by side instead of one
// after another; and for boot.ts, each page's own chunks, which it preloads on that page only.
const metafile = {
  inputs: { ...app.metafile.inputs, ...bootBuild.metafile.inputs },
  outputs: { ...app.metafile.outputs, ...bootBuild.metafile.outputs },
};
const outputs = Object.entries(metafile.outputs).map(([path, output]) => ({ name: relative(outdir, join(repo, path)), ...output }));
/** The output a source (`src/…`, under web/) becomes: an entry point, or a chunk that an import() loads. */
const entry = (source) => outputs.find((o) => o.entryPoint === `web/${source}`)?.name;
/** A file and the files it imports statically, each once. */
const closure = (name, seen = new Set()) => {
  if (!name || seen.has(name)) return seen;
  seen.add(name);
  for (const i of outputs.find((o) => o.name === name)?.imports ?? [])
    if (i.kind === "import-statement") closure(relative(outdir, join(repo, i.path)), seen);
  return seen;
};
const [main, boot, style] = [entry("src/main.ts"), entry("src/boot.ts"), entry("src/style.css")];
/** The words of a language: the table's (every page's), and the other pages' (web/src/i18n/choice.ts). */
const words = Object.fromEntries(
  ["en", "it"].map((lang) => [lang, { table: entry(`src/i18n/${lang}.ts`), pages: entry(`src/i18n/${lang}-pages.ts`) }]),
);
if (closure(boot).size !== 1) throw new Error("boot.ts imports a chunk: it must run as soon as it arrives");
// The words' own imports too: boot.ts asks for the words at once, which should find their imports on their way.
const core = closure(main);
const preload = new Set(core);
for (const lang of Object.values(words)) for (const file of [...closure(lang.table), ...closure(lang.pages)]) preload.add(file);
for (const file of Object.values(words).flatMap((lang) => [lang.table, lang.pages])) preload.delete(file);
preload.delete(main);
// Each page's own chunks beyond the core: boot.ts preloads them on that page (web/src/pages.ts names the pages).
const pageFiles = Object.fromEntries(
  Object.entries(PAGES).map(([page, source]) => {
    const own = entry(source);
    if (!own) throw new Error(`no chunk for ${page}'s ${source}: is it still imported with import() by web/src/main.ts?`);
    return [page, [...closure(own)].filter((f) => !core.has(f) && !preload.has(f)).map((f) => `/${f}`)];
  }),
);
const html = (await readFile(`${root}index.html`, "utf8")).replace('href="/style.css"', `href="/${style}"`).replace(
  '<script type="module" src="/main.js"></script>',
  [
    // Before the scripts: boot.ts (async) may run before the parser gets past them.
    `<script type="application/json" id="page-chunks">${JSON.stringify({
      pages: pageFiles,
      words: Object.fromEntries(Object.entries(words).map(([lang, w]) => [lang, { table: `/${w.table}`, pages: `/${w.pages}` }])),
    })}</script>`,
    `<script type="module" async src="/${boot}"></script>`,
    `<script type="module" src="/${main}"></script>`,
    ...[...preload].sort().map((name) => `<link rel="modulepreload" href="/${name}" />`),
  ].join("\n    "),
);
if (!html.includes(main) || !html.includes(style)) throw new Error("web/index.html no longer names /main.js and /style.css");
files.set("index.html", Buffer.from(html));
// For the bench and the tests: the page's files, each page's module, and every chunk's closure by its module (its
// own file first).
const closures = Object.fromEntries(
  outputs
    .filter((o) => o.entryPoint?.startsWith("web/") && o.name.endsWith(".js"))
    .map((o) => [o.entryPoint.slice("web/".length), [...closure(o.name)]]),
);
files.set(
  "asset-manifest.json",
  Buffer.from(JSON.stringify({ main, boot, style, preload: [...preload].sort(), pages: PAGES, words, closures }, null, 2)),
);
// Hashed names never change their contents: cached for a year, never revalidated (Workers static assets' `_headers`).
files.set("_headers", Buffer.from("/assets/*\n  Cache-Control: public, max-age=31536000, immutable\n"));

// Icons: the app's (any and maskable, which keeps its picture inside the safe circle), Apple's, and favicon.ico.
const svg = (await readFile(`${root}icon.svg`, "utf8")).trim();
const maskable = svg
  .replace(/<svg([^>]*)>/, '<svg$1><rect width="512" height="512" fill="#155e46"/><g transform="translate(64 64) scale(0.75)">')
  .replace(/<\/svg>$/, "</g></svg>");
const png = (source, size) => Buffer.from(new Resvg(source, { fitTo: { mode: "width", value: size } }).render().asPng());
files.set("icon-192.png", png(svg, 192));
files.set("icon-512.png", png(svg, 512));
files.set("icon-180.png", png(svg, 180));
files.set("icon-maskable-512.png", png(maskable, 512));
files.set("favicon.ico", ico(png(svg, 32), 32));

// The service worker caches the shell: every file above but source maps, under a version that changes with them.
const shell = [
  "/",
  ...[...files.keys()]
    .filter((name) => !name.endsWith(".map") && !["index.html", "_headers", "asset-manifest.json"].includes(name))
    .map((name) => `/${name}`),
].sort();
const version = createHash("sha256");
for (const name of [...files.keys()].sort()) version.update(name).update(files.get(name));
const sw = await build({
  entryPoints: { sw: `${root}src/sw.ts` },
  outdir,
  bundle: true,
  format: "iife",
  target: TARGET,
  minify: true,
  write: false,
  legalComments: "none",
  logLevel: "warning",
  define: { __SHELL__: JSON.stringify(shell), __VERSION__: JSON.stringify(version.digest("hex").slice(0, 16)) },
});
for (const f of sw.outputFiles) files.set(relative(outdir, f.path), Buffer.from(f.contents));

await mkdir(outdir, { recursive: true });
for (const [name, contents] of files) {
  const path = join(outdir, name);
  await mkdir(dirname(path), { recursive: true });
  const old = await readFile(path).catch(() => null);
  if (old && Buffer.compare(old, contents) === 0) continue;
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, contents);
  await rename(temp, path);
}
// Where each page's bytes come from, beside web/dist rather than in it (never served): `npm run bench -- web why`.
await writeFile(`${root}dist.meta.json.${process.pid}.tmp`, JSON.stringify(metafile));
await rename(`${root}dist.meta.json.${process.pid}.tmp`, `${root}dist.meta.json`);
// Files of earlier builds that this one no longer makes.
for (const entry of await readdir(outdir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const name = relative(outdir, join(entry.parentPath, entry.name));
  if (!files.has(name) && !name.endsWith(".tmp")) await rm(join(outdir, name), { force: true });
}
// Folders of earlier builds left empty (web/dist/chunks before files were hashed).
for (const entry of await readdir(outdir, { withFileTypes: true })) {
  if (entry.isDirectory() && (await readdir(join(outdir, entry.name))).length === 0)
    await rm(join(outdir, entry.name), { recursive: true });
}
const size = (name) => (files.get(name)?.length ?? 0) / 1024;
console.log(`web client built in web/dist (${main} ${size(main).toFixed(1)} KiB, ${style} ${size(style).toFixed(1)} KiB)`);

/** An .ico holding one PNG image (a format every browser reads for /favicon.ico). */
function ico(image, size) {
  const header = Buffer.alloc(22);
  header.writeUInt16LE(0, 0); // reserved
  header.writeUInt16LE(1, 2); // icon
  header.writeUInt16LE(1, 4); // one image
  header.writeUInt8(size, 6);
  header.writeUInt8(size, 7);
  header.writeUInt8(0, 8); // no palette
  header.writeUInt8(0, 9);
  header.writeUInt16LE(1, 10); // colour planes
  header.writeUInt16LE(32, 12); // bits per pixel
  header.writeUInt32LE(image.length, 14);
  header.writeUInt32LE(22, 18); // offset of the image
  return Buffer.concat([header, image]);
}
