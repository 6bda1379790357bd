import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { it as italian } from "../../web/src/i18n/it";
import { chromiumForFile, literal, newPage, screenshot, serviceUrl, waitText } from "./helpers";

/**
 * A newcomer with no friends online finds an opponent in the lobby (issue
 * 18): on a phone, in Italian, Anna publishes a game; Bruno, in another
 * browser, finds it among the open games with Anna's name and record,
 * joins it with one tap and reaches the table; Anna's lobby, waiting for
 * her game, tells her it has started and takes her to the same table.
 */

const chromium = chromiumForFile();

/** A phone in Italian whose "find an opponent" form remembers the player's name (as after their first game). */
async function player(name: string): Promise<Page> {
  const page = await newPage(await chromium.context({ lang: "it", size: "phone" }));
  await page.addInitScript((n) => localStorage.setItem("burraco.seekName", n), name);
  return page;
}

describe("finding an opponent through the seek list", () => {
  it("Anna publishes, Bruno finds and joins it on his phone, and both reach the table (Italian, 390x844)", async () => {
    const anna = await player("Anna");
    await anna.goto(serviceUrl());
    await anna.locator("#publish-seek summary").click();
    await anna.locator("#seek-clock").selectOption("1d");
    await anna.locator("#seek-rated").check();
    await screenshot(anna, "seeks-publish-it-phone");
    await anna.locator("#seek-publish").click();
    await waitText(anna, "#seeks-message", literal(italian.seeks.published));
    // Her own game is in the list, as hers: withdrawable, not joinable.
    const annaRow = anna.locator("#seek-list .seek.mine");
    await annaRow.waitFor();
    await screenshot(anna, "seeks-waiting-it-phone");
    expect(await annaRow.locator("button.join").count()).toBe(0);

    const bruno = await player("Bruno");
    await bruno.goto(serviceUrl());
    const row = bruno.locator("#seek-list .seek").filter({ hasText: "Anna" }).first();
    await row.waitFor();
    // Anna as a newcomer: no rating yet, no game finished, none lost on time; the game's terms in Italian.
    const text = (await row.textContent()) ?? "";
    expect(text).toContain(italian.seeks.newPlayer);
    expect(text).toContain(italian.seeks.record(0, 0));
    expect(text).toContain(italian.seeks.rated);
    expect(text).toContain(italian.seeks.players(2));
    expect(await row.locator("a.player-link").getAttribute("href")).toMatch(/^\/player\/[0-9a-f]{20}$/);
    // The filters narrow the list: no live game is Anna's.
    await bruno.locator("#filter-pace").selectOption("live");
    await bruno.locator("#seek-list .seek").filter({ hasText: "Anna" }).waitFor({ state: "detached" });
    await bruno.locator("#filter-pace").selectOption("correspondence");
    await row.waitFor();
    await screenshot(bruno, "seeks-lobby-it-phone");

    await row.locator("button.join").click();
    await bruno.waitForURL((url) => url.pathname.startsWith("/game/") && url.hash.startsWith("#seat="));
    await bruno.locator("#my-hand").waitFor();
    const gameId = new URL(bruno.url()).pathname.split("/")[2]!;
    await screenshot(bruno, "seeks-table-bruno-it-phone");

    // Anna's lobby learns of it (it asks every few seconds while her game waits) and opens the same table at her seat.
    const open = anna.locator(`#seeks .open-game`);
    await open.waitFor({ timeout: 20_000 });
    await waitText(anna, ".seek-started", literal(italian.seeks.started("Bruno")));
    await open.scrollIntoViewIfNeeded();
    await screenshot(anna, "seeks-started-it-phone");
    await open.click();
    await anna.waitForURL((url) => url.pathname === `/game/${gameId}` && url.hash.startsWith("#seat="));
    await anna.locator("#my-hand").waitFor();
    await screenshot(anna, "seeks-table-anna-it-phone");
    // Both sit at the table under their names.
    for (const page of [anna, bruno]) {
      const body = (await page.locator("body").textContent()) ?? "";
      expect(body).toContain("Anna");
      expect(body).toContain("Bruno");
    }
    // TODO(lead): once the in-game chat (branch `chat`) is on main, the two players chat here in Italian (issue 18's test).
  });
});
