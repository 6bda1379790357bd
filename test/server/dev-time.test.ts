import { describe, expect, it } from "vitest";
import { call, createGame, roomStub } from "./helpers";

/**
 * The local tests' way to move a game's time on (POST /api/dev/games/{id}/time)
 * exists only where DEV_TIME_TRAVEL is "1": the browser tests' service sets it,
 * wrangler.toml (and so production) never does, and neither does this runtime.
 */
describe("moving a game's time on", () => {
  it("is refused as an unknown route without DEV_TIME_TRAVEL, and changes nothing", async () => {
    const game = await createGame({ players: 2, clock: { perMove: "1h" } });
    const before = (await call(`/api/games/${game.id}`)).body;
    const answer = await call(`/api/dev/games/${game.id}/time`, { body: { advance: "2h" } });
    expect(answer.status).toBe(404);
    expect(answer.body.error.code).toBe("NOT_FOUND");
    // The room itself refuses too, whoever calls it.
    const direct = await roomStub(game.id).devAdvanceTime(game.id, 7_200_000);
    expect(direct.ok).toBe(false);
    const after = (await call(`/api/games/${game.id}`)).body;
    expect(after.version).toBe(before.version);
    expect(after.clock.turn.deadline).toBe(before.clock.turn.deadline);
    expect(after.clock.turn.timedOut).toBe(false);
  });
});
