/**
 * `npm run bench`: the engine's figures, the computer players' matches, the
 * load test of the local service, then the delivery load check.
 * `npm run bench -- engine`, `-- bots [pairings and options]`, `-- load` or
 * `-- deliveries` runs one part; `npm run bench -- load wrangler` runs the
 * load through wrangler dev.
 */
import { botsBench } from "./bots.js";
import { deliveriesBench } from "./deliveries.js";
import { engineBench, printRows } from "./engine.js";
import { loadBench } from "./load.js";

const [only, ...rest] = process.argv.slice(2);
if (!only || only === "engine") printRows("Rules engine (one core, median of several runs)", engineBench());
if (!only || only === "bots") botsBench(only ? rest : []);
if (!only || only === "load") await loadBench({ via: rest[0] === "wrangler" ? "wrangler" : "runtime" });
if (!only || only === "deliveries") {
  if (!(await deliveriesBench())) process.exitCode = 1;
}
