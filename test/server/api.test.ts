import { describe, expect, it } from "vitest";
import { makeDeal } from "../../src/engine/index";
import type { ErrorBody } from "../../src/shared/api";
import { dealOf } from "../engine/notation";
import { call, createGame, move, view } from "./helpers";

const seatToPlay = (v: { view: { hand: { turn: number } | null } }) => v.view.hand!.turn;

describe("creating a game", () => {
  it("returns seat links with the token in the fragment, an invitation and a spectator link", async () => {
    const game = await createGame({ players: 4, names: ["Anna", "Bruno", null, "Dora"] });
    expect(game.id).toMatch(/^[A-Za-z0-9_-]{24}$/);
    expect(game.version).toBe(2);
    expect(game.seats).toHaveLength(4);
    for (const s of game.seats) {
      expect(s.token).toMatch(/^[A-Za-z0-9_-]{22}$/);
      expect(s.url).toBe(`http://burraco.test/game/${game.id}#seat=${s.token}`);
    }
    expect(new Set(game.seats.map((s) => s.token)).size).toBe(4);
    expect(game.invite.url).toBe(`http://burraco.test/game/${game.id}#invite=${game.invite.token}`);
    expect(game.spectatorUrl).toBe(`http://burraco.test/game/${game.id}`);
    const v = await view(game.id);
    expect(v.viewer).toBeNull();
    expect(v.seats.map((s) => s.name)).toEqual(["Anna", "Bruno", null, "Dora"]);
    expect(v.view.hand!.myHand).toBeNull();
    expect(v.view.hand!.handSizes).toEqual([11, 11, 11, 11]);
    expect(v.fairness).toEqual([{ hand: 0, commitment: expect.stringMatching(/^[0-9a-f]{64}$/), salt: null, prepared: false }]);
  });

  it.each([
    [{ players: 5 }, 400, "BAD_REQUEST"],
    [{ players: 2, rules: { preset: "nope" } }, 422, "BAD_RULES"],
    [{ players: 2, rules: { target: -1 } }, 422, "BAD_RULES"],
    [{ players: 2, names: ["only one"] }, 400, "BAD_REQUEST"],
    [{ players: 2, names: ["x".repeat(41), null] }, 400, "BAD_REQUEST"],
    [{ players: 2, deals: [{ dealer: 0 }] }, 422, "BAD_DEAL"],
    [{ players: 2, colour: "red" }, 400, "BAD_REQUEST"],
    [[], 400, "BAD_REQUEST"],
  ])("refuses %j with %i %s", async (body, status, code) => {
    const answer = await call("/api/games", { body });
    expect(answer.status).toBe(status);
    expect(answer.body.error.code).toBe(code);
    expect(typeof answer.body.error.message).toBe("string");
  });

  it("plays the fibur preset: one set per rank, a second one refused with 422 DUPLICATE_SET", async () => {
    const deal = makeDeal(dealOf({ rules: { preset: "fibur" }, hands: ["7S 7S 7H 7D 7C JK"], stock: "KD" }));
    const game = await createGame({ players: 2, rules: { preset: "fibur" }, deals: [deal] });
    const v = await view(game.id);
    expect(v.view.rules).toMatchObject({ preset: "fibur", semiClean: true, sameRankSets: false });
    const token = game.seats[0]!.token;
    expect((await move(game.id, token, { type: "draw" }, 2)).status).toBe(200);
    expect((await move(game.id, token, { type: "meld", cards: ["7S", "7H", "7D"] }, 3)).status).toBe(200);
    const second = await move(game.id, token, { type: "meld", cards: ["7S", "7C", "JK"] }, 4);
    expect(second.status).toBe(422);
    expect((second.body as unknown as ErrorBody).error.code).toBe("DUPLICATE_SET");
    expect((await move(game.id, token, { type: "attach", meld: 0, cards: ["7S", "7C", "JK"] }, 4)).status).toBe(200);
  });

  it("refuses malformed JSON with 400 BAD_JSON and a body over 16 KiB with 413", async () => {
    const bad = await call("/api/games", { raw: "{players: 2", headers: { "Content-Type": "application/json" } });
    expect(bad.status).toBe(400);
    expect(bad.body.error.code).toBe("BAD_JSON");
    const big = await call("/api/games", {
      raw: JSON.stringify({ players: 2, pad: "x".repeat(17 * 1024) }),
      headers: { "Content-Type": "application/json" },
    });
    expect(big.status).toBe(413);
    expect(big.body.error.code).toBe("BODY_TOO_LARGE");
  });
});

describe("playing", () => {
  it("shows each seat its own hand only", async () => {
    const game = await createGame();
    const [a, b] = await Promise.all([view(game.id, game.seats[0]!.token), view(game.id, game.seats[1]!.token)]);
    expect(a.viewer).toBe(0);
    expect(b.viewer).toBe(1);
    expect(a.view.hand!.myHand).toHaveLength(11);
    expect(JSON.stringify(a)).not.toContain(JSON.stringify(b.view.hand!.myHand));
  });

  it("answers errors with stable codes and never changes the game on a refusal", async () => {
    const game = await createGame();
    const v = await view(game.id);
    const turn = seatToPlay(v);
    const mine = game.seats[turn]!.token;
    const other = game.seats[1 - turn]!.token;
    const cases: [Promise<{ status: number; body: any }>, number, string][] = [
      [call(`/api/games/${game.id}/moves`, { body: { move: { type: "draw" }, version: 2 } }), 401, "AUTH_REQUIRED"],
      [move(game.id, "A".repeat(22), { type: "draw" }, 2), 401, "BAD_TOKEN"],
      [move(game.id, game.invite.token, { type: "draw" }, 2), 403, "FORBIDDEN"],
      [move("AAAAAAAAAAAAAAAA", mine, { type: "draw" }, 2), 404, "GAME_NOT_FOUND"],
      [move("not-an-id", mine, { type: "draw" }, 2), 404, "GAME_NOT_FOUND"],
      [move(game.id, other, { type: "draw" }, 2), 422, "NOT_YOUR_TURN"],
      [move(game.id, mine, { type: "discard", card: "9C" }, 2), 422, "MUST_DRAW_FIRST"],
      [move(game.id, mine, { type: "fly" }, 2), 422, "BAD_MOVE"],
      [move(game.id, mine, { type: "draw" }, 1), 409, "STALE_VERSION"],
      [call(`/api/games/${game.id}/moves`, { token: mine, body: { move: { type: "draw" } } }), 400, "BAD_REQUEST"],
      [call(`/api/games/${game.id}/moves`, { token: mine, raw: "[", headers: { "Content-Type": "application/json" } }), 400, "BAD_JSON"],
      [call(`/api/games/${game.id}`, { token: mine, headers: { "X-Player-Key": "short" } }), 400, "BAD_PLAYER_KEY"],
    ];
    for (const [pending, status, code] of cases) {
      const answer = await pending;
      expect({ status: answer.status, code: answer.body.error?.code }).toEqual({ status, code });
    }
    const after = await view(game.id);
    expect(after.version).toBe(2);
    expect(after.view).toEqual(v.view);
  });

  it("answers a stale version with 409 and the current version", async () => {
    const game = await createGame();
    const v = await view(game.id);
    const token = game.seats[seatToPlay(v)]!.token;
    expect((await move(game.id, token, { type: "draw" }, 2)).status).toBe(200);
    const stale = await move(game.id, token, { type: "meld", cards: ["AS", "AH", "AD"] }, 2);
    expect(stale.status).toBe(409);
    expect(stale.body).toMatchObject({ error: { code: "STALE_VERSION", currentVersion: 3 } });
  });

  it("gives a retried move (same id) the first answer and plays it once", async () => {
    const game = await createGame();
    const v = await view(game.id);
    const token = game.seats[seatToPlay(v)]!.token;
    const first = await move(game.id, token, { type: "draw" }, 2, "key-1");
    const again = await move(game.id, token, { type: "draw" }, 2, "key-1");
    expect(first.status).toBe(200);
    expect(again.status).toBe(200);
    expect(again.body).toEqual(first.body);
    expect(first.body.events.filter((e) => e.type === "drew")).toHaveLength(1);
    const events = await call(`/api/games/${game.id}/events?since=0`);
    expect(events.body.events.filter((e: any) => e.type === "drew")).toHaveLength(1);
    expect(events.body.version).toBe(3);
    const header = await call(`/api/games/${game.id}/moves`, {
      token,
      headers: { "Idempotency-Key": "key-1" },
      body: { move: { type: "draw" }, version: 2 },
    });
    expect(header.body).toEqual(first.body);
    const reused = await move(game.id, token, { type: "pickup" }, 3, "key-1");
    expect(reused.status).toBe(422);
    expect((reused.body as unknown as ErrorBody).error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });

  it("lets exactly one of two clients racing for the same turn win", async () => {
    for (let round = 0; round < 5; round++) {
      const game = await createGame();
      const v = await view(game.id);
      const token = game.seats[seatToPlay(v)]!.token;
      const answers = await Promise.all([
        move(game.id, token, { type: "draw" }, 2, "phone"),
        move(game.id, token, { type: "pickup" }, 2, "laptop"),
      ]);
      expect(answers.map((a) => a.status).sort()).toEqual([200, 409]);
      expect((await view(game.id)).version).toBe(3);
    }
  });

  it("serves long polling: at once when there is news, after a move when waiting, empty after the wait", async () => {
    const game = await createGame();
    const v = await view(game.id);
    const token = game.seats[seatToPlay(v)]!.token;
    // The seat's first use (which wakes pollers: the seat is taken) comes before the wait.
    await view(game.id, token);
    const now = await call(`/api/games/${game.id}/events?since=0`);
    expect(now.body.events.map((e: any) => e.type)).toEqual(["gameCreated", "handStarted", "turn"]);
    const waiting = call(`/api/games/${game.id}/events?since=2&wait=10`);
    await new Promise((r) => setTimeout(r, 50));
    await move(game.id, token, { type: "draw" }, 2);
    const woke = await waiting;
    expect(woke.body.version).toBe(3);
    expect(woke.body.events).toEqual([expect.objectContaining({ seq: 3, type: "drew", seat: seatToPlay(v) })]);
    expect(woke.body.events[0]).not.toHaveProperty("card");
    const empty = await call(`/api/games/${game.id}/events?since=3&wait=0.2`);
    expect(empty.body).toMatchObject({ version: 3, events: [] });
    expect((await call(`/api/games/${game.id}/events?since=-1`)).status).toBe(400);
  });
});

describe("seats and players", () => {
  it("claims a free seat with the invitation: a fresh token, the old link dead, a taken seat refused", async () => {
    const game = await createGame({ players: 2 });
    await view(game.id, game.seats[0]!.token); // seat 0's first use takes it
    const claim = await call(`/api/games/${game.id}/claim`, { token: game.invite.token, body: { name: "Bruno" } });
    expect(claim.status).toBe(200);
    expect(claim.body.seat).toBe(1);
    expect(claim.body.token).not.toBe(game.seats[1]!.token);
    expect(claim.body.url).toBe(`http://burraco.test/game/${game.id}#seat=${claim.body.token}`);
    expect((await call(`/api/games/${game.id}`, { token: game.seats[1]!.token })).status).toBe(401);
    expect((await view(game.id, claim.body.token)).viewer).toBe(1);
    expect((await view(game.id)).seats).toEqual([
      { seat: 0, name: null, taken: true, computer: null },
      { seat: 1, name: "Bruno", taken: true, computer: null },
    ]);
    const none = await call(`/api/games/${game.id}/claim`, { method: "POST", token: game.invite.token });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("NO_FREE_SEAT");
    const taken = await call(`/api/games/${game.id}/claim`, { token: game.invite.token, body: { seat: 0 } });
    expect(taken.body.error.code).toBe("SEAT_TAKEN");
    const notInvite = await call(`/api/games/${game.id}/claim`, { method: "POST", token: claim.body.token });
    expect(notInvite.status).toBe(403);
    expect((await call(`/api/games/${game.id}/claim`, { method: "POST" })).status).toBe(401);
  });

  it("lists a player's games by player key, those awaiting their move first", async () => {
    const key = "player-key-0123456789abcdef";
    const games = [await createGame(), await createGame()];
    for (const game of games) {
      for (const seat of game.seats) await call(`/api/games/${game.id}`, { token: seat.token, headers: { "X-Player-Key": key } });
    }
    await drainAll(games.map((g) => g.id));
    const mine = await call(`/api/me/games`, { token: key });
    expect(mine.status).toBe(200);
    expect(mine.body.games).toHaveLength(4);
    const waiting = mine.body.games.filter((g: any) => g.yourTurn);
    expect(waiting).toHaveLength(2);
    expect(mine.body.games.slice(0, 2)).toEqual(waiting);
    expect(mine.body.games[0]).toMatchObject({ players: 2, status: "playing", version: 2 });
    expect((await call(`/api/me/games`)).status).toBe(401);
    expect((await call(`/api/me/games`, { token: "other-key-0123456789abcdef" })).body.games).toEqual([]);
  });
});

async function drainAll(ids: string[]): Promise<void> {
  const { runDurableObjectAlarm } = await import("cloudflare:test");
  const { roomStub } = await import("./helpers");
  for (const id of ids) await runDurableObjectAlarm(roomStub(id));
}
