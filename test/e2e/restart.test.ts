import { afterAll, describe, expect, it } from "vitest";
import { myTurn, newStats, playTurnHttp, type Stats } from "../../bench/client";
import { d1Query, type LocalService, newPersistDir, removeDir, startLocalService } from "../../scripts/local-service";
import { seededRandom } from "../../src/engine/index";
import type { CreateGameResponse, GameSnapshot } from "../../src/shared/api";

/**
 * The real thing: `wrangler dev` with its storage in a temporary directory,
 * killed in the middle of a game (SIGKILL, like a crash) and started again.
 */

async function getView(url: string, id: string, token?: string): Promise<GameSnapshot> {
  const response = await fetch(`${url}/api/games/${id}`, token ? { headers: { Authorization: `Bearer ${token}` } } : {});
  expect(response.status).toBe(200);
  return (await response.json()) as GameSnapshot;
}

/** Plays until `stats` counts `total` accepted moves, each seat moving from its own view. */
async function playUntil(url: string, game: CreateGameResponse, stats: Stats, total: number): Promise<void> {
  const random = seededRandom(`restart:${total}`);
  while (stats.accepted < total) {
    const views = await Promise.all(game.seats.map((s) => getView(url, game.id, s.token!)));
    const seat = views.findIndex(myTurn);
    expect(seat).toBeGreaterThanOrEqual(0);
    await playTurnHttp({ url, id: game.id, token: game.seats[seat]!.token!, stats, random, thinkMs: 0, budget: total }, views[seat]!);
    expect(stats.errors).toEqual([]);
  }
}

describe("restart durability", () => {
  let dir = "";
  let service: LocalService | null = null;
  afterAll(async () => {
    await service?.stop("kill");
    if (dir) await removeDir(dir);
  });

  it("keeps every accepted move across a crash and a restart, and D1 ends up with all of them", async () => {
    dir = await newPersistDir();
    service = await startLocalService({ persistTo: dir });
    const created = await fetch(`${service.url}/api/games`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 2, names: ["Anna", "Bruno"] }),
    });
    expect(created.status).toBe(201);
    const game = (await created.json()) as CreateGameResponse;
    const stats = newStats();
    await playUntil(service.url, game, stats, 25);
    const before = await Promise.all([undefined, ...game.seats.map((s) => s.token!)].map((t) => getView(service!.url, game.id, t)));
    const record = await (await fetch(`${service.url}/api/games/${game.id}/record`)).json();

    await service.stop("kill");
    service = await startLocalService({ persistTo: dir });

    const after = await Promise.all([undefined, ...game.seats.map((s) => s.token!)].map((t) => getView(service!.url, game.id, t)));
    expect(after).toEqual(before);
    expect(await (await fetch(`${service.url}/api/games/${game.id}/record`)).json()).toEqual(record);
    // The game goes on from where it was.
    await playUntil(service.url, game, stats, 40);
    const now = await getView(service.url, game.id);
    const version = now.version;
    expect(version).toBeGreaterThanOrEqual(2 + 40);
    const turn = now.view.hand && now.view.hand.end === null ? now.view.hand.turn : null;

    // The outbox reaches D1 within seconds: every entry once, the moves exactly those accepted. The log shard and
    // the game index are two databases written one after the other: wait for both. The index row is rewritten only
    // when what it shows changes (the turn, the status: room/index-row.ts), so its version is that of the last such
    // change, not the log's.
    let saved: { seq: number; kind: string }[] = [];
    let index: { version: number; status: string; turn: number | null }[] = [];
    for (let i = 0; i < 60 && (saved.length < version || index[0]?.turn !== turn); i++) {
      await new Promise((r) => setTimeout(r, 250));
      saved = await d1Query(dir, `SELECT seq, kind FROM game_events WHERE game_id = '${game.id}' ORDER BY seq`, "logs");
      index = await d1Query(dir, `SELECT version, status, turn FROM games WHERE id = '${game.id}'`);
    }
    expect(saved.map((r) => r.seq)).toEqual(Array.from({ length: version }, (_, i) => i + 1));
    expect(saved.filter((r) => r.kind === "move")).toHaveLength(stats.accepted);
    expect(index).toEqual([expect.objectContaining({ status: "playing", turn })]);
    expect(index[0]!.version).toBeLessThanOrEqual(version);
  }, 180_000);
});
