import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { call, createGame } from "../helpers";
import { hook, playerKey, subscriptionRow, unique } from "./helpers";

/** A player's own subscriptions over HTTP: changed, disabled and enabled again, removed, refused. */

const ME = "/api/me/notifications";

async function subscribeEmail(key: string, address: string, extra: Record<string, unknown> = {}) {
  return call(ME, { token: key, body: { channel: "email", address, events: ["turn"], ...extra } });
}

describe("changing and removing", () => {
  it("changes events, language, digest and time zone, and the games covered; refuses what cannot be sent", async () => {
    const key = playerKey();
    const id = (await subscribeEmail(key, `${unique("p")}@example.org`)).body.subscription.id;
    const patch = (body: unknown) => call(`${ME}/${id}`, { token: key, method: "PATCH", body });
    expect(await patch({ digest: "daily" })).toMatchObject({ status: 422, body: { error: { code: "BAD_SUBSCRIPTION" } } });
    // Nothing of a refused change is kept.
    expect((await subscriptionRow(id))?.digest).toBe("none");
    expect(await patch({ digest: "daily", timeZone: "Europe/Rome", events: ["turn", "gameOver"], language: "it" })).toMatchObject({
      status: 200,
      body: { digest: "daily", timeZone: "Europe/Rome", events: ["turn", "gameOver"], language: "it", gameId: null },
    });
    for (const bad of [
      { timeZone: "Mars/Olympus" },
      { events: ["castling"] },
      { events: [] },
      {},
      { language: "fr" },
      { gameId: "short" },
    ]) {
      expect(await patch(bad), JSON.stringify(bad)).toMatchObject({ status: 400, body: { error: { code: "BAD_REQUEST" } } });
    }
    expect(await patch({ gameId: "A".repeat(24) })).toMatchObject({ status: 404, body: { error: { code: "GAME_NOT_FOUND" } } });
    const game = await createGame();
    expect(await patch({ gameId: game.id })).toMatchObject({ status: 200, body: { gameId: game.id } });
    expect((await call(`${ME}?gameId=${game.id}`, { token: key })).body.subscriptions.map((s: { id: string }) => s.id)).toEqual([id]);
    expect((await call(`${ME}?gameId=${(await createGame()).id}`, { token: key })).body.subscriptions).toEqual([]);
    expect(await patch({ gameId: null })).toMatchObject({ status: 200, body: { gameId: null } });

    const hookUrl = await hook(unique("h"));
    const all = (await call(ME, { token: key, body: { channel: "webhook", url: hookUrl } })).body.subscription.id;
    const one = (await call(ME, { token: key, body: { channel: "webhook", url: hookUrl, gameId: game.id } })).body.subscription.id;
    expect(await call(`${ME}/${one}`, { token: key, method: "PATCH", body: { gameId: null } })).toMatchObject({
      status: 409,
      body: { error: { code: "SUBSCRIPTION_EXISTS" } },
    });
    expect(await call(`${ME}/${all}`, { token: key, method: "PATCH", body: { digest: "daily", timeZone: "Europe/Rome" } })).toMatchObject({
      status: 422,
      body: { error: { code: "BAD_SUBSCRIPTION", message: "A daily digest is sent by email only." } },
    });
  });

  it("shows a disabled subscription with its reason, and turns it on again", async () => {
    const key = playerKey();
    const id = (await call(ME, { token: key, body: { channel: "webhook", url: await hook(unique("h")) } })).body.subscription.id;
    await env.DB.prepare("UPDATE notification_subscriptions SET disabled_at = ?, disabled_reason = ?, failures = 10 WHERE id = ?")
      .bind(Date.now(), "gave up after 10 failed attempts; last error: HTTP 500", id)
      .run();
    expect((await call(`${ME}/${id}`, { token: key })).body).toMatchObject({
      failures: 10,
      disabled: { reason: "gave up after 10 failed attempts; last error: HTTP 500", at: expect.any(String) },
    });
    expect(await call(`${ME}/${id}/test`, { token: key, method: "POST" })).toMatchObject({
      status: 409,
      body: { error: { code: "SUBSCRIPTION_DISABLED" } },
    });
    expect(await call(`${ME}/${id}`, { token: key, method: "PATCH", body: { enabled: true } })).toMatchObject({
      status: 200,
      body: { disabled: null, failures: 0 },
    });
    expect((await call(`${ME}/${id}/test`, { token: key, method: "POST" })).status).toBe(200);
  });

  it("belong to their player key: another key sees and touches nothing", async () => {
    const key = playerKey();
    const stranger = playerKey();
    const id = (await call(ME, { token: key, body: { channel: "webhook", url: await hook(unique("h")) } })).body.subscription.id;
    expect((await call(ME, { token: stranger })).body).toEqual({ subscriptions: [] });
    for (const [method, path, body] of [
      ["GET", `${ME}/${id}`, undefined],
      ["PATCH", `${ME}/${id}`, { language: "it" }],
      ["POST", `${ME}/${id}/test`, undefined],
      ["DELETE", `${ME}/${id}`, undefined],
    ] as const) {
      expect(await call(path, { token: stranger, method, body }), `${method} ${path}`).toMatchObject({
        status: 404,
        body: { error: { code: "SUBSCRIPTION_NOT_FOUND" } },
      });
    }
    expect(await call(ME)).toMatchObject({ status: 401, body: { error: { code: "AUTH_REQUIRED" } } });
    expect(await call(ME, { headers: { Authorization: "Basic abc" } })).toMatchObject({
      status: 401,
      body: { error: { code: "BAD_TOKEN" } },
    });
    expect(await call(`${ME}/${id}`, { token: key, method: "DELETE" })).toMatchObject({ status: 200, body: { deleted: true, id } });
    expect((await call(`${ME}/${id}`, { token: key, method: "DELETE" })).status).toBe(404);
    expect(await subscriptionRow(id)).toBeNull();
  });

  it("answers bad input with typed 4xx errors", async () => {
    const key = playerKey();
    const cases: [unknown, number, string][] = [
      [{ channel: "sms", address: "a@example.org" }, 400, "BAD_REQUEST"],
      [{ channel: "email" }, 400, "BAD_REQUEST"],
      [{ channel: "email", address: "not an address" }, 400, "BAD_REQUEST"],
      [{ channel: "email", address: "a@example.org", secret: "mine" }, 400, "BAD_REQUEST"],
      [{ channel: "email", address: "a@example.org", gameId: "nope" }, 400, "BAD_REQUEST"],
      [{ channel: "email", address: "a@example.org", gameId: "A".repeat(24) }, 404, "GAME_NOT_FOUND"],
      [{ channel: "email", address: `${unique("p")}@example.org`, digest: "daily" }, 422, "BAD_SUBSCRIPTION"],
      [{ channel: "webhook", url: "https://example.org/hook", events: ["turn", "checkmate"] }, 400, "BAD_REQUEST"],
      // What each channel needs is the schema's shape (notify/subscriptions.ts checks only what it cannot).
      [{ channel: "email", address: "a@example.org", events: [] }, 400, "BAD_REQUEST"],
      [{ channel: "push", endpoint: "https://push.example.org/x" }, 400, "BAD_REQUEST"],
      [{ channel: "webhook", url: "https://example.org/hook", digest: "daily", timeZone: "Europe/Rome" }, 400, "BAD_REQUEST"],
    ];
    for (const [body, status, code] of cases) {
      expect(await call(ME, { token: key, body }), JSON.stringify(body)).toMatchObject({ status, body: { error: { code } } });
    }
    expect(await call(ME, { token: key, raw: "{", headers: { "Content-Type": "application/json" } })).toMatchObject({
      status: 400,
      body: { error: { code: "BAD_JSON" } },
    });
    expect(await call(ME, { token: key, raw: "channel=email", headers: { "Content-Type": "text/plain" } })).toMatchObject({
      status: 415,
      body: { error: { code: "UNSUPPORTED_MEDIA_TYPE" } },
    });
    expect((await call(ME, { token: key })).body).toEqual({ subscriptions: [] });
  });
});
