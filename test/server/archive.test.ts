import { createExecutionContext, evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { seededRandom } from "../../src/engine/index";
import { scheduled } from "../../src/server/cron";
import { archiveFinishedGames, archiveKey, readArchive } from "../../src/server/db/archive";
import { shardDatabase, shardFor } from "../../src/server/db/shards";
import { call, createGame, move, playRandomMoves, roomStub, trueTable, view } from "./helpers";

afterEach(() => vi.restoreAllMocks());

const DAY = 24 * 3600 * 1000;
const KEY = "archive-player-key-0123456789";

async function shardRows(id: string): Promise<number> {
  const row = await shardDatabase(env, shardFor(env, id))
    .prepare("SELECT COUNT(*) AS n FROM game_events WHERE game_id = ?")
    .bind(id)
    .first<{ n: number }>();
  return row!.n;
}

/** "My games" for the test's player key, without the moment it was asked (`asOf`). */
async function myGames() {
  const games = (await call<{ games: { asOf: string }[] }>("/api/me/games", { token: KEY })).body.games;
  expect(games.length).toBeGreaterThan(0);
  return games.map(({ asOf: _, ...game }) => game);
}

/** A finished match: some moves, then a resignation; drained to D1, its seats linked to a player key. */
async function finishedGame(seed: string) {
  const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
  for (const seat of game.seats) await call(`/api/games/${game.id}`, { token: seat.token, headers: { "X-Player-Key": KEY } });
  await playRandomMoves(game, 12, seededRandom(seed));
  const table = await trueTable(game.id);
  const seat = table.state.hand!.turn;
  expect((await move(game.id, game.seats[seat]!.token, { type: "resign" }, table.version)).body.view.status).toBe("over");
  await runDurableObjectAlarm(roomStub(game.id));
  return game;
}

describe("archiving finished games to R2", () => {
  it("archives a match over for longer than the configured age, and only such: the log leaves D1, everything still works", async () => {
    const game = await finishedGame("archive");
    const playing = await createGame({ players: 2 });
    await runDurableObjectAlarm(roomStub(playing.id));
    const viewers = [undefined, ...game.seats.map((s) => s.token)];
    const before = await Promise.all(viewers.map((t) => view(game.id, t)));
    const record = (await call(`/api/games/${game.id}/record`)).body;
    const mine = await myGames();
    const log = (await trueTable(game.id)).entries.map((e) => ({ seq: e.seq, at: e.at, body: e.body }));
    expect(await shardRows(game.id)).toBe(log.length);

    // Not yet old enough: nothing moves.
    const days = Number(env.ARCHIVE_AFTER_DAYS);
    expect(await archiveFinishedGames(env, Date.now() + (days - 1) * DAY)).toBe(0);
    expect(await env.ARCHIVE.head(archiveKey(game.id))).toBeNull();

    expect(await archiveFinishedGames(env, Date.now() + (days + 1) * DAY)).toBeGreaterThanOrEqual(1);
    expect(await shardRows(game.id)).toBe(0);
    expect(await shardRows(playing.id)).toBe(2); // a game in play stays in D1
    const object = await env.ARCHIVE.get(archiveKey(game.id));
    const stored = new Uint8Array(await object!.arrayBuffer());
    expect([stored[0], stored[1]]).toEqual([0x1f, 0x8b]); // gzip
    expect(JSON.parse(JSON.stringify(await readArchive(env, game.id)))).toEqual(JSON.parse(JSON.stringify(log)));
    const index = await env.DB.prepare("SELECT archived_at FROM games WHERE id = ?").bind(game.id).first<{ archived_at: number }>();
    expect(index!.archived_at).toBeGreaterThan(0);
    // Archived once: a second run leaves it alone.
    expect(await archiveFinishedGames(env, Date.now() + (days + 1) * DAY)).toBe(0);

    // Record, replay page and "my games" as before.
    expect((await call(`/api/games/${game.id}/record`)).body).toEqual(record);
    const replay = await call(`/game/${game.id}/replay`);
    expect(replay.status).toBe(200);
    expect(replay.text).toContain("Anna");
    expect(await myGames()).toEqual(mine);

    // A room that lost its storage is rebuilt from the archive: the same log, views and record.
    await runInDurableObject(roomStub(game.id), (_, state) => state.storage.deleteAll());
    await evictDurableObject(roomStub(game.id));
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await Promise.all(viewers.map((t) => view(game.id, t)))).toEqual(before);
    expect(warned).toHaveBeenCalledWith(expect.stringContaining(`rebuilding the room from D1 (${log.length} log entries)`));
    expect((await trueTable(game.id)).entries.map((e) => ({ seq: e.seq, at: e.at, body: e.body }))).toEqual(log);
    expect((await call(`/api/games/${game.id}/record`)).body).toEqual(record);
    expect(await myGames()).toEqual(mine);
    // The rebuilt room owes D1 nothing: the log stays out of it.
    await runDurableObjectAlarm(roomStub(game.id));
    expect(await shardRows(game.id)).toBe(0);
  });

  it("is done by the cron, a batch every run", async () => {
    const game = await finishedGame("archive-cron");
    const days = Number(env.ARCHIVE_AFTER_DAYS);
    // Ten past the hour, not three o'clock: only the guard and the archive run.
    const at = Math.floor((Date.now() + (days + 2) * DAY) / 3_600_000) * 3_600_000 + 10 * 60_000;
    const controller = { scheduledTime: at, cron: "*/5 * * * *", noRetry() {} } as ScheduledController;
    await scheduled(controller, env, createExecutionContext());
    expect(await shardRows(game.id)).toBe(0);
    expect(await readArchive(env, game.id)).toHaveLength((await trueTable(game.id)).version);
  });
});
