import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { newToken } from "../../src/server/auth";
import { COMPUTER_NAMES, withComputerNames } from "../../src/server/computer-names";
import { confirmEmail } from "../../src/server/notify/index";
import { alarm, HOUR, playTurn, realTime, setTime, T0 } from "./clock-helpers";
import { call, computerPlays, homeAddress, type PeopleGame, roomStub, seatKey, trueTable } from "./helpers";
import { browserSubscription, hook, mailsTo, mailTo, pushesTo, received, unique, until } from "./notify/helpers";
import { person } from "./rated-helpers";

/**
 * Everyone at a table has a name, the same on every channel: a person who
 * never typed one at the table (asked once, as the player's name) and a
 * computer player (a name of its level, distinct at its table). Once
 * "Giocatore 2" and "Vince Giocatore 3 per tempo" while the table said
 * "Computer · circolo".
 */

/** Words a seat without a name would be called by, in either language. */
const NAMELESS = /Giocatore \d|Player \d|Un giocatore|A player|Computer ·/;

describe("computer players' names", () => {
  it("are natural names of their level, distinct at one table, and never a person's", () => {
    expect(withComputerNames(["Anna", null, null, null], [null, "club", "club", "club"])).toEqual(["Anna", "Franco", "Rosa", "Gino"]);
    expect(withComputerNames(["Franco", null], [null, "club"])).toEqual(["Franco", "Rosa"]);
    expect(withComputerNames([null, null], ["expert", "beginner"])).toEqual([COMPUTER_NAMES.expert[0], COMPUTER_NAMES.beginner[0]]);
    // A name the creator gave stays.
    expect(withComputerNames(["Anna", "Nonna Pina"], [null, "beginner"])).toEqual(["Anna", "Nonna Pina"]);
  });
});

describe("names on every channel", () => {
  afterEach(() => realTime());

  it("a person who never typed one at the table, and a computer seat, are named at the table, in email, push, webhook, my games and a claim's result", async () => {
    setTime(T0);
    const [anna, bruno] = [newToken(), newToken()];
    const brunoFrom = { "CF-Connecting-IP": homeAddress(1) };
    // Bruno is asked his name once (the web client's question: PATCH /api/me); the seat Anna made for him has none.
    expect((await call("/api/me", { method: "PATCH", token: bruno, headers: brunoFrom, body: { name: "Bruno" } })).status).toBe(200);
    const created = await call("/api/games", {
      body: { players: 3, clock: { perMove: "1h" }, seats: [{ name: "Anna" }, {}, { computer: "club" }] },
    });
    expect(created.status).toBe(201);
    const game = { id: created.body.id, seats: created.body.seats } as PeopleGame;
    // Bruno subscribes: email, webhook and push.
    const address = `${unique("bruno")}@example.org`;
    const chat = unique("bruno-hook");
    const browser = await browserSubscription();
    expect((await call("/api/me/notifications", { token: bruno, headers: brunoFrom, body: { channel: "email", address } })).status).toBe(
      201,
    );
    const [confirmation] = await mailsTo(address, 1);
    expect(await confirmEmail(env.DB, /confirm#token=([A-Za-z0-9_-]+)/.exec(confirmation!.text)![1]!, Date.now())).toBe(true);
    await call("/api/me/notifications", { token: bruno, headers: brunoFrom, body: { channel: "webhook", url: await hook(chat) } });
    await call("/api/me/notifications", {
      token: bruno,
      headers: brunoFrom,
      body: { channel: "push", endpoint: browser.endpoint, keys: browser.keys },
    });
    await call(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: { "X-Player-Key": anna } });
    const opened = await call(`/api/games/${game.id}`, { token: game.seats[1]!.token, headers: { "X-Player-Key": bruno, ...brunoFrom } });
    expect(opened.status).toBe(200);

    // The table.
    expect(opened.body.seats.map((s: { name: string | null }) => s.name)).toEqual(["Anna", "Bruno", "Franco"]);

    // A round or more: every seat plays a turn (the computer its own), until it is Bruno's turn again.
    for (let i = 0; i < 12; i++) {
      const turn = (await trueTable(game.id)).state.hand!.turn;
      if (i >= 3 && turn === 1) break;
      if (turn === 2) await computerPlays(game.id);
      else await playTurn(game);
    }
    await runDurableObjectAlarm(roomStub(game.id));
    const mails = await until(async () => {
      const got = (await mailTo(address)).filter((m) => m !== confirmation && !/confirm/i.test(m.subject));
      return got.length > 0 ? got : null;
    });
    const hooks = await until(async () => ((await received(chat)).length > 0 ? received(chat) : null));
    const pushes = await until(async () => ((await pushesTo(browser)).length > 0 ? pushesTo(browser) : null));
    const said = [...mails.map((m) => `${m.subject}\n${m.text}`), ...hooks.map((h) => h.body), ...pushes];
    for (const text of said) expect(text).not.toMatch(NAMELESS);
    expect(said.join("\n")).toContain("Franco");
    expect(hooks.some((h) => JSON.parse(h.body).data.names?.join() === "Anna,Bruno,Franco")).toBe(true);

    // My games.
    const mine = await call("/api/me/games", { token: bruno, headers: brunoFrom });
    expect(mine.body.games.find((g: { id: string }) => g.id === game.id)?.names).toEqual(["Anna", "Bruno", "Franco"]);

    // A claim's result: Bruno runs out of time, Anna claims; every team is named in what Bruno hears.
    const table = await trueTable(game.id);
    expect(table.state.hand!.turn).toBe(1);
    setTime(T0 + 3 * HOUR);
    await alarm(game.id);
    const claimed = await call(`/api/games/${game.id}/clock/claim`, {
      method: "POST",
      token: game.seats[0]!.token,
      headers: seatKey(game.seats[0]!.token),
    });
    expect(claimed.status, claimed.text).toBe(200);
    await runDurableObjectAlarm(roomStub(game.id));
    const ended = await until(async () => {
      const all = await received(chat);
      return all.some((h) => /claimed|over/i.test(JSON.parse(h.body).type)) ? all : null;
    });
    const after = await until(async () => {
      const got = (await mailTo(address)).filter((m) => /Anna/.test(m.subject) && m.text.includes("Franco"));
      return got.length > 0 ? got : null;
    });
    for (const text of [...ended.map((h) => h.body), ...after.map((m) => `${m.subject}\n${m.text}`)]) expect(text).not.toMatch(NAMELESS);
  });

  it("a player who gave a name only when joining a rated seek is named on the table, their page and the leaderboard", async () => {
    const anna = await person("Anna");
    const bruno = newToken();
    const brunoFrom = { "CF-Connecting-IP": homeAddress(2) };
    const me = await call("/api/me", { token: bruno, headers: brunoFrom });
    expect(me.body.name).toBeNull();
    await env.DB.prepare("UPDATE players SET established_at = ? WHERE id = ?").bind(Date.now(), me.body.id).run();
    const seek = await call("/api/seeks", {
      token: anna.key,
      headers: anna.from,
      body: { players: 2, preset: "fibur", clock: { perMove: "2d" }, rated: true, name: "Anna" },
    });
    const joined = await call(`/api/seeks/${seek.body.seek.id}/join`, { token: bruno, headers: brunoFrom, body: { name: "Bruno" } });
    expect(joined.status).toBe(200);
    const id = joined.body.game.id as string;
    const annaSeat = (await call("/api/seeks/mine", { token: anna.key })).body.seeks.find(
      (s: { seek: { id: string } }) => s.seek.id === seek.body.seek.id,
    ).game;
    const game = { id, seats: [{ token: annaSeat.token }, { token: joined.body.game.token }] } as PeopleGame;
    for (let i = 0; i < 4; i++) await playTurn(game);
    const table = await trueTable(id);
    const loser = table.state.hand!.turn;
    expect(
      (
        await call(`/api/games/${id}/moves`, {
          token: game.seats[loser]!.token,
          headers: seatKey(game.seats[loser]!.token),
          body: { move: { type: "resign" }, version: table.version },
        })
      ).status,
    ).toBe(200);
    await runDurableObjectAlarm(roomStub(id));
    expect((await call(`/api/games/${id}`)).body.seats.map((s: { name: string }) => s.name)).toEqual(["Anna", "Bruno"]);
    const page = await call(`/api/players/${me.body.publicId}`);
    expect(page.body.name).toBe("Bruno");
    const board = await call("/api/leaderboards/fibur?players=2");
    expect(board.body.entries.find((e: { id: string }) => e.id === me.body.publicId)?.name).toBe("Bruno");
    expect(board.text).not.toMatch(NAMELESS);
  });
});
