import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { seededRandom } from "../../src/engine/index";
import { shardDatabase, shardFor, shardNames } from "../../src/server/db/shards";
import { createGame, type PeopleGame, playRandomMoves, roomStub, trueTable, view } from "./helpers";

afterEach(() => vi.restoreAllMocks());

/** What each log shard holds of a game: its rows' count, distinct seqs, highest seq and moves. */
async function heldBy(id: string) {
  const held: Record<string, { rows: number; seqs: number; last: number | null; moves: number }> = {};
  for (const name of [...shardNames(env), "DB"]) {
    held[name] = (await shardDatabase(env, name)
      .prepare(
        "SELECT COUNT(*) AS rows, COUNT(DISTINCT seq) AS seqs, MAX(seq) AS last, COALESCE(SUM(kind = 'move'), 0) AS moves FROM game_events WHERE game_id = ?",
      )
      .bind(id)
      .first()) as never;
  }
  return held;
}

describe("the event log's shards", () => {
  it("runs with three shards in the tests", () => {
    expect(shardNames(env)).toEqual(["LOG_1", "LOG_2", "LOG_3"]);
  });

  it("puts each game's log in its own shard only, the index in the main database, and D1 holds exactly the accepted moves", async () => {
    const games: PeopleGame[] = [];
    const accepted = new Map<string, number>();
    // Enough games that every shard gets some (ids are random: a few more until each has one).
    for (let i = 0; i < 30 && (games.length < 6 || new Set(games.map((g) => shardFor(env, g.id))).size < 3); i++) {
      const game = await createGame({ players: 2 });
      const answers = await playRandomMoves(game, 5 + i, seededRandom(`shard-${i}`));
      accepted.set(game.id, answers.length);
      games.push(game);
    }
    expect(new Set(games.map((g) => shardFor(env, g.id))).size).toBe(3);
    for (const game of games) await runDurableObjectAlarm(roomStub(game.id));
    for (const game of games) {
      const shard = shardFor(env, game.id);
      const table = await trueTable(game.id);
      const held = await heldBy(game.id);
      for (const [name, h] of Object.entries(held)) {
        if (name === shard) {
          // Every entry once, gapless, and exactly the moves the players had accepted.
          expect(h).toEqual({ rows: table.version, seqs: table.version, last: table.version, moves: accepted.get(game.id) });
        } else expect(h.rows).toBe(0);
      }
      // The index row shows the game as it stands (its version is as of the last change it shows: room/index-row.ts).
      const index = await env.DB.prepare("SELECT log_shard, turn, status, version FROM games WHERE id = ?")
        .bind(game.id)
        .first<{ version: number }>();
      const hand = table.state.hand;
      expect(index).toMatchObject({ log_shard: shard, turn: hand && hand.end === null ? hand.turn : null, status: "playing" });
      expect(index!.version).toBeLessThanOrEqual(table.version);
    }
  });

  it("rebuilds a room that lost its storage from its shard, and the game goes on there", async () => {
    const game = await createGame({ players: 2 });
    await playRandomMoves(game, 20, seededRandom("shard-rebuild"));
    await runDurableObjectAlarm(roomStub(game.id));
    const viewers = [undefined, ...game.seats.map((s) => s.token)];
    const before = await Promise.all(viewers.map((t) => view(game.id, t)));
    const version = (await trueTable(game.id)).version;

    await runInDurableObject(roomStub(game.id), (_, state) => state.storage.deleteAll());
    await evictDurableObject(roomStub(game.id));
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await Promise.all(viewers.map((t) => view(game.id, t)))).toEqual(before);
    expect(warned).toHaveBeenCalledWith(expect.stringContaining(`rebuilding the room from D1 (${version} log entries)`));

    const answers = await playRandomMoves(game, 4, seededRandom("shard-rebuild-after"));
    await runDurableObjectAlarm(roomStub(game.id));
    const after = (await trueTable(game.id)).version;
    expect(after).toBeGreaterThan(version);
    expect(answers.length).toBeGreaterThan(0);
    const held = await heldBy(game.id);
    expect(held[shardFor(env, game.id)]).toMatchObject({ rows: after, seqs: after, last: after });
    expect(Object.values(held).reduce((n, h) => n + h.rows, 0)).toBe(after);
  });
});
