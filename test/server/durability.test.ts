import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCards, seededRandom } from "../../src/engine/index";
import { database, savedEvents } from "../../src/server/db/queries";
import { shardDatabase, shardFor } from "../../src/server/db/shards";
import { call, createGame, move, playRandomMoves, roomStub, trueTable, view } from "./helpers";

/** The game's log as its D1 log shard holds it. */
async function d1Log(id: string) {
  return (await savedEvents(database(shardDatabase(env, shardFor(env, id))), id)).map((e) => ({
    seq: e.seq,
    kind: e.kind,
    body: JSON.parse(e.body),
    at: e.at,
  }));
}

async function roomLog(id: string) {
  const table = await trueTable(id);
  return table.entries.map((e) => ({ seq: e.seq, kind: e.body.type, body: JSON.parse(JSON.stringify(e.body)), at: e.at }));
}

afterEach(() => vi.restoreAllMocks());

describe("the outbox", () => {
  it("copies every log entry and the game index to D1 when the alarm runs, in batches, exactly once", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], rules: { hands: 3 } });
    await playRandomMoves(game, 70, seededRandom("outbox")); // more than one batch of 50
    expect(await d1Log(game.id)).toEqual([]); // D1 is never on a move's path
    expect(await runDurableObjectAlarm(roomStub(game.id))).toBe(true);
    const log = await roomLog(game.id);
    expect(log.length).toBeGreaterThanOrEqual(72);
    expect(await d1Log(game.id)).toEqual(log);
    await runDurableObjectAlarm(roomStub(game.id));
    expect(await d1Log(game.id)).toEqual(log);
    const row = await env.DB.prepare("SELECT status, turn, version, names FROM games WHERE id = ?").bind(game.id).first();
    const table = await trueTable(game.id);
    expect(row).toEqual({ status: "playing", turn: table.state.hand!.turn, version: log.length, names: '["Anna","Bruno"]' });
  });

  it("writes the game index row only when something it shows changed, not on every drain", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    await runDurableObjectAlarm(roomStub(game.id));
    const indexOf = () =>
      env.DB.prepare("SELECT turn, version FROM games WHERE id = ?").bind(game.id).first<{ turn: number; version: number }>();
    const created = await trueTable(game.id);
    const seat = created.state.hand!.turn;
    expect(await indexOf()).toEqual({ turn: seat, version: created.version });
    // Marked by hand: a rewrite of the row would put the room's version back.
    await env.DB.prepare("UPDATE games SET version = -7 WHERE id = ?").bind(game.id).run();
    // Evicted, the room comes back knowing what the row shows (kept with the drain's mark), not writing it again at once.
    await evictDurableObject(roomStub(game.id));
    const token = game.seats[seat]!.token;
    expect((await move(game.id, token, { type: "draw" }, created.version)).status).toBe(200);
    await runDurableObjectAlarm(roomStub(game.id));
    // The draw reached the log's shard, but the index shows nothing it changed (the same seat to play): not written.
    expect((await d1Log(game.id)).map((e) => e.seq)).toEqual((await roomLog(game.id)).map((e) => e.seq));
    expect(await indexOf()).toEqual({ turn: seat, version: -7 });
    // The discard passes the turn: the row is written, with the version as it stands.
    const table = await trueTable(game.id);
    const card = makeCards(table.state.hand!.hands[seat]!)[0]!;
    expect((await move(game.id, token, { type: "discard", card }, table.version)).status).toBe(200);
    await runDurableObjectAlarm(roomStub(game.id));
    expect(await indexOf()).toEqual({ turn: 1 - seat, version: (await trueTable(game.id)).version });
  });

  it("keeps the outbox when D1 fails, retries later with backoff, and then loses nothing", async () => {
    const game = await createGame();
    await playRandomMoves(game, 10, seededRandom("retry"));
    const logged = vi.spyOn(console, "error").mockImplementation(() => {});
    const shard = shardDatabase(env, shardFor(env, game.id));
    await shard.exec("ALTER TABLE game_events RENAME TO game_events_away");
    try {
      await runDurableObjectAlarm(roomStub(game.id));
    } finally {
      await shard.exec("ALTER TABLE game_events_away RENAME TO game_events");
    }
    expect(logged).toHaveBeenCalledWith(expect.stringContaining("outbox drain failed (1 in a row)"));
    const retry = await runInDurableObject(roomStub(game.id), (_, state) => state.storage.getAlarm());
    expect(retry).toBeGreaterThan(Date.now() + 400);
    expect(await d1Log(game.id)).toEqual([]);
    await runDurableObjectAlarm(roomStub(game.id));
    expect(await d1Log(game.id)).toEqual(await roomLog(game.id));
  });
});

describe("rebuilding from D1", () => {
  it("rebuilds a room that lost its storage from D1's events: same views, version and record", async () => {
    const game = await createGame({ players: 4, rules: { preset: "chiuso" } });
    await playRandomMoves(game, 60, seededRandom("rebuild"));
    await call(`/api/games/${game.id}`, { token: game.seats[2]!.token, headers: { "X-Player-Key": "rebuild-player-key-0123456789" } });
    await runDurableObjectAlarm(roomStub(game.id));
    const viewers = [undefined, ...game.seats.map((s) => s.token)];
    const before = await Promise.all(viewers.map((t) => view(game.id, t)));
    const record = (await call(`/api/games/${game.id}/record`)).body;
    const log = await roomLog(game.id);

    await runInDurableObject(roomStub(game.id), (_, state) => state.storage.deleteAll());
    await evictDurableObject(roomStub(game.id));
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});

    const after = await Promise.all(viewers.map((t) => view(game.id, t)));
    expect(warned).toHaveBeenCalledWith(
      expect.stringContaining(`game ${game.id}: rebuilding the room from D1 (${log.length} log entries)`),
    );
    expect(after).toEqual(before);
    expect((await call(`/api/games/${game.id}/record`)).body).toEqual(record);
    expect(await roomLog(game.id)).toEqual(log);
    // The game goes on, and the rebuilt room does not send D1 its own entries back.
    await playRandomMoves(game, 5, seededRandom("after"));
    await runDurableObjectAlarm(roomStub(game.id));
    expect(await d1Log(game.id)).toEqual(await roomLog(game.id));
  });

  it("answers 404 for a game neither the room nor D1 knows", async () => {
    const answer = await call("/api/games/ZZZZZZZZZZZZZZZZ");
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe("GAME_NOT_FOUND");
  });
});
