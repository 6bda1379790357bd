// Builds the static web client into web/dist: bundles web/src/main.ts (with
// the replay as a chunk loaded when needed) and web/src/style.css, the
// service worker (web/src/sw.ts, told the app shell's files and a version),
// renders the icons from web/icon.svg, and copies web/index.html and the
// manifest. Files are written only when they change, each by an atomic
// rename, so a service already serving web/dist (a test's wrangler dev)
// never sees a half-written or missing file.

import { createHash } from "node:crypto";
import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { dirname, join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { Resvg } from "@cf-wasm/resvg/node";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../web/", import.meta.url));
const outdir = `${root}dist`;
const TARGET = ["es2022", "chrome110", "firefox110", "safari16"];

const app = await build({
  entryPoints: { main: `${root}src/main.ts`, style: `${root}src/style.css` },
  outdir,
  entryNames: "[name]",
  chunkNames: "chunks/[name]-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  target: TARGET,
  minify: true,
  sourcemap: true,
  write: false,
  legalComments: "none",
  logLevel: "warning",
});

/** Path in web/dist → contents. */
const files = new Map(app.outputFiles.map((f) => [relative(outdir, f.path), Buffer.from(f.contents)]));
for (const name of ["index.html", "manifest.webmanifest", "icon.svg"]) files.set(name, await readFile(`${root}${name}`));

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
  ...[...files.keys()].filter((name) => !name.endsWith(".map") && name !== "index.html").map((name) => `/${name}`),
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
// Files of earlier builds that this one no longer makes.
for (const entry of await readdir(outdir, { recursive: true, withFileTypes: true })) {
  if (!entry.isFile()) continue;
  const name = relative(outdir, join(entry.parentPath, entry.name));
  if (!files.has(name) && !name.endsWith(".tmp")) await rm(join(outdir, name), { force: true });
}
const size = (name) => (files.get(name)?.length ?? 0) / 1024;
console.log(`web client built in web/dist (main.js ${size("main.js").toFixed(1)} KiB, style.css ${size("style.css").toFixed(1)} KiB)`);

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
