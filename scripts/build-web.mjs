// Builds the static web client into web/dist: bundles web/src/main.ts and
// web/src/style.css and copies web/index.html. Files are
// written only when they change, each by an atomic rename, so a service
// already serving web/dist (a test's wrangler dev) never sees a half-written
// or missing file.

import { mkdir, readdir, readFile, rename, rm, writeFile } from "node:fs/promises";
import { basename, join } from "node:path";
import { fileURLToPath } from "node:url";
import { build } from "esbuild";

const root = fileURLToPath(new URL("../web/", import.meta.url));
const outdir = `${root}dist`;

const result = await build({
  entryPoints: { main: `${root}src/main.ts`, style: `${root}src/style.css` },
  outdir,
  entryNames: "[name]",
  bundle: true,
  format: "esm",
  target: ["es2022", "chrome110", "firefox110", "safari16"],
  minify: true,
  sourcemap: true,
  write: false,
  legalComments: "none",
  logLevel: "warning",
});

const files = new Map(result.outputFiles.map((f) => [basename(f.path), f.contents]));
files.set("index.html", await readFile(`${root}index.html`));

await mkdir(outdir, { recursive: true });
for (const [name, contents] of files) {
  const path = join(outdir, name);
  const old = await readFile(path).catch(() => null);
  if (old && Buffer.compare(old, Buffer.from(contents)) === 0) continue;
  const temp = `${path}.${process.pid}.tmp`;
  await writeFile(temp, contents);
  await rename(temp, path);
}
// Files of earlier builds that this one no longer makes.
for (const name of await readdir(outdir)) {
  if (!files.has(name) && !name.endsWith(".tmp")) await rm(join(outdir, name), { force: true });
}
const size = (name) => (files.get(name)?.length ?? 0) / 1024;
console.log(`web client built in web/dist (main.js ${size("main.js").toFixed(1)} KiB, style.css ${size("style.css").toFixed(1)} KiB)`);
