import { mkdtemp } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { build } from "esbuild";

/**
 * Bundles a benchmark module with esbuild without `keepNames` (as wrangler
 * bundles the Worker, `keep_names = false`): a TypeScript loader wraps
 * every function in a name-keeping helper that would be timed too. Returns
 * the bundle's path.
 */
export async function bundleFile(entry: string): Promise<string> {
  const dir = await mkdtemp(join(tmpdir(), "burraco-bench-"));
  const outfile = join(dir, "bench.mjs");
  await build({ entryPoints: [entry], bundle: true, platform: "node", format: "esm", target: "node22", outfile, logLevel: "warning" });
  return outfile;
}

/** Imports a benchmark module bundled as above. */
export async function importBundled<T>(entry: string): Promise<T> {
  return (await import(pathToFileURL(await bundleFile(entry)).href)) as T;
}
