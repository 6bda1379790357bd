/**
 * The cost benchmark's players and counters (bench/cost.ts): the service
 * in the Workers runtime with every costly binding counted
 * (bench/cost-worker.ts), local receivers for its notifications, and the
 * kinds of match it plays — flat out over HTTP with long polls or over
 * WebSocket (the worst case: every player subscribed to every event on
 * every channel, and the quiet kinds: nobody), and the realistic kinds as
 * the web client plays them (moves over HTTP, news over a WebSocket): a
 * match by correspondence, a turn at a time, and a live one.
 */
import { createServer } from "node:http";
import { vapidKeys } from "../scripts/dev-vars.mjs";
import { startRuntime } from "../scripts/local-runtime";
import type { LocalService } from "../scripts/local-service";
import { seededRandom } from "../src/engine/index";
import type { CreateGameResponse } from "../src/shared/api";
import { newStats, playSeatHttp, playSeatWeb, playSeatWs, type Stats, sent, TurnBoard } from "./client";
import { runtimeCpuSeconds } from "./cpu";

export type Counters = {
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
  /** Milliseconds the rooms were active as their clocks tell it (I/O waits), and the calls to D1 and the queue they waited for. */
  doActiveMs: number;
  roomCalls: number;
  doBytes: number;
  /** The D1 databases' sizes (each as its latest query reported it). */
  d1Bytes: number;
  deliveries: Record<string, number>;
};

export interface Phase {
  readonly name: string;
  readonly players: 2 | 4;
  /** HTTP moves and long polls, WebSocket moves, or as the web client plays (HTTP moves, a WebSocket's news). */
  readonly transport: "http" | "ws" | "web";
  /** Whether every player is subscribed to every event on every channel (or, realistic, to "your turn" by one or two). */
  readonly notify: boolean;
  /** Realistic: "your turn" only, seat 0 by push, seat 1 by push and email; by correspondence, a turn at a time. */
  readonly realistic?: "correspondence" | "live";
  /** Live: a player's mean pause before each move (ms). */
  readonly thinkMs?: number;
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
  /** By correspondence: the turns played. */
  turns?: number;
}

/** A phase not yet played: its kind, and its counts at zero. */
export const newPhase = (
  name: string,
  players: 2 | 4,
  transport: Phase["transport"],
  notify: boolean,
  matches: number,
  more: Partial<Phase> = {},
): Phase => ({
  name,
  players,
  transport,
  notify,
  matches,
  accepted: 0,
  refused: 0,
  errors: 0,
  cpuMs: 0,
  counters: {} as Phase["counters"],
  d1Bytes: 0,
  frames: 0,
  ...more,
});

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
  const created: { game: CreateGameResponse & { firstTurn?: number }; keys: string[] }[] = [];
  for (let m = 0; m < phase.matches; m++) {
    const keys = Array.from({ length: phase.players }, () => Buffer.from(crypto.getRandomValues(new Uint8Array(24))).toString("base64url"));
    if (phase.notify) {
      // Realistic: "your turn" by push for one player, by push and email for the other (the bench Worker makes them).
      const realistic = phase.realistic
        ? { events: ["turn"], channels: keys.map((_, i) => (i % 2 === 0 ? ["push"] : ["push", "email"])) }
        : {};
      await api(service.url, "/api/bench/subscribe", { keys, webhook: `${receiver}/hooks`, push, ...realistic });
    }
    const game = await api<CreateGameResponse>(service.url, "/api/games", {
      players: phase.players,
      rules: { preset: "classic", hands: 1 },
    });
    const first = (await api<{ view: { hand: { turn: number } | null } }>(service.url, `/api/games/${game.id}`)).view.hand?.turn;
    created.push({ game: { ...game, ...(first === undefined ? {} : { firstTurn: first }) }, keys });
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
  const boards = new Map(ids.map((id) => [id, new TurnBoard()]));
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
          thinkMs: phase.thinkMs ?? 0,
          budget: 5000,
        };
        if (phase.transport === "web") {
          // By correspondence the first player is told at once; each next one after the room's drain and notification.
          const board = phase.realistic === "correspondence" ? boards.get(game.id)! : undefined;
          if (board && seat.seat === 0) board.tell([game.firstTurn ?? 0], 0);
          await playSeatWeb({ ...player, seat: seat.seat, seats: game.seats.length, ...(board ? { board, pauseMs: 5000 } : {}) });
        } else await (phase.transport === "http" ? playSeatHttp(player) : playSeatWs(player));
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
  if (phase.realistic === "correspondence") phase.turns = [...boards.values()].reduce((n, b) => n + b.turns, 0);
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
