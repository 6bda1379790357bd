import { afterEach, describe, expect, it } from "vitest";
import { hashToken, newToken } from "../../src/server/auth";
import { PLAYER_DEFAULT_EVENTS } from "../../src/shared/wire/notifications";
import { alarm, clockGame, DAY, HOUR, playTurn, realTime, setTime, T0 } from "./clock-helpers";
import { call, createGame, move, openSocket, type PeopleGame, trueTable, view } from "./helpers";
import { HANG_GUARD, hook, received, subscribe, unique, until } from "./notify/helpers";
import { person, open as ratedOpen } from "./rated-helpers";

/**
 * The creator's fresh link for an opened seat (room/reissue.ts) is for a player who is really gone: a turn of
 * their own ran out of their time since they were last at the table, a day or more ago, and they are neither
 * away on a declared absence nor at the table now. Played as the player who wants someone else's seat would.
 */

afterEach(() => realTime());

const iso = (ms: number) => new Date(ms).toISOString();
const open = (game: PeopleGame, seat: number, key: string) =>
  call(`/api/games/${game.id}`, { token: game.seats[seat]!.token, headers: { "X-Player-Key": key } });
const freshLink = (game: PeopleGame, seat: number) =>
  call(`/api/games/${game.id}/seats/${seat}/link`, { token: game.host.token, body: {} });
const hostSeats = async (game: PeopleGame) => (await call(`/api/games/${game.id}/seats`, { token: game.host.token })).body.seats;
const turnOf = async (game: PeopleGame) => (await trueTable(game.id)).state.hand!.turn;

describe("a fresh link for an opened seat", () => {
  it("is refused while the seat's player is away on a declared absence, however long the creator waits", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d" });
    const bruno = await turnOf(game);
    const key = newToken();
    expect((await open(game, bruno, key)).status).toBe(200);
    await alarm(game.id); // D1 learns the seat's player, whose absences then reach the room
    const declared = await call("/api/me/absences", { token: key, body: { from: iso(T0 + 2 * HOUR), until: iso(T0 + 4 * DAY) } });
    expect(declared.status).toBe(201);
    // 28 hours on: a day per move, but Bruno's clock stopped for his absence.
    setTime(T0 + 28 * HOUR);
    await alarm(game.id);
    const refused = await freshLink(game, bruno);
    expect(refused.status).toBe(409);
    expect(refused.body.error).toMatchObject({ code: "SEAT_TAKEN", away: { reason: "absent", after: iso(T0 + 4 * DAY) } });
    expect((await hostSeats(game))[bruno].freshLink).toMatchObject({ allowed: false, reason: "absent" });
    // Back from it, his turn has the rest of its day: still his.
    setTime(T0 + 4 * DAY + HOUR);
    await alarm(game.id);
    expect((await freshLink(game, bruno)).body.error.away.reason).toBe("playing");
    // His link still opens his seat.
    expect((await open(game, bruno, key)).status).toBe(200);
  });

  it("never counts other players' turns: a seat that waited 60 hours on three others is not gone at the start of its own", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d" }, 4);
    for (const seat of [0, 1, 2, 3]) expect((await open(game, seat, newToken())).status).toBe(200);
    for (const hours of [20, 40, 60]) {
      setTime(T0 + hours * HOUR);
      await playTurn(game);
    }
    const waiting = await turnOf(game);
    const refused = await freshLink(game, waiting);
    expect(refused.status).toBe(409);
    expect(refused.body.error.away).toEqual({ reason: "playing", after: iso(T0 + 84 * HOUR) });
    // Only once its own day ran out does it count as gone.
    setTime(T0 + 84 * HOUR + 1);
    await alarm(game.id);
    const fresh = await freshLink(game, waiting);
    expect(fresh.status, fresh.text).toBe(200);
  });

  it("never lets the creator, sitting on their own turn, take the opponent's seat and resign it", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d" });
    const bruno = await turnOf(game);
    const anna = 1 - bruno;
    expect((await open(game, bruno, newToken())).status).toBe(200);
    expect((await open(game, anna, newToken())).status).toBe(200);
    expect(await playTurn(game)).toBe(bruno);
    // Anna, the creator, sits 25 hours on her own turn.
    setTime(T0 + 25 * HOUR);
    await alarm(game.id);
    const refused = await freshLink(game, bruno);
    expect(refused.status, refused.text).toBe(409);
    expect(refused.body.error.away.reason).toBe("playing");
    // No fresh link to open with a second key of hers: Bruno's seat is his, and the match goes on.
    const opened = await open(game, bruno, newToken());
    expect(opened.status, opened.text).toBe(409);
    expect(opened.body.error.code).toBe("SEAT_TAKEN");
    expect((await view(game.id)).status).toBe("playing");
  });

  it("is refused while the player watches the table on an open WebSocket, and counts them as seen when it closes", async () => {
    setTime(T0);
    const game = await clockGame({ perMove: "1d", timeout: "computer" });
    const bruno = await turnOf(game);
    expect((await open(game, bruno, newToken())).status).toBe(200);
    await playTurn(game);
    setTime(T0 + HOUR);
    await playTurn(game);
    const socket = await openSocket(game.id, game.seats[bruno]!.token);
    // He watches, and his time runs out: the computer plays for him.
    setTime(T0 + 26 * HOUR);
    await alarm(game.id);
    expect((await freshLink(game, bruno)).body.error.away.reason).toBe("connected");
    setTime(T0 + 50 * HOUR);
    socket.close();
    await until(async () => (await freshLink(game, bruno)).body.error?.away?.reason === "playing", HANG_GUARD, "the socket's close");
  });

  it("is given once the player is gone; the old link then says what became of the seat, and its player is told", async () => {
    setTime(T0);
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], clock: { perMove: "1d", timeout: "computer" } } as never);
    const bruno = await turnOf(game);
    const key = newToken();
    expect((await open(game, bruno, key)).status).toBe(200);
    const name = unique("bruno");
    const made = await subscribe({
      channel: "webhook",
      target: await hook(name),
      ownerHash: hashToken(key),
      events: [...PLAYER_DEFAULT_EVENTS],
    });
    await hook(name, { secret: made.secret });
    expect(await playTurn(game)).toBe(bruno);
    setTime(T0 + HOUR);
    await playTurn(game);
    // His turn began an hour after he was last seen; its day ran out, and he stayed away: the computer plays for him.
    setTime(T0 + HOUR + DAY - 1);
    await alarm(game.id);
    expect((await hostSeats(game))[bruno].freshLink).toMatchObject({ allowed: false, reason: "playing", after: iso(T0 + HOUR + DAY) });
    setTime(T0 + HOUR + DAY + 1);
    await alarm(game.id);
    expect((await hostSeats(game))[bruno].freshLink).toEqual({ allowed: true, reason: "gone", after: null });
    const fresh = await freshLink(game, bruno);
    expect(fresh.status, fresh.text).toBe(200);

    const old = await open(game, bruno, key);
    expect(old.status).toBe(401);
    expect(old.body.error.code).toBe("SEAT_REISSUED");
    await alarm(game.id);
    const told = await until(
      async () => (await received(name)).map((r) => JSON.parse(r.body)).find((e) => e.type === "game.seatReissued") ?? null,
      15_000,
      "the seatReissued webhook",
    );
    const names = ["Anna", "Bruno"];
    expect(told.data).toMatchObject({ seat: bruno, text: `${names[bruno]}, your seat in Burraco was given a new link` });
    expect(told.data.url).toBe(`https://burraco.test/game/${game.id}`);
    const events = (await call(`/api/games/${game.id}/events?since=0`)).body.events as { type: string; seat?: number }[];
    expect(events.filter((e) => e.type === "seatReissued")).toEqual([expect.objectContaining({ seat: bruno })]);
    // Whoever opens the fresh link has the seat, and takes it back from the computer by playing.
    const newcomer = newToken();
    const seat = await call(`/api/games/${game.id}`, { token: fresh.body.token, headers: { "X-Player-Key": newcomer } });
    expect(seat.body.viewer).toBe(bruno);
    if ((await turnOf(game)) === bruno) {
      const drew = await move(game.id, fresh.body.token, { type: "draw" }, (await trueTable(game.id)).version);
      expect(drew.status).toBe(200);
    }
  });

  it("without a clock, once a turn of the player's own has waited a week, their absences not counting", async () => {
    setTime(T0);
    const game = await createGame({ players: 2 });
    const bruno = await turnOf(game);
    const key = newToken();
    expect((await open(game, bruno, key)).status).toBe(200);
    await playTurn(game);
    setTime(T0 + HOUR);
    await playTurn(game);
    expect(await turnOf(game)).toBe(bruno);
    expect((await call("/api/me/absences", { token: key, body: { from: iso(T0 + 2 * DAY), until: iso(T0 + 5 * DAY) } })).status).toBe(201);
    setTime(T0 + 8 * DAY);
    const refused = await freshLink(game, bruno);
    expect(refused.body.error.away).toEqual({ reason: "playing", after: iso(T0 + HOUR + 10 * DAY) });
    setTime(T0 + HOUR + 10 * DAY);
    expect((await freshLink(game, bruno)).status).toBe(200);
  });

  it("is given at any time for a seat nobody opened, never for a computer player's seat or a finished match's", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Marco"] });
    expect((await freshLink(game, 1)).status).toBe(200);
    const versus = await call("/api/games", { body: { players: 2, seats: [{ name: "Anna" }, { computer: "club" }] } });
    const host = versus.body.host.token;
    const computer = await call(`/api/games/${versus.body.id}/seats/1/link`, { token: host, body: {} });
    expect(computer.body.error.away.reason).toBe("computer");
    const over = await createGame({ players: 2 });
    const first = await turnOf(over);
    await open(over, first, newToken());
    expect((await move(over.id, over.seats[first]!.token, { type: "resign" }, (await trueTable(over.id)).version)).status).toBe(200);
    expect((await freshLink(over, first)).body.error.away.reason).toBe("over");
  });

  it("is given at once for a friend's seat the creator opened by mistake, on any device of theirs, and tells nobody", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Giulia"] });
    const anna = newToken();
    const annaPhone = newToken();
    expect((await open(game, 0, anna)).status).toBe(200);
    // Anna taps "Play this seat" on Giulia's row: the seat is now hers, and Giulia's link no longer opens it.
    expect((await open(game, 1, anna)).status).toBe(200);
    expect((await open(game, 1, newToken())).status).toBe(409);
    // Without her key the creator's secret sees a seat opened by its player, as before.
    expect((await hostSeats(game))[1].freshLink).toMatchObject({ allowed: false, reason: "playing" });
    const asAnna = { token: game.host.token, headers: { "X-Player-Key": anna } };
    const seats = (await call(`/api/games/${game.id}/seats`, asAnna)).body.seats;
    expect(seats[1].freshLink).toEqual({ allowed: true, reason: "yours", after: null });
    // Her own seat is hers to give back too; nobody else's is.
    expect(seats[0].freshLink).toMatchObject({ allowed: true, reason: "yours" });
    // Her phone, a device of another player until linked, is not her: no seat is its own.
    const asPhone = { token: game.host.token, headers: { "X-Player-Key": annaPhone } };
    expect((await call(`/api/games/${game.id}/seats`, asPhone)).body.seats[1].freshLink.reason).toBe("playing");
    expect((await call(`/api/games/${game.id}/seats/1/link`, { ...asPhone, body: {} })).status).toBe(409);
    const given = await call(`/api/games/${game.id}/seats/1/link`, { ...asAnna, body: {} });
    expect(given.status).toBe(200);
    // The link she opened says what became of the seat; the fresh one opens it for Giulia, whose it is from then on.
    expect((await open(game, 1, anna)).body.error.code).toBe("SEAT_REISSUED");
    const giulia = newToken();
    const fresh = await call(`/api/games/${game.id}`, { token: given.body.token, headers: { "X-Player-Key": giulia } });
    expect(fresh.status).toBe(200);
    expect(fresh.body.viewer).toBe(1);
    // Given back by the one who held it: the log says so, and no notification was made for anyone.
    const log = (await trueTable(game.id)).entries.map((e) => e.body);
    expect(log.filter((b) => b.type === "seatReissued")).toEqual([expect.objectContaining({ seat: 1, player: null })]);
    // Now Giulia's: Anna's key no longer gives it back.
    expect((await call(`/api/games/${game.id}/seats`, asAnna)).body.seats[1].freshLink.reason).toBe("playing");
  });

  it("is not given at once in a rated match: a seat there changes hands only once its player is gone", async () => {
    const anna = await person("Anna");
    const rival = await person("Rivale");
    const game = await createGame({ players: 2, names: ["Anna", null], rated: true, clock: { perMove: "3d" } } as never);
    expect((await ratedOpen(game, 0, anna)).status).toBe(200);
    expect((await ratedOpen(game, 1, rival)).status).toBe(200);
    // Anna, losing, would hand her seat to a friend of hers: her own seat is not hers to give away at once.
    const asAnna = { token: game.host.token, headers: { "X-Player-Key": anna.key, ...anna.from } };
    expect((await call(`/api/games/${game.id}/seats`, asAnna)).body.seats[0].freshLink).toMatchObject({ allowed: false });
    const refused = await call(`/api/games/${game.id}/seats/0/link`, { ...asAnna, body: {} });
    expect(refused.status).toBe(409);
    expect(refused.body.error.code).toBe("SEAT_TAKEN");
  });
});
