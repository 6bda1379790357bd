/**
 * `npm run bench -- web why [page] [N]`: where each page's bytes go. Builds
 * the web client, then, for each page measured (web-sizes.ts; or the one
 * named, by its key: `table`, `tableWithEnd`, `lobby`, …), prints its
 * files and the N biggest modules (25 by default) of what it loads at
 * once, from esbuild's metafile (web/dist.meta.json): each module's bytes
 * in the minified output and its share of the gzipped size (its file's
 * gzipped size shared out by the bytes each module takes in it: gzip
 * does not split exactly, so shares are estimates; the totals are
 * measured), then the same by folder. To take a module off a page, import
 * it with import() where it is needed (docs/web-client.md, "Each page its
 * own chunks").
 */
import { readFile } from "node:fs/promises";
import { join } from "node:path";
import { buildWeb } from "./web.js";
import { fileSize, heavierLanguage, kib, PAGE_LIMIT, PAGES, readManifest, root, type Size } from "./web-sizes.js";

interface Metafile {
  readonly outputs: Readonly<
    Record<string, { readonly bytes: number; readonly inputs: Readonly<Record<string, { readonly bytesInOutput: number }>> }>
  >;
}

interface ModuleShare {
  readonly module: string;
  readonly file: string;
  readonly bytes: number;
  readonly gzip: number;
}

/** A module's folder as the table groups them: web/src/table, src/engine, node_modules/preact. */
const folderOf = (module: string) =>
  module.startsWith("node_modules/") ? module.split("/").slice(0, 2).join("/") : module.split("/").slice(0, -1).join("/");

export async function webWhy(only?: string, top = 25): Promise<void> {
  await buildWeb();
  const manifest = await readManifest();
  const meta = JSON.parse(await readFile(join(root, "web/dist.meta.json"), "utf8")) as Metafile;
  const specs = PAGES.filter((p) => !only || p.key === only);
  if (specs.length === 0) throw new Error(`no page ${only}: one of ${PAGES.map((p) => p.key).join(", ")}`);
  for (const spec of specs) {
    const { lang, files, size } = await heavierLanguage(manifest, spec);
    const each = new Map<string, Size>(await Promise.all([...files].map(async (f) => [f, await fileSize(f)] as const)));
    const modules: ModuleShare[] = [...files].flatMap((file) => {
      const output = meta.outputs[`web/dist/${file}`];
      if (!output) throw new Error(`web/dist.meta.json has no ${file}: build again`);
      const gzip = each.get(file)!.gzip;
      return Object.entries(output.inputs).map(([module, { bytesInOutput }]) => ({
        module,
        file,
        bytes: bytesInOutput,
        gzip: output.bytes > 0 ? (gzip * bytesInOutput) / output.bytes : 0,
      }));
    });
    const margin = spec.limited
      ? ` (target < ${kib(PAGE_LIMIT)}: ${size.gzip < PAGE_LIMIT ? `${kib(PAGE_LIMIT - size.gzip)} to spare` : "MISSED"})`
      : "";
    console.log(`\n${spec.what} [${spec.key}], in ${lang === "it" ? "Italian" : "English"}: ${kib(size.gzip)} gzipped${margin}`);
    // A chunk's own file comes first in its closure: the module it was made for.
    const owner = new Map(Object.entries(manifest.closures).map(([source, closure]) => [closure[0], source]));
    console.log("\n  files:");
    for (const [file, s] of [...each].sort((a, b) => b[1].gzip - a[1].gzip))
      console.log(`    ${kib(s.gzip).padStart(9)}  ${file}${owner.has(file) ? `  (${owner.get(file)})` : ""}`);
    console.log(`\n  the ${Math.min(top, modules.length)} biggest modules (gzipped share, minified bytes, file):`);
    for (const m of [...modules].sort((a, b) => b.gzip - a.gzip).slice(0, top))
      console.log(`    ${kib(m.gzip).padStart(9)}  ${String(m.bytes).padStart(6)} B  ${m.module}  (${m.file})`);
    const folders = new Map<string, { gzip: number; modules: number }>();
    for (const m of modules) {
      const folder = folders.get(folderOf(m.module)) ?? { gzip: 0, modules: 0 };
      folders.set(folderOf(m.module), { gzip: folder.gzip + m.gzip, modules: folder.modules + 1 });
    }
    console.log("\n  by folder:");
    for (const [folder, f] of [...folders].sort((a, b) => b[1].gzip - a[1].gzip))
      console.log(`    ${kib(f.gzip).padStart(9)}  ${folder} (${f.modules} ${f.modules === 1 ? "module" : "modules"})`);
  }
}
