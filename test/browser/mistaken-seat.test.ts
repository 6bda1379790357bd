import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { en as english, it as italian } from "../web/words";
import { type ContextOptions, chromiumForFile, literal, newPage, screenshot, serviceUrl, waitText } from "./helpers";

/**
 * A friend's seat the creator opened by mistake (docs/playing.md): Anna taps "Play this seat" on Giulia's row, the
 * seat becomes hers; her lobby says so beside the link and gives it a new link at once, which Giulia then opens as
 * her own. In Italian on a small phone, in English on a laptop.
 */

const chromium = chromiumForFile();

async function page(options: ContextOptions = {}): Promise<Page> {
  return newPage(await chromium.context(options));
}

const cases = [
  { lang: "it", size: "smallPhone", words: italian },
  { lang: "en", size: "laptop", words: english },
] as const;

describe("a friend's seat opened by mistake", () => {
  for (const { lang, size, words } of cases) {
    it(`is the creator's to give a new link at once (${lang}, ${size})`, async () => {
      const anna = await page({ lang, size });
      await anna.goto(serviceUrl());
      await anna.locator("#name-0").fill("Anna");
      await anna.locator("#name-1").fill("Giulia");
      await anna.locator("#create-submit").click();
      const id = new URL(await anna.locator("#spectator-link").inputValue()).pathname.split("/")[2]!;
      const giuliaLink = await anna.locator("#seat-link-1").inputValue();
      // "Play this seat" on Giulia's row, by mistake: the seat opens in a tab of Anna's, as hers.
      const [tab] = await Promise.all([anna.context().waitForEvent("page"), anna.locator('[data-link="seat-1"] a.open').click()]);
      await waitText(tab, ".seat.you", /Giulia/);
      await tab.close();
      // Her lobby says she opened it and offers a new link.
      await anna.goto(serviceUrl());
      await anna.locator(`li[data-created="${id}"] summary`).click();
      const row = `li[data-created="${id}"] [data-link="seat-1"]`;
      await waitText(anna, `${row} label`, literal(words.links.yours));
      await anna.locator(row).scrollIntoViewIfNeeded();
      await screenshot(anna, `mistaken-seat-lobby-${lang}-${size}`);
      anna.once("dialog", (d) => {
        expect(d.message()).toBe(words.links.newLinkYours(2, "Giulia"));
        void d.accept();
      });
      await anna.locator(`${row} button.new-link`).click();
      await waitText(anna, `#links-${id}`, literal(words.links.newLinkDone(2)));
      const fresh = await anna.locator(`[id="${id}-seat-link-1"]`).inputValue();
      expect(fresh).not.toBe(giuliaLink);
      // Giulia, on her own phone, opens the new link: the seat is hers.
      const giulia = await page({ lang, size: "phone" });
      await giulia.goto(fresh);
      await waitText(giulia, ".seat.you", /Giulia/);
      await screenshot(giulia, `mistaken-seat-giulia-${lang}`);
    });
  }
});
