/**
 * Load benchmark: starts the service locally (in the Workers runtime with
 * its own storage; `via: "wrangler"` puts wrangler dev's development proxy in
 * front, as `npm start` does), plays many games at once with scripted clients
 * over HTTP and WebSocket, prints moves/s, latency percentiles and errors,
 * and then checks that D1 holds exactly the accepted moves: none lost, none
 * twice. Runnable alone: `tsx bench/load.ts [games] [runtime|wrangler]`.
 */

import { startRuntime } from "../scripts/local-runtime";
import { type LocalService, newPersistDir, removeDir, startLocalService } from "../scripts/local-service";
import { seededRandom } from "../src/engine/index";
import type { CreateGameResponse } from "../src/shared/api";
import { newStats, playSeatHttp, playSeatWs, type SeatPlayer, type Stats } from "./client";
import { runtimeCpuSeconds } from "./cpu";

export interface LoadOptions {
  /** Games played at once in each phase (half over HTTP, half over WebSocket). */
  readonly games?: number;
  readonly players?: 2 | 3 | 4;
  /** Accepted moves per game. */
  readonly moves?: number;
  /** How long to wait for the outboxes to reach D1. */
  readonly drainSeconds?: number;
  /** The runtime alone (default), or behind wrangler dev's development proxy. */
  readonly via?: "runtime" | "wrangler";
}

/** Two loads: players who pause about half a second per move (a fast live table), and scripts flat out. */
const PHASES = [
  { name: "paced (~0.5 s per move)", thinkMs: 500 },
  { name: "flat out", thinkMs: 0 },
] as const;

function percentile(sorted: readonly number[], p: number): number {
  if (sorted.length === 0) return NaN;
  return sorted[Math.min(sorted.length - 1, Math.floor((p / 100) * sorted.length))]!;
}

async function createGame(url: string, players: 2 | 3 | 4): Promise<CreateGameResponse> {
  const response = await fetch(`${url}/api/games`, {
    method: "POST",
    headers: { "Content-Type": "application/json" },
    body: JSON.stringify({ players, rules: { preset: "classic", hands: 1 } }),
  });
  if (response.status !== 201) throw new Error(`create: ${response.status} ${await response.text()}`);
  return (await response.json()) as CreateGameResponse;
}

type SavedCounts = { game_id: string; entries: number; distinct_seqs: number; last: number; moves: number };

/** Waits until D1 holds every game's whole log; returns what it holds. */
async function waitForD1(
  service: LocalService,
  ids: readonly string[],
  versions: Map<string, number>,
  seconds: number,
): Promise<Map<string, SavedCounts>> {
  const deadline = Date.now() + seconds * 1000;
  for (;;) {
    // Every log shard's rows together: a game found in two shards counts twice, and fails the check.
    const rows = await service.logs<SavedCounts>(
      `SELECT game_id, COUNT(*) AS entries, COUNT(DISTINCT seq) AS distinct_seqs, MAX(seq) AS last,
              SUM(kind = 'move') AS moves FROM game_events GROUP BY game_id`,
    );
    const saved = new Map<string, SavedCounts>();
    for (const r of rows) {
      const seen = saved.get(r.game_id);
      saved.set(r.game_id, seen ? { ...r, entries: seen.entries + r.entries, moves: seen.moves + r.moves } : r);
    }
    if (ids.every((id) => saved.get(id)?.last === versions.get(id)) || Date.now() > deadline) return saved;
    await new Promise((r) => setTimeout(r, 250));
  }
}

interface PhaseResult {
  readonly games: CreateGameResponse[];
  readonly perGame: Map<string, Stats>;
  readonly seconds: number;
  /** CPU seconds the runtime spent during the phase. */
  readonly cpu: number;
  /** CPU seconds the clients (this process) spent during the phase. */
  readonly clientCpu: number;
}

async function runPhase(url: string, games: number, players: 2 | 3 | 4, thinkMs: number, budget: number): Promise<PhaseResult> {
  const created = await Promise.all(Array.from({ length: games }, () => createGame(url, players)));
  const perGame = new Map(created.map((g) => [g.id, newStats()]));
  const started = performance.now();
  const cpuBefore = runtimeCpuSeconds();
  const clientBefore = process.cpuUsage();
  await Promise.all(
    created.flatMap((game, g) =>
      game.seats.map((seat) => {
        const player: SeatPlayer = {
          url,
          id: game.id,
          token: seat.token!,
          stats: perGame.get(game.id)!,
          random: seededRandom(`${thinkMs}:${g}:${seat.seat}`),
          thinkMs,
          budget,
        };
        return g % 2 === 0 ? playSeatHttp(player) : playSeatWs(player);
      }),
    ),
  );
  const client = process.cpuUsage(clientBefore);
  return {
    games: created,
    perGame,
    seconds: (performance.now() - started) / 1000,
    cpu: runtimeCpuSeconds() - cpuBefore,
    clientCpu: (client.user + client.system) / 1e6,
  };
}

function summary(phase: PhaseResult): Record<string, string | number> {
  const latencies = [...phase.perGame.values()].flatMap((s) => s.latencies).sort((a, b) => a - b);
  const over = (ws: boolean) =>
    phase.games.flatMap((g, i) => ((i % 2 === 1) === ws ? phase.perGame.get(g.id)!.latencies : [])).sort((a, b) => a - b);
  const count = (f: (s: Stats) => number) => [...phase.perGame.values()].reduce((n, s) => n + f(s), 0);
  const ms = (v: number) => `${v.toFixed(1)} ms`;
  return {
    "games at once": phase.games.length,
    "moves accepted": count((s) => s.accepted),
    "refused (422), retried": count((s) => s.refused),
    "moves/s": Math.round(count((s) => s.accepted) / phase.seconds),
    "runtime CPU per move": ms((phase.cpu * 1000) / count((s) => s.accepted)),
    "clients' CPU per move": ms((phase.clientCpu * 1000) / count((s) => s.accepted)),
    "latency p50": ms(percentile(latencies, 50)),
    "latency p95": ms(percentile(latencies, 95)),
    "latency p99": ms(percentile(latencies, 99)),
    "p50 HTTP / WS": `${ms(percentile(over(false), 50))} / ${ms(percentile(over(true), 50))}`,
    errors: count((s) => s.errors.length),
  };
}

export async function loadBench(options: LoadOptions = {}): Promise<void> {
  const games = options.games ?? 50;
  const players = options.players ?? 2;
  const via = options.via ?? "runtime";
  // Storage in RAM: this measures the service, not this machine's disk syncs.
  const persistTo = await newPersistDir(true);
  // The API alone: locally the static assets add a router worker in front of every request, which on Cloudflare is the platform's, not the Worker's CPU.
  const service =
    via === "runtime" ? await startRuntime({ persistTo, overrides: { assets: undefined } }) : await startLocalService({ persistTo });
  try {
    // Unmeasured: the runtime compiles and optimises the service's code on its first requests.
    const warmUp = await runPhase(service.url, 10, players, 0, 20);
    const results: PhaseResult[] = [];
    for (const phase of PHASES) results.push(await runPhase(service.url, games, players, phase.thinkMs, options.moves ?? 40));
    // D1 must hold every accepted move, the warm-up's too.
    const all = [warmUp, ...results].flatMap((r) => r.games);
    const stats = new Map([warmUp, ...results].flatMap((r) => [...r.perGame]));
    const versions = new Map<string, number>();
    for (const game of all) {
      const response = await fetch(`${service.url}/api/games/${game.id}`);
      versions.set(game.id, ((await response.json()) as { version: number }).version);
    }
    const saved = await waitForD1(
      service,
      all.map((g) => g.id),
      versions,
      options.drainSeconds ?? 30,
    );
    const mismatches: string[] = [];
    for (const game of all) {
      const row = saved.get(game.id);
      const accepted = stats.get(game.id)!.accepted;
      const version = versions.get(game.id)!;
      if (!row || row.entries !== version || row.distinct_seqs !== version || row.last !== version || row.moves !== accepted) {
        mismatches.push(`${game.id}: D1 ${JSON.stringify(row ?? null)}, room version ${version}, accepted moves ${accepted}`);
      }
    }
    const where =
      via === "runtime" ? "the Workers runtime (workerd) on this machine" : "wrangler dev (with its development proxy) on this machine";
    console.log(`\nLoad: games of ${players} players (half over HTTP with long polling, half over WebSocket), ${where}`);
    console.table(Object.fromEntries(PHASES.map((p, i) => [p.name, summary(results[i]!)])));
    const paced = results[0]!;
    const pacedLatencies = [...paced.perGame.values()].flatMap((s) => s.latencies).sort((a, b) => a - b);
    const pacedErrors = [...paced.perGame.values()].reduce((n, s) => n + s.errors.length, 0);
    const verdict = (met: boolean) => (met ? "ok" : "MISSED");
    const flat = results[1]!;
    const flatLatencies = [...flat.perGame.values()].flatMap((s) => s.latencies).sort((a, b) => a - b);
    const flatRate = [...flat.perGame.values()].reduce((n, s) => n + s.accepted, 0) / flat.seconds;
    console.log(
      `Targets: paced p99 < 10 ms ${verdict(percentile(pacedLatencies, 99) < 10)}, no errors ${verdict(pacedErrors === 0)}; ` +
        `flat out ≥ 2,000 moves/s ${verdict(flatRate >= 2000)}, flat-out p50 < 10 ms ${verdict(percentile(flatLatencies, 50) < 10)}.`,
    );
    const moves = [...saved.values()].reduce((n, r) => n + r.moves, 0);
    console.log(
      `D1: ${moves} move entries for ${all.length} games; ${mismatches.length === 0 ? "exactly the accepted moves, none lost, none twice" : `${mismatches.length} games DIFFER`}`,
    );
    for (const e of [...stats.values()].flatMap((s) => s.errors).slice(0, 5)) console.log(`error: ${e}`);
    for (const m of mismatches.slice(0, 5)) console.log(`D1 mismatch: ${m}`);
    if (mismatches.length > 0 || [...stats.values()].some((s) => s.errors.length > 0)) process.exitCode = 1;
  } finally {
    await service.stop();
    await removeDir(service.persistTo);
  }
}

if (import.meta.url === `file://${process.argv[1]}`) {
  await loadBench({ games: Number(process.argv[2] ?? 50), via: process.argv[3] === "wrangler" ? "wrangler" : "runtime" });
}
