/**
 * `npm run bench -- floor [N]`: our runtime CPU per accepted move beside the
 * platform's floor (bench/echo.ts), for the service as deployed with nobody
 * subscribed to notifications, and where it goes. It plays N two-player
 * matches of one hand over HTTP, then over WebSocket, in the Workers
 * runtime, reading the runtime's CPU from /proc (bench/cpu.ts); measures
 * parts of a move alone, each repeated many times in one request in the
 * same runtime (bench/floor-worker.ts: printed, for what each costs hot);
 * then plays the matches again on a runtime whose rooms drain nothing to
 * D1, whose difference is the drain's cost (two runtimes' runs compared: on
 * a loaded machine that difference is noisy), and once more with V8's
 * sampling profiler on (bench/profile.ts): the parts of a move the figures
 * keep are each part's share of that profile, of the move's own CPU. Parts
 * measured hot in a loop cost several times less than in play, where each
 * move finds the code and data cold: only the profile of play says where a
 * move's CPU goes. The cost benchmark prints the same ratio among
 * everything else it measures (`-- cost`); this is the quicker one.
 */

import { readFile } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { startRuntime } from "../scripts/local-runtime";
import { removeDir } from "../scripts/local-service";
import type { CreateGameResponse } from "../src/shared/api";
import { type FloorResults, floorFigures } from "./cost-model";
import { CountingWebSocket, idleMsPerSecond, newPhase, type Phase, playPhase, setIdle } from "./cost-play";
import { runtimeCpuSeconds } from "./cpu";
import { echoFloor } from "./echo";
import { saveFigures } from "./figures.js";
import type { Part } from "./floor-worker";
import { freePort, type Profiled, profiled } from "./profile";

const phaseOf = (transport: "http" | "ws", matches: number): Phase =>
  newPhase(`2p ${transport === "http" ? "HTTP" : "WS"} quiet`, 2, transport, false, matches);

/** Parts measured apart, and how many times each a move needs (per transport). */
const PARTS: { part: Part; n: number; label: string; http: number; ws: number }[] = [
  { part: "route", n: 300, label: "a request through the Worker to the room and back (a stale move, refused)", http: 2, ws: 0 },
  { part: "notFound", n: 300, label: "…of which the Worker's routing and headers (an API path no route serves)", http: 0, ws: 0 },
  { part: "rpc", n: 1000, label: "…of which the call to the room (an RPC doing nothing)", http: 0, ws: 0 },
  { part: "zod", n: 20_000, label: "…of which the move request's schema (zod)", http: 0, ws: 0 },
  { part: "askNow", n: 300, label: "the other seat's events asked at once (GET …/events, an RPC to the room)", http: 0, ws: 0 },
  { part: "poll", n: 300, label: "the other seat's long poll, answered as the room takes its socket (long-poll.ts)", http: 0, ws: 0 },
  { part: "socketMessage", n: 20_000, label: "a socket's message read (JSON and zod)", http: 0, ws: 1 },
  { part: "engine", n: 20_000, label: "the rules engine applies a move", http: 1, ws: 1 },
  { part: "events", n: 2_000, label: "a viewer's events and view, built and serialised", http: 2, ws: 2 },
  { part: "view", n: 2_000, label: "…of which the view", http: 0, ws: 0 },
  { part: "sqlite", n: 5_000, label: "a row written to the room's SQLite in a transaction", http: 1, ws: 1 },
  { part: "drain", n: 2_000, label: "a drain's own work (2 entries and the index row; its D1 batches sent nowhere)", http: 0, ws: 0 },
  {
    part: "identify",
    n: 300,
    label: "a device's lookup in D1 (X-Player-Key), which moves and long polls no longer make",
    http: 0,
    ws: 0,
  },
  { part: "d1", n: 300, label: "a D1 batch from the room (a drain makes two), the local D1's work included", http: 0, ws: 0 },
];

async function partCost(url: string, body: object): Promise<number> {
  const from = runtimeCpuSeconds();
  const started = performance.now();
  const answer = await fetch(`${url}/api/bench/parts`, { method: "POST", body: JSON.stringify(body) });
  if (!answer.ok) throw new Error(`parts: ${answer.status} ${await answer.text()}`);
  await answer.text();
  return (runtimeCpuSeconds() - from) * 1000 - idleMsPerSecond * ((performance.now() - started) / 1000);
}

/** `partsOnly`: the parts alone, without the matches (quick). */
export async function floorBench(matches = 6, partsOnly = false): Promise<void> {
  (globalThis as { WebSocket: typeof WebSocket }).WebSocket = CountingWebSocket as unknown as typeof WebSocket;
  const entry = "bench/floor-worker.ts";
  const plain = [phaseOf("http", matches), phaseOf("ws", matches)];
  /** The drains each kind's run made (counted by the bench's room: floor-worker.ts). */
  const drains: number[] = [];
  const undrained = [phaseOf("http", matches), phaseOf("ws", matches)];
  const parts = new Map<Part, number>();
  const service = await startRuntime({ entry });
  try {
    await playPhase(service, "", { ...phaseOf("http", 1), name: "warm-up" }, false);
    await playPhase(service, "", { ...phaseOf("ws", 1), name: "warm-up" }, false);
    const idleFrom = runtimeCpuSeconds();
    await new Promise((r) => setTimeout(r, 10_000));
    setIdle((runtimeCpuSeconds() - idleFrom) * 100);
    if (!partsOnly)
      for (const p of plain) {
        await fetch(`${service.url}/api/bench/drains`);
        await playPhase(service, "", p, false);
        drains.push(Number(await (await fetch(`${service.url}/api/bench/drains`)).text()));
      }
    // A fresh game's first turn: each part on it.
    const game = (await (
      await fetch(`${service.url}/api/games`, {
        method: "POST",
        headers: { "Content-Type": "application/json" },
        body: JSON.stringify({ players: 2, rules: { preset: "classic", hands: 1 } }),
      })
    ).json()) as CreateGameResponse;
    const token = game.seats[0]!.token!;
    const view = (await (await fetch(`${service.url}/api/games/${game.id}`, { headers: { Authorization: `Bearer ${token}` } })).json()) as {
      view: { hand: { turn: number } };
    };
    const seat = view.view.hand.turn;
    for (const { part, n } of PARTS) {
      await partCost(service.url, { game: game.id, seat, part, n: Math.ceil(n / 10), token }); // warm
      parts.set(part, (await partCost(service.url, { game: game.id, seat, part, n, token })) / n);
    }
  } finally {
    await service.stop();
    await removeDir(service.persistTo);
  }
  if (partsOnly) {
    for (const { part, label } of PARTS) console.log(`  ${label.padEnd(84)} ${(parts.get(part)! * 1000).toFixed(1).padStart(8)} µs`);
    return;
  }
  // The same without the drain to D1 (the drain's JavaScript and its D1 batches are measured apart above).
  // Then the same matches once more with V8's sampling profiler on: where the move's own CPU goes, in play.
  const inspectorPort = await freePort();
  const other = await startRuntime({ entry, inspectorPort, overrides: { bindings: { FLOOR_NO_DRAIN: "1" } } });
  const inPlay: Profiled[] = [];
  try {
    await playPhase(other, "", { ...phaseOf("http", 1), name: "warm-up" }, false, false);
    await playPhase(other, "", { ...phaseOf("ws", 1), name: "warm-up" }, false, false);
    for (const p of undrained) await playPhase(other, "", p, false, false);
    const bundle = await readFile(join(other.persistTo, "bundle", "floor-worker.js"), "utf8");
    for (const transport of ["http", "ws"] as const) {
      const phase = phaseOf(transport, matches);
      inPlay.push(
        await profiled(inspectorPort, bundle, async () => {
          await playPhase(other, "", phase, false, false);
          return phase.accepted;
        }),
      );
    }
  } finally {
    await other.stop();
    await removeDir(other.persistTo);
  }
  const floor = await echoFloor(matches * 2);
  console.log(
    `\nThe floor with ${matches * 2} clients: ${floor.httpMs.toFixed(3)} ms CPU per HTTP request, ${floor.wsMs.toFixed(3)} ms per WebSocket exchange`,
  );
  console.log("\nParts of a move, each measured alone in the same runtime (µs of CPU each time):");
  for (const { part, label } of PARTS) console.log(`  ${label.padEnd(84)} ${(parts.get(part)! * 1000).toFixed(1).padStart(8)}`);
  const kept: FloorResults["kinds"][number][] = [];
  for (const [i, p] of plain.entries()) {
    const http = p.transport === "http";
    const ours = p.cpuMs / p.accepted;
    const units = http ? p.requests! / p.accepted : p.frames / 2 / p.accepted;
    const need = units * (http ? floor.httpMs : floor.wsMs);
    const without = undrained[i]!.cpuMs / undrained[i]!.accepted;
    // The drain's own work a move: its JavaScript as measured alone, times the drains a move made (the local D1's SQLite aside).
    const drainShare = (drains[i]! / p.accepted) * parts.get("drain")!;
    const own = without + drainShare;
    console.log(
      `\n${p.name}: ${p.accepted} moves (${p.errors} errors), ${ours.toFixed(3)} ms per move as deployed (the local D1's own SQLite included) against a floor of ${need.toFixed(3)} ms (${units.toFixed(2)} ${http ? "echo requests" : "echo exchanges"} a move): ${(ours / need).toFixed(2)}x`,
    );
    console.log(
      `  the move's own CPU, the Worker's and the room's (the run without the drain, ${without.toFixed(3)} ms, and the drain's own work, ${drainShare.toFixed(3)} ms: ${(drains[i]! / p.accepted).toFixed(2)} drains a move): ${own.toFixed(3)} ms, ${(own / need).toFixed(2)}x the floor (target ≤ 1.3x${http ? " two echo requests" : ""})`,
    );
    // The parts: each part's share of the isolate's thread as V8's sampling profiler saw it in play, applied to the
    // move's own CPU. Only shares: the profiler about doubles the thread's time, and the runtime's work outside
    // JavaScript (compressing frames, SQLite's commits, its other threads) is spread over the parts with the rest.
    const profile = inPlay[i]!;
    const busy = profile.busy / profile.accepted / 1000;
    console.log(`  (the isolate's thread busy ${busy.toFixed(3)} ms a move while profiled; its shares, of ${without.toFixed(3)} ms:)`);
    const rows: [string, number][] = [...profile.byPart]
      .filter(([part]) => part !== "idle")
      .map(([part, us]): [string, number] => [part, (us / profile.accepted / 1000) * (without / busy)])
      .sort((a, b) => b[1] - a[1]);
    rows.push(["the drain's own work (measured alone: its JavaScript, its D1 batches sent nowhere)", drainShare]);
    for (const [label, ms] of rows) console.log(`  ${label.padEnd(92)} ${ms.toFixed(3)} ms`);
    kept.push({
      name: http ? "over HTTP (a move, the other seat's long poll)" : "over WebSocket",
      floorMs: need,
      units: `${units.toFixed(2)} ${http ? "requests" : "exchanges"}`,
      deployedMs: ours,
      ownMs: own,
      parts: rows,
    });
  }
  const results: FloorResults = {
    measured: `${new Date().toISOString().slice(0, 10)}, ${matches} matches a transport, ${cpus().length} cores (load ${loadavg()[0]!.toFixed(0)})`,
    kinds: kept,
  };
  const docs = saveFigures("floor", floorFigures(results), results);
  console.log(`\nFigures kept in bench/figures/floor.json${docs.length > 0 ? `, written into ${docs.join(", ")}` : ""}.`);
}
