/**
 * A room waking with a whole match in its log: builds full 4-player matches
 * to 2005 (played by the engine's random player, dealt and logged as the
 * service logs them), puts them in D1, and measures the Workers runtime's
 * CPU for the first request to each game twice — once rebuilding the room
 * from D1 (its storage lost), and once after a restart, loading the room
 * from its own storage as a Durable Object waking from hibernation does.
 * `npm run bench -- wake`.
 */

import { startRuntime } from "../scripts/local-runtime";
import { newPersistDir, removeDir } from "../scripts/local-service";
import { botMove, makeMove, needsDeal, seededRandom } from "../src/engine/index";
import { hashToken, newGameId, newToken } from "../src/server/auth";
import type { CreatedBody, LogRow } from "../src/server/db/log-entry";
import { nextDeal } from "../src/server/room/fairness";
import { Table } from "../src/server/room/table";
import { runtimeCpuSeconds } from "./cpu";
import { saveFigures } from "./figures.js";

const quote = (text: string) => `'${text.replace(/'/g, "''")}'`;

/** A whole match's log, as a room writes it, a minute between entries. */
function matchLog(seed: string, id: string): LogRow[] {
  const start = Date.UTC(2026, 0, 1);
  const created: CreatedBody = {
    type: "created",
    id,
    rules: { preset: "classic" },
    players: 4,
    names: ["Anna", "Bruno", "Carla", "Dario"],
    firstDealer: 0,
    deals: [],
  };
  const table = Table.replay([{ seq: 1, at: start, body: created }]);
  const random = seededRandom(seed);
  const rows: LogRow[] = [{ seq: 1, at: start, body: created }];
  const add = (body: LogRow["body"]) => {
    const row = { seq: rows.length + 1, at: start + rows.length * 60_000, body };
    table.append(row);
    rows.push(row);
  };
  while (needsDeal(table.state)) {
    add(nextDeal(created, table.state, table.state.past.length + (table.state.hand ? 1 : 0)));
    while (table.state.hand && !table.state.hand.end) {
      const { move } = botMove(table.state, random);
      add({ type: "move", seat: table.state.hand.turn, move: makeMove(move), id: null });
    }
  }
  return rows;
}

function insertSql(id: string, rows: readonly LogRow[]): string[] {
  const last = rows[rows.length - 1]!;
  const seats = [0, 1, 2, 3].map((s) => `(${quote(id)}, ${s}, ${quote(hashToken(newToken()))}, 1, NULL, NULL)`);
  return [
    `INSERT INTO games (id, players, rules, names, status, turn, version, prepared, invite_hash, created_at, updated_at) VALUES (${quote(id)}, 4, '{"preset":"classic"}', '["Anna","Bruno","Carla","Dario"]', 'over', NULL, ${rows.length}, 0, ${quote(hashToken(newToken()))}, ${rows[0]!.at}, ${last.at})`,
    `INSERT INTO seats (game_id, seat, token_hash, taken, name, player_hash) VALUES ${seats.join(", ")}`,
    // Fifty entries a statement: each statement is a round trip to the runtime.
    ...Array.from(
      { length: Math.ceil(rows.length / 50) },
      (_, i) =>
        `INSERT INTO game_events (game_id, seq, kind, body, at) VALUES ${rows
          .slice(i * 50, i * 50 + 50)
          .map((r) => `(${quote(id)}, ${r.seq}, ${quote(r.body.type)}, ${quote(JSON.stringify(r.body))}, ${r.at})`)
          .join(", ")}`,
    ),
  ];
}

export interface Wake {
  readonly entries: number;
  readonly games: number;
  /** The runtime's CPU for a plain request (/api/health), ms. */
  readonly floorMs: number;
  /** Beyond it: the first request to a game whose room was rebuilt from D1 (its storage lost). */
  readonly rebuildMs: number;
  /** Beyond it: the first request to a game whose room wakes from its own storage (the old measure, the isolate's first requests included). */
  readonly wakeMs: number;
  /** In a warm isolate, per request (a pass over as many other rooms): a cold room's first answer (the Worker's and the room's CPU), and the same room's next, warm. */
  readonly cold: number;
  readonly warm: number;
}

export async function wakeBench(games = 45): Promise<Wake> {
  const persistTo = await newPersistDir(true);
  const ids = Array.from({ length: games * 2 }, () => newGameId(undefined));
  const logs = ids.map((id, i) => matchLog(`wake:${i % games}`, id));
  const entries = Math.round(logs.reduce((n, l) => n + l.length, 0) / logs.length);
  const cpuOf = async (url: string, paths: readonly string[]) => {
    const before = runtimeCpuSeconds();
    for (const path of paths) {
      const answer = await fetch(`${url}${path}`);
      await answer.text();
      // A room's answer, not a refusal (a runtime started again once found no storage, and the bench timed its 404s).
      if (!answer.ok) throw new Error(`${path}: ${answer.status}`);
    }
    return ((runtimeCpuSeconds() - before) * 1000) / paths.length;
  };
  let service = await startRuntime({ persistTo });
  try {
    for (const [i, id] of ids.entries()) for (const sql of insertSql(id, logs[i]!)) await service.d1(sql);
    const floorMs = await cpuOf(
      service.url,
      Array.from({ length: games }, () => "/api/health"),
    );
    // Rebuilt from D1 into each room's storage (the first half measured, the second half only stored for the warm isolate's measure).
    const rebuildMs =
      (await cpuOf(
        service.url,
        ids.slice(0, games).map((id) => `/api/games/${id}`),
      )) - floorMs;
    for (const id of ids.slice(games)) await (await fetch(`${service.url}/api/games/${id}`)).text();
    await service.stop();
    service = await startRuntime({ persistTo });
    await cpuOf(
      service.url,
      Array.from({ length: 5 }, () => "/api/health"),
    ); // the runtime's own start, unmeasured
    const wakeMs =
      (await cpuOf(
        service.url,
        ids.slice(0, games).map((id) => `/api/games/${id}`),
      )) - floorMs;
    // The isolate is warm now (its code compiled by the rooms above): the other rooms, each cold, then each again,
    // warm. One pass of each over all of them: the runtime's CPU is read in 10 ms ticks, so only sums of many mean anything.
    const others = ids.slice(games).map((id) => `/api/games/${id}`);
    const cold = await cpuOf(service.url, others);
    const warm = await cpuOf(service.url, others);
    return { entries, games, rebuildMs, wakeMs, floorMs, cold, warm };
  } finally {
    await service.stop();
    await removeDir(persistTo);
  }
}

/** The lines `npm run bench -- wake` prints, and the figures it keeps for the docs (bench/figures/wake.json). */
export function printWake(wake: Wake): boolean {
  const { cold, warm } = wake;
  saveFigures("wake", {
    entries: String(wake.entries),
    cold: `${cold.toFixed(2)} ms`,
    warm: `${warm.toFixed(2)} ms`,
    rebuild: `${wake.rebuildMs.toFixed(1)} ms`,
  });
  console.log(`\nA room waking with a whole 4-player match to 2005 in its log (${wake.entries} entries):`);
  console.log(
    `  in a warm isolate, the first answer of a cold room (GET /api/games/{id}: the Worker's and the room's CPU): ${cold.toFixed(2)} ms (a pass over ${wake.games} rooms); target < 5 ms: ${cold < 5 ? "ok" : "MISSED"}`,
  );
  console.log(`  the same room's next answer, warm: ${warm.toFixed(2)} ms; the wake's own work: ${(cold - warm).toFixed(2)} ms`);
  console.log(
    `  in a fresh isolate (its code compiled on these requests), beyond a plain request's ${wake.floorMs.toFixed(1)} ms: ${wake.wakeMs.toFixed(1)} ms`,
  );
  console.log(`  rebuilt from D1 (its storage lost), beyond a plain request: ${wake.rebuildMs.toFixed(1)} ms`);
  return cold < 5;
}

if (import.meta.url === `file://${process.argv[1]}`) console.log(await wakeBench(Number(process.argv[2] ?? 30)));
