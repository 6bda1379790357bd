import { evictDurableObject } from "cloudflare:test";
import { exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { BASE, call, createGame, move, openSocket, roomStub, view } from "./helpers";

describe("WebSocket", () => {
  it("authenticates by subprotocol or header, starts with the viewer's table, and pushes each viewer its own events", async () => {
    const game = await createGame();
    const turn = (await view(game.id)).view.hand!.turn;
    const player = await openSocket(game.id, game.seats[turn]!.token, true);
    const other = await openSocket(game.id, game.seats[1 - turn]!.token);
    const spectator = await openSocket(game.id);
    const first = await player.next((m) => m.type === "events", 0);
    expect(first).toMatchObject({ version: 2, events: [], view: { viewer: turn } });
    expect((await other.next((m) => m.type === "events", 0)).view.viewer).toBe(1 - turn);
    expect((await spectator.next((m) => m.type === "events", 0)).view.viewer).toBeNull();

    player.send({ type: "move", move: { type: "draw" }, version: 2, id: "w1" });
    expect(await player.next((m) => m.type === "accepted")).toEqual({ type: "accepted", id: "w1", version: 3 });
    const mine = await player.next((m) => m.type === "events" && m.version === 3, 0);
    const theirs = await other.next((m) => m.type === "events" && m.version === 3, 0);
    const watched = await spectator.next((m) => m.type === "events" && m.version === 3, 0);
    expect(mine.events).toEqual([expect.objectContaining({ seq: 3, type: "drew", card: expect.any(String) })]);
    expect(theirs.events[0]).not.toHaveProperty("card");
    expect(watched.events[0]).not.toHaveProperty("card");
    expect(mine.view.view.hand.myHand).toHaveLength(12);
    expect(watched.view.view.hand.myHand).toBeNull();
  });

  it("answers the subprotocol it speaks", async () => {
    const game = await createGame();
    const response = await exports.default.fetch(`${BASE}/api/games/${game.id}/ws`, {
      headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `burraco, bearer.${game.seats[0]!.token}` },
    });
    expect(response.status).toBe(101);
    expect(response.headers.get("Sec-WebSocket-Protocol")).toBe("burraco");
    response.webSocket!.accept();
    response.webSocket!.close();
  });

  it("refuses what it cannot do, with the same error codes as HTTP", async () => {
    const game = await createGame();
    const turn = (await view(game.id)).view.hand!.turn;
    const spectator = await openSocket(game.id);
    spectator.send({ type: "move", move: { type: "draw" }, version: 2, id: "s1" });
    expect(await spectator.next((m) => m.id === "s1")).toMatchObject({ type: "error", status: 403, error: { code: "FORBIDDEN" } });
    const player = await openSocket(game.id, game.seats[turn]!.token);
    player.sendText("not json at all");
    expect(await player.next((m) => m.type === "error" && m.error.code === "BAD_JSON")).toMatchObject({ status: 400 });
    player.sendText(JSON.stringify({ type: "move", move: { type: "draw" }, version: 2, id: "x".repeat(17 * 1024) }));
    expect(await player.next((m) => m.type === "error" && m.error.code === "BODY_TOO_LARGE")).toMatchObject({ status: 413 });
    player.send({ type: "move", move: { type: "draw" }, version: 2, id: "" });
    expect(await player.next((m) => m.type === "error" && m.error.code === "BAD_REQUEST")).toMatchObject({ id: null });
    player.send({ type: "dance" });
    expect(await player.next((m) => m.type === "error" && m.error.code === "BAD_REQUEST")).toMatchObject({ id: null });
    player.send({ type: "move", move: { type: "draw" }, version: 1, id: "p1" });
    expect(await player.next((m) => m.id === "p1")).toMatchObject({ status: 409, error: { code: "STALE_VERSION", currentVersion: 2 } });
    player.send({ type: "move", move: { type: "discard", card: "QS" }, version: 2, id: "p2" });
    expect(await player.next((m) => m.id === "p2")).toMatchObject({ status: 422, error: { code: "MUST_DRAW_FIRST" } });
    const bad = await exports.default.fetch(`${BASE}/api/games/${game.id}/ws`, {
      headers: { Upgrade: "websocket", Authorization: "Bearer nope-nope-nope-nope-nope" },
    });
    expect(bad.status).toBe(401);
    expect(((await bad.json()) as any).error.code).toBe("BAD_TOKEN");
    const plain = await call(`/api/games/${game.id}/ws`);
    expect(plain.status).toBe(426);
    expect(plain.body.error.code).toBe("UPGRADE_REQUIRED");
  });

  it("resumes from a version, and keeps pushing after the room hibernates", async () => {
    const game = await createGame();
    const turn = (await view(game.id)).view.hand!.turn;
    const spectator = await openSocket(game.id);
    await spectator.next((m) => m.type === "events", 0);
    spectator.send({ type: "resume", since: 1 });
    const resumed = await spectator.next((m) => m.type === "events" && m.events.length > 0);
    expect(resumed.events.map((e: any) => e.type)).toEqual(["handStarted", "turn"]);
    expect(resumed.events[0]).not.toHaveProperty("myHand");

    // A claimed seat shows at once, without a move.
    const before = spectator.messages.length;
    expect((await call(`/api/games/${game.id}/claim`, { token: game.invite.token, body: { seat: 1 - turn, name: "Carla" } })).status).toBe(
      200,
    );
    const claimed = await spectator.next((m) => m.type === "events", before);
    expect(claimed.events).toEqual([]);
    expect(claimed.view.seats.some((s: any) => s.name === "Carla" && s.taken)).toBe(true);

    await evictDurableObject(roomStub(game.id), { webSockets: "hibernate" });
    expect((await move(game.id, game.seats[turn]!.token, { type: "draw" }, 2)).status).toBe(200);
    const pushed = await spectator.next((m) => m.type === "events" && m.version === 3, 0);
    expect(pushed.events).toEqual([expect.objectContaining({ seq: 3, type: "drew" })]);
  });
});
