import { createExecutionContext, runDurableObjectAlarm } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { newToken } from "../../src/server/auth";
import { scheduled } from "../../src/server/cron";
import { publicIdOf } from "../../src/server/players/identity";
import type { JoinedSeek, Seek } from "../../src/shared/wire/seeks";
import { call, roomStub, trueTable, view } from "./helpers";
import { hook, received, settle, unique, until } from "./notify/helpers";
import { person } from "./rated-helpers";

/** Seeks (docs/seeks.md): publish, the lobby's list, join, the game made when full, withdraw, expiry, the race for the last seat. */

const key = () => newToken();

/** A seek's answer, or a refusal's body. */
type Answer = JoinedSeek & { error: { code: string } };
const it_ = { headers: { "Accept-Language": "it-IT,it;q=0.9" } };

async function publish(player: string, body: Record<string, unknown>) {
  return call<Answer>("/api/seeks", { token: player, body: { players: 2, clock: { perMove: "2d" }, name: "Pat", ...body } });
}

async function listed(query = "", player?: string): Promise<Seek[]> {
  const answer = await call<{ seeks: Seek[] }>(`/api/seeks${query}`, player ? { token: player } : {});
  expect(answer.status).toBe(200);
  return answer.body.seeks;
}

const join = (player: string, id: string, body: Record<string, unknown> = {}, headers: Record<string, string> = {}) =>
  call<Answer>(`/api/seeks/${id}/join`, { token: player, body: { name: "Jo", ...body }, headers });

/** Runs the Cron Trigger as the platform would, at `at`. */
async function cronAt(at: number) {
  await scheduled({ scheduledTime: at, cron: "*/5 * * * *", noRetry() {} } as ScheduledController, env, createExecutionContext());
}

describe("seeks", () => {
  it("publishes a seek the lobby lists with its publisher's name, rating and record, and a filter narrows it", async () => {
    const anna = (await person("Anna")).key;
    const published = await publish(anna, { preset: "aperto", rated: true, language: "it", name: "Anna" });
    expect(published.status).toBe(201);
    const seek = published.body.seek;
    expect(seek).toMatchObject({ players: 2, preset: "aperto", rated: true, language: "it", pace: "correspondence", free: 1, mine: true });
    expect(seek.clock).toEqual({ perMove: "2d", timeout: "claim" });
    expect(published.body.game).toBeNull();
    // Seven days by default.
    expect(Date.parse(seek.expiresAt) - Date.parse(seek.createdAt)).toBe(7 * 24 * 3600_000);

    const all = await listed();
    const mine = all.find((s) => s.id === seek.id)!;
    expect(mine.mine).toBe(false); // no key: nobody's
    expect(mine.seats).toEqual([
      { publicId: expect.stringMatching(/^[0-9a-f]{20}$/), name: "Anna", rating: null, finished: 0, lostOnTime: 0 },
    ]);
    // The publisher's id never appears: only its public id.
    expect(JSON.stringify(all)).not.toContain(anna);

    expect((await listed("?preset=aperto&players=2&rated=true&language=it&pace=correspondence")).some((s) => s.id === seek.id)).toBe(true);
    expect((await listed("?preset=classic")).some((s) => s.id === seek.id)).toBe(false);
    expect((await listed("?players=4")).some((s) => s.id === seek.id)).toBe(false);
    expect((await listed("?rated=false")).some((s) => s.id === seek.id)).toBe(false);
    expect((await listed("?pace=live")).some((s) => s.id === seek.id)).toBe(false);
    expect((await call("/api/seeks?players=7")).status).toBe(400);
    expect((await listed("", anna)).find((s) => s.id === seek.id)?.mine).toBe(true);
  });

  it("refuses a seek without a clock, with a bad name or a bad range, and a hostile name gets no 500", async () => {
    const p = key();
    expect((await call("/api/seeks", { token: p, body: { players: 2 } })).body.error.code).toBe("BAD_CLOCK");
    expect((await call("/api/seeks", { token: p, body: { players: 2, clock: "none" } })).body.error.code).toBe("BAD_CLOCK");
    expect((await publish(p, { name: "a\u0000b" })).status).toBe(400);
    expect((await publish(p, { name: "\u202Eevil" })).status).toBe(400);
    expect((await publish(p, { name: "x".repeat(500) })).status).toBe(400);
    expect((await publish(p, { minRating: 1800, maxRating: 1200 })).status).toBe(400);
    expect((await publish(p, { expiresIn: "1m" })).body.error.code).toBe("BAD_SEEK");
    expect((await publish(p, { clock: { perMove: "5m" } })).body.error.code).toBe("BAD_CLOCK");
    expect((await call("/api/seeks", { body: { players: 2, clock: { perMove: "1d" } } })).status).toBe(401);
    // The name is kept as the text check gives it back (trimmed, NFC).
    const ok = await publish(p, { name: "  Cafe\u0301  " });
    expect(ok.status).toBe(201);
    expect(ok.body.seek.seats[0]!.name).toBe("Café");
  });

  it("a join that fills the seek makes the game with its clock, each seat its player's, and both players find their seats", async () => {
    const anna = (await person("Anna")).key;
    const brunoPerson = await person("Bruno");
    const bruno = brunoPerson.key;
    const { seek } = (await publish(anna, { clock: { perMove: "3d" }, rated: true, name: "Anna" })).body;
    // A joiner's name is checked as every player's text is: refused, nothing taken.
    expect((await join(bruno, seek.id, { name: "Bru\u0007no" })).status).toBe(400);
    expect((await join(bruno, seek.id, { name: 42 })).status).toBe(400);
    expect(
      (await call(`/api/seeks/${seek.id}/join`, { token: bruno, raw: "{", headers: { "Content-Type": "application/json" } })).status,
    ).toBe(400);
    // The publisher cannot join their own seek a second time.
    expect((await join(anna, seek.id)).body.error.code).toBe("ALREADY_JOINED");
    const joined = await join(bruno, seek.id, { name: "Bruno" }, brunoPerson.from);
    expect(joined.status).toBe(200);
    const game = joined.body.game!;
    expect(game).toMatchObject({ seat: 1, url: expect.stringContaining(`/game/${game.id}#seat=`) });
    // Full: gone from the lobby; a third player finds it full.
    expect((await listed()).some((s) => s.id === seek.id)).toBe(false);
    expect((await join(key(), seek.id)).body.error.code).toBe("SEEK_FULL");

    const table = await view(game.id, game.token);
    expect(table.rated).toBe(true);
    expect(table.clock?.control).toEqual({ perMove: "3d", timeout: "claim" });
    expect(table.seats.map((s) => s.name)).toEqual(["Anna", "Bruno"]);

    // The publisher finds their seat in their seeks, and in their games once the room has written its index.
    const mine = await call<{ seeks: JoinedSeek[] }>("/api/seeks/mine", { token: anna });
    const annaGame = mine.body.seeks.find((s) => s.seek.id === seek.id)!.game!;
    expect(annaGame).toMatchObject({ id: game.id, seat: 0 });
    expect((await view(game.id, annaGame.token)).seats.map((s) => s.taken)).toEqual([true, true]);
    await runDurableObjectAlarm(roomStub(game.id));
    const games = await call<{ games: { id: string; seat: number; token: string | null }[] }>("/api/me/games", { token: anna });
    expect(games.body.games.find((g) => g.id === game.id)).toMatchObject({ seat: 0, token: annaGame.token });
    // A seat belongs to its player: another device's player cannot take it over.
    const intruder = await call(`/api/games/${game.id}`, { token: annaGame.token, headers: { "X-Player-Key": key() } });
    expect(intruder.status).toBe(409);
  });

  it("every seat of a seek's game hears that it started, once, and the first player their turn, each with their own seat's link", async () => {
    const [anna, bruno] = [key(), key()];
    const hooks = [unique("seek-anna"), unique("seek-bruno")];
    for (const [i, player] of [anna, bruno].entries()) {
      const made = await call("/api/me/notifications", { token: player, body: { channel: "webhook", url: await hook(hooks[i]!) } });
      expect(made.status).toBe(201);
      expect(made.body.subscription.events).toContain("started");
      await hook(hooks[i]!, { secret: made.body.secret });
    }
    const { seek } = (await publish(anna, { name: "Anna" })).body;
    const game = (await join(bruno, seek.id, { name: "Bruno" })).body.game!;
    await runDurableObjectAlarm(roomStub(game.id));
    const first = (await trueTable(game.id)).state.hand!.turn;
    const seatLink = new RegExp(`^https://burraco\\.test/game/${game.id}[?#]seat=`);
    for (const seat of [0, 1]) {
      const expected = seat === first ? 2 : 1;
      const heard = await until(async () => {
        const got = await received(hooks[seat]!);
        return got.length >= expected ? got : null;
      });
      const events = heard.map((h) => JSON.parse(h.body) as { type: string; data: { url: string; first?: number; seat?: number } });
      expect(heard.every((h) => h.verified)).toBe(true);
      const started = events.filter((e) => e.type === "game.started");
      expect(started).toHaveLength(1);
      expect(started[0]!.data).toMatchObject({ first, names: ["Anna", "Bruno"] });
      expect(started[0]!.data.url).toMatch(seatLink);
      expect(events.filter((e) => e.type === "game.turn").map((e) => e.data.seat)).toEqual(seat === first ? [first] : []);
    }
    // The room woken again sends nothing twice.
    await runDurableObjectAlarm(roomStub(game.id));
    await settle();
    expect((await received(hooks[0]!)).length + (await received(hooks[1]!)).length).toBe(3);
  });

  it("a seek published on a device later merged into a player is that player's: they withdraw it, and sit in its game", async () => {
    const [laptop, phone] = [key(), key()];
    const { seek } = (await publish(laptop, { name: "Anna" })).body;
    const other = (await publish(laptop, {})).body.seek;
    // The laptop's player merges into the phone's (a code from the phone, the merge asked for): its seeks move with it.
    const code = await call("/api/me/link-codes", { token: phone, method: "POST" });
    expect((await call("/api/me/devices", { token: laptop, body: { code: code.body.code, merge: true } })).status).toBe(200);
    expect((await call(`/api/seeks/${other.id}`, { method: "DELETE", token: phone })).status).toBe(200);
    const game = (await join(key(), seek.id)).body.game!;
    const mine = await call<{ seeks: JoinedSeek[] }>("/api/seeks/mine", { token: phone });
    const seat = mine.body.seeks.find((s) => s.seek.id === seek.id)!.game!;
    expect(seat).toMatchObject({ id: game.id, seat: 0 });
    // The phone opens the seat as the player's own.
    expect((await call(`/api/games/${game.id}`, { token: seat.token, headers: { "X-Player-Key": phone } })).status).toBe(200);
  });

  it("of many players racing for the last seat, exactly one gets it and one game is made", async () => {
    const host = key();
    const { seek } = (await publish(host, { players: 3, clock: { bank: "7d", increment: "1d" } })).body;
    expect((await join(key(), seek.id)).status).toBe(200);
    const racers = Array.from({ length: 6 }, key);
    const answers = await Promise.all(racers.map((r) => join(r, seek.id)));
    const won = answers.filter((a) => a.status === 200);
    expect(won).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409).every((a) => a.body.error.code === "SEEK_FULL")).toBe(true);
    expect(answers.filter((a) => a.status !== 200)).toHaveLength(5);
    const game = won[0]!.body.game!;
    expect(game.seat).toBe(2);
    const rows = await env.DB.prepare("SELECT COUNT(*) AS n FROM seek_seats WHERE seek_id = ?").bind(seek.id).first<{ n: number }>();
    expect(rows!.n).toBe(3);
    const table = await view(game.id);
    expect(table.seats).toHaveLength(3);
    expect(table.clock?.control).toEqual({ bank: "7d", increment: "1d", timeout: "claim" });
  });

  it("one player's two requests at once take one seat", async () => {
    const { seek } = (await publish(key(), { players: 4 })).body;
    const twin = key();
    const answers = await Promise.all([join(twin, seek.id), join(twin, seek.id), join(twin, seek.id)]);
    expect(answers.filter((a) => a.status === 200)).toHaveLength(1);
    expect(answers.filter((a) => a.status === 409 && a.body.error.code === "ALREADY_JOINED")).toHaveLength(2);
    expect((await listed()).find((s) => s.id === seek.id)?.free).toBe(2);
  });

  it("enforces the rating range: a new player counts as 1500", async () => {
    const { seek } = (await publish(key(), { minRating: 1600 })).body;
    expect((await join(key(), seek.id)).body.error.code).toBe("RATING_OUT_OF_RANGE");
    const wide = (await publish(key(), { minRating: 1400, maxRating: 1600 })).body.seek;
    expect((await join(key(), wide.id)).status).toBe(200);
    // A rated player out of range is refused; their rating is read from their pool.
    const strong = key();
    const { sha256Hex } = await import("../../src/server/auth");
    const player = sha256Hex(strong);
    await env.DB.prepare(
      "INSERT INTO ratings (player_id, public_id, preset, players, rating, rd, vol, games, rated_at) VALUES (?, ?, 'classic', 2, 1900, 60, 0.06, 30, 0)",
    )
      .bind(player, publicIdOf(player))
      .run();
    const capped = (await publish(key(), { maxRating: 1700 })).body.seek;
    expect((await join(strong, capped.id)).body.error.code).toBe("RATING_OUT_OF_RANGE");
    // And the lobby shows that player's rating with its deviation.
    const theirs = (await publish(strong, {})).body.seek;
    expect(theirs.seats[0]!.rating).toEqual({ rating: 1900, deviation: 60, games: 30, provisional: false });
  });

  it("withdraws: only the publisher, only while open", async () => {
    const anna = key();
    const { seek } = (await publish(anna, {})).body;
    expect((await call(`/api/seeks/${seek.id}`, { method: "DELETE", token: key() })).body.error.code).toBe("FORBIDDEN");
    expect((await call(`/api/seeks/${seek.id}`, { method: "DELETE", token: anna })).body).toEqual({ withdrawn: true });
    expect((await listed()).some((s) => s.id === seek.id)).toBe(false);
    expect((await join(key(), seek.id)).body.error.code).toBe("SEEK_NOT_FOUND");
    expect((await call(`/api/seeks/${seek.id}`, { method: "DELETE", token: anna })).body.error.code).toBe("SEEK_NOT_FOUND");
    const full = (await publish(anna, {})).body.seek;
    await join(key(), full.id);
    expect((await call(`/api/seeks/${full.id}`, { method: "DELETE", token: anna })).body.error.code).toBe("SEEK_FULL");
  });

  it("expires: unlisted and unjoinable once its time is up, removed by the cron", async () => {
    const { seek } = (await publish(key(), { expiresIn: "5m" })).body;
    expect(Date.parse(seek.expiresAt) - Date.parse(seek.createdAt)).toBe(5 * 60_000);
    const week = (await publish(key(), {})).body.seek;
    await cronAt(Date.now() + 10 * 60_000);
    const left = await env.DB.prepare("SELECT id FROM seeks WHERE id IN (?, ?)").bind(seek.id, week.id).all<{ id: string }>();
    expect(left.results.map((r) => r.id)).toEqual([week.id]);
    expect((await join(key(), seek.id)).body.error.code).toBe("SEEK_NOT_FOUND");
    const seats = await env.DB.prepare("SELECT COUNT(*) AS n FROM seek_seats WHERE seek_id = ?").bind(seek.id).first<{ n: number }>();
    expect(seats!.n).toBe(0);
    // An expired seek still in D1 (the cron has not run) is neither listed nor joinable.
    await env.DB.prepare("UPDATE seeks SET expires_at = ? WHERE id = ?")
      .bind(Date.now() - 1, week.id)
      .run();
    expect((await listed()).some((s) => s.id === week.id)).toBe(false);
    expect((await join(key(), week.id)).body.error.code).toBe("SEEK_NOT_FOUND");
  });

  it("the cron makes the game of a seek filled by a Worker that stopped before making it", async () => {
    const anna = key();
    const { seek } = (await publish(anna, {})).body;
    // As if the last seat's request stopped after its transaction: full, a game id, no room yet.
    const bruno = key();
    const { seal } = await import("../../src/server/seal");
    const { newGameId, sha256Hex } = await import("../../src/server/auth");
    const gameId = newGameId(env.GAME_ID_KEY);
    await env.DB.batch([
      env.DB.prepare(
        "INSERT INTO seek_seats (seek_id, seat, player_id, name, link_sealed, joined_at) VALUES (?, 1, ?, 'Bruno', ?, 0)",
      ).bind(seek.id, sha256Hex(bruno), await seal(newToken(), env.GAME_ID_KEY)),
      env.DB.prepare("UPDATE seeks SET status = 'full', game_id = ? WHERE id = ?").bind(gameId, seek.id),
    ]);
    expect((await call<{ seeks: JoinedSeek[] }>("/api/seeks/mine", { token: bruno })).body.seeks[0]!.game).toBeNull();
    await cronAt(Date.now());
    const found = (await call<{ seeks: JoinedSeek[] }>("/api/seeks/mine", { token: bruno })).body.seeks[0]!.game!;
    expect(found).toMatchObject({ id: gameId, seat: 1 });
    expect((await view(gameId, found.token)).seats.map((s) => s.name)).toEqual(["Pat", "Bruno"]);
    // Run again: the same game, not a second.
    await cronAt(Date.now());
    expect((await call<{ seeks: JoinedSeek[] }>("/api/seeks/mine", { token: anna })).body.seeks[0]!.game!.id).toBe(gameId);
  });

  it("play now: joins the oldest compatible live seek, else waits in one of its own a few minutes", async () => {
    const first = key();
    const waiting = await call<JoinedSeek>("/api/seeks/play-now", { token: first, body: { preset: "chiuso", name: "Prima" }, ...it_ });
    expect(waiting.status).toBe(201);
    expect(waiting.body.seek).toMatchObject({ preset: "chiuso", pace: "live", language: "it", free: 1 });
    expect(Date.parse(waiting.body.seek.expiresAt) - Date.parse(waiting.body.seek.createdAt)).toBe(5 * 60_000);
    // Asking again waits in the same seek.
    const again = await call<JoinedSeek>("/api/seeks/play-now", { token: first, body: { preset: "chiuso", name: "Prima" } });
    expect(again.status).toBe(200);
    expect(again.body.seek.id).toBe(waiting.body.seek.id);
    // A second player is paired with the first at once.
    const second = await call<JoinedSeek>("/api/seeks/play-now", { token: key(), body: { preset: "chiuso", name: "Seconda" } });
    expect(second.status).toBe(200);
    expect(second.body.seek.id).toBe(waiting.body.seek.id);
    expect(second.body.game).not.toBeNull();
    expect((await view(second.body.game!.id)).clock?.control).toEqual({ bank: "1h", increment: "1m", timeout: "claim" });
    // A correspondence clock is not "play now".
    expect((await call("/api/seeks/play-now", { token: key(), body: { clock: { perMove: "3d" } } })).body.error.code).toBe("BAD_CLOCK");
  });
});
