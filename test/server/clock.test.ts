import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { parseRecord, replayRecord } from "../../src/engine/index";
import { wakeDueRooms } from "../../src/server/cron";
import { alarm, clockGame, clockOf, DAY, HOUR, playTurn, publicEvents, realTime, setTime, T0 } from "./clock-helpers";
import { call, computerPlays, move, openSocket, roomStub, trueTable, view } from "./helpers";

afterEach(() => realTime());

describe("time controls", () => {
  it.each([
    [{ perMove: "30m" }, "BAD_CLOCK"],
    [{ perMove: "15d" }, "BAD_CLOCK"],
    [{ perMove: "3 days" }, "BAD_CLOCK"],
    [{ bank: "7d", increment: "8d" }, "BAD_CLOCK"],
    [{ bank: "90d" }, "BAD_CLOCK"],
    [{ perMove: "3d", timeout: "forfeit" }, "BAD_CLOCK"],
    [{ perMove: "3d", bank: "7d" }, "BAD_CLOCK"],
    ["blitz", "BAD_CLOCK"],
  ])("refuses %j with 422 %s", async (clock, code) => {
    const answer = await call("/api/games", { body: { players: 2, clock } });
    expect(answer.status).toBe(422);
    expect(answer.body.error.code).toBe(code);
  });

  it("keeps no clock by default, and shows a chosen one to everyone, in the created entry and every view", async () => {
    setTime(T0);
    const friendly = await clockGame(undefined);
    expect((await view(friendly.id)).clock).toBeNull();
    const game = await clockGame({ perMove: "3d" });
    const clock = await clockOf(game.id);
    const first = (await view(game.id)).view.hand!.turn;
    expect(clock.control).toEqual({ perMove: "3d", timeout: "claim" });
    expect(clock.turn).toEqual({
      seat: first,
      since: new Date(T0).toISOString(),
      deadline: new Date(T0 + 3 * DAY).toISOString(),
      left: 3 * DAY,
      away: false,
      timedOut: false,
      // Nobody has played yet: a timeout now would cancel the match.
      onTimeout: "abort",
    });
    expect((await publicEvents(game.id))[0]).toMatchObject({ type: "gameCreated", clock: { perMove: "3d", timeout: "claim" } });
    setTime(T0 + DAY);
    expect((await clockOf(game.id)).turn!.left).toBe(2 * DAY);
  });

  it("restarts the time per move at every turn, and spends and refills a bank with its increment, never above its size", async () => {
    setTime(T0);
    const game = await clockGame({ bank: "2d", increment: "12h" });
    const first = (await clockOf(game.id)).turn!.seat;
    setTime(T0 + 10 * HOUR);
    await playTurn(game);
    let clock = await clockOf(game.id);
    expect(clock.seats[first]!.bank).toBe(2 * DAY); // 48 - 10 + 12 = 50 hours, capped at the bank's 48
    expect(clock.turn!.deadline).toBe(new Date(T0 + 10 * HOUR + 2 * DAY).toISOString());
    setTime(T0 + 40 * HOUR);
    await playTurn(game); // the other seat used 30 hours: 48 - 30 + 12 = 30
    clock = await clockOf(game.id);
    expect(clock.seats[1 - first]!.bank).toBe(30 * HOUR);
  });
});

describe("reminders", () => {
  it("reminds the seat to play at 80% and with an hour left, once each, not after the move, not while at the table", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "3d" });
    const seat = (await clockOf(game.id)).turn!.seat;
    setTime(T0 + 2 * DAY);
    await alarm(game.id);
    expect((await publicEvents(game.id)).filter((e) => e.type === "reminder")).toEqual([]);
    setTime(T0 + 0.8 * 3 * DAY + 1);
    await alarm(game.id);
    await alarm(game.id); // woken twice: reminded once
    expect((await publicEvents(game.id)).filter((e) => e.type === "reminder")).toMatchObject([{ seat, which: "80%", live: false }]);
    // With the table open live, the reminder is logged but says nobody need be told.
    const socket = await openSocket(game.id, game.seats[seat]!.token);
    setTime(T0 + 3 * DAY - HOUR + 1);
    await alarm(game.id);
    socket.close();
    expect((await publicEvents(game.id)).filter((e) => e.type === "reminder")).toMatchObject([
      { which: "80%", live: false },
      { which: "1h", live: true },
    ]);
    // After the move, the new turn has its own time; nothing more for the old one.
    await playTurn(game);
    setTime(T0 + 3 * DAY - 1);
    await alarm(game.id);
    expect((await publicEvents(game.id)).filter((e) => e.type === "reminder")).toHaveLength(2);
  });
});

describe("reminders after a late wake", () => {
  it("sends only the reminder that still makes sense: woken with an hour left, the hour's, never the 80% one too", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "3d" });
    const seat = (await clockOf(game.id)).turn!.seat;
    // The room sleeps past both moments (a lost alarm, a busy night): 80% was at 2.4 days, the hour's at 2 days 23 hours.
    setTime(T0 + 3 * DAY - HOUR + 1);
    await alarm(game.id);
    await alarm(game.id);
    expect((await publicEvents(game.id)).filter((e) => e.type === "reminder")).toMatchObject([{ seat, which: "1h" }]);
    // Nothing more is due for this turn but its timeout.
    setTime(T0 + 3 * DAY - 1);
    await alarm(game.id);
    expect((await publicEvents(game.id)).filter((e) => e.type === "reminder")).toHaveLength(1);
  });
});

describe("timeouts", () => {
  it("aborts with no result when time runs out before every seat has moved", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d" });
    setTime(T0 + DAY + 1);
    await alarm(game.id);
    const snap = await view(game.id);
    expect(snap.status).toBe("over");
    expect(snap.view.match).toMatchObject({ over: true, winner: null });
    expect(snap.view.hand!.end).toEqual({ reason: "aborted", closedBy: null });
    const events = await publicEvents(game.id);
    expect(events.map((e) => e.type).slice(-3)).toEqual(["aborted", "handEnded", "matchEnded"]);
    expect((await call(`/api/games/${game.id}/record`)).body.end).toEqual({ reason: "aborted" });
  });

  it("never lets a player dodge a match by never moving once the other has played: they run out of time like anyone", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d" });
    const first = (await trueTable(game.id)).state.hand!.turn;
    const dodger = 1 - first;
    // The dodger opened the seat (saw the hand), and never moves after the first player's turn.
    expect((await call(`/api/games/${game.id}`, { token: game.seats[dodger]!.token })).status).toBe(200);
    await playTurn(game);
    setTime(T0 + DAY + 1);
    await alarm(game.id);
    expect((await publicEvents(game.id)).map((e) => e.type)).not.toContain("aborted");
    expect((await clockOf(game.id)).claim).toEqual({ late: dodger });
    const claimed = await call(`/api/games/${game.id}/clock/claim`, { method: "POST", token: game.seats[first]!.token });
    expect(claimed.status, claimed.text).toBe(200);
    expect((await call(`/api/games/${game.id}/record`)).body.end).toEqual({ reason: "timeout", team: dodger });
  });

  it("still aborts for a player who never opened their seat: nobody came to dodge anything", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d" });
    await playTurn(game);
    const late = (await trueTable(game.id)).state.hand!.turn;
    expect((await view(game.id)).seats[late]!.taken).toBe(false);
    setTime(T0 + DAY + 1);
    await alarm(game.id);
    expect((await call(`/api/games/${game.id}/record`)).body.end).toEqual({ reason: "aborted" });
  });

  it("offers the late seat's opponents the match; the late player may still move until someone claims", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d" });
    await playTurn(game);
    const late = await playTurn(game).then(() => trueTable(game.id).then((t) => t.state.hand!.turn));
    const other = 1 - late;
    setTime(T0 + DAY + 1);
    await alarm(game.id);
    expect((await clockOf(game.id)).claim).toEqual({ late });
    // Not the late seat itself.
    const own = await call(`/api/games/${game.id}/clock/claim`, { method: "POST", token: game.seats[late]!.token });
    expect(own.status).toBe(403);
    // The late player moves in time after all: nothing to claim any more.
    await playTurn(game);
    expect((await clockOf(game.id)).claim).toBeNull();
    const none = await call(`/api/games/${game.id}/clock/claim`, { method: "POST", token: game.seats[other]!.token });
    expect(none.status).toBe(409);
    expect(none.body.error.code).toBe("NOTHING_TO_CLAIM");
    // Now the other seat runs out, and is claimed against.
    setTime(T0 + 3 * DAY);
    await alarm(game.id);
    const claimed = await call(`/api/games/${game.id}/clock/claim`, { method: "POST", token: game.seats[late]!.token });
    expect(claimed.status).toBe(200);
    expect(claimed.body.view.status).toBe("over");
    expect(claimed.body.view.view.match.winner).toBe(late);
    expect(claimed.body.events.map((e: { type: string }) => e.type)).toEqual(["claimed", "handEnded", "matchEnded"]);
    expect((await call(`/api/games/${game.id}/record`)).body.end).toEqual({ reason: "timeout", team: other });
  });

  it("lets only an opponent claim with four players", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1h" }, 4);
    for (let i = 0; i < 4; i++) await playTurn(game);
    const late = (await trueTable(game.id)).state.hand!.turn;
    setTime(T0 + 2 * HOUR);
    await alarm(game.id);
    const partner = await call(`/api/games/${game.id}/clock/claim`, { method: "POST", token: game.seats[(late + 2) % 4]!.token });
    expect(partner.status).toBe(403);
    const opponent = await call(`/api/games/${game.id}/clock/claim`, { method: "POST", token: game.seats[(late + 1) % 4]!.token });
    expect(opponent.status).toBe(200);
    expect(opponent.body.view.view.match.winner).toBe((late + 1) % 2);
  });

  it("lets the computer play a late seat's turns, marked as the computer's, until its player plays again", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d", timeout: "computer" });
    await playTurn(game);
    await playTurn(game);
    const late = (await trueTable(game.id)).state.hand!.turn;
    setTime(T0 + DAY + 1);
    await computerPlays(game.id);
    let events = await publicEvents(game.id);
    const since = events.findIndex((e) => e.type === "timedOut");
    expect(events[since]).toMatchObject({ type: "timedOut", seat: late, action: "computer" });
    const acts = ["drew", "pickedUp", "melded", "attached", "discarded"];
    const computerMoves = events.slice(since + 1).filter((e) => e.seat === late && acts.includes(e.type));
    // A whole turn: a take, maybe plays, a discard; every one of them the computer's.
    expect(["drew", "pickedUp"]).toContain(computerMoves[0]!.type);
    expect(computerMoves.at(-1)!.type).toBe("discarded");
    expect(computerMoves.every((e) => e.by === "computer")).toBe(true);
    let clock = await clockOf(game.id);
    expect(clock.seats[late]!.computer).toBe(true);
    expect(clock.turn!.seat).toBe(1 - late);
    // The other seat plays; the computer plays the late seat's next turn at once.
    await playTurn(game);
    await computerPlays(game.id);
    expect((await trueTable(game.id)).state.hand!.turn).toBe(1 - late);
    // The record shows every move, the computer's too; the player takes the seat back by playing.
    await playTurn(game);
    const back = await playTurn(game);
    expect(back).toBe(late);
    clock = await clockOf(game.id);
    expect(clock.seats[late]!.computer).toBe(false);
    events = await publicEvents(game.id);
    expect(events.filter((e) => e.seat === late && e.type === "drew").at(-1)!.by).toBeUndefined();
    // Once the hand is over, the record marks the computer's moves, keeps the clock, and replays like any other.
    const version = (await trueTable(game.id)).version;
    expect((await move(game.id, game.seats[late]!.token, { type: "resign" }, version)).status).toBe(200);
    const record = (await call(`/api/games/${game.id}/record`)).body;
    expect(record.clock).toEqual({ perMove: "1d", timeout: "computer" });
    const marked = record.hands[0].moves.filter((m: { by?: string }) => m.by === "computer");
    // Its two turns: each from a take to a discard, all the late seat's.
    expect(marked.every((m: { seat: number }) => m.seat === late)).toBe(true);
    expect(marked.filter((m: { move: { type: string } }) => m.move.type === "discard")).toHaveLength(2);
    expect(marked.filter((m: { move: { type: string } }) => ["draw", "pickup"].includes(m.move.type))).toHaveLength(2);
    const replayed = parseRecord(record);
    expect(replayed.ok && replayRecord(replayed.value).output.moves.every((m) => m.ok)).toBe(true);
  });
});

/** A game of people and a computer seat (the last), with a clock: tokens of the people's seats, null for the computer's. */
async function withComputer(clock: unknown, players: 2 | 3 = 3): Promise<{ id: string; tokens: (string | null)[] }> {
  const seats = [...Array.from({ length: players - 1 }, (_, i) => ({ name: ["Anna", "Bruno"][i]! })), { computer: "beginner" }];
  const created = await call("/api/games", { body: { players, seats, clock } });
  expect(created.status, created.text).toBe(201);
  return { id: created.body.id, tokens: created.body.seats.map((s: { token: string | null }) => s.token) };
}

/** Lets the computer play whatever is its to play, then the person to play takes a simple turn; returns the seat that played. */
async function personTurn(game: { id: string; tokens: (string | null)[] }): Promise<number> {
  await computerPlays(game.id);
  const table = await trueTable(game.id);
  const seat = table.state.hand!.turn;
  const token = game.tokens[seat];
  if (!token) throw new Error("the computer's turn is still waiting");
  const drew = await move(game.id, token, { type: "draw" }, table.version);
  expect(drew.status, drew.text).toBe(200);
  const card = drew.body.events.find((e) => e.type === "drew")!.card!;
  expect((await move(game.id, token, { type: "discard", card }, drew.body.version)).status).toBe(200);
  return seat;
}

describe("timeouts in a game with a computer seat", () => {
  it("lets the computer play the late seat after many turns (choice `computer`): the match goes on, never aborted", async () => {
    setTime(T0);
    const game = await withComputer({ perMove: "1d", timeout: "computer" });
    for (let i = 0; i < 6; i++) await personTurn(game);
    await computerPlays(game.id);
    const late = (await trueTable(game.id)).state.hand!.turn;
    expect(game.tokens[late]).not.toBeNull();
    setTime(T0 + DAY + 1);
    await computerPlays(game.id);
    const events = await publicEvents(game.id);
    expect(events.map((e) => e.type)).not.toContain("aborted");
    expect(events.find((e) => e.type === "timedOut")).toMatchObject({ seat: late, action: "computer" });
    expect((await view(game.id)).status).toBe("playing");
    const after = events.slice(events.findIndex((e) => e.type === "timedOut"));
    expect(after.some((e) => e.type === "discarded" && e.seat === late && e.by === "computer")).toBe(true);
  });

  it("offers the match to the late seat's opponents after many turns (choice `claim`), and a person claims it", async () => {
    setTime(T0);
    const game = await withComputer({ perMove: "1d", timeout: "claim" });
    for (let i = 0; i < 6; i++) await personTurn(game);
    await computerPlays(game.id);
    const late = (await trueTable(game.id)).state.hand!.turn;
    setTime(T0 + DAY + 1);
    await computerPlays(game.id);
    expect((await publicEvents(game.id)).map((e) => e.type)).not.toContain("aborted");
    expect((await clockOf(game.id)).claim).toEqual({ late });
    const claimer = game.tokens.findIndex((t, seat) => t !== null && seat !== late);
    const claimed = await call(`/api/games/${game.id}/clock/claim`, { method: "POST", token: game.tokens[claimer]! });
    expect(claimed.status, claimed.text).toBe(200);
    expect((await call(`/api/games/${game.id}/record`)).body.end).toEqual({ reason: "timeout", team: late });
  });

  it("still aborts with no result when time runs out before every seat has played", async () => {
    setTime(T0);
    const game = await withComputer({ perMove: "1d", timeout: "computer" }, 2);
    await computerPlays(game.id); // the computer plays if it deals the first turn; the person has not played yet either way
    setTime(T0 + DAY + 1);
    await computerPlays(game.id);
    expect((await publicEvents(game.id)).map((e) => e.type)).toContain("aborted");
  });
});

describe("restarts and lost alarms", () => {
  it("handles a deadline exactly once when the room restarts between the deadline and its alarm", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d" });
    setTime(T0 + DAY + 1);
    await evictDurableObject(roomStub(game.id));
    await alarm(game.id);
    await evictDurableObject(roomStub(game.id));
    await alarm(game.id);
    expect((await publicEvents(game.id)).filter((e) => e.type === "aborted")).toHaveLength(1);
  });

  it("handles it once in a room rebuilt from D1", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d" });
    await playTurn(game);
    await playTurn(game);
    await alarm(game.id); // drains the log to D1
    await runInDurableObject(roomStub(game.id), (_, state) => state.storage.deleteAll());
    await evictDurableObject(roomStub(game.id));
    setTime(T0 + DAY + 1);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    await view(game.id);
    warned.mockRestore();
    await alarm(game.id);
    await alarm(game.id);
    expect((await publicEvents(game.id)).filter((e) => e.type === "timedOut")).toHaveLength(1);
  });

  it("wakes, from the Cron guard, a room whose alarm was lost, once", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d" });
    await alarm(game.id); // the drain: D1's index now knows the next due time
    const row = await env.DB.prepare("SELECT deadline, next_due FROM games WHERE id = ?")
      .bind(game.id)
      .first<{ deadline: number; next_due: number }>();
    expect(row).toEqual({ deadline: T0 + DAY, next_due: T0 + 0.8 * DAY });
    await runInDurableObject(roomStub(game.id), (_, state) => state.storage.deleteAlarm());
    setTime(T0 + DAY + 1);
    await wakeDueRooms(env, Date.now());
    await wakeDueRooms(env, Date.now());
    const events = await publicEvents(game.id);
    // Woken after the deadline: the timeout, once, and no reminder of a turn whose time was already up.
    expect(events.filter((e) => e.type === "reminder")).toHaveLength(0);
    expect(events.filter((e) => e.type === "aborted")).toHaveLength(1);
  });
});

describe("my games", () => {
  it("lists the games awaiting the player soonest deadline first, with the deadline and the last reminder", async () => {
    setTime(T0);
    const key = "clock-my-games-player-key-0123";
    const slow = await clockGame({ perMove: "5d" });
    const fast = await clockGame({ perMove: "1d" });
    const none = await clockGame(undefined);
    for (const game of [slow, fast, none]) {
      const turn = (await view(game.id)).view.hand!.turn;
      await call(`/api/games/${game.id}`, { token: game.seats[turn]!.token, headers: { "X-Player-Key": key } });
    }
    setTime(T0 + 0.8 * DAY + 1);
    for (const game of [slow, fast, none]) await runDurableObjectAlarm(roomStub(game.id));
    const mine = (await call("/api/me/games", { token: key })).body.games;
    expect(mine.map((g: { id: string }) => g.id)).toEqual([fast.id, slow.id, none.id]);
    expect(mine[0]).toMatchObject({ yourTurn: true, deadline: new Date(T0 + DAY).toISOString(), reminder: "80%" });
    expect(mine[2]).toMatchObject({ deadline: null, reminder: null });
  });
});

describe("a move in a game with a clock", () => {
  it("still answers a retried key with its first answer", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d" });
    const turn = (await view(game.id)).view.hand!.turn;
    const first = await move(game.id, game.seats[turn]!.token, { type: "draw" }, 2, "k1");
    const again = await move(game.id, game.seats[turn]!.token, { type: "draw" }, 2, "k1");
    expect(again.body.events).toEqual(first.body.events);
  });
});
