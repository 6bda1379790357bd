import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { newGameId, newToken } from "../../src/server/auth";
import { ESTABLISHED } from "../../src/server/ratings/standing";
import { verdict } from "../../src/server/ratings/verdict";
import { gameInit } from "../../src/server/validate";
import { alarm, DAY, playTurn, realTime, setTime, T0 } from "./clock-helpers";
import { call, computerPlays, createGame, homeAddress, move, type PeopleGame, roomStub, seatKey, trueTable } from "./helpers";
import { confirmTokenIn, mailsTo, unique } from "./notify/helpers";
import { open, type Person, pageOf, person } from "./rated-helpers";

/**
 * What a rating requires (docs/ratings.md, "Who plays rated" and "Which
 * matches are rated"): the farms that once took a player from 1500 to 2100
 * in twenty matches, each played here and expected to gain nothing.
 */

const drained = (id: string) => runDurableObjectAlarm(roomStub(id));
const RATED = { rated: true, clock: { perMove: "3d" } } as const;

/** A rated game of two, created by whoever (no key needed to create). */
const ratedGame = (extra: Record<string, unknown> = {}) => createGame({ players: 2, names: ["Anna", null], ...RATED, ...extra } as never);

/** Every seat plays `turns` turns of its own, then seat `loser` resigns at its next turn. */
async function playThenResign(game: PeopleGame, loser: number, turns = 2): Promise<void> {
  for (let i = 0; i < turns * game.seats.length; i++) await playTurn(game);
  while ((await trueTable(game.id)).state.hand!.turn !== loser) await playTurn(game);
  const table = await trueTable(game.id);
  expect((await move(game.id, game.seats[loser]!.token, { type: "resign" }, table.version)).status).toBe(200);
}

/** The player's rating in the classic 2-player pool, 1500 before any. */
async function ratingOf(who: Person): Promise<number> {
  const page = await pageOf(who);
  return page?.ratings.find((r: { players: number }) => r.players === 2)?.rating ?? 1500;
}

async function onLeaderboard(who: Person): Promise<boolean> {
  const board = await call("/api/leaderboards/classic?players=2");
  return board.body.entries.some((e: { id: string }) => e.id === who.publicId);
}

describe("farming a rating", () => {
  afterEach(() => realTime());

  it("with twenty fresh keys gains nothing: none may open a seat of a rated match, and a seat opened without one is no result", async () => {
    const farmer = await person("Farmer");
    for (let i = 0; i < 20; i++) {
      const game = await ratedGame();
      expect((await open(game, 0, farmer)).status).toBe(200);
      const stooge = newToken();
      const opened = await call(`/api/games/${game.id}`, {
        token: game.seats[1]!.token,
        headers: { "X-Player-Key": stooge, "CF-Connecting-IP": homeAddress(1000 + i) },
      });
      expect(opened.status).toBe(403);
      expect(opened.body.error.code).toBe("NOT_ESTABLISHED");
      expect(opened.body.error.standing).toEqual({ mailbox: false, daysLeft: ESTABLISHED.days, matchesLeft: ESTABLISHED.matches });
      // The seat's link alone (no player key) still plays: the match is then no result for anyone's rating.
      await playThenResign(game, 1);
      await drained(game.id);
      if (i === 0) {
        const ended = await call(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: { "X-Player-Key": farmer.key } });
        expect(ended.body.rating).toEqual({ rated: false, why: "unidentified", seats: [] });
      }
    }
    expect(await ratingOf(farmer)).toBe(1500);
    expect(await onLeaderboard(farmer)).toBe(false);
    // Through the lobby too: a rated seek of the farmer's refuses every fresh key.
    const seek = await call("/api/seeks", {
      token: farmer.key,
      headers: farmer.from,
      body: { players: 2, clock: { perMove: "2d" }, rated: true },
    });
    expect(seek.status).toBe(201);
    for (let i = 0; i < 5; i++) {
      const joined = await call(`/api/seeks/${seek.body.seek.id}/join`, {
        token: newToken(),
        headers: { "CF-Connecting-IP": homeAddress(2000 + i) },
        body: { name: `Stooge ${i}` },
      });
      expect(joined.status).toBe(403);
      expect(joined.body.error.code).toBe("NOT_ESTABLISHED");
    }
  });

  it("with a device linked to the farmer's player gains nothing: a player at two seats is one player", async () => {
    const farmer = await person("Farmer");
    const alt = await person("Alt");
    const game = await ratedGame();
    expect((await open(game, 0, farmer)).status).toBe(200);
    expect((await open(game, 1, alt)).status).toBe(200);
    // The alt's only device joins the farmer's player, the alt's player with it (once D1 knows the seat): its seat is the
    // farmer's now. (Linked alone, the device would no longer play the alt's seat at all: docs/identity.md.)
    await drained(game.id);
    const code = await call("/api/me/link-codes", { token: farmer.key, method: "POST", headers: farmer.from });
    expect((await call("/api/me/devices", { token: alt.key, headers: alt.from, body: { code: code.body.code, merge: true } })).status).toBe(
      200,
    );
    await playThenResign(game, 1);
    await drained(game.id);
    // The seat is the farmer's player's (a merge), or was taken by a device now the farmer's: one person either way.
    const linked = (await call(`/api/games/${game.id}`)).body.rating;
    expect(linked.rated).toBe(false);
    expect(["samePlayer", "samePerson"]).toContain(linked.why);
    expect(await ratingOf(farmer)).toBe(1500);
    // A second device of the farmer's may not open the other seat of a rated match at all.
    const again = await ratedGame();
    expect((await open(again, 0, farmer)).status).toBe(200);
    const laptop = newToken();
    const code2 = await call("/api/me/link-codes", { token: farmer.key, method: "POST", headers: farmer.from });
    expect((await call("/api/me/devices", { token: laptop, body: { code: code2.body.code } })).status).toBe(200);
    const twice = await call(`/api/games/${again.id}`, {
      token: again.seats[1]!.token,
      headers: { "X-Player-Key": laptop, "CF-Connecting-IP": homeAddress(3000) },
    });
    expect(twice.status).toBe(403);
    expect(twice.body.error.code).toBe("SAME_PERSON");
  });

  it("from one network, or with one mailbox, gains nothing: opponents who look like one person are refused", async () => {
    const farmer = await person("Farmer");
    const alt = await person("Alt");
    const game = await ratedGame();
    expect((await open(game, 0, farmer)).status).toBe(200);
    // Another address of the farmer's own /64.
    const home = farmer.from["CF-Connecting-IP"]!.replace(/::7$/, "::beef");
    const sameLine = await call(`/api/games/${game.id}`, {
      token: game.seats[1]!.token,
      headers: { "X-Player-Key": alt.key, "CF-Connecting-IP": home },
    });
    expect(sameLine.status).toBe(403);
    expect(sameLine.body.error.code).toBe("SAME_PERSON");

    // One mailbox, spelt two ways (Gmail ignores dots and +tags), confirmed by both.
    const box = unique("farmer");
    for (const [who, address] of [
      [farmer, `${box}@gmail.com`],
      [alt, `${box.slice(0, 3)}.${box.slice(3)}+alt@gmail.com`],
    ] as const) {
      expect(
        (await call("/api/me/notifications", { token: who.key, headers: who.from, body: { channel: "email", address, events: ["turn"] } }))
          .status,
      ).toBe(201);
      const [mail] = await mailsTo(address, 1);
      expect((await call("/api/notifications/confirm", { body: { token: confirmTokenIn(mail!) } })).status).toBe(200);
    }
    const other = await ratedGame();
    expect((await open(other, 0, farmer)).status).toBe(200);
    const sameBox = await open(other, 1, alt);
    expect(sameBox.status).toBe(403);
    expect(sameBox.body.error.code).toBe("SAME_PERSON");
    expect(await ratingOf(farmer)).toBe(1500);
  });

  it("by resigning or timing out before a real game (two turns each) gains nothing", async () => {
    const [anna, bruno] = [await person("Anna"), await person("Bruno")];
    const game = await ratedGame();
    expect((await open(game, 0, anna)).status).toBe(200);
    expect((await open(game, 1, bruno)).status).toBe(200);
    // One turn each, then a resignation.
    await playTurn(game);
    await playTurn(game);
    const table = await trueTable(game.id);
    const loser = table.state.hand!.turn;
    expect((await move(game.id, game.seats[loser]!.token, { type: "resign" }, table.version)).status).toBe(200);
    await drained(game.id);
    expect((await call(`/api/games/${game.id}`)).body.rating).toMatchObject({ rated: false, why: "tooShort" });
    expect([await ratingOf(anna), await ratingOf(bruno)]).toEqual([1500, 1500]);

    // A timeout after one turn each: lost on time (the page says so), not rated.
    setTime(T0);
    const late = await ratedGame({ clock: { perMove: "1d" } });
    const [carla, dario] = [await person("Carla"), await person("Dario")];
    expect((await open(late, 0, carla)).status).toBe(200);
    expect((await open(late, 1, dario)).status).toBe(200);
    await playTurn(late);
    await playTurn(late);
    const slow = (await trueTable(late.id)).state.hand!.turn;
    setTime(T0 + 2 * DAY);
    await alarm(late.id);
    expect(
      (
        await call(`/api/games/${late.id}/clock/claim`, {
          method: "POST",
          token: late.seats[1 - slow]!.token,
          headers: seatKey(late.seats[1 - slow]!.token),
        })
      ).status,
    ).toBe(200);
    await drained(late.id);
    const page = await pageOf(slow === 0 ? carla : dario);
    expect(page).toMatchObject({ finished: 1, lostOnTime: 1, ratings: [] });
    expect(page.recent[0]).toMatchObject({ how: "timeout", result: "loss", rated: false });
  });

  it("with the computer playing a side gains nothing: a result counts only moves its players made", async () => {
    const [anna, bruno] = [await person("Anna"), await person("Bruno")];
    const game = await ratedGame();
    expect((await open(game, 0, anna)).status).toBe(200);
    expect((await open(game, 1, bruno)).status).toBe(200);
    // Anna hands her seat to the computer from the start; the last person at the table may not (nobody would wait for them).
    expect(
      (
        await call(`/api/games/${game.id}/computer`, {
          token: game.seats[0]!.token,
          headers: seatKey(game.seats[0]!.token),
          body: { on: true, level: "beginner" },
        })
      ).status,
    ).toBe(200);
    const last = await call(`/api/games/${game.id}/computer`, {
      token: game.seats[1]!.token,
      headers: seatKey(game.seats[1]!.token),
      body: { on: true, level: "beginner" },
    });
    expect(last.status).toBe(409);
    // Bruno plays three turns against the computer playing Anna's, then resigns: Anna's side wins, with no move of hers.
    let brunos = 0;
    for (let i = 0; i < 40 && brunos < 3; i++) {
      if ((await trueTable(game.id)).state.hand!.turn === 1) {
        await playTurn(game);
        brunos++;
      } else await computerPlays(game.id);
    }
    while ((await trueTable(game.id)).state.hand!.turn !== 1) await computerPlays(game.id);
    const table = await trueTable(game.id);
    expect(
      table.entries
        .filter((e) => e.body.type === "move" && e.body.seat === 0)
        .every((e) => e.body.type === "move" && e.body.by === "computer"),
    ).toBe(true);
    expect((await move(game.id, game.seats[1]!.token, { type: "resign" }, table.version)).status).toBe(200);
    await drained(game.id);
    expect((await call(`/api/games/${game.id}`)).body.rating).toMatchObject({ rated: false, why: "tooShort" });
    expect([await ratingOf(anna), await ratingOf(bruno)]).toEqual([1500, 1500]);
  });

  it("a match the computer played at every seat is never rated, whatever its result (the verdict)", () => {
    const created = {
      type: "created",
      id: "g",
      rules: { preset: "classic" },
      players: 2,
      names: ["A", "B"],
      firstDealer: 0,
      deals: [],
      clock: { kind: "perMove", perMove: DAY, timeout: "computer" },
      rated: true,
    } as never;
    const turns = (by: "computer" | undefined) =>
      Array.from({ length: 120 }, (_, i) => ({
        body: { type: "move", seat: i % 2, move: { type: "draw" }, id: null, ...(by ? { by } : {}) } as never,
      }));
    const seats = [0, 1].map((seat) => ({
      seat,
      tokenHash: "",
      taken: true,
      name: null,
      playerHash: `p${seat}`,
      network: null,
      device: null,
    }));
    const people = { established: new Set(["p0", "p1"]), mailboxes: new Map(), owners: new Map() };
    const won = { totals: [2105, 1320], winner: 0, forfeited: null, aborted: false };
    expect(verdict({ created, deals: [], entries: turns("computer") }, seats, people, won)).toBe("tooShort");
    // The same match played by its players is rated.
    expect(verdict({ created, deals: [], entries: turns(undefined) }, seats, people, won)).toBeNull();
    // Played by its players but for one turn of the winner's the computer played: its win is not rated.
    const helped = [...turns(undefined), { body: { type: "move", seat: 0, move: { type: "draw" }, id: null, by: "computer" } as never }];
    expect(verdict({ created, deals: [], entries: helped }, seats, people, won)).toBe("computerHelped");
    expect(verdict({ created, deals: [], entries: helped }, seats, people, { ...won, winner: 1, totals: [900, 2100] })).toBeNull();
  });

  it("a side the computer played for gains nothing from its win, and its loss stands", async () => {
    const [anna, bruno] = [await person("Anna"), await person("Bruno")];
    const helped = await ratedGame();
    expect((await open(helped, 0, anna)).status).toBe(200);
    expect((await open(helped, 1, bruno)).status).toBe(200);
    for (let i = 0; i < 4; i++) await playTurn(helped);
    // Anna lets the computer play her next turn, then takes her seat back; Bruno resigns: Anna's win is the computer's too.
    while ((await trueTable(helped.id)).state.hand!.turn !== 1) await playTurn(helped);
    await call(`/api/games/${helped.id}/computer`, {
      token: helped.seats[0]!.token,
      headers: seatKey(helped.seats[0]!.token),
      body: { on: true, level: "beginner" },
    });
    await playTurn(helped);
    for (let i = 0; i < 10 && (await trueTable(helped.id)).state.hand!.turn === 0; i++) await runDurableObjectAlarm(roomStub(helped.id));
    let table = await trueTable(helped.id);
    expect(table.entries.some((e) => e.body.type === "move" && e.body.by === "computer" && e.body.seat === 0)).toBe(true);
    expect((await move(helped.id, helped.seats[1]!.token, { type: "resign" }, table.version)).status).toBe(200);
    await drained(helped.id);
    expect((await call(`/api/games/${helped.id}`)).body.rating).toMatchObject({ rated: false, why: "computerHelped" });
    expect([await ratingOf(anna), await ratingOf(bruno)]).toEqual([1500, 1500]);

    // The other way round: the side the computer helped resigns; its loss is rated.
    const lost = await ratedGame();
    expect((await open(lost, 0, anna)).status).toBe(200);
    expect((await open(lost, 1, bruno)).status).toBe(200);
    for (let i = 0; i < 4; i++) await playTurn(lost);
    while ((await trueTable(lost.id)).state.hand!.turn !== 1) await playTurn(lost);
    await call(`/api/games/${lost.id}/computer`, {
      token: lost.seats[0]!.token,
      headers: seatKey(lost.seats[0]!.token),
      body: { on: true, level: "beginner" },
    });
    await playTurn(lost);
    for (let i = 0; i < 10 && (await trueTable(lost.id)).state.hand!.turn === 0; i++) await runDurableObjectAlarm(roomStub(lost.id));
    table = await trueTable(lost.id);
    expect((await move(lost.id, lost.seats[0]!.token, { type: "resign" }, table.version)).status).toBe(200);
    await drained(lost.id);
    const rating = (await call(`/api/games/${lost.id}`)).body.rating;
    expect(rating.rated).toBe(true);
    expect(await ratingOf(anna)).toBeLessThan(1500);
    expect(await ratingOf(bruno)).toBeGreaterThan(1500);
  });

  it("with prepared deals gains nothing: refused at creation; the service's own unknown deals (a tournament's) may be rated", async () => {
    const deal = (await trueTable((await createGame({ players: 2 })).id)).deals[0]!.deal;
    const refused = await call("/api/games", { body: { players: 2, ...RATED, deals: [deal] } });
    expect(refused.status).toBe(422);
    expect(refused.body.error.code).toBe("BAD_RATED");
    // The flag that lets prepared deals be rated is the service's alone: the API has no such field.
    const smuggled = await call("/api/games", { body: { players: 2, ...RATED, deals: [deal], dealsUnknown: true } });
    expect(smuggled.status).toBe(400);

    // What a tournament's code does: deals nobody at the table knows, made by the service, rated like dealt ones.
    const [anna, bruno] = [await person("Anna"), await person("Bruno")];
    const id = newGameId(env.GAME_ID_KEY);
    const init = gameInit({ players: 2, names: ["Anna", "Bruno"], clock: RATED.clock, deals: [deal] } as never, id);
    if ("ok" in init) throw new Error(init.body.error.message);
    const made = await roomStub(id).create({ ...init, rated: true, dealsUnknown: true });
    expect(made.ok).toBe(true);
    const tokens = made.ok ? made.body.tokens : [];
    const game = { id, seats: tokens.map((token, seat) => ({ seat, token })) } as unknown as PeopleGame;
    expect((await open(game, 0, anna)).status).toBe(200);
    expect((await open(game, 1, bruno)).status).toBe(200);
    expect((await trueTable(id)).deals[0]!.prepared).toBe(true);
    await playThenResign(game, 1);
    await drained(id);
    expect((await call(`/api/games/${id}`)).body.rating).toMatchObject({ rated: true, why: null });
    expect(await ratingOf(anna)).toBeGreaterThan(1500);
  });
});

describe("the rating at the match's end", () => {
  it("is in every snapshot once recorded (1500 → after), and a rated match's rematch is rated too", async () => {
    const [anna, bruno] = [await person("Anna"), await person("Bruno")];
    const game = await ratedGame();
    expect((await open(game, 0, anna)).status).toBe(200);
    expect((await open(game, 1, bruno)).status).toBe(200);
    await playThenResign(game, 1);
    // Before the room has recorded the result, no outcome yet.
    expect((await call(`/api/games/${game.id}`)).body.rating).toBeUndefined();
    await drained(game.id);
    const rating = (await call(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: seatKey(game.seats[0]!.token) })).body
      .rating;
    expect(rating.rated).toBe(true);
    expect(rating.why).toBeNull();
    const [mine, theirs] = [
      rating.seats.find((r: { seat: number }) => r.seat === 0),
      rating.seats.find((r: { seat: number }) => r.seat === 1),
    ];
    expect(mine.before).toBe(1500);
    expect(mine.after).toBe(Math.round(await ratingOf(anna)));
    expect(theirs.after).toBeLessThan(1500);

    const asked = await call(`/api/games/${game.id}/rematch`, {
      method: "POST",
      token: game.seats[0]!.token,
      headers: { "X-Player-Key": anna.key },
    });
    expect(asked.status).toBe(200);
    const other = await call(`/api/games/${game.id}/rematch`, {
      method: "POST",
      token: game.seats[1]!.token,
      headers: { "X-Player-Key": bruno.key },
    });
    const rematch = { id: asked.body.id as string, seats: [] as { seat: number; token: string }[] } as unknown as PeopleGame;
    rematch.seats[asked.body.seat] = { seat: asked.body.seat, token: asked.body.token } as never;
    rematch.seats[other.body.seat] = { seat: other.body.seat, token: other.body.token } as never;
    expect((await call(`/api/games/${rematch.id}`)).body.rated).toBe(true);
    await playThenResign(rematch, other.body.seat);
    await drained(rematch.id);
    expect((await call(`/api/games/${rematch.id}`)).body.rating).toMatchObject({ rated: true });
    expect((await pageOf(anna)).ratings[0].games).toBe(2);
  });
});

describe("an established player", () => {
  afterEach(() => realTime());

  it("is one with a mailbox of their own, a week and three matches played: each shown as it comes, and kept", async () => {
    setTime(T0);
    const key = newToken();
    const from = { "CF-Connecting-IP": homeAddress(4000) };
    const standing = async () => (await call("/api/me", { token: key, headers: from })).body.standing;
    expect(await standing()).toEqual({ established: false, mailbox: false, daysLeft: ESTABLISHED.days, matchesLeft: ESTABLISHED.matches });

    const address = `${unique("giulia")}@example.org`;
    await call("/api/me/notifications", { token: key, headers: from, body: { channel: "email", address, events: ["turn"] } });
    // Not before it is confirmed from its mailbox.
    expect((await standing()).mailbox).toBe(false);
    const [mail] = await mailsTo(address, 1);
    const first = confirmTokenIn(mail!);
    expect((await call("/api/notifications/confirm", { body: { token: first } })).status).toBe(200);
    expect((await standing()).mailbox).toBe(true);

    // Three matches against the computer, two turns of her own in each, then resigned.
    for (let m = 0; m < ESTABLISHED.matches; m++) {
      const created = await call("/api/games", { body: { players: 2, seats: [{ name: "Giulia" }, { computer: "beginner" }] } });
      const token = created.body.seats[0].token as string;
      const game = { id: created.body.id as string, seats: [{ token }] };
      expect((await call(`/api/games/${game.id}`, { token, headers: { "X-Player-Key": key, ...from } })).status).toBe(200);
      for (let turns = 0; turns < 2; ) {
        const table = await trueTable(game.id);
        if (table.state.hand!.turn === 0) {
          await playTurn(game as never);
          turns++;
        } else await runDurableObjectAlarm(roomStub(game.id));
      }
      const table = await trueTable(game.id);
      expect((await move(game.id, token, { type: "resign" }, table.version)).status).toBe(200);
      await drained(game.id);
    }
    expect(await standing()).toEqual({ established: false, mailbox: true, daysLeft: ESTABLISHED.days, matchesLeft: 0 });
    setTime(T0 + ESTABLISHED.days * DAY);
    expect(await standing()).toEqual({ established: true, mailbox: true, daysLeft: 0, matchesLeft: 0 });
    // Kept: the address removed, she is established still.
    const subs = await call("/api/me/notifications", { token: key, headers: from });
    for (const s of subs.body.subscriptions) await call(`/api/me/notifications/${s.id}`, { method: "DELETE", token: key, headers: from });
    expect((await standing()).established).toBe(true);

    // Her mailbox is hers: another player who confirms it too holds no mailbox by it.
    const other = newToken();
    const spelt = address.toUpperCase();
    await call("/api/me/notifications", { token: other, headers: from, body: { channel: "email", address: spelt, events: ["turn"] } });
    const again = (await mailsTo(spelt.toLowerCase(), 2)).map(confirmTokenIn).find((token) => token !== first)!;
    expect((await call("/api/notifications/confirm", { body: { token: again } })).status).toBe(200);
    expect((await call("/api/me", { token: other, headers: from })).body.standing.mailbox).toBe(false);
  });
});
