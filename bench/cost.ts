/**
 * `npm run bench -- cost`: the cost of a game, measured. Starts the service
 * in the Workers runtime with every costly binding counted
 * (bench/cost-worker.ts), every player subscribed to every event on every
 * channel (email, signed webhook, Web Push, answered by local receivers),
 * and plays whole matches of one hand, 2 and 4 players, over HTTP and over
 * WebSocket. It prints per accepted move and per match what Cloudflare bills
 * for, the cost of 1,000 matches on the Paid plan and the matches a day the
 * Free plan's limits allow; then the platform's floor (bench/echo.ts) beside
 * our runtime CPU per move, per transport, and the cold start of a fresh
 * runtime to its first answered game.
 */

import { stat } from "node:fs/promises";
import { createServer } from "node:http";
import { join } from "node:path";
import { vapidKeys } from "../scripts/dev-vars.mjs";
import { startRuntime } from "../scripts/local-runtime";
import { type LocalService, newPersistDir, removeDir } from "../scripts/local-service";
import { seededRandom } from "../src/engine/index";
import { newGameId } from "../src/server/auth";
import type { CreateGameResponse } from "../src/shared/api";
import { newStats, playSeatHttp, playSeatWs, type Stats, sent } from "./client";
import { runtimeCpuSeconds } from "./cpu";
import { echoFloor } from "./echo";
import { movesPerMatch } from "./match-size";
import { FREE, PAID, WS_MESSAGES_PER_DO_REQUEST } from "./prices";

type Counters = {
  workerRequests: number;
  queueBatches: number;
  doRequests: number;
  doAlarms: number;
  doWsMessages: number;
  d1Queries: number;
  d1QueriesMain: number;
  d1RowsRead: number;
  d1RowsWritten: number;
  d1RowsWrittenMain: number;
  d1RowsWrittenDeliveries: number;
  doRowsWritten: number;
  queueMessages: number;
  queuedDeliveries: number;
  doBytes: number;
  /** The D1 databases' sizes (each as its latest query reported it). */
  d1Bytes: number;
  deliveries: Record<string, number>;
};

export interface Phase {
  readonly name: string;
  readonly players: 2 | 4;
  readonly transport: "http" | "ws";
  /** Whether every player is subscribed to every event on every channel. */
  readonly notify: boolean;
  readonly matches: number;
  accepted: number;
  refused: number;
  errors: number;
  cpuMs: number;
  counters: Counters;
  d1Bytes: number;
  /** WebSocket frames the clients sent and received. */
  frames: number;
  /** HTTP requests the clients sent to play (moves, long polls, each seat's first look). */
  requests?: number;
}

/** The runtime's CPU when nothing happens, ms per second (measured after the warm-up). */
export let idleMsPerSecond = 0;

/** Sets the runtime's idle CPU (ms a second) taken off each phase's. */
export function setIdle(msPerSecond: number): void {
  idleMsPerSecond = msPerSecond;
}

/** Frames in and out of every WebSocket this process opens (the clients'). */
let frames = 0;
export class CountingWebSocket extends WebSocket {
  constructor(url: string | URL, protocols?: string | string[]) {
    super(url, protocols);
    this.addEventListener("message", () => frames++);
  }
  override send(data: string | ArrayBufferLike | Blob | ArrayBufferView): void {
    frames++;
    super.send(data as string);
  }
}

/** Local receivers: webhooks answer 204, the push service 201 (a delivery each). */
export async function receivers(): Promise<{ url: string; close: () => void; received: () => number }> {
  let received = 0;
  const server = createServer((req, res) => {
    req.resume();
    req.on("end", () => {
      received++;
      res.writeHead(req.url!.startsWith("/push") ? 201 : 204).end();
    });
  });
  await new Promise<void>((r) => server.listen(0, "127.0.0.1", r));
  const { port } = server.address() as { port: number };
  return { url: `http://localhost:${port}`, close: () => server.close(), received: () => received };
}

/** A browser's push subscription keys (P-256 point and auth secret), as a real one would send. */
async function pushKeys() {
  const pair = await crypto.subtle.generateKey({ name: "ECDH", namedCurve: "P-256" }, true, ["deriveBits"]);
  const raw = new Uint8Array(await crypto.subtle.exportKey("raw", pair.publicKey));
  return {
    p256dh: Buffer.from(raw).toString("base64url"),
    auth: Buffer.from(crypto.getRandomValues(new Uint8Array(16))).toString("base64url"),
  };
}

async function api<T>(url: string, path: string, body?: unknown): Promise<T> {
  const answer = await fetch(
    `${url}${path}`,
    body === undefined ? {} : { method: "POST", headers: { "Content-Type": "application/json" }, body: JSON.stringify(body) },
  );
  if (!answer.ok) throw new Error(`${path}: ${answer.status} ${await answer.text()}`);
  return (await answer.json()) as T;
}

/** Waits until nothing more happens: every room drained, every delivery settled (counters still for two seconds). */
async function settle(service: LocalService, ids: readonly string[], versions: () => Promise<Map<string, number>>): Promise<void> {
  const deadline = Date.now() + 120_000;
  let last = "";
  while (Date.now() < deadline) {
    await new Promise((r) => setTimeout(r, 2000));
    // What the log shards hold (the index row is written only when what it shows changes: room/index-row.ts).
    const index = await service.logs<{ id: string; version: number }>(
      `SELECT game_id AS id, MAX(seq) AS version FROM game_events WHERE game_id IN (${ids.map((i) => `'${i}'`).join(",")}) GROUP BY game_id`,
    );
    const want = await versions();
    const drained = ids.every((id) => index.find((r) => r.id === id)?.version === want.get(id));
    // Deliveries not over, in the main database and every log shard (a game's are in its shard: notify/store.ts).
    // (A delivery has a row from its claim on: rows in all, so that a message still on the queue changes the count.)
    const open = "SELECT SUM(state NOT IN ('sent', 'dead', 'skipped')) AS n, COUNT(*) AS rows FROM notification_deliveries";
    const counts = [...(await service.d1<{ n: number; rows: number }>(open)), ...(await service.logs<{ n: number; rows: number }>(open))];
    const pending = [{ n: counts.reduce((a, r) => a + (r.n ?? 0), 0) }];
    const now = `${JSON.stringify(index)}${pending[0]?.n}/${counts.reduce((a, r) => a + r.rows, 0)}`;
    if (drained && pending[0]?.n === 0 && now === last) return;
    last = now;
  }
  console.warn("  (gave up waiting for the drains and deliveries to settle)");
}

export async function playPhase(service: LocalService, receiver: string, phase: Phase, counted = true, drained = true): Promise<void> {
  const push = { endpoint: `${receiver}/push/subscriber`, keys: await pushKeys() };
  const created: { game: CreateGameResponse; keys: string[] }[] = [];
  for (let m = 0; m < phase.matches; m++) {
    const keys = Array.from({ length: phase.players }, () => Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url"));
    if (phase.notify) await api(service.url, "/api/bench/subscribe", { keys, webhook: `${receiver}/hooks`, push });
    const game = await api<CreateGameResponse>(service.url, "/api/games", {
      players: phase.players,
      rules: { preset: "classic", hands: 1 },
    });
    created.push({ game, keys });
  }
  const ids = created.map((c) => c.game.id);
  // Subscriptions and games made: counting starts now (each seat's player then opens the game with their key).
  // (A service that drains nothing to D1, the floor's split, has nothing to wait for.)
  if (drained) await settle(service, ids, async () => new Map(created.map((c) => [c.game.id, c.game.version])));
  const before = counted ? await api<Counters>(service.url, "/api/bench/counters", []) : null;
  const phaseStarted = performance.now();
  const cpuBefore = runtimeCpuSeconds();
  frames = 0;
  const requestsBefore = sent.requests;
  const stats = new Map<string, Stats>(ids.map((id) => [id, newStats()]));
  const versions = new Map<string, number>();
  await Promise.all(
    created.flatMap(({ game, keys }, g) =>
      game.seats.map(async (seat) => {
        const token = seat.token!;
        sent.requests++;
        await fetch(`${service.url}/api/games/${game.id}`, {
          headers: { Authorization: `Bearer ${token}`, "X-Player-Key": keys[seat.seat]! },
        });
        const player = {
          url: service.url,
          id: game.id,
          token,
          playerKey: keys[seat.seat]!,
          stats: stats.get(game.id)!,
          random: seededRandom(`cost:${phase.name}:${g}:${seat.seat}`),
          thinkMs: 0,
          budget: 5000,
        };
        await (phase.transport === "http" ? playSeatHttp(player) : playSeatWs(player));
      }),
    ),
  );
  for (const id of ids) {
    const view = await fetch(`${service.url}/api/games/${id}`).then((r) => r.json() as Promise<{ version: number; status: string }>);
    versions.set(id, view.version);
    if (view.status !== "over") stats.get(id)!.errors.push("not over");
  }
  if (drained) await settle(service, ids, async () => versions);
  // Less what the runtime spends idle over as long (its timers and the queue's polling), measured apart.
  phase.cpuMs = (runtimeCpuSeconds() - cpuBefore) * 1000 - idleMsPerSecond * ((performance.now() - phaseStarted) / 1000);
  phase.frames = frames;
  phase.requests = sent.requests - requestsBefore;
  if (before) {
    phase.counters = await api<Counters>(service.url, "/api/bench/counters", ids);
    phase.d1Bytes = phase.counters.d1Bytes - before.d1Bytes;
    // The delivery rows are counted in D1 as they stand: this phase's are the difference.
    phase.counters.deliveries = Object.fromEntries(
      Object.entries(phase.counters.deliveries).map(([state, n]) => [state, n - (before.deliveries[state] ?? 0)]),
    );
  }
  for (const s of stats.values()) {
    phase.accepted += s.accepted;
    phase.refused += s.refused;
    phase.errors += s.errors.length;
    for (const e of s.errors.slice(0, 1)) console.warn(`  ${phase.name}: ${e}`);
  }
}

/** What a phase's matches cost, per unit Cloudflare bills. */
function usage(p: Phase) {
  const c = p.counters;
  const deliveries = c.queuedDeliveries;
  return {
    workerRequests: c.workerRequests,
    cpuMs: p.cpuMs,
    // WebSocket messages are billed 20 to a request.
    doRequests: c.doRequests + c.doAlarms + c.doWsMessages / WS_MESSAGES_PER_DO_REQUEST,
    d1QueriesMain: c.d1QueriesMain,
    d1QueriesLog: c.d1Queries - c.d1QueriesMain,
    queueBatches: c.queueBatches,
    d1RowsRead: c.d1RowsRead,
    d1RowsWritten: c.d1RowsWritten,
    d1RowsWrittenMain: c.d1RowsWrittenMain,
    d1RowsWrittenDeliveries: c.d1RowsWrittenDeliveries,
    d1Bytes: p.d1Bytes,
    doRowsWritten: c.doRowsWritten,
    doBytes: c.doBytes,
    queueMessages: c.queueMessages,
    deliveries,
  };
}

const over = (used: number, included: number) => Math.max(0, used - included);

/** The Paid plan's bill for `n` matches like these, beyond what the $5 plan includes and with it (storage: a month). */
function paidCost(perMatch: ReturnType<typeof usage>, n: number) {
  const u = Object.fromEntries(Object.entries(perMatch).map(([k, v]) => [k, v * n])) as typeof perMatch;
  const GB = 1e9;
  const usageUsd =
    (u.workerRequests / 1e6) * PAID.workerRequests.perMillion +
    (u.cpuMs / 1e6) * PAID.workerCpuMs.perMillion +
    (u.doRequests / 1e6) * PAID.doRequests.perMillion +
    (u.d1RowsRead / 1e6) * PAID.d1RowsRead.perMillion +
    (u.d1RowsWritten / 1e6) * PAID.d1RowsWritten.perMillion +
    (u.doRowsWritten / 1e6) * PAID.doRowsWritten.perMillion +
    (u.d1Bytes / GB) * PAID.d1StorageGbMonth.perGb +
    (u.doBytes / GB) * PAID.doStorageGbMonth.perGb +
    ((u.queueMessages * 3) / 1e6) * PAID.queueOperations.perMillion;
  const billed =
    PAID.base +
    (over(u.workerRequests, PAID.workerRequests.included) / 1e6) * PAID.workerRequests.perMillion +
    (over(u.cpuMs, PAID.workerCpuMs.included) / 1e6) * PAID.workerCpuMs.perMillion +
    (over(u.doRequests, PAID.doRequests.included) / 1e6) * PAID.doRequests.perMillion +
    (over(u.d1RowsWritten, PAID.d1RowsWritten.included) / 1e6) * PAID.d1RowsWritten.perMillion +
    (over(u.doRowsWritten, PAID.doRowsWritten.included) / 1e6) * PAID.doRowsWritten.perMillion +
    (over(u.queueMessages * 3, PAID.queueOperations.included) / 1e6) * PAID.queueOperations.perMillion;
  return { usageUsd, billed };
}

/** Matches a day within each of the Free plan's daily limits; the least of them binds. */
function freeMatchesPerDay(perMatch: ReturnType<typeof usage>) {
  const limits: [string, number][] = [
    ["Worker requests (100,000/day)", FREE.workerRequestsPerDay / perMatch.workerRequests],
    ["Durable Object requests (100,000/day)", FREE.doRequestsPerDay / perMatch.doRequests],
    ["D1 rows written (100,000/day)", FREE.d1RowsWrittenPerDay / perMatch.d1RowsWritten],
    ["D1 rows read (5 million/day)", FREE.d1RowsReadPerDay / Math.max(perMatch.d1RowsRead, 1e-9)],
    ["Durable Object rows written (100,000/day)", FREE.doRowsWrittenPerDay / perMatch.doRowsWritten],
    ["Queue operations (10,000/day, 3 a message)", FREE.queueOperationsPerDay / Math.max(perMatch.queueMessages * 3, 1e-9)],
  ];
  return limits.sort((a, b) => a[1] - b[1]);
}

const fmt = (v: number, digits = 1) => (Math.abs(v) >= 100 ? Math.round(v).toLocaleString("en") : v.toFixed(digits));

/** The service with every costly binding counted (bench/cost-worker.ts), its notifications to local receivers. */
export async function startCounted(persistTo?: string): Promise<LocalService> {
  const vapid = await vapidKeys();
  return startRuntime({
    ...(persistTo ? { persistTo } : {}),
    entry: "bench/cost-worker.ts",
    overrides: {
      bindings: {
        PUBLIC_URL: "https://burraco.test",
        NOTIFY_ALLOW_LOCAL_HTTP: "1",
        DNS_RESOLVER_URL: "",
        VAPID_PUBLIC_KEY: vapid.publicKey,
        VAPID_PRIVATE_KEY: vapid.privateKey,
      },
      queueConsumers: {
        "burraco-deliveries": { maxBatchSize: 10, maxBatchTimeout: 1, maxRetries: 20, deadLetterQueue: "burraco-deliveries-dlq" },
        "burraco-deliveries-dlq": { maxBatchSize: 10, maxBatchTimeout: 1 },
      },
    },
  });
}

export async function costBench(options: { matches?: number } = {}): Promise<void> {
  const matches = options.matches ?? 4;
  (globalThis as { WebSocket: typeof WebSocket }).WebSocket = CountingWebSocket as unknown as typeof WebSocket;
  const receiver = await receivers();
  const persistTo = await newPersistDir(true);
  const phases: Phase[] = (
    [
      [2, "http", true],
      [2, "ws", true],
      [4, "http", true],
      [4, "ws", true],
      [2, "http", false],
      [2, "ws", false],
    ] as const
  ).map(([players, transport, notify]) => ({
    name: `${players}p ${transport === "http" ? "HTTP" : "WS"}${notify ? "" : " quiet"}`,
    players,
    transport,
    notify,
    matches,
    accepted: 0,
    refused: 0,
    errors: 0,
    cpuMs: 0,
    counters: {} as Counters,
    d1Bytes: 0,
    frames: 0,
  }));
  const service = await startCounted(persistTo);
  try {
    // Warm up: one match nobody counts.
    await playPhase(service, receiver.url, { ...phases[0]!, name: "warm-up", matches: 1 });
    const idleFrom = runtimeCpuSeconds();
    await new Promise((r) => setTimeout(r, 10_000));
    idleMsPerSecond = (runtimeCpuSeconds() - idleFrom) * 100;
    console.log(`  the runtime idle: ${idleMsPerSecond.toFixed(1)} ms of CPU a second (taken off each phase's)`);
    for (const phase of phases) {
      const started = performance.now();
      await playPhase(service, receiver.url, phase);
      console.log(
        `  ${phase.name}: ${phase.matches} matches, ${phase.accepted} moves in ${((performance.now() - started) / 1000).toFixed(0)} s`,
      );
    }
  } finally {
    await service.stop();
    receiver.close();
  }

  const sizes = movesPerMatch();
  console.log(
    "\nThe cost of a game (matches of one hand; every player subscribed to every event by email, webhook and push, except the quiet ones, where nobody is):",
  );
  const rows: [string, (p: Phase) => string][] = [
    ["matches (errors)", (p) => `${p.matches} (${p.errors})`],
    ["accepted moves (refused, retried)", (p) => `${p.accepted} (${p.refused})`],
  ];
  const perMove: [string, (u: ReturnType<typeof usage>) => number][] = [
    ["Worker requests", (u) => u.workerRequests],
    ["runtime CPU, ms", (u) => u.cpuMs],
    ["Durable Object requests (billed)", (u) => u.doRequests],
    ["D1 queries, main database", (u) => u.d1QueriesMain],
    ["D1 queries, log shards", (u) => u.d1QueriesLog],
    ["queue consumer batches", (u) => u.queueBatches],
    ["D1 rows read", (u) => u.d1RowsRead],
    ["D1 rows written", (u) => u.d1RowsWritten],
    ["D1 rows written, main database", (u) => u.d1RowsWrittenMain],
    ["D1 bytes stored", (u) => u.d1Bytes],
    ["DO SQLite rows written", (u) => u.doRowsWritten],
    ["DO SQLite bytes stored", (u) => u.doBytes],
    ["queue messages", (u) => u.queueMessages],
    ["deliveries (queued)", (u) => u.deliveries],
    ["D1 rows written, delivery bookkeeping", (u) => u.d1RowsWrittenDeliveries],
  ];
  const header = ["", ...phases.map((p) => p.name)];
  const table: string[][] = [header];
  for (const [label, f] of rows) table.push([label, ...phases.map(f)]);
  for (const [label, f] of perMove) table.push([`${label} per move`, ...phases.map((p) => fmt(f(usage(p)) / p.accepted, 2))]);
  for (const [label, f] of perMove) table.push([`${label} per match`, ...phases.map((p) => fmt(f(usage(p)) / p.matches))]);
  table.push([
    "D1 rows written by the bookkeeping per delivery",
    ...phases.map((p) => {
      const u = usage(p);
      return u.deliveries > 0 ? fmt(u.d1RowsWrittenDeliveries / u.deliveries, 2) : "-";
    }),
  ]);
  const widths = header.map((_, i) => Math.max(...table.map((r) => r[i]!.length)));
  for (const r of table) console.log(`  ${r.map((c, i) => (i === 0 ? c.padEnd(widths[i]!) : c.padStart(widths[i]!))).join("  ")}`);

  console.log(`\nA match to 2005 played by the engine's computer players: about ${sizes[2]} moves with 2 players, ${sizes[4]} with 4.`);
  for (const p of phases) {
    const u = usage(p);
    const perMoveUsage = Object.fromEntries(Object.entries(u).map(([k, v]) => [k, v / p.accepted])) as typeof u;
    const moves = sizes[p.players];
    const perMatch = Object.fromEntries(Object.entries(perMoveUsage).map(([k, v]) => [k, v * moves])) as typeof u;
    const { usageUsd } = paidCost(perMatch, 1000);
    const free = freeMatchesPerDay(perMatch);
    console.log(
      `  ${p.name}: 1,000 matches to 2005 use $${usageUsd.toFixed(2)} of Paid-plan usage at list prices (all of it within the $5 plan's monthly allowance up to ${fmt(includedMatches(perMatch))} matches a month); the Free plan holds ${fmt(free[0]![1])} matches a day (bound by ${free[0]![0]}).`,
    );
  }

  // The quiet kinds again on the service as deployed (no counting proxies): its CPU alone, for the floor's comparison.
  const plain = phases
    .filter((p) => !p.notify)
    .map((p) => ({ ...p, name: `${p.name}, uncounted`, accepted: 0, refused: 0, errors: 0, cpuMs: 0, twin: p }));
  const service2 = await startRuntime({ persistTo: await newPersistDir(true) });
  try {
    await playPhase(service2, receiver.url, { ...plain[0]!, name: "warm-up" }, false);
    for (const p of plain) await playPhase(service2, receiver.url, p, false);
  } finally {
    await service2.stop();
    await removeDir(service2.persistTo);
  }

  // The floor at the same number of clients at once as each kind's seats (the runtime's CPU per request depends on it).
  const floors = new Map<number, Awaited<ReturnType<typeof echoFloor>>>();
  for (const clients of new Set(phases.map((p) => p.matches * p.players))) floors.set(clients, await echoFloor(clients));
  console.log(
    `\nThe platform's floor (an echo Worker → Durable Object writing one row, ~1 KB answers), same runtime, as many clients at once as the kind's seats:`,
  );
  for (const [clients, floor] of floors)
    console.log(
      `  ${clients} clients: ${floor.httpMs.toFixed(3)} ms CPU per HTTP request, ${floor.wsMs.toFixed(3)} ms per WebSocket exchange (a frame in, a frame out)`,
    );
  for (const p of [...phases, ...plain] as (Phase & { twin?: Phase })[]) {
    const floor = floors.get(p.matches * p.players)!;
    const ours = p.cpuMs / p.accepted;
    // Requests a move as counted (the uncounted run plays the same way: its counted twin's figure).
    const requestsPerMove = (p.twin ?? p).counters.workerRequests / (p.twin ?? p).accepted;
    const need = p.transport === "http" ? requestsPerMove * floor.httpMs : (p.frames / 2 / p.accepted) * floor.wsMs;
    const unit = p.transport === "http" ? `${fmt(requestsPerMove, 2)} requests` : `${fmt(p.frames / p.accepted, 2)} frames`;
    console.log(
      `  ${p.name}: ${ours.toFixed(3)} ms per move against a floor of ${need.toFixed(3)} ms (${unit} a move): ${(ours / need).toFixed(2)}x (target ≤ 1.1x)`,
    );
  }

  // Cold start: a fresh runtime (both Workers' scripts compiled at its start) to its first answered game request
  // (a well-formed id nobody has made: the Worker, the room, and D1 asked for a rebuild).
  const started = performance.now();
  const fresh = await startRuntime({ persistTo, entry: "bench/cost-worker.ts", prebuilt: true });
  try {
    const ready = performance.now() - started;
    const answer = await fetch(`${fresh.url}/api/games/${newGameId(undefined)}`);
    await answer.text();
    const first = performance.now() - started - ready;
    const bundleBytes = (await stat(join(persistTo, "bundle", "cost-worker.js"))).size;
    console.log(
      `\nCold start: a fresh runtime ready in ${ready.toFixed(0)} ms (starting workerd, compiling both Workers, migrating D1), then its first GET /api/games/{id} answered (${answer.status}) in ${first.toFixed(0)} ms; the game Worker's script is ${(bundleBytes / 1024).toFixed(0)} KiB, the preview renderer (about 3.1 MiB with its WebAssembly and font) a Worker of its own.`,
    );
  } finally {
    await fresh.stop();
    await removeDir(persistTo);
  }
}

/** Matches a month the Paid plan's $5 includes (the first allowance such matches exhaust). */
function includedMatches(perMatch: ReturnType<typeof usage>): number {
  return Math.min(
    PAID.workerRequests.included / perMatch.workerRequests,
    PAID.workerCpuMs.included / perMatch.cpuMs,
    PAID.doRequests.included / perMatch.doRequests,
    PAID.d1RowsWritten.included / perMatch.d1RowsWritten,
    PAID.doRowsWritten.included / perMatch.doRowsWritten,
    PAID.queueOperations.included / Math.max(perMatch.queueMessages * 3, 1e-9),
  );
}
