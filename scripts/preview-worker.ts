/**
 * The link-preview renderer's Worker (wrangler.preview.toml, src/preview)
 * bundled as `wrangler deploy` would upload it, for the local runtimes that
 * run it beside the game Worker: the worker tests (vitest.config.ts) and the
 * benchmarks' runtime (local-runtime.ts). `wrangler dev` builds it itself
 * (`-c wrangler.toml -c wrangler.preview.toml`). Node only.
 */
import { readdir } from "node:fs/promises";
import { join } from "node:path";
import { root, wranglerRun } from "./local-service.ts";

export const PREVIEW_CONFIG = "wrangler.preview.toml";

/** Miniflare's options for the renderer, built into `outdir` (unless `built` there already). */
export async function previewWorker(outdir: string, built = false) {
  if (!built) await wranglerRun(["deploy", "-c", PREVIEW_CONFIG, "--dry-run", "--outdir", outdir]);
  const files = (await readdir(outdir)).filter((name) => /\.(js|wasm|ttf)$/.test(name));
  return {
    name: "burraco-preview",
    compatibilityDate: "2026-11-01",
    modulesRoot: outdir,
    // The entry first, then its WebAssembly and font beside it.
    modules: [
      { type: "ESModule" as const, path: join(outdir, "index.js") },
      ...files
        .filter((name) => name !== "index.js")
        .map((name) => ({ type: name.endsWith(".wasm") ? ("CompiledWasm" as const) : ("Data" as const), path: join(outdir, name) })),
    ],
  };
}

export const previewOutdir = (base = root) => join(base, ".wrangler", "preview-bundle");
