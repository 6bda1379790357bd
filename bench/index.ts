/**
 * `npm run bench`: the engine's figures, then the load test of the local
 * service. `npm run bench -- engine` or `npm run bench -- load` runs one
 * part; `npm run bench -- load wrangler` runs the load through wrangler dev.
 */
import { engineBench, printRows } from "./engine.js";
import { loadBench } from "./load.js";

const [only, via] = process.argv.slice(2);
if (!only || only === "engine") printRows("Rules engine (one core, median of several runs)", engineBench());
if (!only || only === "load") await loadBench({ via: via === "wrangler" ? "wrangler" : "runtime" });
