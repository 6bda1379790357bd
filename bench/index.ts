/**
 * `npm run bench`: the engine's figures, the web client's sizes, the load
 * test of the local service, then the delivery load check. `npm run bench
 * -- engine`, `-- web`, `-- load` or `-- deliveries` runs one part; `npm
 * run bench -- load wrangler` runs the load through wrangler dev.
 */
import { deliveriesBench } from "./deliveries.js";
import { engineBench, printRows } from "./engine.js";
import { loadBench } from "./load.js";
import { webBench } from "./web.js";

const [only, via] = process.argv.slice(2);
if (!only || only === "engine") printRows("Rules engine (one core, median of several runs)", engineBench());
if (!only || only === "web") {
  if (!(await webBench())) process.exitCode = 1;
}
if (!only || only === "load") await loadBench({ via: via === "wrangler" ? "wrangler" : "runtime" });
if (!only || only === "deliveries") {
  if (!(await deliveriesBench())) process.exitCode = 1;
}
