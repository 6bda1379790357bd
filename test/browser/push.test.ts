import type { Page } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en, it as italian } from "../web/words";
import { chromiumForFile, literal, serviceUrl, waitText } from "./helpers";
import { type PageOptions, preferences, preferencesPage } from "./preferences";
import { pushService, until } from "./receivers";

/**
 * Push from the preferences page: the browser asked with the service's key,
 * a browser without push, notifications refused, and a subscription whose
 * encrypted test the app's service worker shows. In the desktop Chromium of
 * its own (chromium.ts): the headless shell the other files share shows no
 * service worker's notification.
 */

const chromium = chromiumForFile({ build: "full" });
let push: Awaited<ReturnType<typeof pushService>>;

const page = (options: PageOptions = {}) => preferencesPage(chromium, { ...options, serviceWorkers: true });

beforeAll(async () => {
  push = await pushService();
}, 60_000);

afterAll(async () => {
  await push?.stop();
});

/** The service worker's registration id, through the DevTools protocol (which can deliver a push to it). */
async function deliverPush(p: Page, data: string): Promise<void> {
  const cdp = await p.context().newCDPSession(p);
  const registrations: { registrationId: string; scopeURL: string; isDeleted: boolean }[] = [];
  cdp.on("ServiceWorker.workerRegistrationUpdated", (e) => registrations.push(...e.registrations));
  await cdp.send("ServiceWorker.enable");
  const registration = await until(async () => registrations.find((r) => !r.isDeleted && r.scopeURL === `${serviceUrl()}/`));
  await cdp.send("ServiceWorker.deliverPushMessage", { origin: serviceUrl(), registrationId: registration.registrationId, data });
}

describe("push", () => {
  it("asks the browser with the service's key; offline, the browser's own push service cannot be reached, and the page says so", async () => {
    const p = await page({ permissions: ["notifications"] });
    // Watches the page's call to the browser (and lets it through).
    await p.addInitScript(() => {
      const real = PushManager.prototype.subscribe;
      PushManager.prototype.subscribe = function (options?: PushSubscriptionOptionsInit) {
        const key = new Uint8Array(options!.applicationServerKey as Uint8Array);
        (window as unknown as { asked: string }).asked = btoa(String.fromCharCode(...key))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
        return real.call(this, options);
      };
    });
    await preferences(p);
    await p.locator('input[name="channel"][value="push"]').check();
    await p.locator("#add-submit").click();
    await waitText(p, "#add-notice", literal(en.notify.push.failed));
    const { publicKey } = (await (await fetch(`${serviceUrl()}/api/notifications/vapid`)).json()) as { publicKey: string };
    expect(await p.evaluate(() => (window as unknown as { asked: string }).asked)).toBe(publicKey);
  });

  it("says at once when this browser has no push, and offers nothing to click", async () => {
    const p = await page({ lang: "it" });
    await p.addInitScript(() => {
      delete (window as { PushManager?: unknown }).PushManager;
    });
    await preferences(p);
    await p.locator('input[name="channel"][value="push"]').check();
    await waitText(p, "#push-problem", literal(italian.notify.push.unsupported));
    expect(await p.locator("#add-submit").isDisabled()).toBe(true);
  });

  it("says so when notifications are not allowed", async () => {
    const p = await page();
    await preferences(p);
    await p.locator('input[name="channel"][value="push"]').check();
    await p.locator("#add-submit").click();
    await waitText(p, "#add-notice", literal(en.notify.push.denied));
  });

  it("sends the subscription to the service, whose encrypted test the service worker shows", async () => {
    const p = await page({ permissions: ["notifications"] });
    // The browser's push service is out of reach offline: web-push-testing stands in for it, giving the
    // subscription the page sends and decrypting what the service pushes.
    const made: Awaited<ReturnType<typeof push.subscribe>>[] = [];
    await p.exposeFunction("subscribeAtPushService", async (key: string) => {
      const sub = await push.subscribe(key);
      made.push(sub);
      return { endpoint: sub.endpoint, keys: sub.keys };
    });
    await p.addInitScript(() => {
      type Made = { endpoint: string; keys: { p256dh: string; auth: string } };
      const call = (window as unknown as { subscribeAtPushService: (key: string) => Promise<Made> }).subscribeAtPushService;
      PushManager.prototype.subscribe = async (options?: PushSubscriptionOptionsInit) => {
        const key = new Uint8Array(options!.applicationServerKey as Uint8Array);
        const text = btoa(String.fromCharCode(...key))
          .replace(/\+/g, "-")
          .replace(/\//g, "_")
          .replace(/=+$/, "");
        const sub = await call(text);
        const json = { endpoint: sub.endpoint, expirationTime: null, keys: sub.keys };
        return { ...json, options: { applicationServerKey: key.buffer }, toJSON: () => json } as unknown as PushSubscription;
      };
    });
    await preferences(p);
    await p.locator('input[name="channel"][value="push"]').check();
    await p.locator("#add-submit").click();
    await waitText(p, "#add-notice", literal(en.notify.pushDone));
    const card = p.locator('article.sub[data-channel="push"]');
    await waitText(p, 'article.sub[data-channel="push"] h3', literal(`Push · ${en.notify.thisBrowser}`));
    await card.locator("button.test").click();
    const [payload] = await until(async () => {
      const got = await push.messages(made[0]!);
      return got.length ? got : null;
    });
    const message = JSON.parse(payload!) as { title: string; body: string; url: string; tag: string };
    expect(message).toMatchObject({ title: "Test notification from Burraco", url: `${serviceUrl()}/notifications` });

    // What the push service would hand the browser, handed to the service worker.
    await deliverPush(p, payload!);
    const shown = await until(async () => {
      const list = await p.evaluate(async () =>
        (await (await navigator.serviceWorker.ready).getNotifications()).map((n) => ({
          title: n.title,
          body: n.body,
          tag: n.tag,
          icon: n.icon,
          data: n.data as unknown,
        })),
      );
      return list.length ? list : null;
    });
    expect(shown).toEqual([
      { title: message.title, body: message.body, tag: message.tag, icon: `${serviceUrl()}/icon-192.png`, data: { url: message.url } },
    ]);
  });
});
