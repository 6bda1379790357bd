import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/**
 * Imports a benchmark module bundled by esbuild without `keepNames` (as
 * wrangler bundles the Worker, `keep_names = false`): a TypeScript loader
 * wraps every function in a name-keeping helper that would be timed too.
 */
export async function importBundled<T>(entry: string): Promise<T> {
  const dir = await mkdtemp(join(tmpdir(), "burraco-bench-"));
  const outfile = join(dir, "bench.mjs");
  await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", target: "node22", outfile, logLevel: "warning" });
  return (await import(pathToFileURL(outfile).href)) as T;
}
