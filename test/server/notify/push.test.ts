import { env } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { hashToken } from "../../../src/server/auth";
import { createSubscription, fanOut } from "../../../src/server/notify/index";
import { browserSubscription, pushesTo, pushServiceUrl, subscribe, subscriptionRow, turnFor, unique, until } from "./helpers";

/**
 * Web Push to web-push-testing's local push service, which checks the
 * VAPID token (ES256, with jsonwebtoken) and decrypts the aes128gcm body
 * with http_ece: an implementation independent of the one that encrypts.
 */

describe("web push", () => {
  it("is decrypted by an independent push service and reads the turn in the player's language", async () => {
    const browser = await browserSubscription();
    const owner = hashToken(unique("key"));
    const made = await subscribe({
      channel: "push",
      target: browser.endpoint,
      push: browser.keys,
      ownerHash: owner,
      language: "it",
      events: ["turn"],
    });
    const gameId = unique("g");
    await fanOut(env, turnFor(gameId, [owner, null]));
    const [message] = await until(async () => ((await pushesTo(browser)).length > 0 ? pushesTo(browser) : null));
    const payload = JSON.parse(message!);
    expect(payload).toMatchObject({
      title: "Anna, tocca a te a Burraco",
      url: `https://burraco.test/game/${gameId}?seat=0`,
    });
    expect(payload.body).toContain("Bruno ha pescato dal tallone, ha calato 5♥ 6♥ 7♥ e ha scartato K♠.");
    expect(payload.tag).toMatch(/^[\w-]{32}$/);
    expect((await subscriptionRow(made.subscription.id))?.disabled_at).toBeNull();
  });

  it("disables the subscription when the push service says it is gone (410)", async () => {
    const browser = await browserSubscription();
    const owner = hashToken(unique("key"));
    const made = await subscribe({ channel: "push", target: browser.endpoint, push: browser.keys, ownerHash: owner, events: ["turn"] });
    await fetch(`${pushServiceUrl()}/expire-subscription/${browser.clientHash}`, { method: "POST" });
    await fanOut(env, turnFor(unique("g"), [owner, null]));
    const row = await until(async () => {
      const r = await subscriptionRow(made.subscription.id);
      return r?.disabled_at ? r : null;
    });
    expect(row.disabled_reason).toContain("410");
    expect(await pushesTo(browser)).toEqual([]);
  });

  it("refuses a push endpoint that is not https outside local development", async () => {
    const made = await createSubscription(
      env.DB,
      {
        ownerHash: null,
        gameId: null,
        scope: "player",
        channel: "push",
        target: "http://push.example.org/x",
        push: { p256dh: "x", auth: "y" },
        events: ["turn"],
        language: "en",
      },
      { allowLocalHttp: true, resolver: null },
      Date.now(),
    );
    expect(made).toMatchObject({ refused: expect.stringContaining("push endpoint refused") });
  });
});
