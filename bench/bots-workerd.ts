/**
 * The room part in the Workers runtime (`npm run bench -- bots room`): the
 * same hands as bots-fresh.ts plays in a Node process, played in workerd
 * (through Miniflare, as the service runs locally), one request per
 * invocation (bots-workerd-worker.ts), each level in a fresh runtime, cold
 * then warm. What a request cost is read from outside, off Linux's count of
 * each thread's time on a CPU (/proc/PID/task/TID/schedstat, nanoseconds):
 * the runtime's own thread, where the isolate computes and collects its
 * garbage (what Workers charges), and all its threads (V8's background
 * compilers and collector helpers too). It is V8 as a Worker has it —
 * workerd's build (pointer compression) and flags (no incremental marking) —
 * where the Node process differs; its figures include the request's own
 * handling, measured apart on requests that play nothing.
 */
import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { build } from "esbuild";
import { convertV4MiniflareOptions, Miniflare } from "miniflare";
import type { PlayerCount, PresetName } from "../src/engine/index.js";
import type { ComputerLevel } from "../src/shared/wire/common.js";
import type { Cost, FreshRoom, Mark, Runner } from "./bots-room.js";
import { roomPass } from "./bots-room.js";
import type { Invoked } from "./room-table.js";

/** Nanoseconds on a CPU so far of one thread (schedstat's first field). */
function threadNs(pid: number, tid: number): number {
  return Number(readFileSync(`/proc/${pid}/task/${tid}/schedstat`, "utf8").split(" ")[0]);
}

/** The runtime's own thread's and all its threads' time on a CPU so far, in ms. */
function runtimeNow(pid: number): { thread: number; process: number } {
  let all = 0;
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      all += threadNs(pid, Number(tid));
    } catch {
      // A thread that ended between the listing and the read.
    }
  }
  return { thread: threadNs(pid, pid) / 1e6, process: all / 1e6 };
}

/**
 * Waits until the runtime's thread sleeps: the answer arrives as it is sent, and the thread's last work on
 * the request (its end, the socket's write) would otherwise be counted to the next.
 */
function settle(pid: number): void {
  for (let i = 0; i < 10_000; i++) {
    const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
    if (stat.slice(stat.lastIndexOf(")") + 2).startsWith("S")) return;
  }
}

/** The workerd process this one started last (Miniflare's), by its parent. */
function runtimePid(): number {
  const mine: number[] = [];
  for (const entry of readdirSync("/proc")) {
    const pid = Number(entry);
    if (!Number.isInteger(pid)) continue;
    try {
      const stat = readFileSync(`/proc/${pid}/stat`, "utf8");
      const name = stat.slice(stat.indexOf("(") + 1, stat.lastIndexOf(")"));
      const ppid = Number(stat.slice(stat.lastIndexOf(")") + 2).split(" ")[1]);
      if (name.startsWith("workerd") && ppid === process.pid) mine.push(pid);
    } catch {
      // A process that ended meanwhile.
    }
  }
  if (!mine.length) throw new Error("no workerd process started by this one");
  return Math.max(...mine);
}

/** A fresh runtime with the table's Worker, its process, and a request to it. */
async function startRuntime(): Promise<{ mf: Miniflare; pid: number; post: (path: string) => Promise<unknown> }> {
  const bundled = await build({
    entryPoints: [join(import.meta.dirname, "bots-workerd-worker.ts")],
    bundle: true,
    format: "esm",
    platform: "neutral",
    target: "es2024",
    write: false,
    logLevel: "warning",
  });
  const mf = new Miniflare(
    convertV4MiniflareOptions({
      host: "127.0.0.1",
      port: 0,
      workers: [
        {
          name: "room",
          modules: true,
          script: bundled.outputFiles[0]!.text,
          compatibilityDate: "2026-11-01",
          unsafeDirectSockets: [{ host: "127.0.0.1", port: 0 }],
        },
      ],
    } as Parameters<typeof convertV4MiniflareOptions>[0]),
  );
  await mf.ready;
  const url = String(await mf.unsafeGetDirectURL("room")).replace(/\/$/, "");
  const pid = runtimePid();
  const post = async (path: string) => {
    const response = await fetch(`${url}${path}`, { method: "POST" });
    if (!response.ok) throw new Error(`${path}: ${response.status} ${await response.text()}`);
    return response.json();
  };
  return { mf, pid, post };
}

/** One request, timed on the runtime's clocks and the wall's. */
async function timed<T>(
  pid: number,
  post: (path: string) => Promise<unknown>,
  path: string,
): Promise<{ answer: T; cost: { ms: number; thread: number }; start: number; end: number }> {
  settle(pid);
  const before = runtimeNow(pid);
  const start = performance.now();
  const answer = (await post(path)) as T;
  const end = performance.now();
  settle(pid);
  const after = runtimeNow(pid);
  return { answer, cost: { ms: after.process - before.process, thread: after.thread - before.thread }, start, end };
}

/** What a request that plays nothing costs the runtime's thread: p50 / p99 / max over 1,000 of them, warm. */
export interface Idle {
  readonly p50: number;
  readonly p99: number;
  readonly max: number;
}

/** One level's hands in a fresh runtime, cold then warm, as bots-fresh.ts plays them in Node; and the idle requests' cost. */
export async function workerdRoom(level: ComputerLevel, hands: number): Promise<{ run: FreshRoom; idle: Idle; version: string }> {
  const { mf, pid, post } = await startRuntime();
  try {
    let seed = "";
    const runner: Runner = {
      async start(lvl: ComputerLevel, preset: PresetName, players: PlayerCount, hand: number) {
        seed = ((await post(`/start?level=${lvl}&preset=${preset}&players=${players}&hand=${hand}`)) as { seed: string }).seed;
      },
      async invoke() {
        const { answer, cost, start, end } = await timed<Invoked>(pid, post, "/invoke");
        const mark: Mark = { hand: seed, start, end, heapBefore: 0, heapAfter: 0 };
        return { invoked: answer, cost: { ...cost, steps: answer.steps } satisfies Cost, mark };
      },
    };
    const cold = await roomPass(runner, level, hands);
    const warm = await roomPass(runner, level, hands);
    const idles: number[] = [];
    for (let i = 0; i < 1000; i++) idles.push((await timed(pid, post, "/idle")).cost.thread);
    idles.sort((a, b) => a - b);
    const idle = { p50: idles[500]!, p99: idles[990]!, max: idles.at(-1)! };
    const version = JSON.parse(readFileSync(join(import.meta.dirname, "../node_modules/workerd/package.json"), "utf8")).version as string;
    return { run: { runtime: "workerd", node: `workerd ${version}`, cold, warm, gcs: [] }, idle, version };
  } finally {
    await mf.dispose();
  }
}
