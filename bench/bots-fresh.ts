/**
 * One level of the room part (bench/bots-room.ts) in a fresh process, as a
 * Worker's isolate starts: `node bundle.mjs LEVEL HANDS` evaluates the
 * engine's, the players' and the room's modules (timed: a part of the
 * isolate's startup), plays every preset with 2, 3 and 4 players cold, then
 * the same hands again warm (with `prime`, after the warm-up primePlayers), and writes what it measured to stdout as JSON
 * (a FreshRoom). `npm run bench -- bots room` runs it once per level, so no
 * level's cold figures are warmed by another's. The cold pass's first expert
 * invocations warm up and play no move, as a fresh isolate's room's do
 * (src/server/room/computer.ts); with `no-warm-up` the first decides at once,
 * as before the warm-ups.
 */
import { type PerformanceEntry, PerformanceObserver } from "node:perf_hooks";
import type { ComputerLevel } from "../src/shared/wire/common.js";
import type { FreshRoom } from "./bots-room.js";
import { cpuNow } from "./cpu.js";

const [level, hands, ...asked] = process.argv.slice(2);
const prime = asked.includes("prime") ? "prime" : "";
const gcs: { start: number; duration: number; kind: number }[] = [];
new PerformanceObserver((list) => {
  for (const e of list.getEntries())
    gcs.push({
      start: e.startTime,
      duration: e.duration,
      kind: (e as PerformanceEntry & { detail?: { kind?: number } }).detail?.kind ?? 0,
    });
}).observe({ entryTypes: ["gc"] });

const before = cpuNow();
// Bundled, this import evaluates the modules here, not at the process's start.
const { localRunner, primePlayers, roomPass } = await import("./bots-room.js");
const after = cpuNow();
if (asked.includes("no-warm-up")) (await import("../src/server/room/computer.js")).setExpertWarm(true);
const startup = { ms: after.process - before.process, thread: after.thread - before.thread };
if (prime === "prime") primePlayers();
const primed = cpuNow();
const runner = localRunner();
const cold = await roomPass(runner, level as ComputerLevel, Number(hands));
const warm = await roomPass(runner, level as ComputerLevel, Number(hands));
// The observer's entries arrive after the passes, once the event loop turns.
await new Promise((resolve) => setTimeout(resolve, 50));
const report: FreshRoom = {
  runtime: "node",
  node: process.version,
  startup,
  ...(prime === "prime" ? { prime: { ms: primed.process - after.process, thread: primed.thread - after.thread } } : {}),
  cold,
  warm,
  gcs,
};
process.stdout.write(JSON.stringify(report));
