import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { newToken } from "../../src/server/auth";
import { shardDatabase, shardNames } from "../../src/server/db/shards";
import { call as callWorker, homeAddress, roomStub, trueTable } from "./helpers";
import { HANG_GUARD, hook, received, unique, until } from "./notify/helpers";
import { type Person, pageOf, person } from "./rated-helpers";

/**
 * The way back for a player whose only device is lost and who gave no email (docs/identity.md, "A recovery code"):
 * a seek's game and a rating survive a lost phone through the code, which works once, never by guessing, one at a
 * time, and appears nowhere but in the answer that makes it — no other answer, log, message or table row.
 */

/** Every answer's text and every line logged, to look for a code in. */
const seen: string[] = [];
const call: typeof callWorker = async (path, options) => {
  const answer = await callWorker(path, options);
  seen.push(answer.text);
  return answer as never;
};

beforeEach(() => {
  seen.length = 0;
  for (const level of ["log", "info", "warn", "error", "debug"] as const) {
    const original = console[level].bind(console);
    vi.spyOn(console, level).mockImplementation((...args: unknown[]) => {
      seen.push(args.map(String).join(" "));
      original(...args);
    });
  }
});
afterEach(() => vi.restoreAllMocks());

/** A code in each form it could be written in: as shown, without dashes, in lower case. */
const forms = (code: string) => [code, code.replace(/-/g, ""), code.toLowerCase(), code.replace(/-/g, "").toLowerCase()];

/** Whether a code shows anywhere in `texts`, in any of its forms. */
const appears = (code: string, texts: readonly string[]) => texts.some((text) => forms(code).some((f) => text.includes(f)));

/** Everything D1 holds as text that a code could have been written into: deliveries' messages, attempts, the code table. */
async function storedText(): Promise<string[]> {
  const texts: string[] = [];
  for (const name of new Set(["DB", ...shardNames(env)])) {
    const d1 = name === "DB" ? env.DB : shardDatabase(env, name);
    const tables = await d1
      .prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE 'sqlite_%' AND name NOT LIKE '_cf_%'")
      .all<{ name: string }>();
    for (const { name: table } of tables.results) {
      if (!/deliver|attempt|recovery|device_links|players|devices/.test(table)) continue;
      const rows = await d1.prepare(`SELECT * FROM "${table}"`).all();
      texts.push(JSON.stringify(rows.results));
    }
  }
  return texts;
}

const me = (who: { key: string; from: Record<string, string> }) => call("/api/me", { token: who.key, headers: who.from });
const makeCode = async (who: Person) => {
  const made = await call("/api/me/recovery-code", { token: who.key, headers: who.from, method: "POST" });
  expect(made.status).toBe(201);
  return made;
};
const preview = (code: string, who: { key: string; from: Record<string, string> }) =>
  call("/api/me/link-preview", { token: who.key, headers: who.from, body: { code } });
const link = (code: string, who: { key: string; from: Record<string, string> }, label = "Telefono nuovo") =>
  call("/api/me/devices", { token: who.key, headers: who.from, body: { code, label } });
const drained = (id: string) => runDurableObjectAlarm(roomStub(id));

/** A new device, on a network of its own: a phone bought after the old one was lost. */
let devicesMade = 100;
const newDevice = () => ({ key: newToken(), from: { "CF-Connecting-IP": homeAddress(++devicesMade) } });

/** A seek published by `a` and joined by `b`: the game, with both seats' tokens, each opened by its player. */
async function seekGame(a: Person, b: Person, rated: boolean) {
  const published = await call("/api/seeks", {
    token: a.key,
    headers: a.from,
    body: { players: 2, clock: { perMove: "3d" }, rated },
  });
  expect(published.status).toBe(201);
  const joined = await call(`/api/seeks/${published.body.seek.id}/join`, { token: b.key, headers: b.from, body: {} });
  expect(joined.status).toBe(200);
  const game = joined.body.game as { id: string; seat: number; token: string };
  const mine = await call("/api/seeks/mine", { token: a.key, headers: a.from });
  const theirs = mine.body.seeks.find((s: { seek: { id: string } }) => s.seek.id === published.body.seek.id).game;
  const tokens: string[] = [];
  tokens[game.seat] = game.token;
  tokens[theirs.seat] = theirs.token;
  const players: Person[] = [];
  players[game.seat] = b;
  players[theirs.seat] = a;
  for (const seat of [0, 1])
    expect(
      (
        await call(`/api/games/${game.id}`, {
          token: tokens[seat],
          headers: { "X-Player-Key": players[seat]!.key, ...players[seat]!.from },
        })
      ).status,
    ).toBe(200);
  return { id: game.id, tokens, players };
}

/** One turn of whoever's turn it is, from their own device: draw, discard the card drawn. */
async function playTurn(game: Awaited<ReturnType<typeof seekGame>>) {
  const table = await trueTable(game.id);
  const seat = table.state.hand!.turn;
  const who = game.players[seat]!;
  const as = { token: game.tokens[seat], headers: { "X-Player-Key": who.key, ...who.from } };
  const drew = await call(`/api/games/${game.id}/moves`, { ...as, body: { move: { type: "draw" }, version: table.version } });
  expect(drew.status).toBe(200);
  const card = drew.body.events.find((e: { type: string }) => e.type === "drew").card;
  const discarded = await call(`/api/games/${game.id}/moves`, {
    ...as,
    body: { move: { type: "discard", card }, version: drew.body.version },
  });
  expect(discarded.status).toBe(200);
}

/** Two turns each, then `loser` resigns at their turn: a rated result. */
async function playThenResign(game: Awaited<ReturnType<typeof seekGame>>, loser: Person) {
  for (let i = 0; i < 4; i++) await playTurn(game);
  const seat = game.players.indexOf(loser);
  while ((await trueTable(game.id)).state.hand!.turn !== seat) await playTurn(game);
  const table = await trueTable(game.id);
  const resigned = await call(`/api/games/${game.id}/moves`, {
    token: game.tokens[seat],
    headers: { "X-Player-Key": loser.key, ...loser.from },
    body: { move: { type: "resign" }, version: table.version },
  });
  expect(resigned.status).toBe(200);
}

describe("a player who lost their only device, with no email", () => {
  it("gets a seek's game and their rating back with their recovery code, which then is spent", async () => {
    const anna = await person("Anna");
    const bruno = await person("Bruno");
    // A rated match from the lobby, won by Bruno, and a game still in play: no creator, no creator's secret.
    const rated = await seekGame(anna, bruno, true);
    await playThenResign(rated, anna);
    await drained(rated.id);
    const playing = await seekGame(anna, bruno, false);
    await drained(playing.id);
    const rating = (await pageOf(bruno)).ratings[0].rating as number;
    expect(rating).toBeGreaterThan(1500);
    const gamesBefore = (await call("/api/me/games", { token: bruno.key, headers: bruno.from })).body.games as { id: string }[];
    expect(gamesBefore.map((g) => g.id).sort()).toEqual([rated.id, playing.id].sort());

    // One device, no email, no code: where he stands.
    expect((await me(bruno)).body.recovery).toEqual({ code: null, used: null, voidedAt: null, email: false });
    // His notifications reach a webhook (no address to sign in by).
    const hookName = unique("bruno-recovery");
    const subscribed = await call("/api/me/notifications", {
      token: bruno.key,
      headers: bruno.from,
      body: { channel: "webhook", url: await hook(hookName) },
    });
    expect(subscribed.status).toBe(201);

    // He saves a recovery code: 140 bits in seven groups of four, and a link of it.
    const made = await makeCode(bruno);
    const code = made.body.code as string;
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){6}$/);
    expect(made.body.url).toMatch(new RegExp(`/link#code=${code}$`));
    expect(made.headers.get("Cache-Control")).toBe("no-store");
    const standing = await me(bruno);
    expect(standing.body.recovery.code).toEqual({ createdAt: made.body.createdAt });

    // The phone is lost. A new phone, on another network, types the code as it reads it off paper.
    const phone = newDevice();
    const typed = code.toLowerCase().replace(/-/g, " ");
    const looked = await preview(typed, phone);
    expect(looked.status).toBe(200);
    expect(looked.body).toMatchObject({ kind: "recovery", expiresAt: null, mine: null });
    expect(looked.body.player).toMatchObject({ name: "Bruno", yours: false, games: 2 });
    const linked = await link(typed, phone);
    expect(linked.status).toBe(200);
    expect(linked.body.id).toBe(standing.body.id);

    // His games, seats and rating are all there on the new phone.
    const games = (await call("/api/me/games", { token: phone.key, headers: phone.from })).body.games as { id: string; token: string }[];
    expect(games.map((g) => g.id).sort()).toEqual([rated.id, playing.id].sort());
    const seat = games.find((g) => g.id === playing.id)!;
    const opened = await call(`/api/games/${playing.id}`, { token: seat.token, headers: { "X-Player-Key": phone.key, ...phone.from } });
    expect(opened.status).toBe(200);
    expect(opened.body.view.hand.myHand.length).toBeGreaterThan(0);
    expect((await pageOf(bruno)).ratings[0].rating).toBe(rating);
    const onPhone = await me(phone);
    expect(onPhone.body.standing).toEqual(standing.body.standing);
    expect(onPhone.body.recovery).toMatchObject({
      code: null,
      used: { device: onPhone.body.devices.find((d: { current: boolean }) => d.current).id },
    });

    // Spent: a second use, even by the same phone's twin, is refused as a code that never was.
    for (const again of [preview(code, newDevice()), link(code, newDevice())]) {
      const refused = await again;
      expect(refused.status).toBe(404);
      expect(refused.body.error.code).toBe("LINK_CODE_INVALID");
    }

    // His devices are told that a new device joined (a webhook here), naming the device, never the code.
    const told = await until(
      async () => (await received(hookName)).find((r) => r.body.includes("recoveryUsed")),
      HANG_GUARD,
      "the webhook",
    );
    expect(told.body).toContain("Telefono nuovo");

    // The code appears in no answer but the one that made it, in no log line, and in nothing D1 keeps.
    const others = seen.filter((text) => text !== made.text);
    expect(appears(code, others)).toBe(false);
    expect(appears(code, await storedText())).toBe(false);
    expect(
      appears(
        code,
        (await received(hookName)).map((r) => JSON.stringify(r)),
      ),
    ).toBe(false);
  });

  it("has one code at a time: a new one voids the old, and so does removing a device", async () => {
    const carla = await person("Carla");
    const first = (await makeCode(carla)).body.code as string;
    const second = (await makeCode(carla)).body.code as string;
    expect(second).not.toBe(first);
    expect((await preview(first, newDevice())).body.error.code).toBe("LINK_CODE_INVALID");
    expect((await preview(second, newDevice())).status).toBe(200);

    // A device of hers removed (the code may have been saved on it): the code stops working, and she is told why.
    const laptop = newDevice();
    const shown = await call("/api/me/link-codes", { token: carla.key, headers: carla.from, method: "POST" });
    expect((await link(shown.body.code, laptop, "Laptop")).status).toBe(200);
    const third = (await makeCode(carla)).body.code as string;
    const laptopId = (await me(laptop)).body.devices.find((d: { current: boolean }) => d.current).id;
    expect((await call(`/api/me/devices/${laptopId}`, { token: carla.key, headers: carla.from, method: "DELETE" })).status).toBe(200);
    expect((await preview(third, newDevice())).body.error.code).toBe("LINK_CODE_INVALID");
    const after = (await me(carla)).body.recovery;
    expect(after.code).toBeNull();
    expect(after.voidedAt).not.toBeNull();

    // Her own device typing her code spends nothing: it is still there for the day she needs it.
    const fourth = (await makeCode(carla)).body.code as string;
    expect((await link(fourth, carla)).status).toBe(200);
    expect((await preview(fourth, newDevice())).status).toBe(200);
  });

  it("used by someone else: her devices are told, and she removes the stranger's device", async () => {
    const dora = await person("Dora");
    const other = await person("Ezio");
    const game = await seekGame(dora, other, false);
    await drained(game.id);
    const code = (await makeCode(dora)).body.code as string;
    // Someone finds the printed code, and links a phone of theirs with it.
    const stranger = newDevice();
    expect((await link(code, stranger, "Dora's laptop")).status).toBe(200);
    const strangerId = (await me(stranger)).body.devices.find((d: { current: boolean }) => d.current).id;
    // Dora's own phone is told: her code was used, by which device.
    const mine = (await me(dora)).body;
    expect(mine.recovery.used.device).toBe(strangerId);
    expect(mine.devices.map((d: { id: string }) => d.id)).toContain(strangerId);
    // She removes it: it opens nothing of hers from then on.
    expect((await call(`/api/me/devices/${strangerId}`, { token: dora.key, headers: dora.from, method: "DELETE" })).status).toBe(200);
    expect((await me(stranger)).body.error.code).toBe("DEVICE_REMOVED");
    const seat = game.players.indexOf(dora);
    const refused = await call(`/api/games/${game.id}`, {
      token: game.tokens[seat],
      headers: { "X-Player-Key": stranger.key, ...stranger.from },
    });
    expect(refused.status).toBe(401);
  });
});

describe("a made-up recovery code", () => {
  it("is refused like any wrong code, and tries are limited per network (an IPv6 /64)", async () => {
    const net = (n: number, host: number) => ({ "CF-Connecting-IP": `2001:db8:7e57:${n.toString(16)}::${host.toString(16)}` });
    const alphabet = "0123456789ABCDEFGHJKMNPQRSTVWXYZ";
    const guess = () =>
      Array.from({ length: 7 }, () => Array.from({ length: 4 }, () => alphabet[Math.floor(Math.random() * 32)]).join("")).join("-");
    const k = newToken();
    // Sixty tries an hour from one /64, each from an address of its own within it.
    for (let i = 1; i <= 60; i++) {
      const tried = await preview(guess(), { key: k, from: net(1, i) });
      expect(tried.status, `try ${i}`).toBe(404);
      expect(tried.body.error.code).toBe("LINK_CODE_INVALID");
    }
    for (const attempt of [preview(guess(), { key: k, from: net(1, 999) }), link(guess(), { key: k, from: net(1, 1000) })]) {
      const limited = await attempt;
      expect(limited.status).toBe(429);
      expect(limited.body.error.code).toBe("RATE_LIMITED");
    }
    // Another network is not held back by that one.
    expect((await preview(guess(), { key: k, from: net(2, 1) })).status).toBe(404);
  });
});
