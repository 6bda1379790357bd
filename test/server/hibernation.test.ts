import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { call, createGame, move, openSocket, roomStub, view } from "./helpers";

/**
 * Rooms that sleep (docs/scale.md): a table followed live over a WebSocket,
 * or by long polling, holds no room awake. The room is evicted as the
 * platform evicts an idle object (its memory gone, its hibernatable sockets
 * kept), and whatever comes next wakes it from its own storage.
 */

/** Whether the room's instance holds its game in memory (a fresh instance after an eviction does not). */
const loaded = (id: string) => runInDurableObject(roomStub(id), (room) => (room as unknown as { room: unknown }).room !== null);

describe("a room that sleeps", () => {
  it("keeps a player's socket through its eviction: the other's move reaches it, and its own move wakes the room", async () => {
    const game = await createGame();
    const turn = (await view(game.id)).view.hand!.turn;
    const waiting = await openSocket(game.id, game.seats[1 - turn]!.token);
    const playing = await openSocket(game.id, game.seats[turn]!.token);
    await waiting.next((m) => m.type === "events", 0);
    await playing.next((m) => m.type === "events", 0);

    await evictDurableObject(roomStub(game.id), { webSockets: "hibernate" });
    expect(await loaded(game.id)).toBe(false);
    const drew = await move(game.id, game.seats[turn]!.token, { type: "draw" }, 2);
    expect(drew.status).toBe(200);
    const pushed = await waiting.next((m) => m.type === "events" && m.version === 3, 0);
    expect(pushed.events).toEqual([expect.objectContaining({ seq: 3, type: "drew", seat: turn })]);
    expect(pushed.events[0]).not.toHaveProperty("card");
    expect(pushed.view.viewer).toBe(1 - turn);

    // Asleep again; a move sent on the hibernated socket wakes it, and both sockets hear of it.
    await evictDurableObject(roomStub(game.id), { webSockets: "hibernate" });
    expect(await loaded(game.id)).toBe(false);
    const card = drew.body.events.find((e) => e.type === "drew")!.card!;
    playing.send({ type: "move", move: { type: "discard", card }, version: 3, id: "after-sleep" });
    expect(await playing.next((m) => m.type === "accepted")).toEqual({ type: "accepted", id: "after-sleep", version: 4 });
    const discarded = await waiting.next((m) => m.type === "events" && m.version === 4, 0);
    expect(discarded.events).toEqual(expect.arrayContaining([expect.objectContaining({ type: "discarded", card })]));
    waiting.close();
    playing.close();
  });

  it("is held awake by no long poll: the poll waits in the Worker, the room is evicted meanwhile, and the next move answers it", async () => {
    const game = await createGame();
    const turn = (await view(game.id)).view.hand!.turn;
    const token = game.seats[turn]!.token;
    await view(game.id, token);
    const polled = call(`/api/games/${game.id}/events?since=2&wait=20`, { token: game.seats[1 - turn]!.token });
    // The poll's socket is open (the room answered it with nothing new), and it is no player at the table.
    await new Promise((r) => setTimeout(r, 300));
    expect(await runInDurableObject(roomStub(game.id), (_room, state) => state.getWebSockets().length)).toBe(1);
    expect(await runInDurableObject(roomStub(game.id), (room) => (room as unknown as { live(): boolean }).live())).toBe(false);

    await evictDurableObject(roomStub(game.id), { webSockets: "hibernate" });
    expect(await loaded(game.id)).toBe(false);
    expect((await move(game.id, token, { type: "draw" }, 2)).status).toBe(200);
    const answer = await polled;
    expect(answer.status).toBe(200);
    expect(answer.body.version).toBe(3);
    expect(answer.body.events).toEqual([expect.objectContaining({ seq: 3, type: "drew", seat: turn })]);
    expect(answer.body.events[0]).not.toHaveProperty("card");
    expect(answer.body).not.toHaveProperty("type");
  });

  it("answers a long poll when a seat is taken, though the log did not move", async () => {
    const game = await createGame();
    const polled = call(`/api/games/${game.id}/events?since=2&wait=20`);
    await new Promise((r) => setTimeout(r, 300));
    await view(game.id, game.seats[0]!.token);
    const answer = await polled;
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ version: 2, events: [] });
    expect(answer.body.view.seats[0].taken).toBe(true);
  });

  it("answers a long poll that waited for nothing with the table as it stands then", async () => {
    const game = await createGame();
    const answer = await call(`/api/games/${game.id}/events?since=2&wait=1`);
    expect(answer.status).toBe(200);
    expect(answer.body).toMatchObject({ version: 2, events: [] });
    // Its socket is closed: nothing is left open on the room.
    expect(await runInDurableObject(roomStub(game.id), (_room, state) => state.getWebSockets().length)).toBe(0);
  });
});
