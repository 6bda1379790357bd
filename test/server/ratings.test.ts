import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { publicIdOf } from "../../src/server/players/identity";
import { aged, GLICKO, type MatchResult, ratingAfter, ratingsAfterMatch, scoreBetween } from "../../src/server/ratings/glicko";
import { alarm, DAY, playTurn, realTime, setTime, T0 } from "./clock-helpers";
import { call, createGame, move, type PeopleGame, roomStub, seatKey, trueTable } from "./helpers";
import { open, type Person, person } from "./rated-helpers";

/** Ratings (docs/ratings.md): Glicko-2 as published, partners, what is rated, and the public pages. */

const result = (r: Partial<MatchResult>): MatchResult => ({ totals: [0, 0], winner: null, forfeited: null, aborted: false, ...r });

describe("Glicko-2", () => {
  it("reproduces Glickman's worked example (1500/200/0.06 against 1400/30, 1550/100, 1700/300: won, lost, lost)", () => {
    const after = ratingAfter({ rating: 1500, rd: 200, vol: 0.06 }, [
      { opponent: { rating: 1400, rd: 30, vol: 0.06 }, score: 1 },
      { opponent: { rating: 1550, rd: 100, vol: 0.06 }, score: 0 },
      { opponent: { rating: 1700, rd: 300, vol: 0.06 }, score: 0 },
    ]);
    expect(after.rating).toBeCloseTo(1464.06, 1);
    expect(after.rd).toBeCloseTo(151.52, 1);
    // The paper rounds σ' to 0.05999 (exactly 0.0599960).
    expect(after.vol).toBeCloseTo(0.05999, 4);
  });

  it("grows an idle player's deviation, never past the initial one", () => {
    const settled = { rating: 1700, rd: 60, vol: 0.06 };
    expect(aged(settled, 0)).toEqual(settled);
    expect(aged(settled, 1).rd).toBeGreaterThan(60);
    expect(aged(settled, 4).rd).toBeGreaterThan(aged(settled, 1).rd);
    expect(aged(settled, 100_000).rd).toBe(GLICKO.maxRd);
    expect(aged(settled, 3).rating).toBe(1700);
  });

  it("moves both partners by their team's result, each from their own rating", () => {
    const before = [
      { rating: 1500, rd: 350, vol: 0.06 },
      { rating: 1600, rd: 80, vol: 0.06 },
      { rating: 1800, rd: 120, vol: 0.06 },
      { rating: 1550, rd: 200, vol: 0.06 },
    ];
    // Seats 0 and 2 are team 0, seats 1 and 3 team 1; team 0 wins.
    const after = ratingsAfterMatch(before, [0, 1, 0, 1], result({ totals: [2100, 900], winner: 0 }))!;
    expect(after[0]!.rating).toBeGreaterThan(1500);
    expect(after[2]!.rating).toBeGreaterThan(1800);
    expect(after[1]!.rating).toBeLessThan(1600);
    expect(after[3]!.rating).toBeLessThan(1550);
    // The less certain partner moves more.
    expect(after[0]!.rating - 1500).toBeGreaterThan(after[2]!.rating - 1800);
  });

  it("counts a resignation or a timeout as a loss whatever the score, and rates no aborted match", () => {
    const late = result({ totals: [1900, 300], winner: 1, forfeited: 0 });
    expect(scoreBetween(late, 0, 1)).toBe(0);
    expect(scoreBetween(late, 1, 0)).toBe(1);
    const before = [GLICKO.initial, GLICKO.initial];
    const after = ratingsAfterMatch(before, [0, 1], late)!;
    expect(after[0]!.rating).toBeLessThan(1500);
    expect(after[1]!.rating).toBeGreaterThan(1500);
    expect(ratingsAfterMatch(before, [0, 1], result({ aborted: true }))).toBeNull();
    expect(scoreBetween(result({ aborted: true }), 0, 1)).toBeNull();
  });

  it("with three players, the winner beats both others and the other two are ranked by their totals", () => {
    const three = result({ totals: [2050, 1200, 1700], winner: 0 });
    expect([scoreBetween(three, 0, 1), scoreBetween(three, 0, 2), scoreBetween(three, 2, 1), scoreBetween(three, 1, 2)]).toEqual([
      1, 1, 1, 0,
    ]);
    const after = ratingsAfterMatch([GLICKO.initial, GLICKO.initial, GLICKO.initial], [0, 1, 2], three)!;
    expect(after[0]!.rating).toBeGreaterThan(after[2]!.rating);
    expect(after[2]!.rating).toBeGreaterThan(after[1]!.rating);
  });
});

const drained = (id: string) => runDurableObjectAlarm(roomStub(id));

/** A game whose seats are opened by established players' devices, each from their own network (new players unless given). */
async function seated(request: Record<string, unknown>, given?: Person[]): Promise<{ game: PeopleGame; keys: string[]; people: Person[] }> {
  const players = (request.players as number | undefined) ?? 2;
  const names = ["Anna", "Bruno", "Carla", "Dario"].slice(0, players);
  const game = await createGame({ players, names, ...request } as never);
  const people = given ?? (await Promise.all(names.map((name) => person(name))));
  for (const seat of people.keys()) expect((await open(game, seat, people[seat]!)).status).toBe(200);
  return { game, keys: people.map((p) => p.key), people };
}

/** Every seat plays `turns` turns of its own (a real game: docs/ratings.md), then the seat to play resigns; it returns that seat. */
async function playThenResign(game: PeopleGame, turns = 2): Promise<number> {
  for (let i = 0; i < turns * game.seats.length; i++) await playTurn(game);
  const table = await trueTable(game.id);
  const turn = table.state.hand!.turn;
  expect((await move(game.id, game.seats[turn]!.token, { type: "resign" }, table.version)).status).toBe(200);
  return turn;
}

async function publicIdOfKey(key: string): Promise<string> {
  const me = await call("/api/me", { token: key });
  expect(me.status).toBe(200);
  // The player finds their own page from /api/me.
  expect(me.body.publicId).toBe(publicIdOf(me.body.id));
  return me.body.publicId;
}

describe("rated matches", () => {
  afterEach(() => realTime());

  it("refuses a rated match without a clock or with a computer player", async () => {
    const noClock = await call("/api/games", { body: { players: 2, rated: true } });
    expect(noClock.status).toBe(422);
    expect(noClock.body.error.code).toBe("BAD_RATED");
    const computer = await call("/api/games", {
      body: { players: 2, rated: true, clock: { perMove: "1d" }, seats: [{ name: "Anna" }, { computer: "club" }] },
    });
    expect(computer.status).toBe(422);
    expect(computer.body.error.code).toBe("BAD_RATED");
  });

  it("moves both players' ratings once when a rated match ends by resignation, and shows them on the public pages", async () => {
    const { game, keys } = await seated({ rated: true, clock: { perMove: "3d" } });
    // Every viewer is told the match is rated.
    expect((await call(`/api/games/${game.id}`)).body.rated).toBe(true);
    const turn = await playThenResign(game);
    await drained(game.id);
    // A second drain (a retry) records nothing twice.
    await drained(game.id);
    const [loser, winner] = [await publicIdOfKey(keys[turn]!), await publicIdOfKey(keys[1 - turn]!)];
    const lost = await call(`/api/players/${loser}`);
    expect(lost.status).toBe(200);
    expect(lost.body).toMatchObject({ id: loser, name: turn === 0 ? "Anna" : "Bruno", finished: 1, lostOnTime: 0 });
    expect(lost.body.ratings).toHaveLength(1);
    expect(lost.body.ratings[0]).toMatchObject({ preset: "classic", players: 2, games: 1, provisional: true });
    expect(lost.body.ratings[0].rating).toBeLessThan(1500);
    expect(lost.body.ratings[0].deviation).toBeLessThan(350);
    expect(lost.body.recent).toEqual([
      expect.objectContaining({ gameId: game.id, result: "loss", how: "resigned", rated: true, ratingBefore: 1500 }),
    ]);
    const won = await call(`/api/players/${winner}`);
    expect(won.body.ratings[0].rating).toBeGreaterThan(1500);
    expect(won.body.recent[0]).toMatchObject({ result: "win", how: "resigned" });

    const board = await call("/api/leaderboards/classic?players=2");
    expect(board.status).toBe(200);
    const ids = board.body.entries.map((e: { id: string }) => e.id);
    expect(ids.indexOf(winner)).toBeGreaterThanOrEqual(0);
    expect(ids.indexOf(winner)).toBeLessThan(ids.indexOf(loser));
    expect(board.body.entries[0].rank).toBe(1);
    // Nothing private on a public page: neither player id nor a key.
    const me = await call("/api/me", { token: keys[turn]! });
    expect(lost.text).not.toContain(me.body.id);
    expect(lost.text).not.toContain(keys[turn]!);
  });

  it("counts a match lost on time as a loss and as lost on time", async () => {
    setTime(T0);
    const { game, keys } = await seated({ rated: true, clock: { perMove: "1d" } });
    // Two turns each: a real game, whose loss on time is rated.
    for (let i = 0; i < 4; i++) await playTurn(game);
    const late = (await trueTable(game.id)).state.hand!.turn;
    setTime(T0 + 2 * DAY);
    await alarm(game.id);
    const claimed = await call(`/api/games/${game.id}/clock/claim`, {
      method: "POST",
      token: game.seats[1 - late]!.token,
      headers: seatKey(game.seats[1 - late]!.token),
    });
    expect(claimed.status, claimed.text).toBe(200);
    await drained(game.id);
    const page = (await call(`/api/players/${await publicIdOfKey(keys[late]!)}`)).body;
    expect(page).toMatchObject({ finished: 1, lostOnTime: 1 });
    expect(page.recent[0]).toMatchObject({ result: "loss", how: "timeout", rated: true });
    expect(page.ratings[0].rating).toBeLessThan(1500);
  });

  it("moves both partners of a four-player match by their team's result, in the team pool", async () => {
    const { game, keys } = await seated({ players: 4, rated: true, clock: { perMove: "3d" } });
    const turn = await playThenResign(game);
    await drained(game.id);
    for (const seat of [0, 1, 2, 3]) {
      const page = (await call(`/api/players/${await publicIdOfKey(keys[seat]!)}`)).body;
      expect(page.ratings).toEqual([expect.objectContaining({ preset: "classic", players: 4, games: 1 })]);
      // The resigning seat's team (it and its partner opposite) lost; the other team won.
      const lost = seat % 2 === turn % 2;
      expect(page.recent[0]).toMatchObject({ result: lost ? "loss" : "win", how: "resigned" });
      if (lost) expect(page.ratings[0].rating).toBeLessThan(1500);
      else expect(page.ratings[0].rating).toBeGreaterThan(1500);
    }
    expect((await call("/api/leaderboards/classic?players=2")).text).not.toContain(await publicIdOfKey(keys[0]!));
  });

  it("rates two matches of the same players ending at once from one another's result, each once", async () => {
    const first = await seated({ rated: true, clock: { perMove: "3d" } });
    const second = await seated({ rated: true, clock: { perMove: "3d" } }, first.people);
    for (const { game } of [first, second]) {
      for (let i = 0; i < 4; i++) await playTurn(game);
      const table = await trueTable(game.id);
      expect((await move(game.id, game.seats[0]!.token, { type: "resign" }, table.version)).status).toBe(200);
    }
    // Both drains at once; one may lose the race and fail, to be tried again by its room.
    await Promise.allSettled([drained(first.game.id), drained(second.game.id)]);
    await drained(first.game.id).catch(() => {});
    await drained(second.game.id).catch(() => {});
    await drained(first.game.id);
    await drained(second.game.id);
    const page = (await call(`/api/players/${await publicIdOfKey(first.keys[0]!)}`)).body;
    expect(page.finished).toBe(2);
    expect(page.ratings).toEqual([expect.objectContaining({ players: 2, games: 2 })]);
    const [newer, older] = page.recent;
    // The second rating starts where the first ended.
    expect(newer.ratingBefore).toBe(older.ratingAfter);
    expect(newer.ratingAfter).toBeLessThan(newer.ratingBefore);
  });

  it("records an unrated match as finished without touching ratings", async () => {
    const { game, keys } = await seated({ clock: { perMove: "3d" } });
    expect((await call(`/api/games/${game.id}`, { token: game.seats[0]!.token, headers: seatKey(game.seats[0]!.token) })).body.rated).toBe(
      false,
    );
    const turn = await playThenResign(game);
    await drained(game.id);
    const page = (await call(`/api/players/${await publicIdOfKey(keys[turn]!)}`)).body;
    expect(page).toMatchObject({ finished: 1, lostOnTime: 0, ratings: [] });
    expect(page.recent[0]).toMatchObject({ rated: false, ratingBefore: null, ratingAfter: null });
  });

  it("answers unknown and malformed ids and pools without a 500", async () => {
    expect((await call(`/api/players/${"0".repeat(20)}`)).status).toBe(404);
    expect((await call("/api/players/not-an-id")).status).toBe(400);
    expect((await call("/api/leaderboards/poker")).status).toBe(400);
    expect((await call("/api/leaderboards/classic?players=5")).status).toBe(400);
    expect((await call("/api/leaderboards/fibur?players=4")).body).toEqual({ preset: "fibur", players: 4, entries: [] });
  });
});
