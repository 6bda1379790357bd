import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { en, it as italian } from "../web/words";
import {
  axeScan,
  call,
  chromiumForFile,
  createGame,
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
 * A newcomer with no friends online finds an opponent in the lobby (issue
 * 18): on a phone, in Italian, Anna publishes a game; Bruno, in another
 * browser, finds it among the open games with Anna's name and record,
 * joins it with one tap and reaches the table; Anna's lobby, waiting for
 * her game, tells her it has started and takes her to the same table.
 */

const chromium = chromiumForFile();

/**
 * A phone in Italian whose "find an opponent" form remembers the player's name (as after their first game), its
 * player established for rated play (docs/ratings.md).
 */
async function player(name: string): Promise<Page> {
  const page = await newPage(await chromium.context({ lang: "it", size: "phone" }));
  await page.addInitScript((n) => localStorage.setItem("burraco.seekName", n), name);
  const key = `browser-seeks-${name.toLowerCase()}-${Date.now().toString(36)}-key`;
  await establish(key, name);
  return withPlayerKey(page, key);
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
    // The open games, their filters and the publishing form pass axe-core's serious and critical checks.
    await bruno.locator("#publish-seek summary").click();
    expect(await axeScan(bruno)).toEqual([]);

    await row.locator("button.join").click();
    await bruno.waitForURL((url) => url.pathname.startsWith("/game/") && url.hash.startsWith("#seat="));
    await bruno.locator("#my-hand").waitFor();
    // Anna's name at his table leads to her public page.
    expect(await bruno.locator("a.player-link").first().getAttribute("href")).toMatch(/^\/player\/[0-9a-f]{20}$/);
    const gameId = new URL(bruno.url()).pathname.split("/")[2]!;
    await screenshot(bruno, "seeks-table-bruno-it-phone");

    // Anna's lobby learns of it (it asks every few seconds while her game waits) and opens the same table at her seat.
    const open = anna.locator(`#seeks .open-game`);
    await open.waitFor();
    await waitText(anna, ".seek-started", literal(italian.seeks.started("Bruno")));
    // The news replaces what was said while she waited: no "your game is in the lobby" beside it.
    expect(await anna.locator("#seeks-message").count()).toBe(0);
    await open.scrollIntoViewIfNeeded();
    await screenshot(anna, "seeks-started-it-phone");
    // Back in the lobby, the game is listed by its players, never by its id.
    await anna.reload();
    const item = anna.locator(`[data-game="${gameId}"]`).first();
    await item.waitFor();
    expect((await anna.locator("body").textContent()) ?? "").not.toContain(gameId);
    expect(await item.textContent()).toMatch(/Anna · Bruno|Bruno · Anna/);
    await screenshot(anna, "seeks-started-lobby-it-phone");
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
    // And they talk across the table in Italian (the chat: docs/chat.md): a quick phrase, then Bruno's own words.
    await anna.getByTestId("chat-button").click();
    await anna.getByTestId("chat-phrase-hello").click();
    await bruno.getByTestId("chat-unread").waitFor();
    await bruno.getByTestId("chat-button").click();
    const sheet = bruno.getByTestId("chat-sheet");
    await sheet.getByTestId("chat-message").filter({ hasText: italian.chat.phrase.hello }).waitFor();
    await bruno.getByTestId("chat-input").fill("Ciao Anna, buona partita!");
    await bruno.getByTestId("chat-send").click();
    await anna.getByTestId("chat-sheet").getByTestId("chat-message").filter({ hasText: "buona partita" }).waitFor();
    await screenshot(anna, "seeks-chat-it-phone");
    await screenshot(bruno, "seeks-chat-bruno-it-phone");
  });
});

describe("games kept in this browser", () => {
  it("lists a seat kept without its players' names by when it was opened, never by the game's id", async () => {
    const game = await createGame({ players: 2 });
    const page = await newPage(await chromium.context({ lang: "it", size: "phone" }));
    const savedAt = "2026-12-06T10:00:00.000Z";
    await page.addInitScript(
      ([id, token, at]) => localStorage.setItem("burraco.seats", JSON.stringify({ [id!]: { seat: 0, token, savedAt: at } })),
      [game.id, game.seats[0]!.token!, savedAt],
    );
    await page.goto(serviceUrl());
    const item = page.locator(`#my-games [data-game="${game.id}"]`);
    await item.waitFor();
    expect(await item.textContent()).toMatch(/^Partita del 6 dic 2026/);
    expect((await page.locator("#my-games").textContent()) ?? "").not.toContain(game.id);
  });
});

describe("play now, and the ratings pages", () => {
  it("play now asks a nameless player their name once, waits with a countdown and offers the computer instead (English, 844x390)", async () => {
    const page = await newPage(await chromium.context({ lang: "en", size: "landscape" }));
    await page.goto(serviceUrl());
    await page.locator("#play-now").click();
    // Nobody knows this player's name yet: asked once, before anyone would see it.
    const dialog = page.locator("#name-dialog");
    await dialog.waitFor();
    await waitText(page, "#name-dialog-title", literal(en.names.askTitle));
    await page.locator("#name-dialog-input").fill("Frank");
    await screenshot(page, "seeks-name-en-landscape");
    await page.locator("#name-dialog-save").click();
    // Nobody else is waiting for a live classic game here (other tests wait in other presets or not at all): it waits.
    await waitText(page, "#looking", literal(en.seeks.looking));
    await waitText(page, "#looking-left", /Still looking for [45] min/);
    await screenshot(page, "seeks-play-now-en-landscape");
    await page.locator("#looking-computer").click();
    await page.waitForURL((url) => url.pathname.startsWith("/game/") && url.hash.startsWith("#seat="));
    await page.locator("#my-hand").waitFor();
    // Its seek left the lobby with it.
    const open = await call<{ seeks: { preset: string; pace: string }[] }>("/api/seeks?pace=live&preset=classic");
    expect(open.body.seeks).toEqual([]);
  });

  it("a player's public page and the leaderboard show a rated match's result (English, 360x640)", async () => {
    const game = await createGame({ players: 2, names: ["Carla", "Dario"], clock: { perMove: "3d" }, rated: true });
    const keys = ["browser-seeks-rated-carla-key-0001", "browser-seeks-rated-dario-key-0001"];
    for (const key of keys) await establish(key);
    for (const seat of [0, 1]) {
      const opened = await fetch(`${serviceUrl()}/api/games/${game.id}`, {
        headers: { Authorization: `Bearer ${game.seats[seat]!.token}`, "X-Player-Key": keys[seat]! },
      });
      expect(opened.status).toBe(200);
    }
    // Two turns each (a real game: docs/ratings.md), then Carla resigns at her turn.
    await drawAndDiscard(game, 4, keys);
    let snap = (await call(`/api/games/${game.id}`)).body;
    if (snap.view.hand.turn !== 0) {
      await drawAndDiscard(game, 1, keys);
      snap = (await call(`/api/games/${game.id}`)).body;
    }
    const resigned = await call(`/api/games/${game.id}/moves`, {
      token: game.seats[0]!.token!,
      headers: keyHeader(keys[0]),
      body: { move: { type: "resign" }, version: snap.version },
    });
    expect(resigned.status).toBe(200);
    const me = await call<{ publicId: string }>("/api/me", { token: keys[1]! });
    const publicId = me.body.publicId;
    // The room copies the match's end to D1 within seconds; the ratings follow in the same transaction.
    let found = 0;
    for (let i = 0; i < 60 && found !== 200; i++) {
      found = (await call(`/api/players/${publicId}`)).status;
      if (found !== 200) await new Promise((r) => setTimeout(r, 500));
    }
    expect(found).toBe(200);

    const page = await newPage(await chromium.context({ lang: "en", size: "smallPhone" }));
    await page.goto(`${serviceUrl()}/player/${publicId}`);
    await waitText(page, "h1", /Dario/);
    await waitText(page, "#player-finished", /^1$/);
    await waitText(page, "#player-lost-on-time", /^0$/);
    await waitText(page, ".player-ratings", /±\d+ \(provisional\)/);
    await waitText(page, ".player-recent", literal(en.ratings.win));
    await screenshot(page, "ratings-player-en-small-phone");
    expect(await axeScan(page)).toEqual([]);
    await page.locator(".player-ratings a").first().click();
    await page.waitForURL((url) => url.pathname === "/leaderboard/classic");
    await waitText(page, "#leaderboard", /Dario/);
    await screenshot(page, "ratings-leaderboard-en-small-phone");
  });
});
