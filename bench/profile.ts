/**
 * Where an accepted move's CPU goes, in play: quiet two-player matches over
 * HTTP and over WebSocket (as the floor benchmark plays them) against the
 * service in the Workers runtime with its inspector open, recording a CPU
 * profile of the Worker and its game rooms (V8's sampling profiler over the
 * DevTools protocol), printed as self time by part (`partOf`) and by
 * function. `npm run bench -- profile`. The floor benchmark uses
 * `profiled` for its parts of a move (bench/floor.ts).
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { startRuntime } from "../scripts/local-runtime";
import { removeDir } from "../scripts/local-service";
import { CountingWebSocket, newPhase, playPhase } from "./cost-play";

interface ProfileNode {
  id: number;
  callFrame: { functionName: string; url: string; lineNumber: number };
  children?: number[];
}

export async function freePort(): Promise<number> {
  return new Promise((resolve) => {
    const server = createServer().listen(0, "127.0.0.1", () => {
      const { port } = server.address() as { port: number };
      server.close(() => resolve(port));
    });
  });
}

/** A DevTools-protocol session with the runtime's inspector. */
export async function inspect(
  port: number,
): Promise<{ send: (method: string, params?: object) => Promise<Record<string, unknown>>; close: () => void }> {
  const targets = (await (await fetch(`http://127.0.0.1:${port}/json/list`)).json()) as { webSocketDebuggerUrl: string; title?: string }[];
  const target = targets.find((t) => t.webSocketDebuggerUrl.includes("burraco")) ?? targets[0]!;
  const ws = new WebSocket(target.webSocketDebuggerUrl);
  await new Promise((resolve, reject) => {
    ws.onopen = resolve;
    ws.onerror = reject;
  });
  let next = 1;
  const pending = new Map<number, (r: Record<string, unknown>) => void>();
  ws.onmessage = (event) => {
    const message = JSON.parse(String(event.data)) as { id?: number; result?: Record<string, unknown> };
    if (message.id !== undefined) pending.get(message.id)?.(message.result ?? {});
  };
  return {
    send: (method, params = {}) =>
      new Promise((resolve) => {
        const id = next++;
        pending.set(id, resolve);
        ws.send(JSON.stringify({ id, method, params }));
      }),
    close: () => ws.close(),
  };
}

/**
 * Which source module each line of the bundle came from: the bundler
 * writes the module's path in a comment where its code begins.
 */
export function modulesOf(bundle: string): (line: number) => string {
  const starts: { line: number; path: string }[] = [];
  bundle.split("\n").forEach((text, line) => {
    const match = /^\/\/ ((?:node_modules|src|cloudflare-internal)[^\s]*)$/.exec(text);
    if (match) starts.push({ line, path: match[1]! });
  });
  return (line) => {
    let lo = 0;
    let hi = starts.length - 1;
    let found = "";
    while (lo <= hi) {
      const mid = (lo + hi) >> 1;
      if (starts[mid]!.line <= line) {
        found = starts[mid]!.path;
        lo = mid + 1;
      } else hi = mid - 1;
    }
    return found;
  };
}

/** The part of the service a function belongs to (the names the floor benchmark prints: bench/floor.ts). */
export function partOf(frame: ProfileNode["callFrame"], moduleOf: (line: number) => string): string {
  const f = frame.functionName;
  // The bundle's own lines name their source module; the runtime's own modules have URLs of their own.
  const internal = /^(node-internal|cloudflare-internal|cloudflare):/.test(frame.url);
  const url = frame.url && !internal ? moduleOf(frame.lineNumber) : frame.url;
  if (f === "(garbage collector)") return "garbage collection";
  if (f === "(idle)") return "idle";
  if (f === "(program)" || f === "(root)") return "the runtime's own code within our JavaScript's turns (V8: \"(program)\")";
  if (f === "exec" || f === "transactionSync" || /sql/i.test(f)) return "the room's SQLite (its statements)";
  if (/^(stringify|parse)$/.test(f) && !url) return "JSON";
  if (/engine\//.test(url)) return "the rules engine";
  if (/room\/(views|snapshots|clock-view)/.test(url)) return "the views and events";
  if (/room\/sockets/.test(url) || f === "send" || f === "serializeAttachment" || f === "deserializeAttachment" || f === "getWebSockets")
    return "the sockets (frames sent, their attachments)";
  if (/room\//.test(url)) return "the room (moves, log, seats, alarm)";
  if (/zod|openapi/.test(url)) return "validation (zod)";
  if (/hono/.test(url)) return "the Worker's routing (Hono)";
  if (/long-poll/.test(url)) return "the long poll's socket (the Worker's side)";
  if (/server\//.test(url)) return "the Worker's middleware, auth and routes";
  if (/drizzle|d1-api/.test(url)) return "the drain's D1 client";
  if (/node-internal/.test(url)) return "Node's compatibility layer (hashes)";
  if (!url) return "the runtime's APIs called from JavaScript (requests, responses, calls, timers)";
  return "other JavaScript";
}

/** Where a stretch of play spent the JS thread's time, by part and by function (µs), over `accepted` moves. */
export interface Profiled {
  readonly accepted: number;
  readonly byPart: Map<string, number>;
  readonly byFunction: Map<string, number>;
  /** The thread's busy time (everything but idle), µs. */
  readonly busy: number;
}

/**
 * Runs `play` (which returns the moves it had accepted) with V8's sampling
 * profiler on in the runtime's isolate (its inspector at `port`), and sums
 * each sample's time by part of the service (`partOf`). `bundle`: the
 * bundle's text, which names each line's source module.
 */
export async function profiled(port: number, bundle: string, play: () => Promise<number>): Promise<Profiled> {
  const moduleOf = modulesOf(bundle);
  const session = await inspect(port);
  try {
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 200 });
    await session.send("Profiler.start");
    const accepted = await play();
    const { profile } = (await session.send("Profiler.stop")) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    const self = new Map<number, number>();
    for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    const byPart = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const us = self.get(node.id) ?? 0;
      if (!us) continue;
      const part = partOf(node.callFrame, moduleOf);
      byPart.set(part, (byPart.get(part) ?? 0) + us);
      const internal = /^(node-internal|cloudflare-internal|cloudflare):/.test(node.callFrame.url);
      const where = node.callFrame.url && !internal ? moduleOf(node.callFrame.lineNumber) : node.callFrame.url;
      const name = `${node.callFrame.functionName || "(anonymous)"} ${where.split("/").slice(-2).join("/")}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    }
    const busy = [...byPart].filter(([p]) => p !== "idle").reduce((n, [, us]) => n + us, 0);
    return { accepted, byPart, byFunction, busy };
  } finally {
    session.close();
  }
}

/** `npm run bench -- profile [matches]`: the profile of quiet two-player matches over HTTP, then over WebSocket. */
export async function profileBench(matches = 8): Promise<void> {
  (globalThis as { WebSocket: typeof WebSocket }).WebSocket = CountingWebSocket as unknown as typeof WebSocket;
  const inspectorPort = await freePort();
  // The floor's service: the real Worker and rooms, whose drain to D1 is taken away (the local D1 runs in the same
  // process, and its SQLite would count as the runtime's own code).
  const service = await startRuntime({ entry: "bench/floor-worker.ts", inspectorPort, overrides: { bindings: { FLOOR_NO_DRAIN: "1" } } });
  try {
    const bundle = await readFile(join(service.persistTo, "bundle", "floor-worker.js"), "utf8");
    for (const transport of ["http", "ws"] as const) {
      await playPhase(service, "", newPhase("warm-up", 2, transport, false, 2), false, false); // unmeasured
      const phase = newPhase(`2p ${transport === "http" ? "HTTP" : "WS"} quiet`, 2, transport, false, matches);
      const { accepted, byPart, byFunction, busy } = await profiled(inspectorPort, bundle, async () => {
        await playPhase(service, "", phase, false, false);
        return phase.accepted;
      });
      const perMove = (us: number) => Math.round(us / accepted);
      console.log(`\nWhere a move's CPU goes, ${phase.name}: ${accepted} moves; the JS thread of the Worker and its rooms (sampled)`);
      console.table(
        Object.fromEntries(
          [...byPart]
            .filter(([p]) => p !== "idle")
            .sort((a, b) => b[1] - a[1])
            .map(([part, us]) => [part, { "µs per move": perMove(us), share: `${((100 * us) / busy).toFixed(1)} %` }]),
        ),
      );
      console.log(
        `Busy time per accepted move: ${(busy / accepted / 1000).toFixed(2)} ms (the profiler's own overhead included). Heaviest functions:`,
      );
      console.table(
        Object.fromEntries(
          [...byFunction]
            .filter(([name]) => !name.startsWith("(idle)"))
            .sort((a, b) => b[1] - a[1])
            .slice(0, 20)
            .map(([name, us]) => [name, { "µs per move": perMove(us) }]),
        ),
      );
    }
  } finally {
    await service.stop();
    await removeDir(service.persistTo);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await profileBench(Number(process.argv[2] ?? 8));
