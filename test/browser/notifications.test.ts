import { Webhook } from "standardwebhooks";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { en, it as italian } from "../web/words";
import { axeScan, chromiumForFile, createGame, type Lang, literal, type Size, screenshot, serviceUrl, waitText } from "./helpers";
import { type PageOptions, preferences, preferencesPage } from "./preferences";
import { sentMail, until, webhookReceiver } from "./receivers";

/**
 * The web client's notifications: the preferences page (email with its
 * confirmation, webhooks with their secret and test, a subscription turned
 * off and on again; push is push.test.ts), the pages an email's links open,
 * a game's group chat attached by its creator from the table's menu, and
 * the `?seat=N` link a player's own webhook carries.
 */

const chromium = chromiumForFile();
let hooks: Awaited<ReturnType<typeof webhookReceiver>>;

const unique = (prefix: string) => `${prefix}-${Date.now().toString(36)}-${Math.random().toString(36).slice(2, 8)}`;

const page = (options: PageOptions = {}) => preferencesPage(chromium, options);

beforeAll(async () => {
  hooks = await webhookReceiver();
}, 60_000);

afterAll(async () => {
  await hooks?.stop();
});

describe("email", () => {
  it("subscribes an address, which its confirmation page confirms only on the reader's click; a test then reaches it", async () => {
    const p = await page();
    // From the lobby's "my games".
    await p.goto(serviceUrl());
    await p.locator("#my-notifications").click();
    await p.waitForURL(`${serviceUrl()}/notifications`);
    await p.locator('#subscriptions[aria-busy="false"]').waitFor();
    await waitText(p, "#subscriptions", literal(en.notify.none));
    const address = `${unique("anna")}@example.org`;
    await p.locator("#add-address").fill(address);
    await p.locator("#add-submit").click();
    await waitText(p, "#add-notice", literal(en.notify.emailSent(address)));
    const card = p.locator('article.sub[data-channel="email"]');
    await waitText(p, 'article.sub[data-channel="email"]', literal(en.notify.unconfirmed(address)));
    expect(await card.locator("button.test").isDisabled()).toBe(true);

    const [mail] = await until(async () => {
      const found = await sentMail(address);
      return found.length ? found : null;
    });
    const link = /(http:\/\/\S+\/notifications\/confirm#token=[\w-]+)/.exec(mail!.text)?.[1];
    expect(link?.startsWith(`${serviceUrl()}/notifications/confirm#token=`)).toBe(true);

    // The reader opens the link on another device (a phone's mail): opening alone changes nothing.
    const phone = await page({ size: "phone", lang: "it" });
    await phone.goto(link!);
    await waitText(phone, "h1", literal(italian.notify.confirmTitle));
    await screenshot(phone, "notify-confirm-phone-it");
    await preferences(p);
    await waitText(p, 'article.sub[data-channel="email"]', literal(en.notify.unconfirmed(address)));
    await phone.locator("#email-link-go").click();
    await waitText(phone, "#email-link-result", literal(italian.notify.confirmedText(address, false)));
    expect(await phone.locator("h1").textContent()).toBe(italian.notify.confirmedTitle);
    expect(phone.url()).not.toContain("token");
    // Used, the link says so.
    await phone.goto(link!);
    await phone.locator("#email-link-go").click();
    await waitText(phone, "#email-link-result", literal(italian.notify.confirmMissing));

    await preferences(p);
    await waitText(p, 'article.sub[data-channel="email"] .sub-meta', literal(en.notify.confirmed));
    await card.locator("button.test").click();
    await waitText(p, 'article.sub[data-channel="email"] .notice', /A test message is on its way/);
    await until(async () => (await sentMail(address)).some((m) => m.subject === "Test notification from Burraco"));
    // The page looks again by itself and says how the test went.
    await waitText(p, 'article.sub[data-channel="email"] .notice', literal(en.notify.testDelivered(null)));

    // The daily message instead of one per event, in the browser's time zone unless changed.
    await waitText(p, 'article.sub[data-channel="email"] .sub-digest', literal(en.notify.digestNone));
    await card.locator(".sub-change summary").click();
    await card.locator('input[name="digest"][value="daily"]').check();
    await card.locator('input[name="timeZone"]').fill("Europe/Rome");
    await card.locator('input[name="events"][value="reminder"]').uncheck();
    await card.locator("button.save").click();
    await waitText(p, 'article.sub[data-channel="email"] .notice', literal(en.notify.saved));
    await preferences(p);
    await waitText(p, 'article.sub[data-channel="email"] .sub-digest', literal(`${en.notify.digestDaily} (Europe/Rome)`));
    const events = await card.locator(".sub-events").textContent();
    expect(events).not.toContain(en.notify.event.reminder);
    expect(events).toContain(en.notify.event.turn);
    expect(await card.locator('input[name="digest"][value="daily"]').isChecked()).toBe(true);
    expect(await card.locator('input[name="timeZone"]').inputValue()).toBe("Europe/Rome");
  });

  it("unsubscribes from the page an email's unsubscribe link opens, after asking", async () => {
    const p = await page();
    await preferences(p);
    const address = `${unique("bruno")}@example.org`;
    await p.locator("#add-address").fill(address);
    await p.locator("#add-submit").click();
    await waitText(p, "#add-notice", literal(en.notify.emailSent(address)));
    const [mail] = await until(async () => {
      const found = await sentMail(address);
      return found.length ? found : null;
    });
    // The message's List-Unsubscribe URL, opened as a page (GET), leads to the page that asks.
    const oneClick = /^<(http:\/\/\S+\/api\/notifications\/unsubscribe\/[\w-]+)>$/.exec(mail!.headers["list-unsubscribe"]!)?.[1];
    expect(oneClick).toBeDefined();
    const reader = await page();
    await reader.goto(oneClick!);
    expect(new URL(reader.url()).pathname).toBe("/notifications/unsubscribe");
    await waitText(reader, "h1", literal(en.notify.unsubscribeTitle));
    await screenshot(reader, "notify-unsubscribe-desktop-en");
    await preferences(p);
    expect(await p.locator('article.sub[data-channel="email"]').count()).toBe(1);
    await reader.locator("#email-link-go").click();
    await waitText(reader, "#email-link-result", literal(en.notify.unsubscribedText));
    expect(await reader.locator("h1").textContent()).toBe(en.notify.unsubscribedTitle);
    await preferences(p);
    await waitText(p, "#subscriptions", literal(en.notify.none));
    // A link cut short says so, and offers nothing to click.
    await reader.goto(`${serviceUrl()}/notifications/unsubscribe#token=short`);
    await waitText(reader, ".email-link", literal(en.notify.badLink));
    expect(await reader.locator("#email-link-go").count()).toBe(0);
  });
});

describe("webhooks", () => {
  it("shows a standard receiver's secret once, signs the test with it, and turns a gone receiver off and on again", async () => {
    const p = await page({ permissions: ["clipboard-read", "clipboard-write"] });
    await preferences(p);
    await p.locator('input[name="channel"][value="webhook"]').check();
    // Refused addresses are explained in the reader's words.
    await p.locator("#add-url").fill("https://10.0.0.1/hook");
    await p.locator("#add-submit").click();
    await waitText(p, "#add-notice", literal(en.notify.urlRefused));
    // Discord is recognised as it is typed, and gets no secret.
    await p.locator("#add-url").fill("https://discord.com/api/webhooks/123456789/abcDEF-ghi");
    await waitText(p, "#add-form .recognised", literal(en.notify.recognised.discord!));
    await p.locator("#add-submit").click();
    await waitText(p, 'article.sub[data-channel="webhook"] h3', /Webhook · Discord/);
    expect(await p.locator("#webhook-secret").count()).toBe(0);

    const path = `/${unique("hook")}`;
    await p.locator("#add-url").fill(hooks.url(path));
    await p.locator("#add-submit").click();
    await p.locator("#webhook-secret").waitFor();
    const secret = await p.locator("#webhook-secret").inputValue();
    expect(secret).toMatch(/^whsec_/);
    await waitText(p, ".secret-once", literal(en.notify.secretOnce));
    await p.locator(".secret-once button.copy").click();
    await waitText(p, ".secret-once button.copy", literal(en.common.copied));
    expect(await p.evaluate(() => navigator.clipboard.readText())).toBe(secret);

    const card = p.locator(`article.sub:has(.target:text-is("${hooks.url(path)}"))`);
    await card.locator("button.test").click();
    const [event] = await until(async () => {
      const got = hooks.received(path);
      return got.length ? got : null;
    });
    const verified = new Webhook(secret).verify(event!.body, event!.headers) as { type: string };
    expect(verified.type).toBe("test");
    // The page looks again by itself: the test got through, and shows among the deliveries.
    await card
      .locator(".notice")
      .filter({ hasText: literal(en.notify.testDelivered(200)) })
      .waitFor();
    await card.locator('.delivery[data-status="sent"][data-event="test"]').waitFor({ state: "attached" });

    // Shown once: a fresh look at the page has no trace of the secret.
    await preferences(p);
    expect(await p.content()).not.toContain(secret);

    // A receiver that answers 410 Gone turns the subscription off; its owner sees why and turns it on again.
    hooks.answer(path, 410);
    await card.locator("button.test").click();
    await waitText(p, `article.sub[data-sub] .disabled-note`, literal(en.notify.why.gone));
    await card
      .locator(".notice.error")
      .filter({ hasText: literal(en.notify.testFailed(en.notify.status.gone!, 410)) })
      .waitFor();
    expect(await card.locator("button.test").isDisabled()).toBe(true);
    await screenshot(p, "notify-turned-off-desktop-en");
    hooks.answer(path, 200);
    await card.locator("button.enable").click();
    await waitText(p, `article.sub[data-sub] .notice`, literal(en.notify.enabled));
    expect(await card.locator(".disabled-note").count()).toBe(0);
    expect(await card.locator("button.test").isDisabled()).toBe(false);

    // Removed after confirming.
    p.once("dialog", (dialog) => void dialog.accept());
    await card.locator("button.remove").click();
    await waitText(p, "#add-notice", literal(en.notify.removed));
    expect(await card.count()).toBe(0);
  });
});

describe("a game's notifications", () => {
  it("open from the table's menu; the creator attaches a group chat, which gets the invitation at once", async () => {
    const lobby = await page({ axe: true });
    await lobby.goto(serviceUrl());
    await lobby.locator("#name-0").fill("Anna");
    await lobby.locator("#name-1").fill("Bruno");
    await lobby.locator("#create-submit").click();
    const seat0 = await lobby.locator("#seat-link-0").inputValue();
    const id = new URL(seat0).pathname.split("/")[2]!;
    expect(await lobby.locator("#group-chat-link").getAttribute("href")).toBe(`/notifications?game=${id}#group-chat`);
    const table = await lobby.context().newPage();
    await table.goto(seat0);
    await table.locator("#my-hand").waitFor();
    await table.locator("#page-menu summary").click();
    await table.locator("#menu-notifications").click();
    await table.waitForURL(`${serviceUrl()}/notifications?game=${id}`);
    await table.locator('#subscriptions[aria-busy="false"]').waitFor();
    expect(await table.locator("h1").textContent()).toBe(en.notify.titleGame("Anna · Bruno"));
    expect(await table.locator("#back-to-table").getAttribute("href")).toBe(new URL(seat0).pathname + new URL(seat0).hash);

    // A webhook of the player's own, for this game only.
    const own = `/${unique("own")}`;
    await table.locator('input[name="channel"][value="webhook"]').check();
    await table.locator("#add-url").fill(hooks.url(own));
    await table.locator("#add-submit").click();
    await waitText(table, "article.sub .sub-meta", literal(en.notify.scopeThis));

    // The group chat: attached with the invitation this browser keeps.
    const chat = `/${unique("chat")}`;
    await waitText(table, "#group-chat", literal(en.notify.chatNone));
    await table.locator("#chat-url").fill(hooks.url(chat));
    await table.locator("#chat-submit").click();
    await waitText(table, "#chat-notice", literal(en.notify.chatAdded));
    await table.locator("#group-chat #webhook-secret").waitFor();
    const [invited] = await until(async () => {
      const got = hooks.received(chat);
      return got.length ? got : null;
    });
    const body = JSON.parse(invited!.body) as { type: string; data: { url: string } };
    expect(body.type).toBe("game.invited");
    expect(body.data.url).toMatch(new RegExp(`/game/${id}#invite=`));
    const hook = table.locator("#group-chat article.chat-hook");
    await hook.locator("button.test").click();
    await until(async () => hooks.received(chat).some((r) => JSON.parse(r.body).type === "test"));
    await hook
      .locator(".notice")
      .filter({ hasText: literal(en.notify.testDelivered(200)) })
      .waitFor();
    await screenshot(table, "notify-group-chat-desktop-en");
    expect(await axeScan(table)).toEqual([]);

    // Bruno's seat, never opened here, is one of the links this browser created: `?seat=1` opens it.
    const seat1 = await lobby.locator("#seat-link-1").inputValue();
    await table.goto(`${serviceUrl()}/game/${id}?seat=1`);
    await table.locator("#my-hand").waitFor();
    expect(table.url()).toBe(seat1);

    // Another browser (a player, not the creator) sees no group chat to manage.
    const other = await page();
    await preferences(other, `?game=${id}`);
    expect(await other.locator("#group-chat").count()).toBe(0);
  });

  it("`?seat=N` opens the seat this browser holds, else the public table saying the seat's own link is needed", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const p = await page();
    await p.goto(`${serviceUrl()}/game/${game.id}#seat=${game.seats[0]!.token}`);
    await p.locator("#my-hand").waitFor();
    await p.goto(`${serviceUrl()}/game/${game.id}?seat=0`);
    await p.locator("#my-hand").waitFor();
    expect(p.url()).toBe(`${serviceUrl()}/game/${game.id}#seat=${game.seats[0]!.token}`);
    // Bruno's seat is not held here.
    await p.goto(`${serviceUrl()}/game/${game.id}?seat=1`);
    await waitText(p, "#seat-elsewhere", literal(en.spectator.seatElsewhere(2, "Bruno")));
    expect(await p.locator("#my-hand").count()).toBe(0);
    // Nor anything on another device.
    const elsewhere = await page({ lang: "it" });
    await elsewhere.goto(`${serviceUrl()}/game/${game.id}?seat=0`);
    await waitText(elsewhere, "#seat-elsewhere", literal(italian.spectator.seatElsewhere(1, "Anna")));
    expect(await elsewhere.locator("#my-hand").count()).toBe(0);
  });
});

describe("accessibility", () => {
  it("the preferences page, with subscriptions, has no serious or critical axe-core violation in either language", async () => {
    for (const [size, lang] of [
      ["phone", "it"],
      ["desktop", "en"],
    ] as [Size, Lang][]) {
      const p = await page({ size, lang, axe: true });
      await preferences(p);
      const words = lang === "it" ? italian : en;
      await p.locator("#add-address").fill(`${unique("carla")}@example.org`);
      await p.locator("#add-submit").click();
      await p.locator('article.sub[data-channel="email"]').waitFor();
      await p.locator('input[name="channel"][value="webhook"]').check();
      await p.locator("#add-url").fill(hooks.url(`/${unique("axe")}`));
      await p.locator("#add-submit").click();
      await p.locator("#webhook-secret").waitFor();
      await p.locator('article.sub[data-channel="webhook"] details.deliveries summary').click();
      await waitText(p, "h1", literal(words.notify.title));
      await screenshot(p, `notify-preferences-${size}-${lang}`);
      expect(await axeScan(p), `${size} ${lang}`).toEqual([]);
    }
  });

  it("the email links' pages have none either, and speak the reader's language", async () => {
    const token = "x".repeat(32);
    for (const [size, lang] of [
      ["phone", "it"],
      ["desktop", "en"],
    ] as [Size, Lang][]) {
      const p = await page({ size, lang, axe: true });
      const words = lang === "it" ? italian : en;
      for (const [link, title] of [
        ["confirm", words.notify.confirmTitle],
        ["unsubscribe", words.notify.unsubscribeTitle],
      ] as const) {
        await p.goto(`${serviceUrl()}/notifications/${link}#token=${token}`);
        await waitText(p, "h1", literal(title));
        expect(await axeScan(p), `${link} ${size} ${lang}`).toEqual([]);
      }
      // A token nobody issued: confirming says the link no longer works.
      await p.goto(`${serviceUrl()}/notifications/confirm#token=${token}`);
      await p.locator("#email-link-go").click();
      await waitText(p, "#email-link-result", literal(words.notify.confirmMissing));
    }
  });
});
