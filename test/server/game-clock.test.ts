import { runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../src/server/auth";
import { confirmEmail } from "../../src/server/notify/index";
import type { GameRoom } from "../../src/server/room/game-room";
import { DAY, HOUR } from "./clock-helpers";
import { call, createGame, roomStub, trueTable } from "./helpers";
import { mailTo, subscribe, unique, until } from "./notify/helpers";

/**
 * One clock for a game's time: the room's (which local tests may move on,
 * POST /api/dev/games/{id}/time), read by the table, "my games" and every
 * message alike — never this Worker's wall clock instead.
 */

/**
 * Moves this room's time on by `ms` and handles what fell due, as the local
 * tests' TimeTravelRoom does (src/server/dev/time-travel.ts, which this
 * runtime, running the production Worker, does not bind).
 */
async function moveTimeOn(id: string, ms: number): Promise<void> {
  await runInDurableObject(roomStub(id), async (instance: GameRoom) => {
    const room = instance as unknown as {
      clockOffset(): number;
      now(): number;
      alarms: { fired(): void };
      room: unknown;
      handleDue(room: unknown, now: number): Promise<void>;
    };
    const offset = room.clockOffset() + ms;
    room.clockOffset = () => offset;
    room.alarms.fired();
    await room.handleDue(room.room, room.now());
  });
}

describe("a game's own clock", () => {
  it("counts the time left in 'my games' and in emails as the table does, after the game's time moved on", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], clock: { perMove: "3d" } } as never);
    const seat = (await trueTable(game.id)).state.hand!.turn;
    const key = unique("player-key-0123456789-");
    await call(`/api/games/${game.id}`, { token: game.seats[seat]!.token, headers: { "X-Player-Key": key } });
    const address = `${unique("clock")}@example.org`;
    const email = await subscribe({ channel: "email", target: address, ownerHash: hashToken(key), events: ["reminder"] });
    expect(await confirmEmail(env.DB, email.confirmToken!, Date.now())).toBe(true);

    await moveTimeOn(game.id, 2.5 * DAY); // past the 80% reminder (2.4 days)
    await runDurableObjectAlarm(roomStub(game.id)); // the outbox's drain: D1's index and the reminder

    // The table: half a day left.
    const table = (await call(`/api/games/${game.id}`)).body.clock.turn;
    expect(Math.abs(table.left - 12 * HOUR)).toBeLessThan(HOUR);
    // "My games" counts the same, from the game's clock, and says when that was.
    const mine = (await call("/api/me/games", { token: key })).body.games.find((g: { id: string }) => g.id === game.id);
    expect(mine.deadline).toBe(table.deadline);
    expect(Math.abs(mine.left - 12 * HOUR)).toBeLessThan(HOUR);
    expect(Date.parse(mine.asOf)).toBeGreaterThan(Date.now() + 2 * DAY);
    // So does the reminder's email: 12 hours, not the 3 days the wall clock would say.
    const [mail] = await until(async () => ((await mailTo(address)).length > 0 ? mailTo(address) : null));
    expect(mail!.text).toMatch(/Time left: (11 hours, \d+ minutes|12 hours)\./);
  });
});
