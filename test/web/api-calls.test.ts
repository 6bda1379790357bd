import { afterEach, describe, expect, expectTypeOf, it, vi } from "vitest";
import { ApiError, call } from "../../web/src/api";
import { type Answer, apiUrl, type Schema } from "../../web/src/api-url";

/**
 * The web client's calls are typed by the routes the Worker serves (web/src/api-paths.ts, generated from its
 * OpenAPI document): the wrong calls below are errors for `npm run typecheck` (each line's `@ts-expect-error`
 * fails the check once the call it marks compiles), and the right ones travel as the client always sent them.
 */

/** Never run: type-checked only. */
async function wrongCalls(id: string, token: string): Promise<unknown[]> {
  return [
    // @ts-expect-error a route that is not there
    await call("GET", "/api/gamez/{id}", { params: { id } }),
    // @ts-expect-error a route that is there, but not for this method
    await call("DELETE", "/api/games/{id}/moves", { params: { id }, token }),
    // @ts-expect-error the path's parameter left out
    await call("GET", "/api/games/{id}", { token }),
    // @ts-expect-error the path's parameter under another name
    await call("GET", "/api/games/{id}", { params: { gameId: id }, token }),
    // @ts-expect-error a body the route does not take (`muted`, not `mute`)
    await call("POST", "/api/games/{id}/chat/mutes", { params: { id }, token, body: { seat: 1, mute: true } }),
    // @ts-expect-error the route's required body left out
    await call("POST", "/api/games/{id}/moves", { params: { id }, token }),
    // @ts-expect-error a body for a route that takes none
    await call("GET", "/api/me/games", { token, body: {} }),
    // @ts-expect-error a query the route does not declare
    await call("GET", "/api/me/games", { token, query: { since: 3 } }),
    // @ts-expect-error a query value of the wrong type
    await call("GET", "/api/games/{id}/events", { params: { id }, query: { since: "3" } }),
    // @ts-expect-error the player key sent to a route that does not read it
    await call("GET", "/api/me/games", { token, withPlayerKey: true }),
    // @ts-expect-error an answer's field that is not there
    (await call("GET", "/api/me/games", { token })).gamez,
    // @ts-expect-error an answer's field of another type
    (await call("POST", "/api/games/{id}/moves", { params: { id }, token, body: { move: { type: "draw" }, version: 1 } })).version.length,
    // @ts-expect-error an address of a route that is not there
    apiUrl("GET", "/api/games/{id}/recording", { params: { id } }),
  ];
}

describe("the typed calls", () => {
  it("type each answer as its route's success body", () => {
    expectTypeOf(wrongCalls).toBeFunction();
    expectTypeOf<Answer<"GET", "/api/me/games">>().toEqualTypeOf<Schema<"MyGames">>();
    expectTypeOf<Answer<"POST", "/api/games">>().toEqualTypeOf<Schema<"CreatedGame">>();
    expectTypeOf<Answer<"POST", "/api/games/{id}/moves">>().toEqualTypeOf<Schema<"Events">>();
  });

  it("fill a path's parameters, each encoded, and the query's given values", () => {
    expect(apiUrl("GET", "/api/games/{id}/record", { params: { id: "a/b c" } })).toBe("/api/games/a%2Fb%20c/record");
    expect(apiUrl("POST", "/api/games/{id}/seats/{seat}/link", { params: { id: "g1", seat: 2 } })).toBe("/api/games/g1/seats/2/link");
    expect(apiUrl("GET", "/api/games/{id}/events", { params: { id: "g1" }, query: { since: 0, wait: 25 } })).toBe(
      "/api/games/g1/events?since=0&wait=25",
    );
    expect(apiUrl("GET", "/api/seeks", { query: { players: 2, preset: undefined } })).toBe("/api/seeks?players=2");
    expect(apiUrl("GET", "/api/seeks")).toBe("/api/seeks");
  });
});

describe("a call", () => {
  afterEach(() => vi.unstubAllGlobals());

  const answering = (status: number, body: unknown) => {
    const fetch = vi.fn(async (_url: string, _init: RequestInit) => new Response(JSON.stringify(body), { status }));
    vi.stubGlobal("fetch", fetch);
    return fetch;
  };

  it("sends its method, address, token, player key and JSON body, never from the cache", async () => {
    const fetch = answering(200, { seat: 1, muted: [1] });
    const answer = await call("POST", "/api/games/{id}/chat/mutes", {
      params: { id: "g1" },
      token: "seat-token",
      body: { seat: 1, muted: true },
      withPlayerKey: true,
    });
    expect(answer).toEqual({ seat: 1, muted: [1] });
    const [url, init] = fetch.mock.calls[0]!;
    expect(url).toBe("/api/games/g1/chat/mutes");
    expect(init.method).toBe("POST");
    expect(init.cache).toBe("no-store");
    expect(init.body).toBe(JSON.stringify({ seat: 1, muted: true }));
    const headers = init.headers as Record<string, string>;
    expect(headers.Authorization).toBe("Bearer seat-token");
    expect(headers["Content-Type"]).toBe("application/json");
    expect(headers["X-Player-Key"]).toMatch(/^[A-Za-z0-9_-]{22,128}$/);
  });

  it("sends no body, no content type and no player key where it has none", async () => {
    const fetch = answering(200, { games: [] });
    await call("GET", "/api/me/games", { token: "key" });
    const [, init] = fetch.mock.calls[0]!;
    expect(init.method).toBe("GET");
    expect(init.body).toBeUndefined();
    expect(init.headers).toEqual({ Accept: "application/json", Authorization: "Bearer key" });
  });

  it("throws the server's refusal as an ApiError with its code, and a lost network as NETWORK", async () => {
    answering(409, { error: { code: "STALE_VERSION", message: "stale", currentVersion: 7 } });
    const refused = await call("POST", "/api/games/{id}/moves", {
      params: { id: "g1" },
      token: "t",
      body: { move: { type: "draw" }, version: 6 },
    }).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(ApiError);
    expect(refused).toMatchObject({ status: 409, code: "STALE_VERSION", body: { currentVersion: 7 } });
    vi.stubGlobal(
      "fetch",
      vi.fn(async () => {
        throw new TypeError("Failed to fetch");
      }),
    );
    await expect(call("GET", "/api/me/games", { token: "key" })).rejects.toMatchObject({ status: 0, code: "NETWORK" });
  });

  it("takes an answer already asked for instead of asking again", async () => {
    const fetch = answering(500, {});
    const early = Promise.resolve(new Response(JSON.stringify({ id: "g1" }), { status: 200 }));
    expect(await call("GET", "/api/games/{id}", { params: { id: "g1" }, early })).toEqual({ id: "g1" });
    expect(fetch).not.toHaveBeenCalled();
  });
});
