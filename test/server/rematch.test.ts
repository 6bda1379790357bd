import { runDurableObjectAlarm } from "cloudflare:test";
import { describe, expect, it } from "vitest";
import { makeCards } from "../../src/engine/cards";
import { call, createGame, move, roomStub, trueTable, view } from "./helpers";

/** A rematch of a finished match: made once, every seat moved on by one, each player led to their own new seat. */

const ANNA_KEY = "anna-player-key-0123456789abcdef";
const BRUNO_KEY = "bruno-player-key-0123456789abcdef";

const rematch = (id: string, token?: string, key?: string) =>
  call(`/api/games/${id}/rematch`, { method: "POST", ...(token ? { token } : {}), headers: key ? { "X-Player-Key": key } : {} });

async function finished(request: Parameters<typeof createGame>[0], keys: (string | null)[] = []) {
  const game = await createGame(request);
  for (const [seat, key] of keys.entries())
    await call(`/api/games/${game.id}`, { token: game.seats[seat]!.token, headers: key ? { "X-Player-Key": key } : {} });
  return game;
}

async function resign(id: string, token: string): Promise<void> {
  const { version } = await view(id);
  const answer = await move(id, token, { type: "resign" }, version);
  expect(answer.status, answer.text).toBe(200);
  expect(answer.body.view.status).toBe("over");
}

describe("a rematch", () => {
  it("is refused before the match is over and to anyone but a seat", async () => {
    const game = await finished({ players: 2, names: ["Anna", "Bruno"] });
    const early = await rematch(game.id, game.seats[0]!.token);
    expect(early.status).toBe(409);
    expect(early.body.error.code).toBe("MATCH_NOT_OVER");
    await resign(game.id, game.seats[1]!.token);
    expect((await rematch(game.id)).status).toBe(401);
    expect((await rematch(game.id, game.invite.token)).status).toBe(403);
    expect((await rematch(game.id, game.host.token)).status).toBe(403);
    expect((await rematch(game.id, "not-a-token-of-this-game-000")).status).toBe(401);
    // None of that made a rematch.
    expect((await view(game.id)).rematch).toBeUndefined();
  });

  it("is made once with the same players, rules and clock, every seat moved on by one, each player given only their own seat", async () => {
    const rules = { preset: "aperto", target: 1505 } as const;
    const game = await finished({ players: 2, names: ["Anna", "Bruno"], rules, clock: { perMove: "2d" } }, [ANNA_KEY, BRUNO_KEY]);
    await resign(game.id, game.seats[0]!.token);
    const before = await trueTable(game.id);

    // Both players press at once: one game.
    const [anna, bruno] = await Promise.all([
      rematch(game.id, game.seats[0]!.token, ANNA_KEY),
      rematch(game.id, game.seats[1]!.token, BRUNO_KEY),
    ]);
    expect(anna.status, anna.text).toBe(200);
    expect(bruno.status, bruno.text).toBe(200);
    const id = anna.body.id as string;
    expect(bruno.body.id).toBe(id);
    expect(id).not.toBe(game.id);
    expect(anna.body).toEqual({ id, seat: 1, token: expect.any(String), url: `http://burraco.test/game/${id}#seat=${anna.body.token}` });
    expect(bruno.body).toMatchObject({ id, seat: 0 });
    expect(anna.body.token).not.toBe(bruno.body.token);
    // Asked again: the same game and the same seat's link.
    const again = await rematch(game.id, game.seats[0]!.token, ANNA_KEY);
    expect(again.body).toEqual(anna.body);

    // The finished game names it, for everyone (its id is public, like any spectator link).
    expect((await view(game.id)).rematch).toBe(id);
    expect((await view(game.id, game.seats[1]!.token)).rematch).toBe(id);

    // Rules, clock and names carried; seats moved on by one; fresh deals.
    const after = await trueTable(id);
    expect(after.created.rules).toEqual(before.created.rules);
    expect(after.created.clock).toEqual(before.created.clock);
    expect(after.created.names).toEqual(["Bruno", "Anna"]);
    expect(after.created.deals).toEqual([]);
    const pub = await view(id);
    expect(pub.seats).toEqual([
      // Each seat names its player by their public id (their public page).
      { seat: 0, name: "Bruno", taken: true, computer: null, player: expect.stringMatching(/^[0-9a-f]{20}$/) },
      { seat: 1, name: "Anna", taken: true, computer: null, player: expect.stringMatching(/^[0-9a-f]{20}$/) },
    ]);
    expect(pub.rematch).toBeUndefined();

    // Each new link opens its own seat, and shows only that seat's cards.
    const annaView = await view(id, anna.body.token);
    const brunoView = await view(id, bruno.body.token);
    expect(annaView.viewer).toBe(1);
    expect(brunoView.viewer).toBe(0);
    expect(annaView.view.hand!.myHand).toEqual(makeCards(after.state.hand!.hands[1]!));
    expect(brunoView.view.hand!.myHand).toEqual(makeCards(after.state.hand!.hands[0]!));
    expect(pub.view.hand!.myHand).toBeNull();
    expect(JSON.stringify(pub)).not.toContain(anna.body.token);
    // The old links do not open the new game, nor the new links the old one.
    expect((await call(`/api/games/${id}`, { token: game.seats[0]!.token })).status).toBe(401);
    expect((await call(`/api/games/${game.id}`, { token: anna.body.token })).status).toBe(401);

    // Each player finds it among their games at once, at their new seat.
    await runDurableObjectAlarm(roomStub(id));
    const annas = (await call("/api/me/games", { token: ANNA_KEY })).body.games;
    // With the link of their own new seat, which any of their devices opens.
    expect(annas.find((g: any) => g.id === id)).toMatchObject({ seat: 1, status: "playing", token: anna.body.token });
    const brunos = (await call("/api/me/games", { token: BRUNO_KEY })).body.games;
    expect(brunos.find((g: any) => g.id === id)).toMatchObject({ seat: 0, token: bruno.body.token });
  });

  it("keeps the computer players at their levels and the partners together", async () => {
    const created = await call("/api/games", {
      body: { players: 4, seats: [{ name: "Anna" }, { computer: "club" }, { name: "Carla" }, { computer: "expert" }] },
    });
    expect(created.status).toBe(201);
    const game = created.body as { id: string; seats: { token: string | null }[] };
    const annaToken = game.seats[0]!.token!;
    const carlaToken = game.seats[2]!.token!;
    await view(game.id, carlaToken);
    await resign(game.id, annaToken);
    const anna = await rematch(game.id, annaToken);
    expect(anna.status, anna.text).toBe(200);
    const carla = await rematch(game.id, carlaToken);
    expect(carla.body.id).toBe(anna.body.id);
    expect([anna.body.seat, carla.body.seat]).toEqual([1, 3]);
    const pub = await view(anna.body.id);
    // The computer players keep their names too (src/server/computer-names.ts).
    expect(pub.seats.map((s) => [s.name, s.computer, s.taken])).toEqual([
      ["Vittoria", "expert", true],
      ["Anna", null, true],
      ["Franco", "club", true],
      ["Carla", null, true],
    ]);
    // Anna and Carla sit opposite each other again: the same team.
    expect(pub.view.match.totals).toHaveLength(2);
    expect((await view(anna.body.id, anna.body.token)).viewer).toBe(1);
  });
});
