import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { alarm, clockGame, clockOf, DAY, HOUR, publicEvents, realTime, setTime, T0 } from "./clock-helpers";
import { call, roomStub, view } from "./helpers";

afterEach(() => realTime());

const iso = (ms: number) => new Date(ms).toISOString();

/** A game with a clock whose seat to play is linked to `key` (its first use carries the player key). */
async function linkedGame(key: string, perMove = "3d") {
  const game = await clockGame({ perMove });
  const seat = (await view(game.id)).view.hand!.turn;
  await call(`/api/games/${game.id}`, { token: game.seats[seat]!.token, headers: { "X-Player-Key": key } });
  await runDurableObjectAlarm(roomStub(game.id)); // D1 learns the seat's player
  return { game, seat };
}

function declare(key: string, from: number, until: number) {
  return call("/api/me/absences", { token: key, body: { from: iso(from), until: iso(until) } });
}

describe("absences", () => {
  it("stops every running clock of the player for the absence, shows it to everyone, and resumes after it", async () => {
    setTime(T0);
    const key = "absence-player-key-0123456789a";
    const { game, seat } = await linkedGame(key);
    const declared = await declare(key, T0 + DAY, T0 + 5 * DAY);
    expect(declared.status).toBe(201);
    expect(declared.body).toMatchObject({ from: iso(T0 + DAY), until: iso(T0 + 5 * DAY), cancelled: false });
    let clock = await clockOf(game.id);
    expect(clock.seats[seat]!.away).toEqual({ from: iso(T0 + DAY), until: iso(T0 + 5 * DAY) });
    expect(clock.turn!.deadline).toBe(iso(T0 + 7 * DAY));
    expect((await publicEvents(game.id)).filter((e) => e.type === "absence")).toMatchObject([
      { seat, from: iso(T0 + DAY), until: iso(T0 + 5 * DAY) },
    ]);
    setTime(T0 + 3 * DAY);
    clock = await clockOf(game.id);
    expect(clock.turn).toMatchObject({ away: true, left: 2 * DAY });
    // Nothing falls due while the player is away.
    await alarm(game.id);
    expect((await publicEvents(game.id)).filter((e) => e.type === "reminder" || e.type === "timedOut")).toEqual([]);
    setTime(T0 + 6 * DAY);
    expect((await clockOf(game.id)).turn).toMatchObject({ away: false, left: DAY });
  });

  it("lists and cancels absences: cancelled ahead it never was, cancelled during it the clocks run again at once", async () => {
    setTime(T0);
    const key = "absence-cancel-player-key-0123";
    const { game } = await linkedGame(key);
    const ahead = (await declare(key, T0 + 2 * HOUR, T0 + DAY)).body;
    const later = (await declare(key, T0 + 2 * DAY, T0 + 4 * DAY)).body;
    const listed = await call("/api/me/absences", { token: key });
    expect(listed.body.absences.map((a: { id: string }) => a.id)).toEqual([ahead.id, later.id]);
    expect(listed.body.year).toMatchObject({ usedDays: 2.92, leftDays: 27.08 }); // 22 hours and 2 days
    expect((await call(`/api/me/absences/${ahead.id}`, { method: "DELETE", token: key })).body.cancelled).toBe(true);
    expect((await clockOf(game.id)).turn!.deadline).toBe(iso(T0 + 5 * DAY));
    setTime(T0 + 3 * DAY);
    const cut = await call(`/api/me/absences/${later.id}`, { method: "DELETE", token: key });
    expect(cut.body).toMatchObject({ cancelled: true, until: iso(T0 + 3 * DAY) });
    const clock = await clockOf(game.id);
    expect(clock.turn).toMatchObject({ away: false, deadline: iso(T0 + 4 * DAY) });
    expect((await call("/api/me/absences/nope", { method: "DELETE", token: key })).status).toBe(404);
    expect((await call(`/api/me/absences/${later.id}`, { method: "DELETE", token: "another-player-key-01234567" })).status).toBe(404);
  });

  it.each([
    ["less than an hour ahead", 30 * 60_000, 2 * DAY, "notice"],
    ["ending before it starts", 2 * DAY, DAY, "order"],
    ["longer than 14 days", DAY, 16 * DAY, "longest"],
  ])("refuses an absence %s, saying which limit", async (_, from, until, limit) => {
    setTime(T0);
    const answer = await declare("absence-limits-player-key-01234", T0 + from, T0 + until);
    expect(answer.status).toBe(422);
    expect(answer.body.error).toMatchObject({ code: "BAD_ABSENCE", limit });
  });

  it("refuses overlaps and more than 30 days in a calendar year", async () => {
    setTime(T0);
    const key = "absence-year-player-key-0123456";
    expect((await declare(key, T0 + DAY, T0 + 15 * DAY)).status).toBe(201);
    const overlap = await declare(key, T0 + 10 * DAY, T0 + 20 * DAY);
    expect(overlap.body.error).toMatchObject({ code: "BAD_ABSENCE", limit: "overlap" });
    expect(overlap.body.error.message).toMatch(/overlaps/);
    expect((await declare(key, T0 + 20 * DAY, T0 + 34 * DAY)).status).toBe(201);
    const third = await declare(key, T0 + 40 * DAY, T0 + 43 * DAY);
    expect(third.status).toBe(422);
    expect(third.body.error).toMatchObject({ code: "BAD_ABSENCE", limit: "year" });
    expect(third.body.error.message).toMatch(/30 days in a calendar year: 2\.0 days are left/);
    expect((await declare(key, T0 + 40 * DAY, T0 + 42 * DAY)).status).toBe(201);
  });

  it("stops the clock of a seat linked to the player after the absence was declared", async () => {
    setTime(T0);
    const key = "absence-later-player-key-012345";
    expect((await declare(key, T0 + DAY, T0 + 3 * DAY)).status).toBe(201);
    const { game, seat } = await linkedGame(key);
    expect((await clockOf(game.id)).seats[seat]!.away).toEqual({ from: iso(T0 + DAY), until: iso(T0 + 3 * DAY) });
    expect((await clockOf(game.id)).turn!.deadline).toBe(iso(T0 + 5 * DAY));
  });

  it("needs the player's key", async () => {
    expect((await call("/api/me/absences")).status).toBe(401);
    expect((await call("/api/me/absences", { body: { from: iso(T0), until: iso(T0 + DAY) } })).status).toBe(401);
  });
});
