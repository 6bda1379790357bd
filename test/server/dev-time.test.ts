import { describe, expect, it } from "vitest";
import { GameRoom } from "../../src/server/room/game-room";
import { call, createGame } from "./helpers";

/**
 * The local tests' way to move a game's time on (POST /api/dev/games/{id}/time),
 * and to have its room drain to D1 at once (POST /api/dev/games/{id}/drain), live only in their own Worker (src/server/dev/index.ts, which the browser
 * tests' service runs, and test/browser/clock.test.ts uses): the production
 * Worker, which this runtime runs from wrangler.toml, has neither the route
 * nor the room's method.
 */
describe("moving a game's time on", () => {
  it("is an unknown route in the production Worker, and changes nothing", async () => {
    const game = await createGame({ players: 2, clock: { perMove: "1h" } });
    const before = (await call(`/api/games/${game.id}`)).body;
    const answer = await call(`/api/dev/games/${game.id}/time`, { body: { advance: "2h" } });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe("NOT_FOUND");
    expect("devAdvanceTime" in GameRoom.prototype).toBe(false);
    // Nor the room's drain on demand.
    expect((await call(`/api/dev/games/${game.id}/drain`, { method: "POST" })).status).toBe(404);
    expect("devDrain" in GameRoom.prototype).toBe(false);
    const after = (await call(`/api/games/${game.id}`)).body;
    expect(after.version).toBe(before.version);
    expect(after.clock.turn.deadline).toBe(before.clock.turn.deadline);
    expect(after.clock.turn.timedOut).toBe(false);
  });
});
