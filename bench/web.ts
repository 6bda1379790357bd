/**
 * `npm run bench -- web`: builds the web client and prints what each page
 * downloads, raw and gzipped (web-sizes.ts), against the table page's
 * target; keeps the gzipped sizes as figures for the docs (figures.ts).
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { saveFigures } from "./figures.js";
import { kib, root, TABLE_LIMIT, webSizes } from "./web-sizes.js";

export async function webBench(): Promise<boolean> {
  await promisify(execFile)(process.execPath, [join(root, "scripts/build-web.mjs")], { cwd: root });
  const rows = await webSizes();
  const target = `< ${TABLE_LIMIT / 1024} KiB`;
  const lines = rows.map((s) => [
    s.what,
    kib(s.raw),
    kib(s.gzip),
    s.limited ? target : "",
    s.limited ? (s.gzip < TABLE_LIMIT ? "ok" : "MISSED") : "",
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
  return rows.every((s) => !s.limited || s.gzip < TABLE_LIMIT);
}
