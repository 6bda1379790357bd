import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { describe, expect, it } from "vitest";
import { root } from "../../bench/figures";
import { enPages } from "../../web/src/i18n/en-pages";

/**
 * A table downloads only the table's words (web/src/i18n/en.ts): the other
 * pages' (en-pages.ts) are loaded by every other page, never by the table
 * (i18n/index.ts). So no module the table's page loads at once may read a
 * section of the other pages' words: it would find nothing there. This
 * reads the modules the table's page imports statically (as esbuild bundles
 * them) and fails on any that reads one; a part of the table that needs
 * such words is loaded with them (`usePageWords`), or its words move to a
 * section of the table's.
 */

/** The modules a page's entries import statically, as the build bundles them (paths from the repository's root). */
async function staticModules(entries: readonly string[]): Promise<Set<string>> {
  const bundle = await build({
    entryPoints: entries.map((e) => join(root, e)),
    absWorkingDir: root,
    bundle: true,
    write: false,
    metafile: true,
    format: "esm",
    splitting: true,
    outdir: join(root, "web/dist-unused"),
    logLevel: "silent",
  });
  const inputs = bundle.metafile.inputs;
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const i of inputs[path]?.imports ?? []) if (i.kind === "import-statement") visit(i.path);
  };
  for (const e of entries) visit(e);
  return seen;
}

describe("the table's words", () => {
  it("are all the table's page reads: none of its modules reads the other pages' words", async () => {
    const modules = await staticModules(["web/src/main.ts", "web/src/boot.ts", "web/src/table/page.ts"]);
    expect(modules).toContain("web/src/table/view.ts");
    const sections = Object.keys(enPages);
    const reading = new RegExp(`\\bt\\.(${sections.join("|")})\\b`, "g");
    const found = [...modules]
      .filter((m) => m.startsWith("web/src/") && !m.startsWith("web/src/i18n/"))
      .flatMap((m) => [...new Set([...readFileSync(join(root, m), "utf8").matchAll(reading)].map((match) => `${m}: t.${match[1]}`))]);
    expect(found).toEqual([]);
  });
});
