import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { makeCards } from "../../src/engine/cards";
import { hashToken, newToken } from "../../src/server/auth";
import { WS_SEAT_BOUND } from "../../src/shared/limits";
import { playTurn, realTime, setTime, T0 } from "./clock-helpers";
import { BASE, call, createGame, fileAddress, homeAddress, type PeopleGame, roomStub, trueTable } from "./helpers";
import { open as openAs, person } from "./rated-helpers";

/**
 * A seat its player's device opened is that player's (docs/identity.md, "Who can see and take what"): the game's
 * creator keeps every seat link it made, and with the link alone, or with a key of their own, reads nothing of that
 * seat and plays nothing for it, on any channel. Every device of the seat's player plays it; a seat nobody opened
 * with a player key plays with its link alone, as scripts and bots always have.
 */

const key = () => newToken();
const withKey = (k: string | null): Record<string, string> => (k === null ? {} : { "X-Player-Key": k });
const peek = (id: string, token: string, k: string | null = null) => call(`/api/games/${id}`, { token, headers: withKey(k) });
const send = (id: string, token: string, k: string | null, move: unknown, version: number) =>
  call(`/api/games/${id}/moves`, { token, headers: withKey(k), body: { move, version } });
const code = async (k: string) => (await call("/api/me/link-codes", { token: k, method: "POST" })).body.code as string;
const link = (k: string, from: string, merge = false) =>
  call("/api/me/devices", { token: k, body: { code: from, ...(merge ? { merge } : {}) } });

/** The seat whose turn it is, opened by `friend`'s device: its token and the table's version. */
async function friendsSeat(game: PeopleGame, friend: string) {
  const table = await trueTable(game.id);
  const seat = table.state.hand!.turn;
  const token = game.seats[seat]!.token;
  expect((await peek(game.id, token, friend)).status).toBe(200);
  return { seat, token, version: table.version, hand: table.state.hand!.hands[seat]! };
}

/** A WebSocket to the Worker, with its close code once closed; null and the status when the upgrade is refused. */
async function socket(id: string, protocols: string[], headers: Record<string, string> = {}) {
  const response = await exports.default.fetch(`${BASE}/api/games/${id}/ws`, {
    headers: { Upgrade: "websocket", "CF-Connecting-IP": fileAddress(), "Sec-WebSocket-Protocol": protocols.join(", "), ...headers },
  });
  const ws = response.webSocket;
  if (!ws) return { status: response.status, body: (await response.json()) as { error: { code: string } }, ws: null };
  ws.accept();
  const texts: string[] = [];
  ws.addEventListener("message", (event) => {
    texts.push(event.data as string);
  });
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (event) => resolve(event.code)));
  return { status: response.status, body: null, ws, texts, closed };
}

describe("a seat a friend opened on their device", () => {
  it("shows the creator who kept its link nothing of the hand, on any channel, with the link alone or with their own key", async () => {
    const [creator, friend] = [key(), key()];
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const { token, hand } = await friendsSeat(game, friend);
    const cards = makeCards(hand).map((c) => JSON.stringify(c));
    const shows = (text: string) => cards.filter((c) => text.includes(c)).length;

    const asks = [
      (k: string | null) => peek(game.id, token, k),
      (k: string | null) => call(`/api/games/${game.id}/events?since=0`, { token, headers: withKey(k) }),
      (k: string | null) => call(`/api/games/${game.id}/events?since=99&wait=1`, { token, headers: withKey(k) }),
      (k: string | null) => call(`/api/games/${game.id}/record`, { token, headers: withKey(k) }),
      (k: string | null) => call(`/api/games/${game.id}/chat`, { token, headers: withKey(k) }),
    ];
    for (const ask of asks) {
      const alone = await ask(null);
      expect(alone.status).toBe(403);
      expect(alone.body.error.code).toBe("SEAT_BOUND");
      expect(alone.body.error.message).toContain("link this device to your player");
      const own = await ask(creator);
      expect(own.status).toBe(409);
      expect(own.body.error.code).toBe("SEAT_TAKEN");
      expect(shows(alone.text) + shows(own.text)).toBe(0);
    }
    // The WebSocket: the link in the subprotocol, alone or with the creator's key beside it, is refused at the upgrade.
    const bare = await socket(game.id, ["burraco", `bearer.${token}`]);
    expect([bare.status, bare.body?.error.code]).toEqual([403, "SEAT_BOUND"]);
    const keyed = await socket(game.id, ["burraco", `bearer.${token}`, `key.${creator}`]);
    expect([keyed.status, keyed.body?.error.code]).toEqual([409, "SEAT_TAKEN"]);
    // The friend's own device sees their hand.
    expect(shows((await peek(game.id, token, friend)).text)).toBe(cards.length);
  });

  it("plays nothing for the creator: a move, the chat, a handover, a claim, a rematch, all refused; its player plays on", async () => {
    const [creator, friend] = [key(), key()];
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], clock: { perMove: "1d" } });
    const { token, version } = await friendsSeat(game, friend);
    for (const k of [null, creator]) {
      const code = k === null ? "SEAT_BOUND" : "SEAT_TAKEN";
      expect((await send(game.id, token, k, { type: "draw" }, version)).body.error.code).toBe(code);
      expect((await send(game.id, token, k, { type: "resign" }, version)).body.error.code).toBe(code);
      const asks = [
        call(`/api/games/${game.id}/chat`, { token, headers: withKey(k), body: { text: "ciao" } }),
        call(`/api/games/${game.id}/computer`, { token, headers: withKey(k), body: { on: true } }),
        call(`/api/games/${game.id}/clock/claim`, { token, headers: withKey(k), method: "POST" }),
        call(`/api/games/${game.id}/rematch`, { token, headers: withKey(k), method: "POST" }),
        call(`/api/games/${game.id}/chat/audience`, { token, headers: withKey(k), body: { open: true } }),
      ];
      for (const answer of await Promise.all(asks)) expect(answer.body.error?.code).toBe(code);
    }
    // Nothing was written for the creator; the friend plays their own turn.
    expect((await trueTable(game.id)).version).toBe(version);
    expect((await send(game.id, token, friend, { type: "draw" }, version)).status).toBe(200);
  });

  it("holds off a client that sprays keys at its moves, each a refusal (and a D1 read): its player plays on", async () => {
    // Time stands still: the limiter's tokens do not come back while the test runs, however slow the machine.
    setTime(T0);
    try {
      const friend = key();
      const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
      const { token, version } = await friendsSeat(game, friend);
      const from = { "CF-Connecting-IP": homeAddress(7001) };
      const codes: string[] = [];
      for (let i = 0; i < 61; i++) {
        const sprayed = await call(`/api/games/${game.id}/moves`, {
          token,
          headers: { ...withKey(key()), ...from },
          body: { move: { type: "draw" }, version },
        });
        codes.push(sprayed.body.error.code);
      }
      expect(codes.slice(0, 60)).toEqual(Array(60).fill("SEAT_TAKEN"));
      expect(codes[60]).toBe("RATE_LIMITED");
      expect((await send(game.id, token, friend, { type: "draw" }, version)).status).toBe(200);
    } finally {
      realTime();
    }
  });

  it("closes a socket its link opened alone before the friend came: from then on it is the friend's", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const early = await socket(game.id, ["burraco", `bearer.${game.seats[1]!.token}`]);
    expect(early.status).toBe(101);
    const friend = key();
    expect((await peek(game.id, game.seats[1]!.token, friend)).status).toBe(200);
    expect(await early.closed).toBe(WS_SEAT_BOUND);
    // The friend's own socket (their key in the subprotocol, as the web client sends it) stays open and hears the table.
    const theirs = await socket(game.id, ["burraco", `bearer.${game.seats[1]!.token}`, `key.${friend}`]);
    expect(theirs.status).toBe(101);
    theirs.ws!.close(1000, "done");
  });
});

describe("the seat's player", () => {
  afterEach(() => vi.restoreAllMocks());

  it("plays it on each of their devices: the laptop linked to the phone's player moves, remembered by the room", async () => {
    const [phone, laptop] = [key(), key()];
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const { token, version } = await friendsSeat(game, phone);
    expect((await link(laptop, await code(phone))).status).toBe(200);
    // A move first (the Worker looks no key up on it): the room asks D1 once whose the laptop is, then remembers.
    const drew = await send(game.id, token, laptop, { type: "draw" }, version);
    expect(drew.status).toBe(200);
    const remembered = await runInDurableObject(roomStub(game.id), (_, state) =>
      state.storage.sql.exec("SELECT value FROM meta WHERE key = 'seat_devices'").toArray(),
    );
    expect(JSON.parse(String(remembered[0]!.value))).toHaveProperty(hashToken(laptop));
    const card = drew.body.events.find((e: { type: string }) => e.type === "drew").card;
    expect((await send(game.id, token, phone, { type: "discard", card }, drew.body.version)).status).toBe(200);
    expect((await peek(game.id, token, laptop)).status).toBe(200);
  });

  it("keeps it after a merge: the seat of a laptop's player merged into the phone's plays on both", async () => {
    const [phone, laptop] = [key(), key()];
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const { token, version } = await friendsSeat(game, laptop);
    await runDurableObjectAlarm(roomStub(game.id));
    expect((await link(laptop, await code(phone), true)).status).toBe(200);
    const drew = await send(game.id, token, phone, { type: "draw" }, version);
    expect(drew.status).toBe(200);
    const card = drew.body.events.find((e: { type: string }) => e.type === "drew").card;
    expect((await send(game.id, token, laptop, { type: "discard", card }, drew.body.version)).status).toBe(200);
    expect((await send(game.id, token, null, { type: "draw" }, drew.body.version + 1)).body.error.code).toBe("SEAT_BOUND");
  });

  it("loses it on a device removed or linked away to another player; a removed device the room never knew is asked of D1", async () => {
    const [phone, laptop, tablet, other] = [key(), key(), key(), key()];
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const { token, version } = await friendsSeat(game, phone);
    await runDurableObjectAlarm(roomStub(game.id));
    for (const k of [laptop, tablet]) expect((await link(k, await code(phone))).status).toBe(200);
    // Both known to the room first.
    for (const k of [laptop, tablet]) expect((await peek(game.id, token, k)).status).toBe(200);
    const ids = (await call("/api/me", { token: laptop })).body.devices as { id: string; current: boolean }[];
    const laptopId = ids.find((d) => d.current)!.id;
    expect((await call(`/api/me/devices/${laptopId}`, { token: phone, method: "DELETE" })).status).toBe(200);
    expect((await send(game.id, token, laptop, { type: "draw" }, version)).body.error.code).toBe("DEVICE_REMOVED");
    // The tablet joins another player ("link only this device"): it no longer plays the phone's player's seat, and the
    // table it had open there closes at once.
    const open = await socket(game.id, ["burraco", `bearer.${token}`, `key.${tablet}`]);
    expect(open.status).toBe(101);
    expect((await link(tablet, await code(other))).status).toBe(200);
    expect(await open.closed).toBe(WS_SEAT_BOUND);
    expect((await send(game.id, token, tablet, { type: "draw" }, version)).body.error.code).toBe("SEAT_TAKEN");
    // A device the room never saw, removed without the room being told (its message lost): asked of D1, and refused.
    const desk = key();
    expect((await link(desk, await code(phone))).status).toBe(200);
    await env.DB.prepare("UPDATE devices SET removed_at = ? WHERE key_hash = ?").bind(Date.now(), hashToken(desk)).run();
    expect((await send(game.id, token, desk, { type: "draw" }, version)).body.error.code).toBe("DEVICE_REMOVED");
    expect((await trueTable(game.id)).version).toBe(version);
    expect((await send(game.id, token, phone, { type: "draw" }, version)).status).toBe(200);
  });

  it("is read again from D1 an hour on: a device removed without the room being told is refused by then", async () => {
    setTime(T0);
    try {
      const [phone, laptop] = [key(), key()];
      const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
      const { token, version } = await friendsSeat(game, phone);
      expect((await link(laptop, await code(phone))).status).toBe(200);
      expect((await peek(game.id, token, laptop)).status).toBe(200);
      // The laptop is removed in D1 alone (the message to the room lost): its moves, read from the room's memory, still
      // pass for a while; its view, which the Worker reads from D1, does not.
      await env.DB.prepare("UPDATE devices SET removed_at = ? WHERE key_hash = ?").bind(T0, hashToken(laptop)).run();
      expect((await peek(game.id, token, laptop)).body.error.code).toBe("DEVICE_REMOVED");
      setTime(T0 + 3600_000 + 1);
      expect((await send(game.id, token, laptop, { type: "draw" }, version)).body.error.code).toBe("DEVICE_REMOVED");
      expect((await send(game.id, token, phone, { type: "draw" }, version)).status).toBe(200);
    } finally {
      realTime();
    }
  });

  it("keeps it in a room that slept and in a room rebuilt from D1: the link alone is still refused, the player's devices play", async () => {
    const [phone, laptop] = [key(), key()];
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const { token, version } = await friendsSeat(game, phone);
    expect((await link(laptop, await code(phone))).status).toBe(200);
    expect((await peek(game.id, token, laptop)).status).toBe(200);
    await evictDurableObject(roomStub(game.id));
    expect((await peek(game.id, token)).body.error.code).toBe("SEAT_BOUND");
    const drew = await send(game.id, token, laptop, { type: "draw" }, version);
    expect(drew.status).toBe(200);
    await runDurableObjectAlarm(roomStub(game.id));
    // Storage lost: the room is rebuilt from D1's copy of the log and seats, and asks D1 about each device again.
    await runInDurableObject(roomStub(game.id), (_, state) => state.storage.deleteAll());
    await evictDurableObject(roomStub(game.id));
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await peek(game.id, token)).body.error.code).toBe("SEAT_BOUND");
    const card = drew.body.events.find((e: { type: string }) => e.type === "drew").card;
    expect((await send(game.id, token, key(), { type: "discard", card }, drew.body.version)).body.error.code).toBe("SEAT_TAKEN");
    expect((await send(game.id, token, laptop, { type: "discard", card }, drew.body.version)).status).toBe(200);
    expect((await peek(game.id, token, phone)).status).toBe(200);
  });
});

describe("a seat nobody opened with a player key", () => {
  it("plays with its link alone, as scripts and bots do: view, moves, socket", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    for (let i = 0; i < 4; i++) await playTurn(game);
    const table = await trueTable(game.id);
    const token = game.seats[table.state.hand!.turn]!.token;
    expect((await peek(game.id, token)).body.view.hand.myHand.length).toBeGreaterThan(0);
    const ws = await socket(game.id, ["burraco", `bearer.${token}`]);
    expect(ws.status).toBe(101);
    ws.ws!.close(1000, "done");
    expect((await send(game.id, token, null, { type: "draw" }, table.version)).status).toBe(200);
    // A key sent on a move does not make the seat anyone's: only opening it (the view, the socket) does.
    expect((await send(game.id, token, key(), { type: "draw" }, table.version + 1)).body.error?.code).not.toBe("SEAT_BOUND");
    expect((await peek(game.id, token)).status).toBe(200);
  });
});

describe("a rated match", () => {
  afterEach(() => realTime());

  it("refuses its creator the opponent's side: no resignation for them, no rating farmed", async () => {
    const [anna, bruno] = [await person("Anna"), await person("Bruno")];
    const game = await createGame({ players: 2, names: ["Anna", null], rated: true, clock: { perMove: "3d" } } as never);
    expect((await openAs(game, 0, anna)).status).toBe(200);
    expect((await openAs(game, 1, bruno)).status).toBe(200);
    const version = (await trueTable(game.id)).version;
    // Anna created the game and kept Bruno's link: she tries to resign his side, with the link alone and with her key.
    for (const k of [null, anna.key]) {
      const resigned = await call(`/api/games/${game.id}/moves`, {
        token: game.seats[1]!.token,
        headers: { ...withKey(k), ...anna.from },
        body: { move: { type: "resign" }, version },
      });
      expect(resigned.status).toBe(k === null ? 403 : 409);
    }
    const table = await trueTable(game.id);
    expect(table.state.over).toBe(false);
    expect(table.version).toBe(version);
    // Bruno's own device plays his side.
    const resigned = await call(`/api/games/${game.id}/moves`, {
      token: game.seats[1]!.token,
      headers: { "X-Player-Key": bruno.key, ...bruno.from },
      body: { move: { type: "resign" }, version },
    });
    expect(resigned.status).toBe(200);
  });
});
