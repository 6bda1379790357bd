/**
 * The platform's floor: an echo Worker that forwards each request to a
 * Durable Object, which writes one SQLite row and answers about 1 KB, over
 * HTTP and over WebSocket, run in the same runtime (workerd through
 * Miniflare, direct socket, storage in RAM) as the cost benchmark runs the
 * service. Its runtime CPU per request and per WebSocket exchange (a frame
 * in, a frame out) is what any service built this way pays at least.
 */
import { Agent, request as httpRequest } from "node:http";
import { join } from "node:path";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import { newPersistDir, removeDir } from "../scripts/local-service";
import { runtimeCpuSeconds } from "./cpu";

const ECHO = `
import { DurableObject } from "cloudflare:workers";
const REPLY = JSON.stringify({ type: "echo", padding: "x".repeat(1000) });
export class Echo extends DurableObject {
  constructor(ctx, env) {
    super(ctx, env);
    ctx.storage.sql.exec("CREATE TABLE IF NOT EXISTS rows (id INTEGER PRIMARY KEY AUTOINCREMENT, body TEXT NOT NULL, at INTEGER NOT NULL)");
  }
  async fetch(request) {
    if (request.headers.get("Upgrade") === "websocket") {
      const [client, server] = Object.values(new WebSocketPair());
      this.ctx.acceptWebSocket(server);
      return new Response(null, { status: 101, webSocket: client });
    }
    this.ctx.storage.sql.exec("INSERT INTO rows (body, at) VALUES (?, ?)", await request.text(), Date.now());
    return new Response(REPLY, { headers: { "Content-Type": "application/json" } });
  }
  async webSocketMessage(ws, message) {
    this.ctx.storage.sql.exec("INSERT INTO rows (body, at) VALUES (?, ?)", String(message), Date.now());
    ws.send(REPLY);
  }
}
export default {
  fetch(request, env) {
    return env.ECHO.get(env.ECHO.idFromName(new URL(request.url).pathname)).fetch(request);
  },
};
`;

export interface Floor {
  /** Runtime CPU per HTTP request (Worker, then the object's fetch), ms. */
  readonly httpMs: number;
  /** Runtime CPU per WebSocket exchange (one frame in, one ~1 KB frame out), ms. */
  readonly wsMs: number;
}

const agent = new Agent({ keepAlive: true, maxSockets: Infinity });

function post(url: string, body: string): Promise<void> {
  return new Promise((resolve, reject) => {
    const req = httpRequest(url, { method: "POST", agent, headers: { "Content-Length": String(Buffer.byteLength(body)) } }, (res) => {
      res.resume();
      res.on("end", () => resolve());
    });
    req.on("error", reject);
    req.end(body);
  });
}

/** `clients` at once, each to its own object, `each` requests or exchanges apiece (after a warm-up). */
export async function echoFloor(clients = 20, each = 100): Promise<Floor> {
  const persistTo = await newPersistDir(true);
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      // Every binding's storage under `persistTo` (this Miniflare ignores `defaultPersistRoot`: storage then went to a
      // fresh directory in the OS temp dir, on disk, and a restarted runtime found none of it).
      resourcePersistencePath: join(persistTo, "state"),
      workers: [
        {
          name: "echo",
          modules: true,
          script: ECHO,
          compatibilityDate: "2026-11-01",
          compatibilityFlags: ["nodejs_compat"],
          durableObjects: { ECHO: { className: "Echo", useSQLite: true } },
          unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
        },
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  try {
    await mf.ready;
    const url = String(await mf.unsafeGetDirectURL("echo")).replace(/\/$/, "");
    const body = JSON.stringify({ type: "move", move: { type: "discard", card: "7D" }, version: 12, id: "k1" });
    const http = async (n: number) =>
      Promise.all(
        Array.from({ length: clients }, async (_, c) => {
          for (let i = 0; i < n; i++) await post(`${url}/room-${c}`, body);
        }),
      );
    const ws = async (n: number) =>
      Promise.all(
        Array.from({ length: clients }, async (_, c) => {
          const socket = new WebSocket(`${url.replace(/^http/, "ws")}/socket-${c}`);
          await new Promise((resolve, reject) => {
            socket.addEventListener("open", resolve, { once: true });
            socket.addEventListener("error", reject, { once: true });
          });
          for (let i = 0; i < n; i++) {
            const answered = new Promise((resolve) => socket.addEventListener("message", resolve, { once: true }));
            socket.send(body);
            await answered;
          }
          socket.close();
        }),
      );
    await http(10);
    let before = runtimeCpuSeconds();
    await http(each);
    const httpMs = ((runtimeCpuSeconds() - before) * 1000) / (clients * each);
    await ws(10);
    before = runtimeCpuSeconds();
    await ws(each);
    const wsMs = ((runtimeCpuSeconds() - before) * 1000) / (clients * each);
    return { httpMs, wsMs };
  } finally {
    await mf.dispose();
    await removeDir(persistTo);
  }
}
