/**
 * `npm run check:bundle`: bundles both Workers as `wrangler deploy` would,
 * without deploying, prints what each uploads (raw and gzipped, as wrangler
 * counts it) and fails when the game Worker's upload is over its budget:
 * 600 KiB gzipped, so that every game request's isolate starts fast (the
 * preview renderer, src/preview, is a Worker of its own for this). The
 * sizes are kept as figures for the docs (bench/figures.ts).
 */
import { execFileSync } from "node:child_process";
import { join } from "node:path";
import { saveFigures } from "../bench/figures.ts";

const root = join(import.meta.dirname, "..");
const wrangler = join(root, "node_modules/wrangler/bin/wrangler.js");
const BUDGET_KIB = 600;

function upload(config, outdir) {
  const out = execFileSync(process.execPath, [wrangler, "deploy", "-c", config, "--dry-run", "--outdir", outdir], {
    cwd: root,
    encoding: "utf8",
    env: { ...process.env, CI: "1", NO_COLOR: "1", WRANGLER_SEND_METRICS: "false" },
  });
  const m = /Total Upload: ([\d.]+) KiB \/ gzip: ([\d.]+) KiB/.exec(out);
  if (!m) throw new Error(`no upload size in wrangler's output:\n${out}`);
  return { raw: Number(m[1]), gzip: Number(m[2]) };
}

const game = upload("wrangler.toml", ".wrangler/dry-run");
const preview = upload("wrangler.preview.toml", ".wrangler/dry-run-preview");
console.log(`game Worker:      ${game.raw.toFixed(0)} KiB, ${game.gzip.toFixed(0)} KiB gzipped (budget ${BUDGET_KIB} KiB gzipped)`);
console.log(`preview renderer: ${preview.raw.toFixed(0)} KiB, ${preview.gzip.toFixed(0)} KiB gzipped`);
// The docs cite these (bench/figures.ts).
saveFigures("bundle", {
  gameGzip: `${game.gzip.toFixed(0)} KiB`,
  previewGzip: `${(preview.gzip / 1024).toFixed(1)} MiB`,
  budget: `${BUDGET_KIB} KiB`,
});
if (game.gzip > BUDGET_KIB) {
  console.error(`The game Worker's upload is over its budget of ${BUDGET_KIB} KiB gzipped.`);
  process.exit(1);
}
