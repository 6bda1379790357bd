import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { botMove, makeMove, parseRecord, replayRecord, seededRandom } from "../../src/engine/index";
import { call, computerPlays, move, openSocket, roomStub, trueTable, view } from "./helpers";

/** Computer players in the service: seats chosen at creation, and seats handed over by their player. */

async function vsComputer(level = "club", rules: object = { hands: 1 }) {
  const created = await call("/api/games", { body: { players: 2, rules, seats: [{ name: "Anna" }, { computer: level }] } });
  expect(created.status).toBe(201);
  return created.body as {
    id: string;
    seats: { seat: number; token: string | null; computer: string | null }[];
    invite: { token: string };
  };
}

describe("computer players", () => {
  it("are chosen per seat at creation: no link, never free for the invitation, shown in every view", async () => {
    const game = await vsComputer("expert");
    expect(game.seats).toEqual([
      { seat: 0, token: expect.any(String), url: expect.any(String), computer: null },
      { seat: 1, token: null, url: null, computer: "expert" },
    ]);
    const snap = await view(game.id);
    expect(snap.seats[1]).toMatchObject({ computer: "expert", taken: true });
    const claim = await call(`/api/games/${game.id}/claim`, { token: game.invite.token, body: { seat: 1 } });
    expect(claim.status).toBe(409);
  });

  it.each([
    [{ players: 2, seats: [{ computer: "club" }, { computer: "club" }] }],
    [{ players: 2, seats: [{ name: "Anna" }] }],
    [{ players: 2, names: ["A", "B"], seats: [{ name: "A" }, { computer: "club" }] }],
    [{ players: 2, seats: [{ name: "Anna" }, { computer: "grandmaster" }] }],
  ])("refuses %j", async (body) => {
    const answer = await call("/api/games", { body });
    expect(answer.status).toBe(400);
    expect(answer.body.error.code).toBe("BAD_REQUEST");
  });

  it("plays a whole hand against a person playing by HTTP, every one of its moves marked and replayable", async () => {
    const game = await vsComputer("club");
    const anna = game.seats[0]!.token!;
    const random = seededRandom("vs computer");
    for (let step = 0; step < 2000; step++) {
      await computerPlays(game.id);
      const table = await trueTable(game.id);
      if (table.state.over) break;
      expect(table.state.hand!.turn).toBe(0); // the computer never leaves its turn waiting
      const chosen = makeMove(botMove(table.state, random).move);
      const answer = await move(game.id, anna, chosen, table.version);
      expect(answer.status, answer.text).toBe(200);
    }
    const table = await trueTable(game.id);
    expect(table.state.over).toBe(true);
    const events = (await call(`/api/games/${game.id}/events?since=0`)).body.events as { seat?: number; by?: string; type: string }[];
    const acts = events.filter((e) => ["drew", "pickedUp", "melded", "attached", "discarded"].includes(e.type));
    const computerEvents = acts.filter((e) => e.seat === 1);
    expect(computerEvents.length).toBeGreaterThan(0);
    expect(computerEvents.every((e) => e.by === "computer")).toBe(true);
    expect(acts.filter((e) => e.seat === 0 && e.by === "computer")).toEqual([]);
    const record = (await call(`/api/games/${game.id}/record`)).body;
    expect(
      record.hands[0].moves.filter((m: { seat: number; by?: string }) => m.seat === 1).every((m: { by?: string }) => m.by === "computer"),
    ).toBe(true);
    const parsed = parseRecord(record);
    expect(parsed.ok && replayRecord(parsed.value).output.moves.every((m) => m.ok)).toBe(true);
  });

  it("pauses about a second between its moves while someone watches live, and moves at once otherwise", async () => {
    const game = await vsComputer();
    const table = await trueTable(game.id);
    const due = () =>
      runInDurableObject(roomStub(game.id), (_, state) =>
        state.storage.sql.exec<{ kind: string; at: number }>("SELECT kind, at FROM deadlines WHERE kind = 'computer'").toArray(),
      );
    if (table.state.hand!.turn === 1) {
      const at = table.entries[table.version - 1]!.at;
      expect(await due()).toEqual([{ kind: "computer", at }]);
    }
    await computerPlays(game.id);
    const socket = await openSocket(game.id, game.seats[0]!.token!);
    const before = await trueTable(game.id);
    const drew = await move(game.id, game.seats[0]!.token!, { type: "draw" }, before.version);
    const card = (drew.body.events.find((e) => e.type === "drew") as { card: string }).card;
    await move(game.id, game.seats[0]!.token!, { type: "discard", card }, drew.body.version);
    const after = await trueTable(game.id);
    expect(await due()).toEqual([{ kind: "computer", at: after.entries[after.version - 1]!.at + 1000 }]);
    socket.close();
  });

  it("takes over a seat its player hands over, and gives it back when they play or ask", async () => {
    const game = (await call("/api/games", { body: { players: 2 } })).body;
    const [a, b] = game.seats.map((s: { token: string }) => s.token);
    const first = (await trueTable(game.id)).state.hand!.turn;
    const tokens = [a, b];
    // The seat not to play hands over: when its turn comes, the computer plays it.
    const away = 1 - first;
    const handed = await call(`/api/games/${game.id}/computer`, { token: tokens[away], body: { on: true, level: "beginner" } });
    expect(handed.status).toBe(200);
    expect(handed.body.view.seats[away].computer).toBe("beginner");
    expect(handed.body.events).toMatchObject([{ type: "computer", seat: away, on: true, reason: "handover", level: "beginner" }]);
    let table = await trueTable(game.id);
    const drew = await move(game.id, tokens[first], { type: "draw" }, table.version);
    const card = (drew.body.events.find((e) => e.type === "drew") as { card: string }).card;
    await move(game.id, tokens[first], { type: "discard", card }, drew.body.version);
    await computerPlays(game.id);
    table = await trueTable(game.id);
    expect(table.state.hand!.turn).toBe(first);
    expect(
      table.entries.filter((e) => e.body.type === "move" && e.body.seat === away && e.body.by === "computer").length,
    ).toBeGreaterThanOrEqual(2);
    // Its player plays again: the seat is theirs.
    await call(`/api/games/${game.id}/computer`, { token: tokens[away], body: { on: true } });
    const takeBack = await call(`/api/games/${game.id}/computer`, { token: tokens[away], body: { on: false } });
    expect(takeBack.body.view.seats[away].computer).toBeNull();
    await call(`/api/games/${game.id}/computer`, { token: tokens[away], body: { on: true } });
    table = await trueTable(game.id);
    const d2 = await move(game.id, tokens[first], { type: "draw" }, table.version);
    const c2 = (d2.body.events.find((e) => e.type === "drew") as { card: string }).card;
    const passed = await move(game.id, tokens[first], { type: "discard", card: c2 }, d2.body.version);
    // Before the computer moves, the player plays their own turn: the seat is theirs again.
    const own = await move(game.id, tokens[away], { type: "draw" }, passed.body.version);
    expect(own.status).toBe(200);
    expect(own.body.view.seats[away].computer).toBeNull();
    expect((await view(game.id)).seats[away].computer).toBeNull();
  });

  it("resumes its turn after a restart or a rebuild from D1, and plays it once", async () => {
    const game = await vsComputer();
    let table = await trueTable(game.id);
    if (table.state.hand!.turn === 1) await computerPlays(game.id);
    table = await trueTable(game.id);
    const drew = await move(game.id, game.seats[0]!.token!, { type: "draw" }, table.version);
    const card = drew.body.events.find((e) => e.type === "drew")!.card!;
    await move(game.id, game.seats[0]!.token!, { type: "discard", card }, drew.body.version);
    await evictDurableObject(roomStub(game.id));
    await computerPlays(game.id);
    await computerPlays(game.id);
    table = await trueTable(game.id);
    expect(table.state.hand!.turn).toBe(0);
    const computerTurns = table.entries.filter(
      (e) => e.body.type === "move" && e.body.seat === 1 && e.events.some((ev) => ev.type === "turn"),
    ).length;
    // Rebuilt from D1 in the middle of its turn: it plays that turn, once.
    const d3 = await move(game.id, game.seats[0]!.token!, { type: "draw" }, table.version);
    const c3 = d3.body.events.find((e) => e.type === "drew")!.card!;
    await move(game.id, game.seats[0]!.token!, { type: "discard", card: c3 }, d3.body.version);
    await runInDurableObject(roomStub(game.id), async (instance) => {
      const room = instance as unknown as { followUp: { drain(room: unknown, now: number): Promise<void> }; room: unknown };
      await room.followUp.drain(room.room, Date.now());
    });
    await runInDurableObject(roomStub(game.id), (_, state) => state.storage.deleteAll());
    await evictDurableObject(roomStub(game.id));
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    await view(game.id);
    warned.mockRestore();
    await computerPlays(game.id);
    await computerPlays(game.id);
    table = await trueTable(game.id);
    const after = table.entries.filter(
      (e) => e.body.type === "move" && e.body.seat === 1 && e.events.some((ev) => ev.type === "turn"),
    ).length;
    expect(after).toBe(computerTurns + 1);
    expect(table.state.hand!.turn).toBe(0);
  });
});
