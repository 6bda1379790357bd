import { describe, expect, it } from "vitest";
import type { CreateGameResponse, GameSnapshot } from "../../src/shared/api";
import { it as italian } from "../../web/src/i18n/it";
import {
  call,
  chromiumForFile,
  drawAndDiscard,
  establish,
  keyHeader,
  literal,
  newPage,
  screenshot,
  serviceUrl,
  waitText,
  withPlayerKey,
} from "./helpers";

/**
 * Bruno, on his phone in Italian, has never told anyone his name. He joins
 * Anna's rated game from the lobby: asked his name once, he sits down as
 * Bruno (not "Giocatore 2"), is not asked again, and when Anna resigns the
 * end of the match shows what it did to both ratings (docs/ratings.md).
 */

const chromium = chromiumForFile();

describe("a nameless player in a rated match", () => {
  it("is asked their name once when joining, and sees the rating change at the match's end (Italian, 390x844)", async () => {
    const stamp = Date.now().toString(36);
    const annaKey = `browser-rated-anna-${stamp}-key-000`;
    const brunoKey = `browser-rated-bruno-${stamp}-key-000`;
    await establish(annaKey, "Anna");
    // Established (a mailbox, a week, three matches: docs/ratings.md), but nobody ever asked his name.
    await establish(brunoKey);
    const published = await call("/api/seeks", {
      token: annaKey,
      body: { players: 2, preset: "aperto", clock: { perMove: "1d" }, rated: true, language: "it" },
    });
    expect(published.status).toBe(201);
    const seekId = published.body.seek.id as string;

    const page = await withPlayerKey(await newPage(await chromium.context({ lang: "it", size: "phone" })), brunoKey);
    await page.goto(serviceUrl());
    const row = page.locator(`#seek-list .seek[data-seek="${seekId}"]`);
    await row.waitFor();
    await row.locator("button.join").click();
    // Asked once, before anyone sees him.
    await page.locator("#name-dialog").waitFor();
    await waitText(page, "#name-dialog-title", literal(italian.names.askTitle));
    await page.locator("#name-dialog-input").fill("Bruno");
    await screenshot(page, "rated-name-asked-it-phone");
    await page.locator("#name-dialog-save").click();
    await page.waitForURL((url) => url.pathname.startsWith("/game/") && url.hash.startsWith("#seat="));
    await page.locator("#my-hand").waitFor();
    const gameId = new URL(page.url()).pathname.split("/")[2]!;
    const brunoToken = new URL(page.url()).hash.slice("#seat=".length);
    const snap = (await call<GameSnapshot>(`/api/games/${gameId}`)).body;
    expect(snap.seats.map((s) => s.name)).toEqual(["Anna", "Bruno"]);
    expect(snap.rated).toBe(true);
    expect((await call("/api/me", { token: brunoKey })).body.name).toBe("Bruno");
    // Never asked again: the table opens at once, under his name.
    await page.reload();
    await page.locator("#my-hand").waitFor();
    expect(await page.locator("#name-dialog").count()).toBe(0);

    // Two turns each, then Anna resigns.
    const mine = await call("/api/seeks/mine", { token: annaKey });
    const annaToken = mine.body.seeks.find((s: { seek: { id: string } }) => s.seek.id === seekId).game.token as string;
    const game = { id: gameId, seats: [{ token: annaToken }, { token: brunoToken }] } as unknown as CreateGameResponse;
    // Each seat is its player's (a seek's game): played by the API with their keys.
    const keys = { 0: annaKey, 1: brunoKey };
    await drawAndDiscard(game, 4, keys);
    let now = (await call<GameSnapshot>(`/api/games/${gameId}`)).body;
    if (now.view.hand!.turn !== 0) {
      await drawAndDiscard(game, 1, keys);
      now = (await call<GameSnapshot>(`/api/games/${gameId}`)).body;
    }
    const resigned = await call(`/api/games/${gameId}/moves`, {
      token: annaToken,
      headers: keyHeader(annaKey),
      body: { move: { type: "resign" }, version: now.version },
    });
    expect(resigned.status).toBe(200);

    // The end of the match, then (seconds later, once recorded) both ratings: "Bruno: 1500 → 1662 (+162)".
    const rating = page.locator(".rating-change li").filter({ hasText: "Bruno" }).first();
    await rating.waitFor({ timeout: 30_000 });
    expect(await rating.textContent()).toMatch(/^Bruno: 1500 → 1\d{3} \(\+\d+\)$/);
    expect(await page.locator(".rating-change li").filter({ hasText: "Anna" }).first().textContent()).toMatch(
      /^Anna: 1500 → 1\d{3} \(−\d+\)$/,
    );
    await page.locator(".rating-change").first().scrollIntoViewIfNeeded();
    await screenshot(page, "rated-match-end-it-phone");
  });
});
