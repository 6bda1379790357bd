/**
 * `npm run bench -- cost [N]`: what a game costs, measured. Starts the
 * service in the Workers runtime with every costly binding counted
 * (bench/cost-worker.ts) and plays N matches of one hand of each kind
 * (bench/cost-play.ts):
 *
 * - the realistic ones, as the web client plays them, each player subscribed
 *   to "your turn" by push or by push and email: a match **by
 *   correspondence** (a turn at a time: the player is told, opens the
 *   table, plays the turn, leaves; the room drains and sleeps between
 *   turns) and a **live** one (both at the table over WebSockets, a move
 *   every few seconds);
 * - today's worst case: every player subscribed to every event by email,
 *   webhook and push, 2 and 4 players, flat out over HTTP with long polls
 *   and over WebSocket; and the same unnotified ("quiet").
 *
 * It prints each kind's usage of every unit Cloudflare bills, per move and
 * scaled to a whole match to 2005 — Durable Object duration (GB-s) among
 * them — and what a club of 50, a site of 5,000 and one of 500,000 players
 * use and pay in a month on the Free and the Paid plans (bench/cost-model.ts);
 * keeps it all with the figures docs/scale.md cites (bench/figures/cost.json:
 * bench/figures.ts writes them into the docs); then the platform's floor beside our CPU per move (bench/echo.ts),
 * and a fresh runtime's cold start.
 */

import { stat } from "node:fs/promises";
import { cpus, loadavg } from "node:os";
import { join } from "node:path";
import { startRuntime } from "../scripts/local-runtime";
import { newPersistDir, removeDir } from "../scripts/local-service";
import { newGameId } from "../src/server/auth";
import {
  CORRESPONDENCE,
  type CostResults,
  costFigures,
  freeUse,
  gbSeconds,
  type Kind,
  LIVE,
  type MatchUsage,
  monthOf,
  paidBill,
  SIZES,
  scale,
  USAGE_ROWS,
} from "./cost-model";
import { CountingWebSocket, newPhase, type Phase, playPhase, receivers, setIdle, startCounted } from "./cost-play";
import { runtimeCpuSeconds } from "./cpu";
import { echoFloor } from "./echo";
import { readFigures, saveFigures } from "./figures.js";
import { movesPerMatch } from "./match-size";
import { ROUND_TRIP_MS, WS_MESSAGES_PER_DO_REQUEST } from "./prices";

export { CountingWebSocket, type Phase, playPhase, receivers, setIdle, startCounted };

/** What a phase's matches used, in the units Cloudflare bills (totals over the phase). */
function usageOf(p: Phase): MatchUsage {
  const c = p.counters;
  return {
    workerRequests: c.workerRequests,
    cpuMs: p.cpuMs,
    // WebSocket messages are billed 20 to a request.
    doRequests: c.doRequests + c.doAlarms + c.doWsMessages / WS_MESSAGES_PER_DO_REQUEST,
    // Active: the rooms' I/O waits (their clocks), their CPU (the runtime's, an upper bound), and on Cloudflare a round trip for each call they waited for.
    doGbSeconds: gbSeconds(c.doActiveMs + p.cpuMs + c.roomCalls * ROUND_TRIP_MS),
    doRowsWritten: c.doRowsWritten,
    doBytes: c.doBytes,
    d1RowsRead: c.d1RowsRead,
    d1RowsWritten: c.d1RowsWritten,
    d1Bytes: p.d1Bytes,
    // Every message is written, read and deleted: three operations (each 64 KB).
    queueOperations: c.queueMessages * 3,
    deliveries: c.queuedDeliveries,
  };
}

const fmt = (v: number, digits = 1) => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString("en") : v.toFixed(digits));

export async function costBench(options: { matches?: number } = {}): Promise<void> {
  const matches = options.matches ?? 4;
  (globalThis as { WebSocket: typeof WebSocket }).WebSocket = CountingWebSocket as unknown as typeof WebSocket;
  const receiver = await receivers();
  const persistTo = await newPersistDir(true);
  const phases: Phase[] = [
    // The realistic kinds play at a person's pace (a turn every five seconds, a move every 1.25–3.75 s): half as many matches.
    newPhase(CORRESPONDENCE, 2, "web", true, Math.max(1, Math.round(matches / 2)), { realistic: "correspondence" }),
    newPhase(LIVE, 2, "web", true, Math.max(1, Math.round(matches / 2)), { realistic: "live", thinkMs: 2500 }),
    newPhase("2p HTTP", 2, "http", true, matches),
    newPhase("2p WS", 2, "ws", true, matches),
    newPhase("4p HTTP", 4, "http", true, matches),
    newPhase("4p WS", 4, "ws", true, matches),
    newPhase("2p HTTP quiet", 2, "http", false, matches),
    newPhase("2p WS quiet", 2, "ws", false, matches),
  ];
  const service = await startCounted(persistTo);
  try {
    // Warm up: one match nobody counts.
    await playPhase(service, receiver.url, { ...phases[2]!, name: "warm-up", matches: 1 });
    const idleFrom = runtimeCpuSeconds();
    await new Promise((r) => setTimeout(r, 10_000));
    setIdle((runtimeCpuSeconds() - idleFrom) * 100);
    for (const p of phases) {
      const started = performance.now();
      await playPhase(service, receiver.url, p);
      console.log(`  ${p.name}: ${p.matches} matches, ${p.accepted} moves in ${((performance.now() - started) / 1000).toFixed(0)} s`);
    }
  } finally {
    await service.stop();
  }

  const sizes = movesPerMatch();
  const kinds: Kind[] = phases.map((p) => {
    const perMove = scale(usageOf(p), 1 / p.accepted);
    return {
      name: p.name,
      players: p.players,
      moves: p.accepted,
      movesPerMatch: sizes[p.players],
      perMove,
      perMatch: scale(perMove, sizes[p.players]),
      queries: { main: p.counters.d1QueriesMain / p.accepted, log: (p.counters.d1Queries - p.counters.d1QueriesMain) / p.accepted },
      queueMessages: p.counters.queueMessages / p.accepted,
    };
  });
  const header = ["", ...phases.map((p) => p.name)];
  const table: string[][] = [header, ["matches (errors)", ...phases.map((p) => `${p.matches} (${p.errors})`)]];
  table.push(["accepted moves", ...phases.map((p) => String(p.accepted))]);
  for (const [label, f, digits] of USAGE_ROWS) table.push([`${label} a move`, ...kinds.map((k) => fmt(f(k.perMove), digits))]);
  for (const [label, f] of USAGE_ROWS) table.push([`${label} a whole match`, ...kinds.map((k) => fmt(f(k.perMatch)))]);
  const c = (p: Phase) => p.counters;
  table.push([
    "D1 rows written by the delivery bookkeeping a delivery",
    ...phases.map((p) => (c(p).queuedDeliveries > 0 ? fmt(c(p).d1RowsWrittenDeliveries / c(p).queuedDeliveries, 2) : "-")),
  ]);
  table.push(["queue messages a move", ...phases.map((p) => fmt(c(p).queueMessages / p.accepted, 2))]);
  table.push(["drains a move", ...phases.map((p) => fmt(c(p).doAlarms / p.accepted, 2))]);
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  console.log("\nThe cost of a game, per move and scaled to a whole match to 2005 (matches of one hand played):");
  for (const r of table) console.log(`  ${r.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]!) : cell.padStart(widths[i]!))).join("  ")}`);

  // The queue consumer's CPU an invocation, in the realistic kinds: their CPU beyond the same moves unnotified, per consumer batch.
  const quiet = phases.find((p) => p.name === "2p HTTP quiet")!;
  const realistic = phases.filter((p) => p.realistic);
  const beyond = realistic.reduce((ms, p) => ms + Math.max(0, p.cpuMs - (quiet.cpuMs / quiet.accepted) * p.accepted), 0);
  const batches = realistic.reduce((n, p) => n + p.counters.queueBatches, 0);
  const consumerCpuMs = batches > 0 ? beyond / batches : 0;

  // The service as deployed (no counting proxies), the quiet kinds again: its CPU alone, for the floor's comparison.
  const plain = phases
    .filter((p) => !p.notify)
    .map((p) => ({ ...p, name: `${p.name}, uncounted`, accepted: 0, refused: 0, errors: 0, cpuMs: 0, twin: p }));
  const deployed = await startRuntime({ persistTo: await newPersistDir(true) });
  try {
    await playPhase(deployed, receiver.url, { ...plain[0]!, name: "warm-up" }, false);
    for (const p of plain) await playPhase(deployed, receiver.url, p, false);
  } finally {
    await deployed.stop();
    await removeDir(deployed.persistTo);
  }

  const results: CostResults = {
    measured: `${new Date().toISOString().slice(0, 10)}, on ${cpus().length} cores (load ${loadavg()[0]!.toFixed(0)} as it ended), ${matches} matches of one hand a kind`,
    kinds,
    consumerCpuMs,
    drainsPerMove: Object.fromEntries(phases.map((p) => [p.name, p.counters.doAlarms / p.accepted])),
  };
  keep(results);

  // The floor at the same number of clients at once as each kind's seats (the runtime's CPU per request depends on it).
  const floors = new Map<number, Awaited<ReturnType<typeof echoFloor>>>();
  for (const clients of new Set(phases.map((p) => p.matches * p.players))) floors.set(clients, await echoFloor(clients));
  console.log(
    `\nThe platform's floor (an echo Worker → Durable Object writing one row, ~1 KB answers), as many clients at once as the kind's seats:`,
  );
  for (const [clients, floor] of floors)
    console.log(
      `  ${clients} clients: ${floor.httpMs.toFixed(3)} ms CPU per HTTP request, ${floor.wsMs.toFixed(3)} ms per WebSocket exchange`,
    );
  for (const p of [...phases, ...plain] as (Phase & { twin?: Phase })[]) {
    const floor = floors.get(p.matches * p.players)!;
    const ours = p.cpuMs / p.accepted;
    const requestsPerMove = (p.twin ?? p).counters.workerRequests / (p.twin ?? p).accepted;
    const need = p.transport === "ws" ? (p.frames / 2 / p.accepted) * floor.wsMs : requestsPerMove * floor.httpMs;
    const unit = p.transport === "ws" ? `${fmt(p.frames / p.accepted, 2)} frames` : `${fmt(requestsPerMove, 2)} requests`;
    console.log(
      `  ${p.name}: ${ours.toFixed(3)} ms per move against a floor of ${need.toFixed(3)} ms (${unit} a move): ${(ours / need).toFixed(2)}x`,
    );
  }

  // Cold start: a fresh runtime (both Workers' scripts compiled at its start) to its first answered game request.
  const started = performance.now();
  const fresh = await startRuntime({ persistTo, entry: "bench/cost-worker.ts", prebuilt: true });
  try {
    const ready = performance.now() - started;
    const answer = await fetch(`${fresh.url}/api/games/${newGameId(undefined)}`);
    await answer.text();
    const first = performance.now() - started - ready;
    const bundleBytes = (await stat(join(persistTo, "bundle", "cost-worker.js"))).size;
    console.log(
      `\nCold start: a fresh runtime ready in ${ready.toFixed(0)} ms, its first GET /api/games/{id} answered (${answer.status}) in ${first.toFixed(0)} ms; the counted Worker's script ${(bundleBytes / 1024).toFixed(0)} KiB.`,
    );
  } finally {
    await fresh.stop();
    await removeDir(persistTo);
    receiver.close();
  }
}

/** What each size uses and pays in a month (the same as docs/scale.md's table, with every allowance's share). */
function printMonths(results: CostResults): void {
  console.log("\nA month (bench/cost-model.ts: its inputs there), on each plan:");
  for (const size of SIZES) {
    const m = monthOf(results.kinds, size.players);
    const free = freeUse(m);
    const paid = paidBill(m);
    console.log(`  ${size.name}: ${fmt(m.matches.correspondence)} matches by correspondence and ${fmt(m.matches.live)} live`);
    console.log(`    Free plan, a day's share of each limit: ${free.map((l) => `${l.limit} ${(l.share * 100).toFixed(1)}%`).join("; ")}`);
    console.log(
      `    Paid plan: $${paid.usd.toFixed(2)} a month; each allowance's share: ${paid.allowances.map((l) => `${l.limit} ${(l.share * 100).toFixed(1)}%`).join("; ")}`,
    );
  }
}

/** Keeps the measurements and the figures the model gives (bench/figures/cost.json) and writes them into the docs. */
function keep(results: CostResults): void {
  const docs = saveFigures("cost", costFigures(results), results);
  printMonths(results);
  console.log(`\nFigures kept in bench/figures/cost.json${docs.length > 0 ? `, written into ${docs.join(", ")}` : ""}.`);
}

/** `npm run bench -- cost doc`: the figures again from the kept measurements (after a change to the model, its prices or its wording). */
export function costDoc(): void {
  const kept = readFigures("cost");
  if (!kept?.data) throw new Error("bench/figures/cost.json holds no measurements: run `npm run bench -- cost`");
  keep(kept.data as CostResults);
}
