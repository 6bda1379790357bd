/**
 * `npm run bench`: the engine's figures, the computer players' matches, the
 * web client's sizes, the load test of the local service, a room waking
 * with a whole match, then the delivery load check. `npm run bench --
 * engine`, `-- bots [pairings and options]`, `-- web` (`-- web sizes`: the sizes only; `-- web why [page]`: where
 * a page's bytes go), `-- load`, `-- wake`,
 * `-- profile`, `-- tournaments` or `-- deliveries` runs one part; `npm run bench -- load
 * wrangler` runs the load through wrangler dev. `-- cost [matches]` (the
 * cost of a game, the platform's floor, the cold start), `-- floor
 * [matches | parts]` (our CPU per move beside the floor, and where it goes),
 * `-- scale` (the log shards under 10,000 rooms' moves), `-- turn [games]` (how soon a computer's turn shows), `-- stale` (the kept figures older than the code they describe) and `-- suite` (`npm test`
 * timed, with the machine's load) run only when asked.
 */
import { loadBaseline } from "./baseline.js";
import { workerdRoom } from "./bots-workerd.js";
import { bundleFile, importBundled } from "./bundle.js";
import { computerTurnBench } from "./computer-turn.js";
import { costBench, costDoc } from "./cost.js";
import { deliveriesBench } from "./deliveries.js";
import { saveFigures } from "./figures.js";
import { firstTapBench } from "./first-tap.js";
import { floorBench } from "./floor.js";
import { loadBench } from "./load.js";
import { profileBench } from "./profile.js";
import { scaleBench } from "./scale.js";
import { printStaleness } from "./stale.js";
import { suiteBench } from "./suite.js";
import { tournamentsBench } from "./tournaments.js";
import { printWake, wakeBench } from "./wake.js";
import { webBench } from "./web.js";
import { webWhy } from "./web-why.js";

const [only, ...rest] = process.argv.slice(2);
const via = rest[0];
if (!only || only === "engine") {
  const { engineBench, printRows } = await importBundled<typeof import("./engine.js")>("bench/engine.ts");
  printRows("Rules engine (one core, CPU time, median of several runs)", engineBench());
}
if (!only || only === "bots") {
  const { botsBench } = await importBundled<typeof import("./bots.js")>("bench/bots.ts");
  await botsBench(only ? rest : [], await bundleFile("bench/bots-fresh.ts"), loadBaseline, saveFigures, workerdRoom);
}
if (!only || only === "wake") {
  if (!printWake(await wakeBench())) process.exitCode = 1;
}
if (only === "web" && via === "why") {
  // `why [page] [N]`: a page by its key, and how many modules to list.
  const [page, count] = /^\d+$/.test(rest[1] ?? "") ? [undefined, rest[1]] : [rest[1], rest[2]];
  await webWhy(page, count ? Number(count) : undefined);
} else if (!only || only === "web") {
  if (!(await webBench())) process.exitCode = 1;
  // `-- web sizes` prints the sizes only, without starting the service and a browser.
  if (via !== "sizes" && !(await firstTapBench())) process.exitCode = 1;
}
if (only === "cost") await (via === "doc" ? costDoc() : costBench({ matches: Number(via ?? 4) }));
if (only === "floor") await floorBench(via === "parts" ? 1 : Number(via ?? 6), via === "parts");
if (only === "stale") printStaleness();
if (only === "turn") await computerTurnBench(Number(via ?? 4));
if (only === "scale") await scaleBench({ shards: Number(via ?? 4) });
if (only === "suite" && !suiteBench()) process.exitCode = 1;
if (only === "profile") await profileBench(Number(via ?? 8));
if (!only || only === "tournaments") {
  if (!(await tournamentsBench())) process.exitCode = 1;
}
if (!only || only === "load") await loadBench({ via: via === "wrangler" ? "wrangler" : "runtime" });
if (!only || only === "deliveries") {
  if (!(await deliveriesBench())) process.exitCode = 1;
}
