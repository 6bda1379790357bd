import { afterEach, describe, expect, it } from "vitest";
import { hashToken, newToken } from "../../src/server/auth";
import { PLAYER_DEFAULT_EVENTS } from "../../src/shared/wire/notifications";
import { clockOf, DAY, HOUR, publicEvents, realTime, setTime, T0 } from "./clock-helpers";
import { call, computerPlays, move, seatKey, trueTable, view } from "./helpers";
import { HANG_GUARD, hook, received, settle, subscribe, unique, until } from "./notify/helpers";

/**
 * A player who is away, against the computer (room/timeouts.ts): a turn the computer plays for a seat is
 * nobody's turn to be told of; with every other seat the computer's, nothing runs ahead at machine speed — the
 * computer plays the late turn once and the player has the next with a fresh deadline, and a second miss
 * adjourns the game; with `claim` and nobody to claim, the game is adjourned at once. Every message the
 * player gets is counted: a bound, not a time.
 */

afterEach(() => realTime());

type Game = { id: string; tokens: (string | null)[] };

/** Giulia (a person, listening by webhook) against the club computer, one hour per move. */
async function versus(timeout: "claim" | "computer"): Promise<{ game: Game; giulia: number; ears: string }> {
  setTime(T0);
  const seats = [{ name: "Giulia" }, { computer: "club" }];
  const created = await call("/api/games", { body: { players: 2, seats, clock: { perMove: "1h", timeout } } });
  expect(created.status, created.text).toBe(201);
  const game = { id: created.body.id, tokens: created.body.seats.map((s: { token: string | null }) => s.token) };
  const key = newToken();
  expect((await call(`/api/games/${game.id}`, { token: game.tokens[0]!, headers: { "X-Player-Key": key } })).status).toBe(200);
  const ears = unique("giulia");
  const made = await subscribe({
    channel: "webhook",
    target: await hook(ears),
    ownerHash: hashToken(key),
    events: [...PLAYER_DEFAULT_EVENTS],
  });
  await hook(ears, { secret: made.secret });
  return { game, giulia: 0, ears };
}

/** The seat to play draws and discards what it drew. */
async function simpleTurn(game: Game, seat: number): Promise<void> {
  const table = await trueTable(game.id);
  expect(table.state.hand!.turn).toBe(seat);
  const drew = await move(game.id, game.tokens[seat]!, { type: "draw" }, table.version);
  expect(drew.status, drew.text).toBe(200);
  const card = drew.body.events.find((e) => e.type === "drew")!.card!;
  expect((await move(game.id, game.tokens[seat]!, { type: "discard", card }, drew.body.version)).status).toBe(200);
}

const posted = async (name: string): Promise<{ type: string; data: Record<string, any> }[]> =>
  (await received(name)).map((r) => JSON.parse(r.body));

/** The computer's moves for `seat` in the log, as discards (one per turn it played). */
async function computerTurns(id: string, seat: number): Promise<number> {
  const table = await trueTable(id);
  return table.entries.filter(
    (e) => e.body.type === "move" && e.body.seat === seat && e.body.by === "computer" && e.body.move.type === "discard",
  ).length;
}

describe("a person against the computer who is away", () => {
  it("with `computer`: the computer plays her late turn once, she has the next with a fresh deadline and one message; a second miss adjourns", async () => {
    const { game, giulia, ears } = await versus("computer");
    await computerPlays(game.id);
    setTime(T0 + 10 * 60_000);
    await simpleTurn(game, giulia);
    await computerPlays(game.id);
    await until(async () => (await posted(ears)).some((e) => e.type === "game.turn"), HANG_GUARD, "her turn");
    await settle(1000);
    const before = (await posted(ears)).length;

    // Two hours pass: her turn ran out an hour ago.
    const late = T0 + 2 * HOUR + 10 * 60_000;
    setTime(late);
    await computerPlays(game.id);
    const table = await trueTable(game.id);
    expect(table.state.over).toBe(false);
    expect(table.state.hand!.turn).toBe(giulia);
    expect(await computerTurns(game.id, giulia)).toBe(1);
    const events = await publicEvents(game.id);
    expect(events.find((e) => e.type === "timedOut")).toMatchObject({ seat: giulia, action: "computer", once: true });
    let clock = await clockOf(game.id);
    expect(clock.turn).toMatchObject({
      seat: giulia,
      deadline: new Date(late + HOUR).toISOString(),
      timedOut: false,
      onTimeout: "adjourn",
    });
    expect(clock.seats[giulia]!.computer).toBe(false);
    const missed = await until(
      async () => (await posted(ears)).find((e) => e.type === "game.turn" && e.data.missed === true) ?? null,
      15_000,
      "the turn that says what happened",
    );
    expect(missed.data.deadline).toBe(new Date(late + HOUR).toISOString());

    // Two days more: the next one runs out too. The game is adjourned, and nothing more is played or sent.
    setTime(T0 + 2 * DAY);
    await computerPlays(game.id);
    expect(await computerTurns(game.id, giulia)).toBe(1);
    clock = await clockOf(game.id);
    expect(clock.adjourned).toEqual({ late: giulia });
    expect(clock.claim).toBeNull();
    expect((await view(game.id)).view.hand!.turn).toBe(giulia);
    await until(async () => (await posted(ears)).some((e) => e.type === "game.timedOut"), HANG_GUARD, "the adjournment");
    await settle(1500);
    // Away two days: one message for the turn the computer played (her next turn's), one for the adjournment.
    const types = (await posted(ears)).slice(before).map((e) => (e.type === "game.timedOut" ? `${e.type}:${e.data.action}` : e.type));
    expect(types).toEqual(["game.turn", "game.timedOut:adjourn"]);

    // She comes back: her move takes up the game, with a clock again.
    setTime(T0 + 3 * DAY);
    await simpleTurn(game, giulia);
    await computerPlays(game.id);
    clock = await clockOf(game.id);
    expect(clock.adjourned).toBeNull();
    expect(clock.turn).toMatchObject({ seat: giulia, deadline: new Date(T0 + 3 * DAY + HOUR).toISOString() });
  });

  it("with `claim` and nobody to claim: the game is adjourned and says so, one message, and her move takes it up again", async () => {
    const { game, giulia, ears } = await versus("claim");
    await computerPlays(game.id);
    setTime(T0 + 10 * 60_000);
    await simpleTurn(game, giulia);
    await computerPlays(game.id);
    expect((await clockOf(game.id)).turn!.onTimeout).toBe("adjourn");
    await until(async () => (await posted(ears)).some((e) => e.type === "game.turn"), HANG_GUARD, "her turn");
    await settle(1000);
    const before = (await posted(ears)).length;
    // Eleven days pass.
    setTime(T0 + 11 * DAY);
    await computerPlays(game.id);
    const clock = await clockOf(game.id);
    expect(clock.claim).toBeNull();
    expect(clock.adjourned).toEqual({ late: giulia });
    expect(await computerTurns(game.id, giulia)).toBe(0);
    expect((await publicEvents(game.id)).find((e) => e.type === "timedOut")).toMatchObject({ seat: giulia, action: "adjourn" });
    const claimed = await call(`/api/games/${game.id}/clock/claim`, {
      method: "POST",
      token: game.tokens[giulia]!,
      headers: seatKey(game.tokens[giulia]!),
    });
    expect(claimed.status).toBe(409);
    const told = await until(
      async () => (await posted(ears)).find((e) => e.type === "game.timedOut") ?? null,
      HANG_GUARD,
      "the adjournment",
    );
    expect(told.data).toMatchObject({ action: "adjourn", seat: giulia });
    expect(told.data.text).toBe("Giulia, your time ran out in Burraco");
    await settle(1500);
    expect((await posted(ears)).slice(before).map((e) => e.type)).toEqual(["game.timedOut"]);
    await simpleTurn(game, giulia);
    await computerPlays(game.id);
    expect((await clockOf(game.id)).turn).toMatchObject({ seat: giulia, timedOut: false });
    expect((await view(game.id)).status).toBe("playing");
  });

  it("refuses to hand her seat to the computer when nobody else is at the table to wait for her", async () => {
    const { game, giulia } = await versus("computer");
    const handed = await call(`/api/games/${game.id}/computer`, {
      token: game.tokens[giulia]!,
      headers: seatKey(game.tokens[giulia]!),
      body: { on: true },
    });
    expect(handed.status).toBe(409);
    expect(handed.body.error.code).toBe("NOBODY_WAITING");
  });
});

describe("a game whose every seat the computer holds", () => {
  it("never runs ahead at machine speed: two late people, each turn of the last at its own deadline, then adjourned", async () => {
    setTime(T0);
    const created = await call("/api/games", {
      body: { players: 2, names: ["Anna", "Bruno"], clock: { perMove: "1d", timeout: "computer" } },
    });
    const game: Game = { id: created.body.id, tokens: created.body.seats.map((s: { token: string }) => s.token) };
    const keys = [newToken(), newToken()];
    const ears = [unique("anna"), unique("bruno")];
    for (const seat of [0, 1]) {
      await call(`/api/games/${game.id}`, { token: game.tokens[seat]!, headers: { "X-Player-Key": keys[seat]! } });
      const made = await subscribe({
        channel: "webhook",
        target: await hook(ears[seat]!),
        ownerHash: hashToken(keys[seat]!),
        events: [...PLAYER_DEFAULT_EVENTS],
      });
      await hook(ears[seat]!, { secret: made.secret });
    }
    const first = (await trueTable(game.id)).state.hand!.turn;
    const second = 1 - first;
    await simpleTurn(game, first);
    await simpleTurn(game, second);
    // The first player is gone: the computer plays for them while the second is at the table.
    setTime(T0 + DAY + HOUR);
    await computerPlays(game.id);
    expect((await clockOf(game.id)).seats[first]!.computer).toBe(true);
    expect((await trueTable(game.id)).state.hand!.turn).toBe(second);
    // Then the second is gone too: every seat is the computer's. It plays the late turn, the other's at once, and stops.
    setTime(T0 + 2 * DAY + 2 * HOUR);
    await computerPlays(game.id);
    const table = await trueTable(game.id);
    expect(table.state.over).toBe(false);
    expect(table.state.hand!.turn).toBe(second);
    expect(await computerTurns(game.id, second)).toBe(1);
    expect(await computerTurns(game.id, first)).toBe(2);
    expect((await clockOf(game.id)).turn).toMatchObject({ seat: second, deadline: new Date(T0 + 3 * DAY + 2 * HOUR).toISOString() });
    // A second miss: adjourned, nothing more is played.
    setTime(T0 + 9 * DAY);
    await computerPlays(game.id);
    expect(await computerTurns(game.id, second)).toBe(1);
    expect(await computerTurns(game.id, first)).toBe(2);
    expect((await clockOf(game.id)).adjourned).toEqual({ late: second });
    await until(
      async () => (await posted(ears[second]!)).some((e) => e.type === "game.timedOut" && e.data.action === "adjourn"),
      15_000,
      "adjourned",
    );
    await settle(1500);
    // The first player was told of their turn before they left, of their timeout, and of no turn the computer played for them.
    const firstHeard = (await posted(ears[first]!)).map((e) => e.type);
    expect(firstHeard.filter((t) => t === "game.turn")).toHaveLength(1);
    expect(firstHeard).toContain("game.timedOut");
  });
});
