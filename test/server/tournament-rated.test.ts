import { runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it } from "vitest";
import { hashToken } from "../../src/server/auth";
import { ESTABLISHED } from "../../src/server/ratings/standing";
import { playTurn, realTime } from "./clock-helpers";
import { call, homeAddress, move, type PeopleGame, roomStub, seatKey, trueTable } from "./helpers";
import { type Person, pageOf, person } from "./rated-helpers";
import { createTournament, drainTable, playerKey, runTournament, tournament } from "./tournament-helpers";

/**
 * A rated tournament (docs/tournaments.md, "Rated tournaments"): rated play
 * is for established players who are not the same person
 * (docs/ratings.md), so a rated tournament takes only such entries, told at
 * registration with a typed 403 — never a player who registers and then
 * finds their table unrated or closed to them. Its tables between people
 * are rated matches; a table with the computer never is; an unrated
 * tournament's tables move nobody's rating.
 */

afterEach(realTime);

/** Registers `who` (from their own network unless `from` says otherwise): the answer. */
function enter(id: string, who: Pick<Person, "key" | "from">, from = who.from, body: Record<string, unknown> = {}) {
  return call(`/api/tournaments/${id}/entries`, { token: who.key, headers: from, body });
}

/** A player's seat and token at a game, from their "my games". */
async function seatOf(key: string, game: string): Promise<{ seat: number; token: string }> {
  const mine = await call<{ games: { id: string; seat: number; token: string | null }[] }>("/api/me/games", { token: key });
  const found = mine.body.games.find((g) => g.id === game);
  if (!found?.token) throw new Error(`no seat of this player at ${game}`);
  return { seat: found.seat, token: found.token };
}

/** The player's rating in the classic 2-player pool, 1500 before any. */
async function ratingOf(who: Person): Promise<number> {
  const page = await pageOf(who);
  return page?.ratings.find((r: { players: number }) => r.players === 2)?.rating ?? 1500;
}

/** The table's people play two turns each, then `loser`'s seat resigns: a match played, as the verdict wants. */
async function playThenResign(game: PeopleGame, loser: number): Promise<void> {
  for (let i = 0; i < 2 * game.seats.length; i++) await playTurn(game);
  while ((await trueTable(game.id)).state.hand!.turn !== loser) await playTurn(game);
  const table = await trueTable(game.id);
  expect((await move(game.id, game.seats[loser]!.token, { type: "resign" }, table.version)).status).toBe(200);
}

/** A table of two people as a game the helpers play: each seat's token from its player's "my games". */
async function tableGame(game: string, players: readonly Person[]): Promise<PeopleGame> {
  const seats = await Promise.all(players.map((p) => seatOf(p.key, game)));
  const tokens = seats.sort((a, b) => a.seat - b.seat).map((s) => ({ seat: s.seat, token: s.token, url: "", computer: null }));
  return { id: game, seats: tokens } as unknown as PeopleGame;
}

describe("registering in a rated tournament", () => {
  it("refuses a player who is not established, and a second key of a player already in, with typed 403s", async () => {
    const organiser = playerKey();
    const { id } = await createTournament(organiser, { rated: true });
    const newcomer = await person("Nuovo", false);
    const refused = await enter(id, newcomer);
    expect(refused.status).toBe(403);
    expect(refused.body.error.code).toBe("NOT_ESTABLISHED");
    expect(refused.body.error.standing).toEqual({ mailbox: false, daysLeft: ESTABLISHED.days, matchesLeft: ESTABLISHED.matches });

    const anna = await person("Anna");
    expect((await enter(id, anna)).status).toBe(201);
    // Anna's second key, established too, from Anna's own line: the same person, to be met at a table.
    const second = await person("Annina");
    const twin = await enter(id, second, anna.from);
    expect(twin.status).toBe(403);
    expect(twin.body.error.code).toBe("SAME_PERSON");
    // The same key again is already in; a stranger on a line of their own is welcome.
    expect((await enter(id, anna)).body.error.code).toBe("ALREADY_ENTERED");
    expect((await enter(id, await person("Bruno"))).status).toBe(201);
    // Carla's phone, linked since to Dario's player: whoever holds it now is the person who registered with it.
    const carla = await person("Carla");
    expect((await enter(id, carla)).status).toBe(201);
    const dario = await person("Dario");
    await env.DB.prepare("UPDATE devices SET player_id = ? WHERE key_hash = ?").bind(dario.id, hashToken(carla.key)).run();
    const linked = await enter(id, dario);
    expect(linked.status).toBe(403);
    expect(linked.body.error.code).toBe("SAME_PERSON");
    // The computer may still fill a place: its tables are played unrated.
    expect((await call(`/api/tournaments/${id}/computer`, { token: organiser, body: {} })).status).toBe(200);
    const view = await tournament(id);
    expect(view.settings.rated).toBe(true);
    expect(view.entries.map((e) => e.names)).toEqual([["Anna"], ["Bruno"], ["Carla"], [null]]);
    // What each entry came from is the tournament's own: nowhere in its view or record.
    const text = JSON.stringify([view, (await call(`/api/tournaments/${id}/record`)).body]);
    expect(text).not.toContain("network");
    expect(text).not.toContain("mailbox");
  });

  it("takes a pair's partners from one home, but not an opponent from it; a partner must be established too", async () => {
    const { id } = await createTournament(playerKey(), { rated: true, format: "pairs" });
    const anna = await person("Anna");
    const registered = await enter(id, anna);
    expect(registered.status).toBe(201);
    const token = registered.body.partner.token as string;
    const partner = (who: Pick<Person, "key">, from: Record<string, string>) =>
      call(`/api/tournaments/${id}/partner`, { token: who.key, headers: from, body: { token } });
    const fresh = await partner(await person("Nuovo", false), { "CF-Connecting-IP": homeAddress(900) });
    expect(fresh.status).toBe(403);
    expect(fresh.body.error.code).toBe("NOT_ESTABLISHED");
    // Anna's husband, on Anna's line: partners, never opponents, so welcome.
    expect((await partner(await person("Aldo"), anna.from)).status).toBe(200);
    const neighbour = await enter(id, await person("Carla"), anna.from);
    expect(neighbour.status).toBe(403);
    expect(neighbour.body.error.code).toBe("SAME_PERSON");
  });

  it("takes anyone in an unrated tournament", async () => {
    const { id } = await createTournament(playerKey());
    expect((await enter(id, await person("Nuovo", false))).status).toBe(201);
  });
});

describe("a rated tournament's tables", () => {
  it("are rated matches between people: a finished table moves its players' ratings; a table with the computer is unrated", async () => {
    const organiser = playerKey();
    const { id } = await createTournament(organiser, { rated: true, rounds: 1, odd: "computer" });
    const people = [await person("Anna"), await person("Bruno"), await person("Carla")];
    for (const p of people) expect((await enter(id, p)).status).toBe(201);
    expect((await call(`/api/tournaments/${id}/start`, { token: organiser, method: "POST" })).status).toBe(200);
    await runTournament(id);
    const tables = (await tournament(id)).rounds[0]!.tables;
    expect(tables).toHaveLength(2);
    const withPeople = tables.find((t) => !t.sides.includes(null))!;
    const withComputer = tables.find((t) => t.sides.includes(null))!;
    for (const t of tables) await drainTable(t.game!);

    // The computer's table was made unrated, and says so to its player.
    const alone = people[withComputer.sides.find((s) => s !== null)!]!;
    const mine = await seatOf(alone.key, withComputer.game!);
    expect((await call(`/api/games/${withComputer.game}`, { token: mine.token, headers: seatKey(mine.token) })).body.rated).toBe(false);

    // The people's table: each plays two turns, then seat 0's side resigns.
    const [a, b] = withPeople.sides.map((s) => people[s!]!) as [Person, Person];
    const game = await tableGame(withPeople.game!, [a, b]);
    expect((await call(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: seatKey(game.seats[0]!.token) })).body.rated).toBe(
      true,
    );
    await playThenResign(game, 0);
    await drainTable(game.id);
    expect(
      (await call(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: seatKey(game.seats[0]!.token) })).body.rating,
    ).toMatchObject({ rated: true, why: null });
    expect(await ratingOf(a)).toBeLessThan(1500);
    expect(await ratingOf(b)).toBeGreaterThan(1500);

    // The computer's table played out: its player's rating does not move, whatever the result.
    const computerGame = withComputer.game!;
    for (let i = 0; i < 400 && !(await trueTable(computerGame)).state.over; i++) {
      const table = await trueTable(computerGame);
      if (table.state.hand!.turn === mine.seat) {
        const version = table.version;
        expect((await move(computerGame, mine.token, { type: "resign" }, version)).status).toBe(200);
      } else await runDurableObjectAlarm(roomStub(computerGame));
    }
    await drainTable(computerGame);
    expect((await call(`/api/games/${computerGame}`, { token: mine.token, headers: seatKey(mine.token) })).body.rating).toMatchObject({
      rated: false,
      why: "notAsked",
    });
    expect(await ratingOf(alone)).toBe(1500);
    await runTournament(id);
    expect((await tournament(id)).status).toBe("over");
  });

  it("in an unrated tournament move nobody's rating", async () => {
    const organiser = playerKey();
    const { id } = await createTournament(organiser, { rounds: 1 });
    const people = [await person("Anna"), await person("Bruno")];
    for (const p of people) expect((await enter(id, p)).status).toBe(201);
    expect((await call(`/api/tournaments/${id}/start`, { token: organiser, method: "POST" })).status).toBe(200);
    await runTournament(id);
    const [table] = (await tournament(id)).rounds[0]!.tables;
    await drainTable(table!.game!);
    const game = await tableGame(
      table!.game!,
      table!.sides.map((s) => people[s!]!),
    );
    await playThenResign(game, 0);
    await drainTable(game.id);
    expect(
      (await call(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: seatKey(game.seats[0]!.token) })).body.rating,
    ).toMatchObject({
      rated: false,
      why: "notAsked",
    });
    for (const p of people) expect(await ratingOf(p)).toBe(1500);
  });
});
