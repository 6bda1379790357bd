import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { citingFiles, FIGURE, readFigures, root } from "../../bench/figures";
import { dist, kib, webSizes } from "../../bench/web-sizes";

/**
 * No figure in the docs is typed by hand or older than the code it
 * describes (bench/figures.ts): every figure a doc cites is the one the
 * bench kept, and the figures cheap to measure again are measured again
 * here. `npm test` builds the web client before its tests run; run alone,
 * this file needs `npm run build:web` first.
 */

const cited = citingFiles().flatMap((file) =>
  [...readFileSync(join(root, file), "utf8").matchAll(FIGURE)].map((m) => ({ file, part: m[1]!, name: m[2]!, text: m[3]! })),
);

describe("the docs' figures", () => {
  it("are cited somewhere (the mechanism is in use)", () => {
    expect(cited.length).toBeGreaterThan(0);
  });

  it.each(cited.map((c) => [`${c.file}: ${c.part}.${c.name}`, c] as const))("%s is the bench's", (_, c) => {
    const figures = readFigures(c.part);
    expect(figures, `bench/figures/${c.part}.json: run the bench part that measures it`).not.toBeNull();
    expect(figures!.values[c.name], `${c.part}.${c.name}: no such figure`).toBeDefined();
    expect(c.text, `${c.file}: run \`npm run bench -- ${c.part}\` (it writes its figures into the docs)`).toBe(figures!.values[c.name]);
  });

  it("of the web client are what the built client measures now", async () => {
    expect(existsSync(join(dist, "asset-manifest.json")), "build the web client first: npm run build:web").toBe(true);
    const kept = readFigures("web")!.values;
    const now = Object.fromEntries((await webSizes()).map((s) => [s.key, kib(s.gzip)]));
    // Within half a KiB, the docs' precision: the sizes they give are the code's, not a past version's (`npm run bench -- web`).
    for (const [key, value] of Object.entries(now))
      expect(Math.abs(Number.parseFloat(kept[key]!) - Number.parseFloat(value)), key).toBeLessThanOrEqual(0.5);
  });
});
