import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashToken, newToken } from "../../src/server/auth";
import type { SeatRow } from "../../src/server/db/room-rows";
import { confirmEmail } from "../../src/server/notify/index";
import { call, createGame, roomStub } from "./helpers";
import { browserSubscription, mailsTo, mailTo, settle, unique } from "./notify/helpers";

/** One player, many devices (docs/api.md, "Players and devices"): codes, sign-in by email, removal, seats that never move. */

const key = () => newToken();
/** The rooms' outboxes drained to D1 ("my games" reads D1's copy of the seats). */
const drained = (...ids: string[]) => Promise.all(ids.map((id) => runDurableObjectAlarm(roomStub(id))));
const me = (k: string) => call("/api/me", { token: k });
const open = (id: string, token: string, k: string) => call(`/api/games/${id}`, { token, headers: { "X-Player-Key": k } });

/** A second device linked to the first one's player by a code; returns the code's answer too. */
async function linked(first: string, label = "Laptop"): Promise<{ second: string; code: string }> {
  const made = await call("/api/me/link-codes", { token: first, method: "POST" });
  expect(made.status).toBe(201);
  const second = key();
  const used = await call("/api/me/devices", { token: second, body: { code: made.body.code, label } });
  expect(used.status).toBe(200);
  return { second, code: made.body.code };
}

describe("a player's devices", () => {
  it("link by a one-time code: both see the same games and open the same seat; the code is spent", async () => {
    const phone = key();
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    expect((await open(game.id, game.seats[0]!.token, phone)).status).toBe(200);
    const before = await me(phone);
    expect(before.status).toBe(200);
    expect(before.body.devices).toHaveLength(1);

    const made = await call("/api/me/link-codes", { token: phone, method: "POST" });
    expect(made.body.code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    expect(made.body.url).toMatch(new RegExp(`/link#code=${made.body.code}$`));
    expect(Date.parse(made.body.expiresAt) - Date.now()).toBeLessThanOrEqual(10 * 60_000);
    const laptop = key();
    // Typed by hand: lower case, a space for the dash.
    const used = await call("/api/me/devices", {
      token: laptop,
      body: { code: made.body.code.toLowerCase().replace("-", " "), label: "Laptop" },
    });
    expect(used.status).toBe(200);
    expect(used.body.id).toBe(before.body.id);
    expect(used.body.devices.map((d: { label: string | null; current: boolean }) => [d.label, d.current])).toEqual([
      [null, false],
      ["Laptop", true],
    ]);
    // The player's own name, language and time zone, the same from either device.
    const changed = await call("/api/me", {
      token: laptop,
      method: "PATCH",
      body: { name: "Anna", language: "it", timeZone: "Europe/Rome" },
    });
    expect(changed.body).toMatchObject({ id: before.body.id, name: "Anna", language: "it", timeZone: "Europe/Rome" });
    expect((await me(phone)).body).toMatchObject({ name: "Anna", language: "it", timeZone: "Europe/Rome" });
    expect((await call("/api/me", { token: phone, method: "PATCH", body: { timeZone: "Mars/Olympus" } })).status).toBe(400);
    const named = await call(`/api/me/devices/${before.body.devices[0].id}`, { token: laptop, method: "PATCH", body: { label: "Phone" } });
    expect(named.body.devices.map((d: { label: string | null }) => d.label)).toEqual(["Phone", "Laptop"]);
    // Spent: nobody else gets anything from it, and the answer says nothing of whose it was.
    const again = await call("/api/me/devices", { token: key(), body: { code: made.body.code } });
    expect(again.status).toBe(404);
    expect(again.body.error.code).toBe("LINK_CODE_INVALID");
    expect(again.text).not.toContain(before.body.id);

    await drained(game.id);
    const [onPhone, onLaptop] = await Promise.all([call("/api/me/games", { token: phone }), call("/api/me/games", { token: laptop })]);
    // The same games on both; only the moment each list was counted at (asOf) differs.
    const counted = (games: { asOf: string }[]) => games.map(({ asOf: _, ...game }) => game);
    expect(counted(onLaptop.body.games)).toEqual(counted(onPhone.body.games));
    expect(onLaptop.body.games).toEqual([expect.objectContaining({ id: game.id, seat: 0, token: game.seats[0]!.token })]);
    // The laptop opens the seat as its own: nothing moves.
    const seat = await open(game.id, game.seats[0]!.token, laptop);
    expect(seat.status).toBe(200);
    expect(seat.body.viewer).toBe(0);
    expect((await call("/api/me/games", { token: phone })).body.games).toHaveLength(1);
  });

  it("never give a seat to another player's device: it gets SEAT_TAKEN, never the seat", async () => {
    const anna = key();
    const stranger = key();
    const game = await createGame({ players: 2 });
    await open(game.id, game.seats[0]!.token, anna);
    const taken = await open(game.id, game.seats[0]!.token, stranger);
    expect(taken.status).toBe(409);
    expect(taken.body.error.code).toBe("SEAT_TAKEN");
    expect(taken.body).not.toHaveProperty("hand");
    expect(taken.body).not.toHaveProperty("viewer");
    // Nothing moved.
    await drained(game.id);
    expect((await call("/api/me/games", { token: stranger })).body.games).toEqual([]);
    expect((await call("/api/me/games", { token: anna })).body.games.map((g: { id: string }) => g.id)).toEqual([game.id]);
    const seats = await runInDurableObject(roomStub(game.id), (i) => (i as unknown as { room: { seats: SeatRow[] } }).room.seats);
    expect(seats[0]!.playerHash).toBe((await me(anna)).body.id);
  });

  it("refuse codes once expired, mistyped or made up", async () => {
    const phone = key();
    const made = await call("/api/me/link-codes", { token: phone, method: "POST" });
    const player = (await me(phone)).body.id;
    await env.DB.prepare("UPDATE device_links SET expires_at = ? WHERE player_id = ?")
      .bind(Date.now() - 1, player)
      .run();
    for (const code of [made.body.code, "AAAAA-AAAAA", "not a code", newToken()]) {
      const answer = await call("/api/me/devices", { token: key(), body: { code } });
      expect(answer.status, code).toBe(404);
      expect(answer.body.error.code).toBe("LINK_CODE_INVALID");
    }
  });

  it("are rate-limited: codes per player, tries per client address", async () => {
    const phone = key();
    const made = [];
    for (let i = 0; i < 11; i++) made.push((await call("/api/me/link-codes", { token: phone, method: "POST" })).status);
    expect(made.slice(0, 10).every((s) => s === 201)).toBe(true);
    expect(made[10]).toBe(429);
    const from = { "CF-Connecting-IP": "203.0.113.140" };
    const tries = [];
    for (let i = 0; i < 61; i++)
      tries.push((await call("/api/me/devices", { token: key(), body: { code: "AAAAA-AAAAA" }, headers: from })).status);
    expect(tries.slice(0, 60).every((s) => s === 404)).toBe(true);
    const limited = await call("/api/me/devices", { token: key(), body: { code: "AAAAA-AAAAA" }, headers: from });
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get("Retry-After"))).toBeGreaterThan(0);
  });

  it("sign in by email: a confirmed address gets a one-time link that links the device; an unknown address hears the same answer", async () => {
    const phone = key();
    const address = `${unique("anna")}@example.org`;
    const subscribed = await call("/api/me/notifications", { token: phone, body: { channel: "email", address, events: ["turn"] } });
    expect(subscribed.status).toBe(201);
    const stranger = `${unique("nobody")}@example.org`;
    // Before the address is confirmed it signs nobody in.
    expect((await call("/api/me/sign-in", { body: { address } })).status).toBe(202);
    const [confirmation] = await mailsTo(address, 1);
    const token = /confirm#token=([A-Za-z0-9_-]+)/.exec(confirmation!.text)![1]!;
    expect(await confirmEmail(env.DB, token, Date.now())).toBe(true);

    const asked = await call("/api/me/sign-in", { body: { address: address.toUpperCase() } });
    const unknown = await call("/api/me/sign-in", { body: { address: stranger } });
    expect([asked.status, unknown.status]).toEqual([202, 202]);
    expect(unknown.body).toEqual(asked.body);
    const mails = await mailsTo(address, 2);
    const signIn = mails.find((m) => m.text.includes("/link#code="))!;
    expect(signIn.subject).toMatch(/sign-in/i);
    // The catalog's text (src/server/i18n), with the link's real life.
    expect(signIn.text).toContain("It works once, within 30 minutes.");
    const code = /\/link#code=([A-Za-z0-9_-]+)/.exec(signIn.text)![1]!;
    const laptop = key();
    const used = await call("/api/me/devices", { token: laptop, body: { code } });
    expect(used.status).toBe(200);
    expect(used.body.id).toBe((await me(phone)).body.id);
    expect((await call("/api/me/devices", { token: key(), body: { code } })).body.error.code).toBe("LINK_CODE_INVALID");
    await settle(300);
    expect(await mailTo(stranger)).toEqual([]);
    // Sign-in links expire too.
    await call("/api/me/sign-in", { body: { address } });
    const third = await mailsTo(address, 3);
    const late = /\/link#code=([A-Za-z0-9_-]+)/.exec(third.filter((m) => m.text.includes("/link#code="))[1]!.text)![1]!;
    await env.DB.prepare("UPDATE device_links SET expires_at = ? WHERE code_hash = ?")
      .bind(Date.now() - 1, hashToken(late))
      .run();
    expect((await call("/api/me/devices", { token: key(), body: { code: late } })).body.error.code).toBe("LINK_CODE_INVALID");
  });

  it("a removed device loses access at once, with its push subscription", async () => {
    const phone = key();
    const game = await createGame({ players: 2 });
    await open(game.id, game.seats[1]!.token, phone);
    const { second: laptop } = await linked(phone);
    const browser = await browserSubscription();
    const push = await call("/api/me/notifications", {
      token: laptop,
      body: { channel: "push", endpoint: browser.endpoint, keys: browser.keys },
    });
    expect(push.status).toBe(201);
    const list = (await me(phone)).body.devices as { id: string; current: boolean }[];
    const gone = list.find((d) => !d.current)!;
    expect((await call(`/api/me/devices/${gone.id}`, { token: phone, method: "DELETE" })).body).toEqual({ removed: true });
    for (const answer of [
      await call("/api/me/games", { token: laptop }),
      await me(laptop),
      await call("/api/me/notifications", { token: laptop }),
      await open(game.id, game.seats[1]!.token, laptop),
    ]) {
      expect(answer.status).toBe(401);
      expect(answer.body.error.code).toBe("DEVICE_REMOVED");
    }
    const row = await env.DB.prepare("SELECT id FROM notification_subscriptions WHERE id = ?").bind(push.body.subscription.id).first();
    expect(row).toBeNull();
    expect((await me(phone)).body.devices).toHaveLength(1);
    expect((await call(`/api/me/devices/${gone.id}`, { token: phone, method: "DELETE" })).body.error.code).toBe("DEVICE_NOT_FOUND");
  });

  it("a move and a long poll of a device the room has seen at its seat read no device from D1, a view does", async () => {
    const phone = key();
    const game = await createGame({ players: 2 });
    const seen = async () =>
      (await env.DB.prepare("SELECT seen_at FROM devices WHERE key_hash = ?").bind(hashToken(phone)).first<{ seen_at: number }>())!.seen_at;
    // The phone plays both seats (a seat its player opened answers only to that player's devices: docs/identity.md).
    const opened = await open(game.id, game.seats[0]!.token, phone);
    const turn = opened.body.view.hand.turn as number;
    await open(game.id, game.seats[1]!.token, phone);
    await call("/api/me", { token: phone }); // the device's row is stored
    // Long ago: the next lookup of this device writes its time seen.
    await env.DB.prepare("UPDATE devices SET seen_at = 1 WHERE key_hash = ?").bind(hashToken(phone)).run();
    const headers = { "X-Player-Key": phone };
    const moved = await call(`/api/games/${game.id}/moves`, {
      token: game.seats[turn]!.token,
      headers,
      body: { move: { type: "draw" }, version: opened.body.version },
    });
    expect(moved.status).toBe(200);
    expect((await call(`/api/games/${game.id}/events?since=0`, { token: game.seats[0]!.token, headers })).status).toBe(200);
    // A malformed key is not even read there: the public events answer, and the seat, its player's, refuses it as no device.
    expect((await call(`/api/games/${game.id}/events?since=0`, { headers: { "X-Player-Key": "!" } })).status).toBe(200);
    const malformed = await call(`/api/games/${game.id}/events?since=0`, { token: game.seats[0]!.token, headers: { "X-Player-Key": "!" } });
    expect(malformed.body.error.code).toBe("SEAT_BOUND");
    expect(await seen()).toBe(1);
    expect((await open(game.id, game.seats[0]!.token, phone)).status).toBe(200);
    expect(await seen()).toBeGreaterThan(1);
  });

  it("a removed device linked again by someone else brings nothing of its former player's", async () => {
    const phone = key();
    const game = await createGame({ players: 2 });
    await open(game.id, game.seats[0]!.token, phone);
    await drained(game.id);
    const self = (await me(phone)).body.devices[0].id;
    expect((await call(`/api/me/devices/${self}`, { token: phone, method: "DELETE" })).status).toBe(200);
    // Whoever finds the phone links it to their own player.
    const finder = key();
    const code = (await call("/api/me/link-codes", { token: finder, method: "POST" })).body.code;
    expect((await call("/api/me/devices", { token: phone, body: { code } })).status).toBe(200);
    expect((await call("/api/me/games", { token: finder })).body.games).toEqual([]);
    expect((await open(game.id, game.seats[0]!.token, phone)).body.error.code).toBe("SEAT_TAKEN");
  });

  it("games opened on a device before it was linked join the player when the merge is asked for", async () => {
    const phone = key();
    const laptop = key();
    const [a, b] = [await createGame({ players: 2 }), await createGame({ players: 2 })];
    await open(a.id, a.seats[0]!.token, phone);
    await open(b.id, b.seats[1]!.token, laptop);
    await drained(a.id, b.id);
    const made = await call("/api/me/link-codes", { token: phone, method: "POST" });
    expect((await call("/api/me/devices", { token: laptop, body: { code: made.body.code, merge: true } })).status).toBe(200);
    await drained(a.id, b.id);
    const ids = (await call("/api/me/games", { token: phone })).body.games.map((g: { id: string }) => g.id).sort();
    expect(ids).toEqual([a.id, b.id].sort());
    expect((await open(b.id, b.seats[1]!.token, phone)).status).toBe(200);
  });

  it("a merged device's subscriptions join the player it links to; one the player already has stays single", async () => {
    const phone = key();
    const laptop = key();
    const [shared, mine, theirs] = [unique("shared@"), unique("phone@"), unique("laptop@")].map((a) => `${a}example.com`);
    const subscribe = async (k: string, address: string) =>
      expect((await call("/api/me/notifications", { token: k, body: { channel: "email", address, events: ["turn"] } })).status).toBe(201);
    await subscribe(phone, shared);
    await subscribe(phone, mine);
    await subscribe(laptop, shared);
    await subscribe(laptop, theirs);
    const browser = await browserSubscription();
    const push = await call("/api/me/notifications", {
      token: laptop,
      body: { channel: "push", endpoint: browser.endpoint, keys: browser.keys },
    });
    expect(push.status).toBe(201);

    const made = await call("/api/me/link-codes", { token: phone, method: "POST" });
    expect((await call("/api/me/devices", { token: laptop, body: { code: made.body.code, merge: true } })).status).toBe(200);
    const targets = async (k: string) =>
      ((await call("/api/me/notifications", { token: k })).body.subscriptions as { channel: string; target: string }[])
        .map((s) => `${s.channel}:${s.target}`)
        .sort();
    const expected = [`email:${mine}`, `email:${shared}`, `email:${theirs}`];
    expect((await targets(phone)).filter((t) => t.startsWith("email:"))).toEqual(expected.sort());
    expect(await targets(laptop)).toEqual(await targets(phone));
    expect((await targets(phone)).filter((t) => t.startsWith("push:"))).toHaveLength(1);
  });
});
