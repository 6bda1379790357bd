import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it, vi } from "vitest";
import { parseRecord, replayRecord } from "../../src/engine/record";
import { call, createGame, move, openSocket, type PeopleGame, roomStub, view } from "./helpers";

/**
 * The table's chat (docs/chat.md): messages in the log among the moves, on
 * every channel, in the record; limits; mutes; who reads it.
 */

const say = (game: PeopleGame, seat: number, body: unknown) => call(`/api/games/${game.id}/chat`, { token: game.seats[seat]!.token, body });
const chat = (game: PeopleGame, seat?: number) =>
  call(`/api/games/${game.id}/chat`, seat === undefined ? {} : { token: game.seats[seat]!.token });
const events = (game: PeopleGame, seat?: number) =>
  call(`/api/games/${game.id}/events?since=0`, seat === undefined ? {} : { token: game.seats[seat]!.token });
const said = (answer: { body: { events: any[] } }) => answer.body.events.filter((e) => e.type === "message").map((e) => e.text ?? e.phrase);

describe("the table's chat", () => {
  it("puts messages in the log among the moves, and a move chosen before a message still stands", async () => {
    const game = await createGame();
    const turn = (await view(game.id)).view.hand!.turn;
    const other = 1 - turn;
    expect((await say(game, other, { text: "  ciao a tutti  " })).body).toMatchObject({
      version: 3,
      message: { seq: 3, type: "message", seat: other, text: "ciao a tutti" },
    });
    // The mover chose at version 2; only the chat came after: the draw is taken.
    const drew = await move(game.id, game.seats[turn]!.token, { type: "draw" }, 2);
    expect(drew.status).toBe(200);
    expect(drew.body.version).toBe(4);
    expect((await say(game, turn, { phrase: "thanks" })).status).toBe(201);
    // A move chosen before a move is still stale.
    expect(((await move(game.id, game.seats[turn]!.token, { type: "draw" }, 2)).body as any).error.code).toBe("STALE_VERSION");
    const log = (await events(game, turn)).body.events.filter((e: any) => e.seq > 2);
    expect(log.map((e: any) => [e.seq, e.type])).toEqual([
      [3, "message"],
      [4, "drew"],
      [5, "message"],
    ]);
    expect(log[2]).toMatchObject({ seat: turn, phrase: "thanks" });
    expect(log[2]).not.toHaveProperty("text");
    // The snapshot says where the chat stands.
    expect((await view(game.id, game.seats[turn]!.token)).chat).toEqual({ audience: "players", open: [false, false], muted: [] });
  });

  it("checks every text and bounds its length and its pace, with typed refusals", async () => {
    const game = await createGame();
    expect((await say(game, 0, { text: "x".repeat(301) })).body.error.code).toBe("MESSAGE_TOO_LONG");
    expect((await say(game, 0, { text: "é".repeat(300) })).status).toBe(201);
    // Emoji are one character each (code points, not UTF-16 units).
    expect((await say(game, 0, { text: "🂡".repeat(300) })).status).toBe(201);
    expect((await say(game, 0, { text: "a\u202Eb" })).body.error).toMatchObject({
      code: "BAD_MESSAGE",
      message: expect.stringContaining("U+202E"),
    });
    expect((await say(game, 0, { text: "line\nbreak" })).body.error.code).toBe("BAD_MESSAGE");
    expect((await say(game, 0, { text: "   " })).body.error.code).toBe("BAD_MESSAGE");
    expect((await say(game, 0, { phrase: "insult" })).status).toBe(400);
    expect((await say(game, 0, { text: "a", phrase: "thanks" })).status).toBe(400);
    // Four more fit the burst of six; the next waits, with Retry-After.
    for (let i = 0; i < 4; i++) expect((await say(game, 0, { phrase: "hello" })).status).toBe(201);
    const limited = await say(game, 0, { phrase: "hello" });
    expect(limited.status).toBe(429);
    expect(limited.body.error.code).toBe("RATE_LIMITED");
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    // Another seat has its own pace.
    expect((await say(game, 1, { phrase: "hello" })).status).toBe(201);
    // Refused messages were never written.
    expect((await chat(game, 1)).body.messages).toHaveLength(7);
  });

  it("keeps a seat's pace when the room sleeps between its messages", async () => {
    const game = await createGame();
    for (let i = 0; i < 6; i++) expect((await say(game, 0, { phrase: "hello" })).status).toBe(201);
    // The room sleeps (its memory goes): the seventh message still waits its turn.
    await evictDurableObject(roomStub(game.id));
    const limited = await say(game, 0, { phrase: "hello" });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThanOrEqual(1);
    expect((await chat(game, 1)).body.messages).toHaveLength(6);
  });

  it("posts a message once under an idempotency key", async () => {
    const game = await createGame();
    const first = await say(game, 0, { text: "ciao", id: "k1" });
    const again = await say(game, 0, { text: "ciao", id: "k1" });
    expect(first.status).toBe(201);
    expect(again.status).toBe(200);
    expect(again.body.message).toEqual(first.body.message);
    expect((await chat(game, 1)).body.messages).toHaveLength(1);
  });

  it("lets only seated players write", async () => {
    const game = await createGame();
    expect((await call(`/api/games/${game.id}/chat`, { body: { text: "hi" } })).body.error.code).toBe("AUTH_REQUIRED");
    expect((await call(`/api/games/${game.id}/chat`, { token: game.invite.token, body: { text: "hi" } })).body.error.code).toBe(
      "FORBIDDEN",
    );
    expect((await call(`/api/games/${game.id}/chat`, { token: game.host.token, body: { text: "hi" } })).body.error.code).toBe("FORBIDDEN");
  });

  it("hides a muted seat's messages from the muter on every channel, and only from them", async () => {
    const game = await createGame({ players: 3 });
    const socket = await openSocket(game.id, game.seats[0]!.token);
    await socket.next((m) => m.type === "events", 0);
    const muted = await call(`/api/games/${game.id}/chat/mutes`, { token: game.seats[0]!.token, body: { seat: 1, muted: true } });
    expect(muted.body).toEqual({ audience: "players", open: [false, false, false], muted: [1] });
    // Nobody else hears of the mute.
    expect((await events(game, 1)).body.events.some((e: any) => e.type === "mute")).toBe(false);
    expect((await events(game, 0)).body.events.filter((e: any) => e.type === "mute")).toEqual([
      expect.objectContaining({ seat: 0, muted: 1, on: true }),
    ]);
    await say(game, 1, { text: "from one" });
    await say(game, 2, { text: "from two" });
    const pushed = await socket.next((m) => m.type === "events" && m.events.some((e: any) => e.text === "from two"), 0);
    expect(socket.messages.flatMap((m) => m.events ?? []).some((e: any) => e.text === "from one")).toBe(false);
    expect(pushed.view.chat.muted).toEqual([1]);
    expect(said(await events(game, 0))).toEqual(["from two"]);
    expect((await chat(game, 0)).body.messages.map((m: any) => m.text)).toEqual(["from two"]);
    expect(said(await events(game, 2))).toEqual(["from one", "from two"]);
    // A long poll waiting for the muted seat's message is woken but given nothing of it.
    const version = (await view(game.id, game.seats[0]!.token)).version;
    const waiting = call(`/api/games/${game.id}/events?since=${version}&wait=5`, { token: game.seats[0]!.token });
    await say(game, 1, { text: "again from one" });
    expect(said(await waiting)).toEqual([]);
    // Unmuted, the seat's messages are there again, the earlier ones too.
    await call(`/api/games/${game.id}/chat/mutes`, { token: game.seats[0]!.token, body: { seat: 1, muted: false } });
    expect((await chat(game, 0)).body.messages.map((m: any) => m.text)).toEqual(["from one", "from two", "again from one"]);
    expect((await call(`/api/games/${game.id}/chat/mutes`, { token: game.seats[0]!.token, body: { seat: 0, muted: true } })).status).toBe(
      400,
    );
    socket.close();
  });

  it("keeps the chat among the players unless every seat lets spectators read", async () => {
    const closed = await createGame();
    await say(closed, 0, { text: "private" });
    expect((await chat(closed)).body).toMatchObject({ chat: { audience: "players", muted: [] }, messages: [] });
    expect(said(await events(closed))).toEqual([]);
    expect((await view(closed.id)).chat.audience).toBe("players");

    const game = await createGame({ players: 2, spectatorChat: true });
    const spectator = await openSocket(game.id);
    await spectator.next((m) => m.type === "events", 0);
    await say(game, 0, { text: "in public" });
    await spectator.next((m) => m.type === "events" && m.events.some((e: any) => e.text === "in public"), 0);
    expect((await chat(game)).body.messages.map((m: any) => m.text)).toEqual(["in public"]);
    // One seat closes it: spectators read nothing any more, not even what was public.
    const shut = await call(`/api/games/${game.id}/chat/audience`, { token: game.seats[1]!.token, body: { open: false } });
    expect(shut.body).toMatchObject({ audience: "players", open: [true, false] });
    await say(game, 0, { text: "among us" });
    expect((await chat(game)).body.messages).toEqual([]);
    expect(said(await events(game))).toEqual([]);
    // Opened again by that seat: what was said among the players stays among them.
    await call(`/api/games/${game.id}/chat/audience`, { token: game.seats[1]!.token, body: { open: true } });
    await say(game, 1, { phrase: "good-luck" });
    expect((await chat(game)).body.messages.map((m: any) => m.text ?? m.phrase)).toEqual(["in public", "good-luck"]);
    expect(said(await events(game))).toEqual(["in public", "good-luck"]);
    expect(spectator.messages.flatMap((m) => m.events ?? []).some((e: any) => e.text === "among us")).toBe(false);
    expect(said(await events(game, 0))).toEqual(["in public", "among us", "good-luck"]);
    spectator.close();
  });

  it("writes the chat into the record at its place, as the caller may read it, and the record still replays", async () => {
    const game = await createGame({ players: 2, spectatorChat: true });
    const turn = (await view(game.id)).view.hand!.turn;
    await say(game, turn, { phrase: "good-luck" });
    const drew = await move(game.id, game.seats[turn]!.token, { type: "draw" }, 3);
    await call(`/api/games/${game.id}/chat/audience`, { token: game.seats[turn]!.token, body: { open: false } });
    await say(game, 1 - turn, { text: "tocca a te" });
    await move(game.id, game.seats[turn]!.token, { type: "resign" }, drew.body.version + 2);
    const own = (await call(`/api/games/${game.id}/record`, { token: game.seats[turn]!.token })).body;
    expect(own.chat).toEqual([
      { hand: 0, after: 0, seat: turn, phrase: "good-luck", at: expect.any(String) },
      { hand: 0, after: 1, seat: 1 - turn, text: "tocca a te", at: expect.any(String) },
    ]);
    // The public record holds what was said in public only (and nothing once the chat is closed).
    expect((await call(`/api/games/${game.id}/record`)).body.chat).toBeUndefined();
    const parsed = parseRecord(own);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(replayRecord(parsed.value).output.match.over).toBe(true);
    expect(parseRecord({ ...own, chat: "nope" }).ok).toBe(false);
  });

  it("survives a room rebuilt from D1: the messages, their order, the mutes and the audience", async () => {
    const game = await createGame({ players: 3, spectatorChat: true });
    await say(game, 0, { text: "prima" });
    await call(`/api/games/${game.id}/chat/mutes`, { token: game.seats[1]!.token, body: { seat: 0, muted: true } });
    await call(`/api/games/${game.id}/chat/audience`, { token: game.seats[2]!.token, body: { open: false } });
    await say(game, 2, { phrase: "sorry", id: "k" });
    await runDurableObjectAlarm(roomStub(game.id));
    const readers = [undefined, 0, 1, 2];
    const before = await Promise.all(readers.map((seat) => chat(game, seat)));
    await runInDurableObject(roomStub(game.id), (_, state) => state.storage.deleteAll());
    await evictDurableObject(roomStub(game.id));
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const after = await Promise.all(readers.map((seat) => chat(game, seat)));
    expect(warned).toHaveBeenCalled();
    warned.mockRestore();
    expect(after.map((a) => a.body)).toEqual(before.map((b) => b.body));
    expect(after[2]!.body.messages.map((m: any) => m.phrase)).toEqual(["sorry"]);
    expect(after[2]!.body.chat.muted).toEqual([0]);
    // The key is remembered too: a retry after the rebuild posts nothing new.
    expect((await say(game, 2, { phrase: "sorry", id: "k" })).status).toBe(200);
  });

  it("keeps a reported message for the operator, once", async () => {
    const game = await createGame();
    const posted = (await say(game, 1, { text: "something rude" })).body.message;
    const report = (token: string, seq: number) => call(`/api/games/${game.id}/chat/${seq}/report`, { token, body: { reason: "rude" } });
    expect((await report(game.seats[0]!.token, posted.seq)).body).toEqual({ reported: true, seq: posted.seq });
    expect((await report(game.seats[0]!.token, posted.seq)).status).toBe(201);
    expect((await report(game.seats[1]!.token, posted.seq)).body.error.code).toBe("BAD_MESSAGE");
    expect((await report(game.seats[0]!.token, 1)).body.error.code).toBe("MESSAGE_NOT_FOUND");
    expect((await report(game.seats[0]!.token, 999)).body.error.code).toBe("MESSAGE_NOT_FOUND");
    const rows = await env.DB.prepare("SELECT * FROM chat_reports WHERE game_id = ?").bind(game.id).all();
    expect(rows.results).toEqual([
      expect.objectContaining({ seq: posted.seq, reporter_seat: 0, author_seat: 1, text: "something rude", reason: "rude", phrase: null }),
    ]);
  });

  it("lets a seat report a writer it muted, whose words it no longer reads", async () => {
    const game = await createGame();
    const posted = (await say(game, 1, { text: "something worse" })).body.message;
    expect((await call(`/api/games/${game.id}/chat/mutes`, { token: game.seats[0]!.token, body: { seat: 1, muted: true } })).status).toBe(
      200,
    );
    const later = (await say(game, 1, { text: "and more" })).body.message;
    for (const seq of [posted.seq, later.seq]) {
      const answer = await call(`/api/games/${game.id}/chat/${seq}/report`, { token: game.seats[0]!.token, body: {} });
      expect(answer.status, `message ${seq}`).toBe(201);
    }
    const rows = await env.DB.prepare("SELECT text FROM chat_reports WHERE game_id = ? ORDER BY seq").bind(game.id).all();
    expect(rows.results.map((r) => r.text)).toEqual(["something worse", "and more"]);
  });
});
