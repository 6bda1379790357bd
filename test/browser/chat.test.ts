import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { it as itCatalog } from "../web/words";
import {
  axeScan,
  type ContextOptions,
  call,
  chromiumForFile,
  createGame,
  keyHeader,
  keyOf,
  newPage,
  screenshot,
  serviceUrl,
} from "./helpers";

/**
 * The table's chat on phones, in Italian (docs/chat.md): two players talk
 * at the table — a quick phrase with one tap, then free text — live, with
 * the unread count on the button; the sheet opens over the lower screen
 * and, closed, hides neither the hand nor the melds. A spectator sees no
 * chat the players keep to themselves.
 */

const chromium = chromiumForFile();

async function page(options: ContextOptions): Promise<Page> {
  return newPage(await chromium.context(options));
}

const chat = itCatalog.chat;

/** Whether the element under `selector` is drawn at its centre (nothing covers it). */
async function uncovered(page: Page, selector: string): Promise<boolean> {
  return page
    .locator(selector)
    .first()
    .evaluate((element) => {
      const box = element.getBoundingClientRect();
      const top = document.elementFromPoint(box.left + box.width / 2, box.top + box.height / 2);
      return top !== null && (element === top || element.contains(top));
    });
}

describe("the chat at the table", () => {
  it("lets two players talk in Italian on their phones, live, without hiding the cards", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    // Anna's page lets the accessibility scan in (bypassCSP: axe-core is injected).
    const anna = await page({ size: "smallPhone", lang: "it", bypassCSP: true });
    const bruno = await page({ size: "phone", lang: "it" });
    await anna.goto(game.seats[0]!.url!);
    await bruno.goto(game.seats[1]!.url!);
    await anna.locator("#my-hand").waitFor();
    await bruno.locator("#my-hand").waitFor();

    // Closed, the chat is a button in the top bar: the hand and the felt stay in sight.
    const button = anna.getByTestId("chat-button");
    await button.waitFor();
    expect(await button.getAttribute("aria-label")).toBe(chat.openLabel(0));
    expect(await uncovered(anna, "#my-hand .card")).toBe(true);
    expect(await uncovered(anna, ".center")).toBe(true);
    // The top bar still fits the narrowest phone, its language switch too.
    for (const p of [anna, bruno]) {
      const fits = await p.evaluate(() => {
        const bar = document.querySelector("header.top")!;
        const lang = document.querySelector(".lang-switch")!.getBoundingClientRect();
        return bar.scrollWidth <= bar.clientWidth && lang.right <= window.innerWidth;
      });
      expect(fits).toBe(true);
    }

    // Anna opens it and greets the table with one tap.
    await button.click();
    const sheet = anna.getByTestId("chat-sheet");
    await sheet.waitFor();
    expect(await sheet.locator(".chat-empty").textContent()).toBe(chat.empty);
    await anna.getByTestId("chat-phrase-hello").click();
    await sheet.getByTestId("chat-message").filter({ hasText: chat.phrase.hello }).waitFor();
    expect(await sheet.getByTestId("chat-message").first().locator(".chat-who").textContent()).toBe(chat.you);

    // Bruno, at his table, sees the unread count come in live.
    const badge = bruno.getByTestId("chat-unread");
    await badge.waitFor();
    expect(await badge.textContent()).toBe("1");
    expect(await bruno.getByTestId("chat-button").getAttribute("aria-label")).toBe(chat.openLabel(1));
    await screenshot(bruno, "chat-it-390x844-unread");

    // He opens the sheet, reads her greeting in Italian, and answers in his own words.
    await bruno.getByTestId("chat-button").click();
    const brunoSheet = bruno.getByTestId("chat-sheet");
    await brunoSheet.getByTestId("chat-message").filter({ hasText: chat.phrase.hello }).waitFor();
    expect(await brunoSheet.locator(".chat-who").first().textContent()).toBe("Anna");
    await badge.waitFor({ state: "detached" });
    await bruno.getByTestId("chat-input").fill("Ciao Anna, buona partita! 🍀");
    await bruno.getByTestId("chat-send").click();
    await brunoSheet.getByTestId("chat-message").filter({ hasText: "buona partita" }).waitFor();
    expect(await bruno.getByTestId("chat-input").inputValue()).toBe("");

    // Anna's open sheet shows it at once, in order.
    await sheet.getByTestId("chat-message").filter({ hasText: "buona partita" }).waitFor();
    expect(await sheet.locator(".chat-words").allTextContents()).toEqual([chat.phrase.hello, "Ciao Anna, buona partita! 🍀"]);
    await anna.getByTestId("chat-phrase-thanks").click();
    await brunoSheet.getByTestId("chat-message").filter({ hasText: chat.phrase.thanks }).waitFor();
    await screenshot(anna, "chat-it-360x640-open");
    expect(await axeScan(anna)).toEqual([]);
    await screenshot(bruno, "chat-it-390x844-open");

    // The sheet leaves the top bar in sight; closed again, nothing covers the cards.
    expect(await uncovered(anna, "header.top .brand")).toBe(true);
    await anna.getByTestId("chat-close").click();
    await sheet.waitFor({ state: "detached" });
    expect(await uncovered(anna, "#my-hand .card")).toBe(true);
    expect(await axeScan(anna)).toEqual([]);

    // A message too long is refused before it leaves, in Italian.
    await bruno.getByTestId("chat-input").fill("x".repeat(301));
    await bruno.getByTestId("chat-send").click();
    expect(await bruno.getByTestId("chat-error").textContent()).toBe(chat.tooLong(300));

    // A spectator sees no chat: the players keep it to themselves.
    const spectator = await page({ size: "smallPhone", lang: "it" });
    await spectator.goto(`${serviceUrl()}/game/${game.id}`);
    await spectator.locator("#connection").waitFor();
    expect(await spectator.getByTestId("chat-button").count()).toBe(0);

    // Once the match is over, Bruno's replay shows what was said at its place: before the first move.
    const { version } = (await call(`/api/games/${game.id}`)).body;
    expect(
      (
        await call(`/api/games/${game.id}/moves`, {
          token: game.seats[0]!.token!,
          headers: keyHeader(await keyOf(anna)),
          body: { move: { type: "resign" }, version },
        })
      ).status,
    ).toBe(200);
    await bruno.goto(`${serviceUrl()}/game/${game.id}/replay?hand=1&move=0`);
    const said = bruno.getByTestId("replay-chat");
    await said.waitFor();
    expect(await said.locator("li").allTextContents()).toEqual([
      `Anna: ${chat.phrase.hello}`,
      "Bruno: Ciao Anna, buona partita! 🍀",
      `Anna: ${chat.phrase.thanks}`,
    ]);
    await spectator.goto(`${serviceUrl()}/game/${game.id}/replay?hand=1&move=0`);
    await spectator.locator("#move-line").waitFor();
    expect(await spectator.getByTestId("replay-chat").count()).toBe(0);
  });

  it("fits a phone on its side", async () => {
    const game = await createGame({ players: 2, names: ["Carla", "Dario"] });
    const carla = await page({ size: "landscape", lang: "it" });
    await carla.goto(game.seats[0]!.url!);
    await carla.locator("#my-hand").waitFor();
    await carla.getByTestId("chat-button").click();
    await carla.getByTestId("chat-phrase-good-luck").click();
    await carla.getByTestId("chat-message").filter({ hasText: chat.phrase["good-luck"] }).waitFor();
    expect(await carla.getByTestId("chat-input").isVisible()).toBe(true);
    expect(await carla.getByTestId("chat-phrase-hello").isVisible()).toBe(true);
    await screenshot(carla, "chat-it-844x390-open");
    await carla.getByTestId("chat-close").click();
    expect(await uncovered(carla, "#my-hand .card")).toBe(true);
  });
});
