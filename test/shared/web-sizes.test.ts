import { existsSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { beforeAll, describe, expect, it } from "vitest";
import { dist, kib, type Manifest, PAGE_LIMIT, PAGES, pageFiles, readManifest, webSizes } from "../../bench/web-sizes";

/**
 * Each page of the web client within its target on a phone's first visit
 * (docs/benchmarks.md): what it loads at once, gzipped, under 60 KiB, so
 * that the next feature cannot pass the limit unnoticed. Where a page goes
 * over, `npm run bench -- web why PAGE` lists where its bytes go: load what
 * it does not need to draw with import() when it is needed. And each page
 * loads its own chunks only. `npm test` builds the web client before its
 * tests run; run alone, this file needs `npm run build:web` first.
 */

let manifest: Manifest;
beforeAll(async () => {
  expect(existsSync(join(dist, "asset-manifest.json")), "build the web client first: npm run build:web").toBe(true);
  manifest = await readManifest();
});

describe("the web client's pages", () => {
  it.each(PAGES.filter((p) => p.limited).map((p) => [p.what, p.key] as const))("%s: under the target", async (_, key) => {
    const size = (await webSizes()).find((s) => s.key === key)!;
    expect(size.gzip, `${key}: ${kib(size.gzip)} gzipped, target < ${kib(PAGE_LIMIT)} (npm run bench -- web why ${key})`).toBeLessThan(
      PAGE_LIMIT,
    );
  });

  it("load their own chunks only: the table never the lobby's, the lobby never the table's", () => {
    const own = (page: string) => manifest.closures[manifest.pages[page]!]![0]!;
    for (const spec of PAGES) {
      const files = pageFiles(manifest, spec, "it");
      for (const page of Object.keys(manifest.pages))
        if (page !== spec.page) expect(files.has(own(page)), `${spec.key} loads the ${page} page's module`).toBe(false);
    }
    // The page every address gets preloads what every page needs, and no page's own module.
    const html = readFileSync(join(dist, "index.html"), "utf8");
    for (const page of Object.keys(manifest.pages)) expect(html).not.toContain(`<link rel="modulepreload" href="/${own(page)}"`);
    expect(html).toContain(`"table":["/${own("table")}"`);
  });

  it("share one chunk for what every page uses: each module loaded with import() that reaches it imports core.ts", () => {
    // esbuild's metafile of the build (scripts/build-web.mjs): each module's static imports, each chunk's entry point.
    const meta = JSON.parse(readFileSync(join(dist, "../dist.meta.json"), "utf8")) as {
      inputs: Record<string, { imports: { path: string; kind: string }[] }>;
      outputs: Record<string, { entryPoint?: string }>;
    };
    const reach = (module: string, seen = new Set<string>()) => {
      if (seen.has(module)) return seen;
      seen.add(module);
      for (const i of meta.inputs[module]?.imports ?? []) if (i.kind === "import-statement") reach(i.path, seen);
      return seen;
    };
    const core = reach("web/src/core.ts");
    expect(core).toContain("web/src/i18n/index.ts");
    const entries = Object.values(meta.outputs)
      .map((o) => o.entryPoint)
      .filter((e): e is string => e?.endsWith(".ts") === true && e !== "web/src/boot.ts");
    expect(entries).toContain("web/src/table/page.ts");
    const forgetting = entries.filter((e) => {
      const reached = reach(e);
      return !reached.has("web/src/core.ts") && [...reached].some((m) => core.has(m));
    });
    expect(forgetting, 'add `import "../core";` to these (web/src/core.ts says why)').toEqual([]);
  });
});
