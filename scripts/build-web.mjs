// Builds the static web client into web/dist: bundles web/src/main.ts and copies web/index.html.
import { build } from "esbuild";
import { copyFile, mkdir, rm } from "node:fs/promises";
import { fileURLToPath } from "node:url";

const root = fileURLToPath(new URL("../web/", import.meta.url));
const outdir = `${root}dist`;

await rm(outdir, { recursive: true, force: true });
await mkdir(outdir, { recursive: true });
await build({
  entryPoints: [`${root}src/main.ts`],
  outfile: `${outdir}/main.js`,
  bundle: true,
  format: "esm",
  target: "es2022",
  minify: true,
  sourcemap: true,
  logLevel: "warning",
});
await copyFile(`${root}index.html`, `${outdir}/index.html`);
console.log("web client built in web/dist");
