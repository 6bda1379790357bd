import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { botMove, makeMove, seededRandom } from "../../src/engine/index";
import { Table } from "../../src/server/room/table";
import { call, createGame, move, type PeopleGame, playRandomMoves, roomStub, trueTable, view } from "./helpers";

/**
 * A room waking replays only the hand in play: the table is saved as each
 * new hand starts and as the match ends (room/table-snapshot.ts). What it
 * shows after waking is what it showed before, to every viewer; what it has
 * not kept (older entries) is replayed from its log when something asks.
 */

/** The room's table after it woke, and how many entries it holds in memory (`base`: those it has not replayed). */
async function woken(id: string) {
  return runInDurableObject(roomStub(id), (room) => {
    const table = (room as unknown as { room: { table: Table } | null }).room?.table ?? null;
    return table && { base: (table as unknown as { base: number }).base, version: table.version };
  });
}

async function everyView(game: PeopleGame) {
  return Promise.all([undefined, ...game.seats.map((s) => s.token)].map((t) => view(game.id, t)));
}

/** What a viewer receives but the clock's time of reading. */
const shown = (views: Awaited<ReturnType<typeof everyView>>) => views.map((v) => ({ ...v, clock: null }));

/** Plays until the next hand starts (or the match ends). */
async function playToNextHand(game: PeopleGame, seed: string): Promise<void> {
  const random = seededRandom(seed);
  const start = (await trueTable(game.id)).handStarts.length;
  for (let i = 0; i < 2000; i++) {
    const table = await trueTable(game.id);
    if (table.state.over || table.handStarts.length > start) return;
    await playRandomMoves(game, 1, random);
  }
}

describe("a room's snapshot", () => {
  it("wakes mid-hand from the snapshot of the hand's start: the same views, record and chat, and play goes on", async () => {
    const game = await createGame({ players: 2, rules: { preset: "classic", hands: 3 } });
    await call(`/api/games/${game.id}/chat`, { token: game.seats[0]!.token, body: { text: "ciao" } });
    await playToNextHand(game, "snapshot-1");
    await playRandomMoves(game, 6, seededRandom("snapshot-2"));
    const before = shown(await everyView(game));
    const record = (await call(`/api/games/${game.id}/record`)).body;
    const replayed = Table.replay([...(await trueTable(game.id)).entries]);

    await evictDurableObject(roomStub(game.id));
    const after = shown(await everyView(game));
    const state = await woken(game.id);
    // Only the hand in play was replayed: the entries before its deal are not in memory.
    expect(state!.base).toBeGreaterThan(0);
    expect(state!.version - state!.base).toBeLessThan(replayed.version);
    expect(after).toEqual(before);
    expect((await trueTable(game.id)).state).toEqual(replayed.state);
    // Older entries, asked for, are replayed from the log: the whole record, the chat from the first hand.
    expect((await call(`/api/games/${game.id}/record`)).body).toEqual(record);
    const chat = await call(`/api/games/${game.id}/chat`, { token: game.seats[1]!.token });
    expect(chat.body.messages.map((m: { text: string }) => m.text)).toEqual(["ciao"]);
    expect((await woken(game.id))!.base).toBe(0);

    // A move's retry after the wake is recognised by its key, and play goes on.
    await evictDurableObject(roomStub(game.id));
    await view(game.id);
    const table = await trueTable(game.id);
    // (The test's eye view is the room's own table, live: what it shows now is read now.)
    const { version } = table;
    const seat = table.state.hand!.turn;
    const chosen = makeMove(botMove(table.state, seededRandom("snapshot-3")).move);
    const first = await move(game.id, game.seats[seat]!.token, chosen, version, "after-wake");
    expect(first.status).toBe(200);
    await evictDurableObject(roomStub(game.id));
    const again = await move(game.id, game.seats[seat]!.token, chosen, version, "after-wake");
    expect(again.status, again.text).toBe(200);
    expect(again.body).toEqual(first.body);
  });

  it("wakes a finished match from its last snapshot, replaying nothing", async () => {
    const game = await createGame({ players: 2, rules: { preset: "classic", hands: 1 } });
    await playRandomMoves(game, 2000, seededRandom("snapshot-end"));
    expect((await trueTable(game.id)).state.over).toBe(true);
    const before = shown(await everyView(game));
    await evictDurableObject(roomStub(game.id));
    const after = shown(await everyView(game));
    const state = await woken(game.id);
    expect(state!.base).toBe(state!.version);
    expect(after).toEqual(before);
  });
});
