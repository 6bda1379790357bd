/**
 * `npm run bench -- web`: builds the web client and prints what each page
 * downloads, raw and gzipped (web-sizes.ts), against the pages' target;
 * keeps the gzipped sizes as figures for the docs (figures.ts).
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { saveFigures } from "./figures.js";
import { kib, PAGE_LIMIT, root, webSizes } from "./web-sizes.js";

/** Builds the web client into web/dist (scripts/build-web.mjs). */
export async function buildWeb(): Promise<void> {
  await promisify(execFile)(process.execPath, [join(root, "scripts/build-web.mjs")], { cwd: root });
}

export async function webBench(): Promise<boolean> {
  await buildWeb();
  const rows = await webSizes();
  const target = `< ${PAGE_LIMIT / 1024} KiB`;
  const lines = rows.map((s) => [
    s.what,
    kib(s.raw),
    kib(s.gzip),
    s.limited ? target : "",
    s.limited ? (s.gzip < PAGE_LIMIT ? "ok" : "MISSED") : "",
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
  const docs = saveFigures("web", Object.fromEntries(rows.map((s) => [s.key, kib(s.gzip)])));
  if (docs.length > 0) console.log(`\n(figures written into ${docs.join(", ")})`);
  console.log("\n(`npm run bench -- web why` tells where each page's bytes go)");
  return rows.every((s) => !s.limited || s.gzip < PAGE_LIMIT);
}
