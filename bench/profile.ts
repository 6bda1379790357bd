/**
 * Where an accepted move's CPU goes: runs the flat-out load against the
 * service in the Workers runtime with its inspector open, records a CPU
 * profile of the Worker and its game rooms (V8's sampling profiler over the
 * DevTools protocol), and prints self time by part: the rules engine, the
 * room's views and events, JSON, SQLite, sockets, the Worker's routing and
 * validation, and the rest. `npm run bench -- profile`.
 */
import { readFile } from "node:fs/promises";
import { createServer } from "node:net";
import { join } from "node:path";
import { startRuntime } from "../scripts/local-runtime";
import { newPersistDir, removeDir } from "../scripts/local-service";
import { seededRandom } from "../src/engine/index";
import type { CreateGameResponse } from "../src/shared/api";
import { newStats, playSeatHttp, playSeatWs } from "./client";

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

/** The part of the service a function belongs to. */
export function partOf(frame: ProfileNode["callFrame"], moduleOf: (line: number) => string): string {
  const f = frame.functionName;
  const url = frame.url.endsWith("index.js") ? moduleOf(frame.lineNumber) : frame.url;
  if (f === "(garbage collector)") return "garbage collection";
  if (f === "(idle)" || f === "(program)" || f === "(root)") return f === "(idle)" ? "idle" : "runtime (outside JS)";
  if (/^(stringify|parse)$/.test(f) && !url) return "JSON";
  if (f === "__name") return "bundler's name helpers";
  if (f === "exec" || f === "transactionSync" || /sql/i.test(f)) return "SQLite";
  if (/engine\//.test(url)) return "rules engine";
  if (/room\/(views|snapshots)/.test(url)) return "views and events";
  if (/room\/sockets/.test(url) || f === "send" || f === "serializeAttachment" || f === "deserializeAttachment" || f === "getWebSockets")
    return "sockets";
  if (/room\//.test(url)) return "room (moves, log, seats)";
  if (/zod|openapi/.test(url)) return "validation (zod)";
  if (/hono/.test(url)) return "Worker routing (Hono)";
  if (/server\//.test(url)) return "Worker (auth, routes)";
  if (/drizzle/.test(url)) return "D1 drain (drizzle)";
  if (!url) return `native: ${f || "(anonymous)"}`;
  return "other JS";
}

export async function profileBench(games = 50): Promise<void> {
  const persistTo = await newPersistDir(true);
  const inspectorPort = await freePort();
  const service = await startRuntime({ persistTo, inspectorPort, overrides: { assets: undefined } });
  try {
    const play = async (n: number, moves: number) => {
      const created: CreateGameResponse[] = await Promise.all(
        Array.from({ length: n }, async () => {
          const r = await fetch(`${service.url}/api/games`, {
            method: "POST",
            headers: { "Content-Type": "application/json" },
            body: JSON.stringify({ players: 2, rules: { preset: "classic", hands: 1 } }),
          });
          return (await r.json()) as CreateGameResponse;
        }),
      );
      const stats = newStats();
      await Promise.all(
        created.flatMap((game, g) =>
          game.seats.map((seat) => {
            const player = {
              url: service.url,
              id: game.id,
              token: seat.token!,
              stats,
              random: seededRandom(`p:${g}:${seat.seat}`),
              thinkMs: 0,
              budget: moves,
            };
            return g % 2 === 0 ? playSeatHttp(player) : playSeatWs(player);
          }),
        ),
      );
      return stats.accepted;
    };
    const moduleOf = modulesOf(await readFile(join(persistTo, "bundle", "index.js"), "utf8"));
    await play(10, 20); // warm up, unmeasured
    const session = await inspect(inspectorPort);
    await session.send("Profiler.enable");
    await session.send("Profiler.setSamplingInterval", { interval: 200 });
    await session.send("Profiler.start");
    const accepted = await play(games, 40);
    const { profile } = (await session.send("Profiler.stop")) as unknown as {
      profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] };
    };
    session.close();
    const self = new Map<number, number>();
    for (const [i, id] of profile.samples.entries()) self.set(id, (self.get(id) ?? 0) + (profile.timeDeltas[i] ?? 0));
    const byPart = new Map<string, number>();
    const byFunction = new Map<string, number>();
    for (const node of profile.nodes) {
      const us = self.get(node.id) ?? 0;
      if (!us) continue;
      const part = partOf(node.callFrame, moduleOf);
      byPart.set(part, (byPart.get(part) ?? 0) + us);
      const where = node.callFrame.url.endsWith("index.js") ? moduleOf(node.callFrame.lineNumber) : node.callFrame.url;
      const name = `${node.callFrame.functionName || "(anonymous)"} ${where.split("/").slice(-2).join("/")}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + us);
    }
    const busy = [...byPart].filter(([p]) => p !== "idle").reduce((n, [, us]) => n + us, 0);
    console.log(`\nWhere a move's CPU goes (${accepted} accepted moves, flat out, ${games} games; JS thread of the Worker and its rooms)`);
    console.table(
      Object.fromEntries(
        [...byPart]
          .filter(([p]) => p !== "idle")
          .sort((a, b) => b[1] - a[1])
          .map(([part, us]) => [part, { "µs per move": Math.round(us / accepted), share: `${((100 * us) / busy).toFixed(1)} %` }]),
      ),
    );
    console.log(`Busy JS time per accepted move: ${(busy / accepted / 1000).toFixed(2)} ms. Heaviest functions:`);
    console.table(
      Object.fromEntries(
        [...byFunction]
          .sort((a, b) => b[1] - a[1])
          .slice(0, 20)
          .map(([name, us]) => [name, { "µs per move": Math.round(us / accepted) }]),
      ),
    );
  } finally {
    await service.stop();
    await removeDir(persistTo);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) await profileBench(Number(process.argv[2] ?? 50));
