import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../../src/server/auth";
import { fanOut } from "../../../src/server/notify/index";
import { call } from "../helpers";
import {
  type BrowserSubscription,
  browserSubscription,
  confirmTokenIn,
  hook,
  mailsTo,
  mailTo,
  playerKey,
  pushesTo,
  pushServiceUrl,
  received,
  settle,
  turnFor,
  unique,
  until,
} from "./helpers";

/** A player's own subscriptions over HTTP, through the real pipeline (queue, email binding, local receivers). */

const ME = "/api/me/notifications";

async function subscribeEmail(key: string, address: string, extra: Record<string, unknown> = {}) {
  return call(ME, { token: key, body: { channel: "email", address, events: ["turn"], ...extra } });
}

async function deliveriesWithPrefix(prefix: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM notification_deliveries WHERE substr(key, 1, ?) = ?")
    .bind(prefix.length, prefix)
    .first<{ n: number }>();
  return row?.n ?? 0;
}

describe("email subscriptions", () => {
  it("send only the confirmation until its link is used (double opt-in), then the notifications chosen", async () => {
    const key = playerKey();
    const address = `${unique("p")}@example.org`;
    const made = await subscribeEmail(key, address.toUpperCase(), { language: "it" });
    expect(made.status).toBe(201);
    expect(made.body).toMatchObject({
      subscription: { channel: "email", target: address, confirmed: false, events: ["turn"], language: "it", deliveries: [] },
      secret: null,
    });
    const id = made.body.subscription.id;
    const [confirmation] = await mailsTo(address, 1);
    expect(confirmation!.subject).toBe("Conferma il tuo indirizzo per le notifiche di Burraco");
    const token = confirmTokenIn(confirmation!);
    expect(made.text).not.toContain(token);

    // Before the link is used, no game notification and no test message go out.
    const gameId = unique("g");
    expect(await fanOut(env, turnFor(gameId, [hashToken(key), null]))).toEqual({ queued: 0, skipped: 0 });
    expect(await call(`${ME}/${id}/test`, { token: key, method: "POST" })).toMatchObject({
      status: 409,
      body: { error: { code: "EMAIL_NOT_CONFIRMED" } },
    });
    await settle(500);
    expect(await mailTo(address)).toHaveLength(1);

    const confirmed = await call("/api/notifications/confirm", { body: { token } });
    expect(confirmed).toMatchObject({ status: 200, body: { confirmed: true, address, gameId: null } });
    expect(await call("/api/notifications/confirm", { body: { token } })).toMatchObject({
      status: 404,
      body: { error: { code: "CONFIRMATION_NOT_FOUND" } },
    });
    expect(await fanOut(env, turnFor(gameId, [hashToken(key), null], 11))).toEqual({ queued: 1, skipped: 0 });
    const mails = await mailsTo(address, 2);
    expect(mails.map((m) => m.subject)).toContain("Tocca a te a Burraco — partita con Bruno");

    // The owner reads each attempt in the list.
    const listed = await until(async () => {
      const list = await call(ME, { token: key });
      const sub = list.body.subscriptions[0];
      return sub?.deliveries.length >= 2 ? sub : null;
    });
    expect(listed).toMatchObject({ id, confirmed: true, disabled: null });
    expect(listed.deliveries.map((d: { event: string; status: string }) => [d.event, d.status]).sort()).toEqual([
      ["confirm", "sent"],
      ["turn", "sent"],
    ]);
  });

  it("sends a fresh link to an address subscribed again before confirming, at most three a day per address", async () => {
    const key = playerKey();
    const address = `${unique("p")}@example.org`;
    const first = await subscribeEmail(key, address);
    expect(first.status).toBe(201);
    const again = await subscribeEmail(key, address);
    expect(again.status).toBe(200);
    expect(again.body.subscription.id).toBe(first.body.subscription.id);
    const tokens = (await mailsTo(address, 2)).map(confirmTokenIn);
    expect(new Set(tokens).size).toBe(2);
    expect((await subscribeEmail(key, address)).status).toBe(200);
    const third = (await mailsTo(address, 3)).map(confirmTokenIn).find((t) => !tokens.includes(t))!;

    // A fourth, from this player or anyone else, would flood the inbox.
    for (const who of [key, playerKey()]) {
      const refused = await subscribeEmail(who, address);
      expect(refused).toMatchObject({ status: 429, body: { error: { code: "RATE_LIMITED" } } });
      expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3600);
    }
    for (const stale of tokens) expect((await call("/api/notifications/confirm", { body: { token: stale } })).status).toBe(404);
    expect((await call("/api/notifications/confirm", { body: { token: third } })).status).toBe(200);
    expect(await subscribeEmail(key, address)).toMatchObject({ status: 409, body: { error: { code: "SUBSCRIPTION_EXISTS" } } });
    await settle(500);
    expect(await mailTo(address)).toHaveLength(3);
  });
});

describe("webhook subscriptions", () => {
  it("show the signing secret once, and test-send one signed event per call under a fresh key", async () => {
    const key = playerKey();
    const name = unique("h");
    const url = await hook(name);
    const made = await call(ME, { token: key, body: { channel: "webhook", url, events: ["turn", "gameOver"] } });
    expect(made.status).toBe(201);
    const { subscription, secret } = made.body;
    expect(secret).toMatch(/^whsec_/);
    expect(subscription).toMatchObject({ channel: "webhook", format: "standard", target: url, confirmed: true, scope: "player" });
    await hook(name, { secret });
    for (const read of [await call(ME, { token: key }), await call(`${ME}/${subscription.id}`, { token: key })]) {
      expect(read.status).toBe(200);
      expect(read.text).not.toContain(secret);
      expect(read.text).not.toContain(secret.slice("whsec_".length));
    }
    // The same URL again gives no second secret.
    expect(await call(ME, { token: key, body: { channel: "webhook", url } })).toMatchObject({
      status: 409,
      body: { error: { code: "SUBSCRIPTION_EXISTS" } },
    });

    const keys = [];
    for (let i = 0; i < 2; i++) {
      const sent = await call(`${ME}/${subscription.id}/test`, { token: key, method: "POST" });
      expect(sent.status).toBe(200);
      expect(sent.body.left).toBe(9 - i);
      keys.push(sent.body.key);
    }
    expect(new Set(keys).size).toBe(2);
    const got = await until(async () => {
      const r = await received(name);
      return r.length >= 2 ? r : null;
    });
    await settle(500);
    expect(await received(name)).toHaveLength(2);
    expect(got.every((r) => r.verified)).toBe(true);
    expect(got.map((r) => JSON.parse(r.body).type)).toEqual(["test", "test"]);
    expect(got.map((r) => r.headers["webhook-id"]).sort()).toEqual([...keys].sort());
    expect(await deliveriesWithPrefix(`test/${subscription.id}/`)).toBe(2);
  });

  it("limits test messages to ten an hour per subscription", async () => {
    const key = playerKey();
    const made = await call(ME, { token: key, body: { channel: "webhook", url: await hook(unique("h")) } });
    const id = made.body.subscription.id;
    for (let i = 0; i < 10; i++) expect((await call(`${ME}/${id}/test`, { token: key, method: "POST" })).status).toBe(200);
    const refused = await call(`${ME}/${id}/test`, { token: key, method: "POST" });
    expect(refused).toMatchObject({ status: 429, body: { error: { code: "RATE_LIMITED", retryAfter: expect.any(Number) } } });
    expect(Number(refused.headers.get("Retry-After"))).toBeGreaterThan(3000);
    expect(await deliveriesWithPrefix(`test/${id}/`)).toBe(10);
  });

  it("recognises Discord and Slack, which get no secret, and refuses private and plain-http URLs with a clear code", async () => {
    const key = playerKey();
    for (const [url, format] of [
      ["https://discord.com/api/webhooks/123456789/abcDEF-ghi", "discord"],
      ["https://hooks.slack.com/services/T000/B000/XXXX", "slack"],
    ] as const) {
      const made = await call(ME, { token: key, body: { channel: "webhook", url } });
      expect(made).toMatchObject({ status: 201, body: { subscription: { format }, secret: null } });
    }
    for (const [url, why] of [
      ["https://10.0.0.1/hook", "private"],
      ["https://[::ffff:127.0.0.1]/hook", "loopback"],
      ["https://169.254.169.254/latest", "linkLocal"],
      ["https://2130706433/hook", "loopback"],
      ["http://example.org/hook", "only https"],
      ["not a url", "not a URL"],
    ]) {
      const refused = await call(ME, { token: key, body: { channel: "webhook", url } });
      expect(refused.status, url).toBe(422);
      expect(refused.body.error.code).toBe("WEBHOOK_URL_REFUSED");
      expect(refused.body.error.message).toContain(why);
    }
    expect((await call(ME, { token: key })).body.subscriptions).toHaveLength(2);
  });
});

describe("push subscriptions", () => {
  it("take the browser's PushSubscription as it is, and test-send an encrypted push", async () => {
    const key = playerKey();
    const browser = await browserSubscription();
    const made = await call(ME, {
      token: key,
      body: { channel: "push", endpoint: browser.endpoint, expirationTime: null, keys: browser.keys },
      headers: { "Accept-Language": "it-IT,it;q=0.9,en;q=0.8" },
    });
    expect(made).toMatchObject({
      status: 201,
      body: { subscription: { channel: "push", target: browser.endpoint, language: "it" }, secret: null },
    });
    expect(made.text).not.toContain(browser.keys.auth);
    expect((await call(`${ME}/${made.body.subscription.id}/test`, { token: key, method: "POST" })).status).toBe(200);
    const [message] = await until(async () => ((await pushesTo(browser)).length > 0 ? pushesTo(browser) : null));
    expect(JSON.parse(message!)).toMatchObject({ title: "Notifica di prova da Burraco", url: "https://burraco.test/notifications" });
    const refused = await call(ME, {
      token: key,
      body: { channel: "push", endpoint: browser.endpoint, keys: { p256dh: "AAAA", auth: "x" } },
    });
    expect(refused).toMatchObject({ status: 400, body: { error: { code: "BAD_REQUEST" } } });
    expect(refused.body.error.message).toMatch(/^keys\.p256dh: /);
    const privateEndpoint = await call(ME, {
      token: key,
      body: { channel: "push", endpoint: "https://10.1.2.3/push", keys: browser.keys },
    });
    expect(privateEndpoint).toMatchObject({ status: 422, body: { error: { code: "PUSH_ENDPOINT_REFUSED" } } });
  });

  it("give a browser the service's VAPID public key to subscribe with, with no credential", async () => {
    const answer = await call("/api/notifications/vapid");
    expect(answer).toMatchObject({ status: 200, body: { publicKey: env.VAPID_PUBLIC_KEY } });
    expect(Object.keys(answer.body)).toEqual(["publicKey"]);
    expect(answer.text).not.toContain(env.VAPID_PRIVATE_KEY!);
    // A push service accepts pushes signed with the matching private key for a subscription made with this key.
    const response = await fetch(`${pushServiceUrl()}/subscribe`, {
      method: "POST",
      headers: { "content-type": "application/json" },
      body: JSON.stringify({ userVisibleOnly: "true", applicationServerKey: answer.body.publicKey }),
    });
    const browser = ((await response.json()) as { data: BrowserSubscription }).data;
    const key = playerKey();
    const made = await call(ME, { token: key, body: { channel: "push", endpoint: browser.endpoint, keys: browser.keys } });
    expect(made.status).toBe(201);
    expect((await call(`${ME}/${made.body.subscription.id}/test`, { token: key, method: "POST" })).status).toBe(200);
    const [message] = await until(async () => ((await pushesTo(browser)).length > 0 ? pushesTo(browser) : null));
    expect(JSON.parse(message!)).toMatchObject({ title: "Test notification from Burraco" });
  });
});
