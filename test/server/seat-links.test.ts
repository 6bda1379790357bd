import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { call, createGame, roomStub, view } from "./helpers";

/** Named seats are kept for their own link; the creator's secret issues a fresh link for a seat nobody has taken. */

describe("the invitation and named seats", () => {
  it("fills unnamed seats only, first free first, and never gives away a seat kept for a named player", async () => {
    const game = await createGame({ players: 4, names: [null, "Marco", null, "Lucia"] });
    const claim = (body: unknown) => call(`/api/games/${game.id}/claim`, { token: game.invite.token, body });
    const first = await claim({ name: "Carla" });
    expect(first.status).toBe(200);
    expect(first.body.seat).toBe(0);
    const second = await claim({});
    expect(second.body.seat).toBe(2);
    const none = await claim({});
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("NO_FREE_SEAT");
    const marcos = await claim({ seat: 1, name: "Not Marco" });
    expect(marcos.status).toBe(409);
    expect(marcos.body.error.code).toBe("SEAT_RESERVED");
    // Marco's own link still opens his seat, which is still free and still his.
    expect((await view(game.id, game.seats[1]!.token)).viewer).toBe(1);
    expect((await view(game.id)).seats.map((s) => [s.name, s.taken])).toEqual([
      ["Carla", true],
      ["Marco", true],
      [null, true],
      ["Lucia", false],
    ]);
  });
});

describe("a fresh link from the creator", () => {
  it("replaces an untaken seat's link with the creator's secret, and refuses a taken seat or any other token", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Marco"] });
    expect(game.host.token).toMatch(/^[A-Za-z0-9_-]{22,}$/);
    const path = (seat: number) => `/api/games/${game.id}/seats/${seat}/link`;
    const fresh = await call(path(1), { token: game.host.token, body: {} });
    expect(fresh.status).toBe(200);
    expect(fresh.body).toEqual({ seat: 1, token: expect.any(String), url: `http://burraco.test/game/${game.id}#seat=${fresh.body.token}` });
    expect(fresh.body.token).not.toBe(game.seats[1]!.token);
    expect((await call(`/api/games/${game.id}`, { token: game.seats[1]!.token })).status).toBe(401);
    expect((await view(game.id, fresh.body.token)).viewer).toBe(1);
    // Opened once, the seat is taken: its player holds its link.
    const late = await call(path(1), { token: game.host.token, body: {} });
    expect(late.status).toBe(409);
    expect(late.body.error.code).toBe("SEAT_TAKEN");
    // A rename with the fresh link; other tokens may not issue links.
    const renamed = await call(path(0), { token: game.host.token, body: { name: "Anna B." } });
    expect(renamed.status).toBe(200);
    expect((await view(game.id)).seats[0]!.name).toBe("Anna B.");
    expect((await call(path(0), { token: game.invite.token, body: {} })).status).toBe(403);
    expect((await call(path(0), { token: fresh.body.token, body: {} })).status).toBe(403);
    expect((await call(path(0), { method: "POST" })).status).toBe(401);
    expect((await call(path(7), { token: game.host.token, body: {} })).status).toBe(400);
    // The host's secret reads only the public view.
    expect((await view(game.id, game.host.token)).viewer).toBeNull();
  });

  it("keeps the creator's secret when the room is rebuilt from D1", async () => {
    const game = await createGame({ players: 2 });
    await runDurableObjectAlarm(roomStub(game.id));
    await runInDurableObject(roomStub(game.id), (_, state) => state.storage.deleteAll());
    await evictDurableObject(roomStub(game.id));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    const fresh = await call(`/api/games/${game.id}/seats/0/link`, { token: game.host.token, body: {} });
    expect(fresh.status).toBe(200);
    vi.restoreAllMocks();
  });
});
