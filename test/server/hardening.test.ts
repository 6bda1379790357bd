import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { describe, expect, it, vi } from "vitest";
import { newGameId } from "../../src/server/auth";
import type { ErrorBody } from "../../src/shared/api";
import { BASE, call, createGame, move, openSocket, roomStub, trueTable, view } from "./helpers";

/** What an attack on the running service tried, each answered as it must be. */

const nested = (depth: number) => `${"[".repeat(depth)}${"]".repeat(depth)}`;

async function tablesOf(id: string): Promise<string[]> {
  return runInDurableObject(roomStub(id), (_, state) =>
    state.storage.sql
      .exec<{ name: string }>(
        "SELECT name FROM sqlite_master WHERE type = 'table' AND name NOT LIKE '\\_%' ESCAPE '\\' AND name NOT LIKE 'sqlite%'",
      )
      .toArray()
      .map((r) => r.name),
  );
}

describe("malformed input never reaches a room", () => {
  it("answers a deeply nested move with a 4xx, over HTTP and WebSocket, and the game goes on", async () => {
    const game = await createGame();
    const turn = (await view(game.id)).view.hand!.turn;
    const token = game.seats[turn]!.token;
    const raw = `{"move":${nested(3400)},"version":2}`;
    expect(raw.length).toBeLessThan(16 * 1024);
    const http = await call(`/api/games/${game.id}/moves`, { raw, token, headers: { "Content-Type": "application/json" } });
    expect(http.status).toBe(422);
    expect(http.body.error.code).toBe("BAD_MOVE");
    const whole = await call(`/api/games/${game.id}/moves`, { raw: nested(5000), token, headers: { "Content-Type": "application/json" } });
    expect([400, 422]).toContain(whole.status);
    const socket = await openSocket(game.id, token);
    socket.sendText(`{"type":"move","move":${nested(3400)},"version":2,"id":"deep"}`);
    expect(await socket.next((m) => m.id === "deep")).toMatchObject({ type: "error", status: 422, error: { code: "BAD_MOVE" } });
    socket.close();
    expect((await move(game.id, token, { type: "draw" }, 2)).status).toBe(200);
  });

  it("refuses a body that is not JSON-typed with 415, and a missing body with 400", async () => {
    const game = await createGame();
    const token = game.seats[0]!.token;
    const plain = await call(`/api/games/${game.id}/moves`, {
      raw: '{"move":{"type":"draw"},"version":2}',
      token,
      headers: { "Content-Type": "text/plain" },
    });
    expect(plain.status).toBe(415);
    expect(plain.body.error.code).toBe("UNSUPPORTED_MEDIA_TYPE");
    const none = await call(`/api/games/${game.id}/moves`, { method: "POST", token, headers: { "Content-Type": "application/json" } });
    expect(none.status).toBe(400);
  });
});

describe("unknown games cost nothing durable", () => {
  it("refuses ids the service never made without opening their room", async () => {
    const forged = newGameId("not the service's key");
    for (const id of [forged, "ZZZZZZZZZZZZZZZZ", "ZZZZZZZZZZZZZZZZZZZZZZZZ"]) {
      const answer = await call(`/api/games/${id}`);
      expect(answer.status).toBe(404);
      expect(answer.body.error.code).toBe("GAME_NOT_FOUND");
      expect(await tablesOf(id)).toEqual([]);
    }
  });

  it("stores nothing in a room asked about a game it does not hold, and makes its tables when a game is created", async () => {
    const id = newGameId(undefined);
    const answer = await call(`/api/games/${id}`);
    expect(answer.status).toBe(404);
    expect(await tablesOf(id)).toEqual([]);
    const game = await createGame();
    expect((await tablesOf(game.id)).sort()).toEqual(["deadlines", "log", "meta", "outbox", "seats", "snapshot"]);
  });

  it("tells a client that keeps failing to wait, before anything is opened, and no one else", async () => {
    // The refusals' bucket holds 60 and refills 2 a second (src/server/http.ts): counted against the time the
    // requests really took, so a slow machine changes how many pass, never whether the limit holds.
    const from = { headers: { "CF-Connecting-IP": "203.0.113.77" } };
    const game = await createGame();
    const started = Date.now();
    let missing = 0;
    let limited: Awaited<ReturnType<typeof call>> | null = null;
    for (let i = 0; i < 400 && !limited; i++) {
      const answer = await call(`/api/games/${"Q".repeat(24)}`, from);
      if (answer.status === 429) limited = answer;
      else {
        expect(answer.status).toBe(404);
        missing++;
      }
    }
    expect(limited).not.toBeNull();
    expect(Number(limited!.headers.get("Retry-After"))).toBeGreaterThan(0);
    expect(missing).toBeGreaterThanOrEqual(60);
    expect(missing).toBeLessThanOrEqual(60 + Math.ceil(((Date.now() - started) / 1000) * 2) + 1);
    // A real game is refused to the same client as well (the limit comes before the room is opened) …
    // (a token that came back meanwhile is spent by one more refusal first).
    let real = 200;
    for (let i = 0; i < 10 && real !== 429; i++) {
      await call(`/api/games/${"Q".repeat(24)}`, from);
      real = (await call(`/api/games/${game.id}`, from)).status;
    }
    expect(real).toBe(429);
    // … and no one else is held back.
    expect((await call(`/api/games/${game.id}`, { headers: { "CF-Connecting-IP": "203.0.113.78" } })).status).toBe(200);
  });
});

describe("credentials", () => {
  it.each(["Bearer a b", "Basic YW5uYTpzZWNyZXQ=", "Bearer", "bearer  ", "Token abcdefghijklmnopqrstuv"])(
    "answers a malformed Authorization header (%j) with 401",
    async (header) => {
      const game = await createGame();
      for (const path of ["", "/events", "/record"]) {
        const answer = await call(`/api/games/${game.id}${path}`, { headers: { Authorization: header } });
        expect(answer.status).toBe(401);
        expect(answer.body.error.code).toBe("BAD_TOKEN");
      }
      expect((await call(`/api/games/${game.id}`)).status).toBe(200);
    },
  );
});

describe("headers", () => {
  const policy = (r: { headers: Headers }) => r.headers.get("Content-Security-Policy") ?? "";

  it("sends a Content-Security-Policy with no inline script, and lets only the embed view be framed", async () => {
    const game = await createGame();
    for (const path of ["/", `/game/${game.id}`, "/sw.js"]) {
      const page = await call(path);
      expect(policy(page)).toContain("script-src 'self'");
      expect(policy(page)).not.toContain("unsafe-inline");
      expect(policy(page)).toContain("frame-ancestors 'none'");
      expect(policy(page)).toMatch(/connect-src 'self' ws:\/\/burraco\.test/);
      expect(page.headers.get("X-Content-Type-Options")).toBe("nosniff");
      expect(page.headers.get("Referrer-Policy")).toBe("no-referrer");
      expect(page.headers.get("X-Frame-Options")).toBe("DENY");
    }
    const embed = await call(`/game/${game.id}?embed=1`);
    expect(policy(embed)).toContain("frame-ancestors *");
    expect(embed.headers.get("X-Frame-Options")).toBeNull();
    const api = await call(`/api/games/${game.id}`);
    expect(policy(api)).toBe("default-src 'none'; frame-ancestors 'none'");
    expect(api.headers.get("X-Content-Type-Options")).toBe("nosniff");
    expect(api.headers.get("Referrer-Policy")).toBe("no-referrer");
  });

  it("opens the public reads to any origin, and refuses cross-origin preflights for everything else", async () => {
    const game = await createGame();
    const preflight = (path: string, method: string) =>
      call(path, {
        method: "OPTIONS",
        headers: {
          Origin: "https://blog.example",
          "Access-Control-Request-Method": method,
          "Access-Control-Request-Headers": "authorization",
        },
      });
    for (const path of [`/api/games/${game.id}`, `/api/games/${game.id}/events`, `/api/games/${game.id}/record`, "/api/openapi.json"]) {
      const answer = await preflight(path, "GET");
      expect(answer.status).toBe(204);
      expect(answer.headers.get("Access-Control-Allow-Origin")).toBe("*");
      expect(answer.headers.get("Access-Control-Allow-Headers")).toContain("Authorization");
      expect((await call(path, { headers: { Origin: "https://blog.example" } })).headers.get("Access-Control-Allow-Origin")).toBe("*");
    }
    for (const [path, method] of [
      [`/api/games/${game.id}/moves`, "POST"],
      ["/api/games", "POST"],
      [`/api/games/${game.id}/claim`, "POST"],
      ["/api/me/games", "GET"],
    ] as const) {
      const answer = await preflight(path, method);
      expect(answer.status).toBe(403);
      expect(answer.headers.get("Access-Control-Allow-Origin")).toBeNull();
    }
    expect(
      (await call("/api/me/games", { headers: { Origin: "https://blog.example" } })).headers.get("Access-Control-Allow-Origin"),
    ).toBeNull();
  });
});

describe("idempotency", () => {
  it("gives a retried key its first answer after the room is rebuilt from D1, and refuses the key for another move", async () => {
    const game = await createGame();
    const turn = (await view(game.id)).view.hand!.turn;
    const token = game.seats[turn]!.token;
    const first = await move(game.id, token, { type: "draw" }, 2, "draw-once");
    expect(first.status).toBe(200);
    await runDurableObjectAlarm(roomStub(game.id));
    await runInDurableObject(roomStub(game.id), (_, state) => state.storage.deleteAll());
    await evictDurableObject(roomStub(game.id));
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    const retry = await move(game.id, token, { type: "draw" }, 2, "draw-once");
    expect(warned).toHaveBeenCalled();
    warned.mockRestore();
    expect(retry.status).toBe(200);
    expect(retry.body).toEqual(first.body);
    expect((await trueTable(game.id)).version).toBe(3);
    const other = await move(game.id, token, { type: "resign" }, 3, "draw-once");
    expect(other.status).toBe(422);
    expect((other.body as unknown as ErrorBody).error.code).toBe("IDEMPOTENCY_KEY_REUSED");
    const elsewhere = await move(game.id, token, { type: "draw" }, 3, "draw-once");
    expect((elsewhere.body as unknown as ErrorBody).error.code).toBe("IDEMPOTENCY_KEY_REUSED");
  });
});

describe("a closed discard pile", () => {
  /** Draws and discards the card drawn, for the seat to play; returns the card. */
  async function turn(id: string, tokens: readonly string[]): Promise<string> {
    const table = await trueTable(id);
    const seat = table.state.hand!.turn;
    const drew = await move(id, tokens[seat]!, { type: "draw" }, table.version);
    expect(drew.status, drew.text).toBe(200);
    const card = drew.body.events.find((e) => e.type === "drew")!.card!;
    const discarded = await move(id, tokens[seat]!, { type: "discard", card }, drew.body.version);
    expect(discarded.status, discarded.text).toBe(200);
    return card;
  }

  it("shows each discard live, and to anyone catching up only the card on top", async () => {
    const game = await createGame({ players: 2, rules: { preset: "chiuso" } });
    const tokens = game.seats.map((s) => s.token);
    const live = await openSocket(game.id);
    const discards: string[] = [];
    for (let i = 0; i < 4; i++) discards.push(await turn(game.id, tokens));
    const liveCards = () =>
      live.messages
        .flatMap((m) => m.events ?? [])
        .filter((e: { type: string }) => e.type === "discarded")
        .map((e: { card: string }) => e.card);
    await expect.poll(liveCards).toEqual(discards);

    const shown = (events: { type: string; card?: string | null; discard?: (string | null)[] }[]) => ({
      turnedUp: events.find((e) => e.type === "handStarted")?.discard,
      discards: events.filter((e) => e.type === "discarded").map((e) => e.card),
    });
    const expected = { turnedUp: [null], discards: [null, null, null, discards[3]] };
    expect(shown((await call(`/api/games/${game.id}/events?since=0`)).body.events)).toEqual(expected);
    for (const token of tokens) {
      expect(shown((await call(`/api/games/${game.id}/events?since=0`, { token })).body.events)).toEqual(expected);
    }
    const from = live.messages.length;
    live.send({ type: "resume", since: 0 });
    expect(shown((await live.next((m) => m.type === "events" && m.events.length > 0, from)).events)).toEqual(expected);
    live.close();
    expect((await call(`/api/games/${game.id}/record`)).body.hands).toEqual([]);
  });
});

describe("the WebSocket route", () => {
  it("refuses an upgrade that does not come through the Worker", async () => {
    const game = await createGame();
    const direct = await roomStub(game.id).fetch(new Request(`${BASE}/ws`, { headers: { Upgrade: "websocket" } }));
    expect(direct.status).toBe(400);
  });
});
