import { evictDurableObject, runDurableObjectAlarm } from "cloudflare:test";
import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newToken } from "../../src/server/auth";
import { confirmEmail } from "../../src/server/notify/index";
import { BASE, call, createGame, roomStub } from "./helpers";
import { browserSubscription, confirmTokenIn, hook, mailsTo, unique } from "./notify/helpers";

/**
 * A victim and an attacker, two players and four devices, through link codes and device removal
 * (docs/identity.md): linking joins a device, never moves a player's games, notifications or devices to whoever
 * made the code, unless the device's holder asks for the merge having been shown whose player it is.
 */

const key = () => newToken();
const drained = (...ids: string[]) => Promise.all(ids.map((id) => runDurableObjectAlarm(roomStub(id))));
const me = (k: string) => call("/api/me", { token: k });
const open = (id: string, token: string, k: string) => call(`/api/games/${id}`, { token, headers: { "X-Player-Key": k } });
const myGames = async (k: string) =>
  ((await call("/api/me/games", { token: k })).body.games as { id: string; token: string | null }[]) ?? [];
const targets = async (k: string) =>
  ((await call("/api/me/notifications", { token: k })).body.subscriptions as { target: string }[]).map((s) => s.target);
const code = async (k: string) => {
  const made = await call("/api/me/link-codes", { token: k, method: "POST" });
  expect(made.status).toBe(201);
  return made.body.code as string;
};
const deviceIds = async (k: string) => ((await me(k)).body.devices as { id: string; current: boolean }[]).map((d) => d.id);
const seatPlayer = async (gameId: string, seat: number) =>
  (await env.DB.prepare("SELECT player_hash FROM seats WHERE game_id = ? AND seat = ?").bind(gameId, seat).first<{ player_hash: string }>())
    ?.player_hash;

/** The victim: two devices of one player, a game, a webhook; the attacker: two devices of another, named like anyone. */
async function cast() {
  const [phone, laptop, mallory, mallory2] = [key(), key(), key(), key()];
  const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
  expect((await open(game.id, game.seats[0]!.token, phone)).status).toBe(200);
  const webhook = await hook(unique("anna-hook"));
  expect((await call("/api/me/notifications", { token: phone, body: { channel: "webhook", url: webhook } })).status).toBe(201);
  await call("/api/me", { token: phone, method: "PATCH", body: { name: "Anna" } });
  expect((await call("/api/me/devices", { token: laptop, body: { code: await code(phone) } })).status).toBe(200);
  await call("/api/me", { token: mallory, method: "PATCH", body: { name: "Mallory" } });
  expect((await call("/api/me/devices", { token: mallory2, body: { code: await code(mallory) } })).status).toBe(200);
  await drained(game.id);
  return {
    phone,
    laptop,
    mallory,
    mallory2,
    game,
    webhook,
    anna: (await me(phone)).body.id as string,
    attacker: (await me(mallory)).body.id,
  };
}

describe("an attacker's link code", () => {
  it("is shown for what it is: whose player, their devices and games, and what this device's player holds; looking spends nothing", async () => {
    const { phone, mallory, anna } = await cast();
    const attackerGame = await createGame({ players: 2, names: ["Mallory", "Zed"] });
    await open(attackerGame.id, attackerGame.seats[0]!.token, mallory);
    await drained(attackerGame.id);
    const trap = await code(mallory);
    const seen = await call("/api/me/link-preview", { token: phone, body: { code: trap } });
    expect(seen.status).toBe(200);
    expect(seen.body.player).toMatchObject({ name: "Mallory", yours: false, games: 1 });
    expect(seen.body.player.devices).toHaveLength(2);
    expect(seen.body.player.latest).toEqual([expect.objectContaining({ names: ["Mallory", "Zed"], seat: 0, status: "playing" })]);
    expect(seen.body.mine).toMatchObject({ name: "Anna", games: 1, subscriptions: 1, otherDevices: 1 });
    // Neither a token nor an id of either player is in it.
    expect(seen.text).not.toContain(anna);
    expect(seen.text).not.toContain(attackerGame.seats[0]!.token);
    // Not spent: it still links (and is then spent).
    expect((await call("/api/me/link-preview", { token: key(), body: { code: trap } })).status).toBe(200);
    expect((await call("/api/me/devices", { token: key(), body: { code: trap } })).status).toBe(200);
    expect((await call("/api/me/link-preview", { token: phone, body: { code: trap } })).body.error.code).toBe("LINK_CODE_INVALID");
    // Its own player's code: yours, nothing to bring.
    const own = await call("/api/me/link-preview", { token: phone, body: { code: await code(phone) } });
    expect(own.body.player.yours).toBe(true);
    expect(own.body.mine).toBeNull();
  });

  it("used on the victim's only device takes nothing of the victim's, and the attacker's removal sends the device home", async () => {
    const phone = key();
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    await open(game.id, game.seats[0]!.token, phone);
    const webhook = await hook(unique("anna-only"));
    await call("/api/me/notifications", { token: phone, body: { channel: "webhook", url: webhook } });
    const browser = await browserSubscription();
    const push = { channel: "push", endpoint: browser.endpoint, keys: browser.keys };
    expect((await call("/api/me/notifications", { token: phone, body: push })).status).toBe(201);
    await drained(game.id);
    const anna = (await me(phone)).body.id;
    const mallory = key();
    const attacker = (await me(mallory)).body.id;

    // One tap on "Link this device", as the victim did: no merge asked for.
    const linked = await call("/api/me/devices", { token: phone, body: { code: await code(mallory) } });
    expect(linked.status).toBe(200);
    expect(linked.body.id).toBe(attacker);
    await drained(game.id);
    expect(await myGames(mallory)).toEqual([]);
    expect(await targets(mallory)).not.toContain(webhook);
    // Not even the phone's own push: it was Anna's (her games' notifications), and the phone no longer acts for her.
    expect(await targets(mallory)).not.toContain(browser.endpoint);
    expect(await seatPlayer(game.id, 0)).toBe(anna);
    // The seat is not the attacker's: their devices cannot open it.
    expect((await open(game.id, game.seats[0]!.token, mallory)).body.error.code).toBe("SEAT_TAKEN");

    // The attacker removes the phone: it goes back to Anna, with her game, seat and webhook.
    const listed = (await me(mallory)).body.devices as { id: string; current: boolean }[];
    const victimDevice = listed.find((d) => !d.current)!.id;
    expect((await call(`/api/me/devices/${victimDevice}`, { token: mallory, method: "DELETE" })).status).toBe(200);
    const back = await me(phone);
    expect(back.status).toBe(200);
    expect(back.body.id).toBe(anna);
    expect((await open(game.id, game.seats[0]!.token, phone)).status).toBe(200);
    expect((await myGames(phone)).map((g) => g.id)).toEqual([game.id]);
    expect(await targets(phone)).toContain(webhook);
    expect((await deviceIds(mallory)).length).toBe(1);
  });

  it("used on one of the victim's two devices: the attacker never sees or removes the other, nor the games", async () => {
    const { phone, laptop, mallory, mallory2, game, webhook, anna } = await cast();
    const annaDevices = await deviceIds(laptop);
    expect((await call("/api/me/devices", { token: phone, body: { code: await code(mallory2) } })).status).toBe(200);
    await drained(game.id);
    for (const k of [mallory, mallory2]) {
      expect(await myGames(k)).toEqual([]);
      expect(await targets(k)).not.toContain(webhook);
    }
    const seenByAttacker = await deviceIds(mallory);
    expect(seenByAttacker).toHaveLength(3);
    const laptopId = annaDevices.find((id) => !seenByAttacker.includes(id))!;
    expect(laptopId).toBeDefined();
    const removal = await call(`/api/me/devices/${laptopId}`, { token: mallory, method: "DELETE" });
    expect(removal.status).toBe(404);
    expect(removal.body.error.code).toBe("DEVICE_NOT_FOUND");
    // Anna's laptop keeps her player, her game and her webhook.
    expect((await me(laptop)).body.id).toBe(anna);
    expect((await open(game.id, game.seats[0]!.token, laptop)).status).toBe(200);
    expect((await myGames(laptop)).map((g) => g.id)).toEqual([game.id]);
    expect(await targets(laptop)).toContain(webhook);
    // Her phone, removed by the attacker, is simply removed: her laptop still reaches her player (a code links it again).
    const phoneId = seenByAttacker.find((id) => annaDevices.includes(id))!;
    expect((await call(`/api/me/devices/${phoneId}`, { token: mallory, method: "DELETE" })).status).toBe(200);
    expect((await me(phone)).body.error.code).toBe("DEVICE_REMOVED");
    expect((await call("/api/me/devices", { token: phone, body: { code: await code(laptop) } })).status).toBe(200);
    expect((await open(game.id, game.seats[0]!.token, phone)).status).toBe(200);
  });

  it("moves the victim's player only when the merge is asked for, knowingly: then all of it, the other device too", async () => {
    const { phone, laptop, mallory, game, webhook, attacker } = await cast();
    expect((await call("/api/me/devices", { token: phone, body: { code: await code(mallory), merge: true } })).status).toBe(200);
    await drained(game.id);
    expect((await myGames(mallory)).map((g) => g.id)).toEqual([game.id]);
    expect(await targets(mallory)).toContain(webhook);
    expect((await me(laptop)).body.id).toBe(attacker);
    expect(await seatPlayer(game.id, 0)).toBe(attacker);
  });
});

describe("the attacker as a game's creator", () => {
  it("cannot take the victim's seat with a fresh link while the victim plays (the creator's secret, read only here)", async () => {
    const anna = key();
    const made = await call("/api/games", { body: { players: 2, names: ["Mallory", "Anna"] } });
    const game = made.body;
    expect((await open(game.id, game.seats[1].token, anna)).status).toBe(200);
    const fresh = await call(`/api/games/${game.id}/seats/1/link`, { token: game.host.token, body: {} });
    expect(fresh.status).toBe(409);
    expect(fresh.body.error.code).toBe("SEAT_TAKEN");
    expect((await open(game.id, game.seats[1].token, anna)).status).toBe(200);
  });
});

describe("a merge right after a seat is opened", () => {
  it("keeps the game: in my games, the seat open from both devices, D1 and the room agreeing", async () => {
    for (let i = 0; i < 3; i++) {
      const anna = key();
      await call("/api/me", { token: anna });
      const fresh = key();
      const game = await createGame({ players: 2 });
      expect((await open(game.id, game.seats[1]!.token, fresh)).status).toBe(200);
      // Within the second: the room has not drained. The preview already counts the game.
      const made = await code(anna);
      expect((await call("/api/me/link-preview", { token: fresh, body: { code: made } })).body.mine).toMatchObject({ games: 1 });
      expect((await call("/api/me/devices", { token: fresh, body: { code: made, merge: true } })).status).toBe(200);
      for (const k of [fresh, anna]) expect((await open(game.id, game.seats[1]!.token, k)).status, `try ${i}`).toBe(200);
      await drained(game.id);
      const player = (await me(anna)).body.id;
      expect(await seatPlayer(game.id, 1)).toBe(player);
      for (const k of [fresh, anna]) expect((await myGames(k)).map((g) => g.id)).toEqual([game.id]);
    }
  });
});

describe("a merge that a room's copy in D1 has not reached", () => {
  it("lands the late copy on the kept player, and the room hands the seat over on its next use", async () => {
    const anna = key();
    await me(anna);
    const fresh = key();
    const game = await createGame({ players: 2 });
    expect((await open(game.id, game.seats[0]!.token, fresh)).status).toBe(200);
    // As if D1 had not heard of the seat yet (its copy failed, or is on its way): the merge cannot see it.
    await env.DB.prepare("DELETE FROM seats WHERE game_id = ?").bind(game.id).run();
    expect((await call("/api/me/devices", { token: fresh, body: { code: await code(anna), merge: true } })).status).toBe(200);
    const player = (await me(anna)).body.id;
    // The room's drain copies the seat as the merged player's: D1 names the kept one.
    await drained(game.id);
    expect(await seatPlayer(game.id, 0)).toBe(player);
    expect((await myGames(anna)).map((g) => g.id)).toEqual([game.id]);
    // The room still named the merged player: the first device of the kept one to open the seat gets it.
    for (const k of [anna, fresh]) expect((await open(game.id, game.seats[0]!.token, k)).status).toBe(200);
  });
});

describe("a sign-in link by email", () => {
  it("for an address two players confirmed: one message per player, each naming it; neither moves the other's games", async () => {
    const phone = key();
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    await open(game.id, game.seats[0]!.token, phone);
    await call("/api/me", { token: phone, method: "PATCH", body: { name: "Anna" } });
    const address = `${unique("anna")}@example.org`;
    const mallory = key();
    await call("/api/me", { token: mallory, method: "PATCH", body: { name: "Mallory" } });
    // The attacker subscribes Anna's address too, and Anna, not reading closely, confirms both.
    for (const k of [phone, mallory])
      expect((await call("/api/me/notifications", { token: k, body: { channel: "email", address, events: ["turn"] } })).status).toBe(201);
    for (const mail of await mailsTo(address, 2)) expect(await confirmEmail(env.DB, confirmTokenIn(mail), Date.now())).toBe(true);
    await drained(game.id);

    expect((await call("/api/me/sign-in", { body: { address } })).status).toBe(202);
    const signIns = (await mailsTo(address, 4)).filter((m) => m.text.includes("/link#code="));
    expect(signIns.map((m) => m.text.split(/\r?\n/)[0]).sort()).toEqual(["Sign in as “Anna”", "Sign in as “Mallory”"]);
    const codeIn = (title: string) => /\/link#code=([A-Za-z0-9_-]+)/.exec(signIns.find((m) => m.text.startsWith(title))!.text)![1]!;
    const theirs = codeIn("Sign in as “Mallory”");
    const hers = codeIn("Sign in as “Anna”");
    expect((await call("/api/me/link-preview", { token: phone, body: { code: theirs } })).body.player).toMatchObject({ name: "Mallory" });
    expect((await call("/api/me/link-preview", { token: phone, body: { code: hers } })).body.player).toMatchObject({
      name: "Anna",
      yours: true,
    });
    // Anna's phone follows the wrong one without asking to merge: Mallory gets the device, never the game.
    expect((await call("/api/me/devices", { token: phone, body: { code: theirs } })).status).toBe(200);
    await drained(game.id);
    expect(await myGames(mallory)).toEqual([]);
    // A new device of Anna's signs in with hers and finds her game.
    const laptop = key();
    expect((await call("/api/me/devices", { token: laptop, body: { code: hers } })).status).toBe(200);
    expect((await myGames(laptop)).map((g) => g.id)).toEqual([game.id]);
  });
});

/** A seat's WebSocket as the web client opens it: the token and the device's key as subprotocols. */
async function socketOf(id: string, token: string, k: string) {
  const response = await exports.default.fetch(`${BASE}/api/games/${id}/ws`, {
    headers: { Upgrade: "websocket", "Sec-WebSocket-Protocol": `burraco, bearer.${token}, key.${k}` },
  });
  const ws = response.webSocket;
  if (!ws) return { status: response.status, closed: Promise.resolve(-1) };
  ws.accept();
  const closed = new Promise<number>((resolve) => ws.addEventListener("close", (e) => resolve(e.code)));
  return { status: response.status, closed };
}

describe("a removed device", () => {
  it("is cut off at once: its table's socket closes, its long poll ends, its moves and polls are refused, across sleep", async () => {
    const { phone, laptop, game } = await cast();
    const seat = game.seats[0]!.token;
    const [onPhone, onLaptop] = [await socketOf(game.id, seat, phone), await socketOf(game.id, seat, laptop)];
    expect([onPhone.status, onLaptop.status]).toEqual([101, 101]);
    const version = (await open(game.id, seat, laptop)).body.version as number;
    const waiting = call(`/api/games/${game.id}/events?since=${version}&wait=20`, { token: seat, headers: { "X-Player-Key": phone } });
    const phoneId = ((await me(laptop)).body.devices as { id: string; current: boolean }[]).find((d) => !d.current)!.id;
    expect((await call(`/api/me/devices/${phoneId}`, { token: laptop, method: "DELETE" })).status).toBe(200);
    expect(await onPhone.closed).toBe(4001);
    // Ended by the removal, not by its wait running out (which answers 200 with the events so far): no clock needed.
    const polled = await waiting;
    expect(polled.status).toBe(401);
    expect(polled.body.error.code).toBe("DEVICE_REMOVED");
    // The room sleeps: it still refuses the phone, the seat token's own requests too; the laptop plays on.
    await evictDurableObject(roomStub(game.id));
    const asPhone = { "X-Player-Key": phone };
    expect((await call(`/api/games/${game.id}/events?since=0`, { token: seat, headers: asPhone })).body.error.code).toBe("DEVICE_REMOVED");
    const moved = await call(`/api/games/${game.id}/moves`, { token: seat, headers: asPhone, body: { move: { type: "draw" }, version } });
    expect(moved.body.error.code).toBe("DEVICE_REMOVED");
    expect((await socketOf(game.id, seat, phone)).status).toBe(401);
    const again = await socketOf(game.id, seat, laptop);
    expect(again.status).toBe(101);
    expect((await call(`/api/games/${game.id}/events?since=0`, { token: seat, headers: { "X-Player-Key": laptop } })).status).toBe(200);
  });
});

describe("a device id", () => {
  it("that names no device of the player's, whatever its length or form, is 404 DEVICE_NOT_FOUND, as documented", async () => {
    const phone = key();
    await me(phone);
    for (const id of ["x".repeat(65), "9".repeat(300), "dev_unknown", "0123456789abcdef", "0123456789ABCDEF"]) {
      for (const method of ["PATCH", "DELETE"]) {
        const answer = await call(`/api/me/devices/${id}`, {
          token: phone,
          method,
          ...(method === "PATCH" ? { body: { label: "x" } } : {}),
        });
        expect(answer.status, `${method} ${id}`).toBe(404);
        expect(answer.body.error.code).toBe("DEVICE_NOT_FOUND");
      }
    }
  });
});
