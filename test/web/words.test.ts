import { readFileSync } from "node:fs";
import { join } from "node:path";
import { build, type Metafile } from "esbuild";
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

type Inputs = Metafile["inputs"];

/** The build's modules and their imports, as it bundles the page's entries (paths from the repository's root). */
async function bundled(entries: readonly string[]): Promise<Inputs> {
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
  return bundle.metafile.inputs;
}

/** The modules these entries import statically. */
function staticModules(inputs: Inputs, entries: readonly string[]): Set<string> {
  const seen = new Set<string>();
  const visit = (path: string) => {
    if (seen.has(path)) return;
    seen.add(path);
    for (const i of inputs[path]?.imports ?? []) if (i.kind === "import-statement") visit(i.path);
  };
  for (const e of entries) visit(e);
  return seen;
}

const TABLE = ["web/src/main.ts", "web/src/boot.ts", "web/src/table/page.ts"];
const source = (m: string) => readFileSync(join(root, m), "utf8");
const reading = new RegExp(`\\bt\\.(${Object.keys(enPages).join("|")})\\b`, "g");
/** Where these modules read a section of the other pages' words. */
const readers = (modules: Iterable<string>) =>
  [...modules]
    .filter((m) => m.startsWith("web/src/") && !m.startsWith("web/src/i18n/"))
    .flatMap((m) => [...new Set([...source(m).matchAll(reading)].map((match) => `${m}: t.${match[1]}`))]);

describe("the table's words", () => {
  it("are all the table's page reads: none of its modules reads the other pages' words", async () => {
    const modules = staticModules(await bundled(TABLE), TABLE);
    expect(modules).toContain("web/src/table/view.ts");
    expect(readers(modules)).toEqual([]);
  });

  it("are joined by the other pages' before a part the table loads later reads them", async () => {
    // A chunk loaded with import() from the table (its chat, a hand's end, the name asked once, the way back…) that
    // reads the other pages' words asks for them itself, or is asked for with them: otherwise it shows `undefined`,
    // or throws on a function that is not there (a name refused at the table, in the dialog that asks for one).
    const inputs = await bundled(TABLE);
    const atOnce = staticModules(inputs, TABLE);
    const lazy = new Map<string, { importer: string; spec: string }>();
    const visit = (module: string) => {
      for (const i of inputs[module]?.imports ?? []) {
        if (i.kind !== "dynamic-import" || lazy.has(i.path) || !i.path.startsWith("web/src/")) continue;
        lazy.set(i.path, { importer: module, spec: i.original ?? "" });
        for (const m of staticModules(inputs, [i.path])) visit(m);
      }
    };
    // main.ts's own import()s are the pages, each opened with the other pages' words (but the table).
    for (const m of atOnce) if (m !== "web/src/main.ts") visit(m);
    expect([...lazy.keys()]).toContain("web/src/identity/name.ts");
    const alone = [...lazy].flatMap(([entry, { importer, spec }]) => {
      const own = [...staticModules(inputs, [entry])].filter((m) => !atOnce.has(m));
      const found = readers(own);
      const asks = /\busePageWords\(/.test(source(entry)) || source(importer).includes(`import(${JSON.stringify(spec)}), usePageWords()`);
      return found.length > 0 && !asks ? found : [];
    });
    expect(alone).toEqual([]);
  });
});
