import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { fanOut } from "../../../src/server/notify/index";
import { createSubscription } from "../../../src/server/notify/subscriptions";
import { staticResolver } from "../../../src/server/notify/url-policy";
import {
  attemptsOf,
  deliveryRow,
  HANG_GUARD,
  hook,
  policy,
  received,
  settle,
  subscribe,
  subscriptionRow,
  turnFor,
  unique,
  until,
} from "./helpers";

/**
 * Webhooks through the real pipeline: fan-out writes D1 and the DELIVERIES
 * queue, the Worker's own queue consumer sends to the local receiver, which
 * verifies each signature with the standardwebhooks library.
 */

async function gameWebhook(name: string, options: Parameters<typeof hook>[1] = {}, events = ["turn"] as const) {
  const gameId = unique("g");
  const url = await hook(name);
  const made = await subscribe({ channel: "webhook", target: url, scope: "game", gameId, events: [...events] });
  // The receiver must know the secret to verify; the script is set again with it.
  await hook(name, { secret: made.secret, ...options });
  return { gameId, made };
}

describe("webhooks", () => {
  it("sends a signed Standard Webhooks event once, however often the notification is fanned out or redelivered", async () => {
    const name = unique("h");
    const { gameId, made } = await gameWebhook(name);
    expect(made.secret).toMatch(/^whsec_/);
    const notification = turnFor(gameId, [null, null]);
    expect(await fanOut(env, notification)).toEqual({ queued: 1, skipped: 0 });
    const [first] = await until(async () => ((await received(name)).length > 0 ? received(name) : null), HANG_GUARD, "the webhook");
    expect(first!.verified).toBe(true);
    expect(first!.headers["webhook-id"]).toBe(`${gameId}/10/turn/${made.subscription.id}`);
    expect(Number(first!.headers["webhook-timestamp"])).toBeGreaterThan(Date.now() / 1000 - 60);
    expect(first!.headers["webhook-signature"]).toMatch(/^v1,[A-Za-z0-9+/]+=*$/);
    const body = JSON.parse(first!.body);
    expect(body).toMatchObject({
      type: "game.turn",
      data: {
        gameId,
        seq: 10,
        seat: 0,
        names: ["Anna", "Bruno"],
        text: "Anna, it's your turn in Burraco",
        url: `https://burraco.test/game/${gameId}`,
        lastMove: { seat: 1, discarded: "KS", melded: [["5H", "6H", "7H"]] },
      },
    });
    expect(body.data.players).toBeUndefined();
    // The outbox drains again, and the queue hands the same message over again.
    expect(await fanOut(env, notification)).toEqual({ queued: 0, skipped: 0 });
    await env.DELIVERIES.send({
      key: first!.headers["webhook-id"]!,
      subscriptionId: made.subscription.id,
      notice: { type: "game", notification },
      createdAt: 0,
    });
    await settle();
    expect(await received(name)).toHaveLength(1);
    expect(await deliveryRow(`${gameId}/10/turn/${made.subscription.id}`)).toMatchObject({ state: "sent", attempts: 1 });
  });

  it("retries failures with the same webhook-id and logs every attempt", async () => {
    const name = unique("h");
    const { gameId, made } = await gameWebhook(name, { script: [500, 503, 429] });
    await fanOut(env, turnFor(gameId, [null, null], 11));
    const got = await until(async () => {
      const r = await received(name);
      return r.length >= 4 ? r : null;
    });
    expect(got.map((r) => r.answered)).toEqual([500, 503, 429, 200]);
    expect(new Set(got.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(got.every((r) => r.verified)).toBe(true);
    await until(async () => ((await deliveryRow(`${gameId}/11/turn/${made.subscription.id}`))?.state === "sent" ? true : null));
    const log = await attemptsOf(made.subscription.id);
    expect(log.map((a) => [a.attempt, a.status, a.http_status])).toEqual([
      [1, "failed", 500],
      [2, "failed", 503],
      [3, "failed", 429],
      [4, "sent", 200],
    ]);
    expect((await subscriptionRow(made.subscription.id))?.failures).toBe(0);
  });

  it("disables a subscription at once when its receiver answers 410 Gone", async () => {
    const name = unique("h");
    const { gameId, made } = await gameWebhook(name, { script: [410] });
    await fanOut(env, turnFor(gameId, [null, null], 12));
    const sub = await until(async () => {
      const row = await subscriptionRow(made.subscription.id);
      return row?.disabled_at ? row : null;
    });
    expect(sub.disabled_reason).toContain("410");
    expect(await received(name)).toHaveLength(1);
    expect(await fanOut(env, turnFor(gameId, [null, null], 13))).toEqual({ queued: 0, skipped: 0 });
  });

  it("gives up after the whole schedule, puts the delivery in the dead-letter queue and disables the subscription", async () => {
    const name = unique("h");
    const { gameId, made } = await gameWebhook(name, { after: 500 });
    await fanOut(env, turnFor(gameId, [null, null], 14));
    const sub = await until(
      async () => {
        const row = await subscriptionRow(made.subscription.id);
        return row?.disabled_at ? row : null;
      },
      undefined,
      "the dead-letter queue's consumer",
    );
    // The first attempt and the nine retries of the schedule, all with one id.
    const got = await received(name);
    expect(got).toHaveLength(10);
    expect(new Set(got.map((r) => r.headers["webhook-id"])).size).toBe(1);
    expect(sub.disabled_reason).toMatch(/gave up after 10 failed attempts; last error: HTTP 500/);
    expect(await deliveryRow(`${gameId}/14/turn/${made.subscription.id}`)).toMatchObject({ state: "dead", attempts: 10 });
    expect((await attemptsOf(made.subscription.id)).at(-1)).toMatchObject({ status: "dead" });
  });

  it("speaks Discord's and Slack's own payloads, with the link", async () => {
    for (const format of ["discord", "slack"] as const) {
      const name = unique(format);
      const { gameId, made } = await gameWebhook(name);
      // The local receiver stands in for the Discord or Slack URL (recognised by webhookFormat, tested apart).
      await env.DB.prepare("UPDATE notification_subscriptions SET format = ?, language = 'it' WHERE id = ?")
        .bind(format, made.subscription.id)
        .run();
      await fanOut(env, turnFor(gameId, [null, null], 15, { names: ["Anna", "Bruno <!channel>"] }));
      const [got] = await until(async () => ((await received(name)).length > 0 ? received(name) : null));
      expect(got!.headers["webhook-signature"]).toBeUndefined();
      const body = JSON.parse(got!.body);
      const link = `https://burraco.test/game/${gameId}`;
      if (format === "discord") {
        expect(body.content).toBe(`Anna, tocca a te a Burraco\n${link}`);
        expect(body.embeds[0]).toMatchObject({ title: "Gioca il tuo turno", url: link });
        expect(body.embeds[0].description).toContain("K♠");
        expect(body.allowed_mentions).toEqual({ parse: [] });
      } else {
        expect(body.text).toBe(`Anna, tocca a te a Burraco <${link}|Gioca il tuo turno>`);
        expect(body.blocks[0]).toMatchObject({ type: "section", text: { type: "mrkdwn" } });
        // A name cannot ping the channel.
        expect(body.blocks[1].text.text).toContain("Bruno &lt;!channel&gt; ha pescato dal tallone");
      }
    }
  });

  it("refuses private addresses when subscribing, and stops a subscription whose target became one", async () => {
    const strict = { ...policy(), allowLocalHttp: false, resolver: staticResolver({ "intranet.example.org": ["192.168.1.10"] }) };
    for (const target of [
      "https://10.0.0.1/hook",
      "https://[::ffff:127.0.0.1]/hook",
      "https://intranet.example.org/hook",
      "http://example.org/hook",
    ]) {
      const made = await createSubscription(
        env.DB,
        { ownerHash: null, gameId: unique("g"), scope: "game", channel: "webhook", target, events: ["turn"], language: "en" },
        strict,
        Date.now(),
      );
      expect(made).toMatchObject({ refused: expect.stringContaining("webhook URL refused") });
    }
    const name = unique("h");
    const { gameId, made } = await gameWebhook(name);
    await env.DB.prepare("UPDATE notification_subscriptions SET target = 'https://169.254.169.254/latest' WHERE id = ?")
      .bind(made.subscription.id)
      .run();
    await fanOut(env, turnFor(gameId, [null, null], 16));
    const sub = await until(async () => {
      const row = await subscriptionRow(made.subscription.id);
      return row?.disabled_at ? row : null;
    });
    expect(sub.disabled_reason).toContain("linkLocal");
    expect(await received(name)).toHaveLength(0);
  });

  it("checks the target again at send time, IPv4-compatible spellings included (issue 15)", async () => {
    const name = unique("h");
    const { gameId, made } = await gameWebhook(name);
    await env.DB.prepare("UPDATE notification_subscriptions SET target = 'https://[::a9fe:a9fe]/latest' WHERE id = ?")
      .bind(made.subscription.id)
      .run();
    await fanOut(env, turnFor(gameId, [null, null], 17));
    const sub = await until(async () => {
      const row = await subscriptionRow(made.subscription.id);
      return row?.disabled_at ? row : null;
    });
    expect(sub.disabled_reason).toContain("169.254.169.254");
    expect(await received(name)).toHaveLength(0);
  });

  it("logs a failed answer's status and a reason of ours, never the receiver's body (issue 15)", async () => {
    const name = unique("h");
    const { gameId, made } = await gameWebhook(name, { script: [500, 429] });
    await fanOut(env, turnFor(gameId, [null, null], 18));
    const logged = await until(async () => {
      const rows = await attemptsOf(made.subscription.id);
      return rows.some((r) => r.status === "sent") ? rows : null;
    });
    expect(logged.map((r) => [r.status, r.http_status, r.error])).toEqual([
      ["failed", 500, "HTTP 500: the receiver failed"],
      ["failed", 429, "HTTP 429: the receiver asked to slow down"],
      ["sent", 200, null],
    ]);
  });
});
