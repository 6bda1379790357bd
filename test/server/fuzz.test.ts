import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { call, createGame, view } from "./helpers";

/** Whatever a client sends, the answer is never a 500, and a refusal never changes the game. */
describe("client input", () => {
  it("answers any JSON body with a 2xx or a 4xx with an error code", async () => {
    const game = await createGame();
    const before = await view(game.id);
    const token = game.seats[before.view.hand!.turn]!.token;
    const paths: [string, string | undefined][] = [
      ["/api/games", undefined],
      [`/api/games/${game.id}/moves`, token],
      [`/api/games/${game.id}/claim`, game.invite.token],
    ];
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...paths), fc.jsonValue({ maxDepth: 4 }), async ([path, auth], body) => {
        const wrapped = path.endsWith("/moves") ? { move: body, version: before.version } : body;
        const answer = await call(path, { body: wrapped, ...(auth ? { token: auth } : {}) });
        expect(answer.status).toBeLessThan(500);
        if (answer.status >= 400) expect(typeof answer.body.error.code).toBe("string");
      }),
      { numRuns: 150 },
    );
    const after = await view(game.id);
    expect(after.version).toBe(before.version);
  });

  it("answers odd paths, queries and headers without a 500", async () => {
    const game = await createGame();
    const odd = [
      `/api/games/${game.id}/events?since=abc`,
      `/api/games/${game.id}/events?since=1e400&wait=5`,
      `/api/games/${game.id}/events?since=0&wait=-1`,
      `/api/games/${game.id}/events?wait=NaN`,
      "/api/games/%ZZ",
      `/api/games/${"x".repeat(5000)}`,
      `/api/games/${game.id}/record?x=%00`,
    ];
    for (const path of odd) expect((await call(path)).status, path).toBeLessThan(500);
    const headers: Record<string, string>[] = [{ Authorization: "Bearer" }, { Authorization: "Basic abc" }, { "X-Player-Key": "%%%%" }];
    for (const h of headers) expect((await call(`/api/games/${game.id}`, { headers: h })).status, JSON.stringify(h)).toBeLessThan(500);
  });
});
