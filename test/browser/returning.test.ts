import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { GameSnapshot } from "../../src/shared/api";
import { LANGUAGES } from "../../src/shared/language";
import { en, it as itCatalog } from "../web/words";
import {
  axeScan,
  type ContextOptions,
  call,
  chromiumForFile,
  createGame,
  drainNow,
  keyHeader,
  keyOf,
  newPage,
  screenshot,
  serviceUrl,
} from "./helpers";

/**
 * A player who comes back: the end of a match with its winner and the
 * rematch that carries every seat to its player; the lobby with the games
 * awaiting them first and a creation form that fits one phone screen; and
 * the app that starts from its service worker's cache, offline too.
 */

const chromium = chromiumForFile();

async function page(options: ContextOptions = {}): Promise<Page> {
  return newPage(await chromium.context(options));
}

const seatUrl = (game: { seats: { url: string | null }[] }, seat: number) => game.seats[seat]!.url!;

/** A game's id and seat token as a page's address holds them. */
function linkOf(page: Page): { id: string; token: string } {
  const url = new URL(page.url());
  return { id: url.pathname.split("/")[2]!, token: new URLSearchParams(url.hash.slice(1)).get("seat") ?? "" };
}

/** The game as `token`'s seat sees it (with the key of the browser that opened it), or as the public does. */
async function snapshot(id: string, token?: string, key?: string): Promise<GameSnapshot> {
  const answer = await call<GameSnapshot>(`/api/games/${id}`, token ? { token, headers: keyHeader(key) } : {});
  expect(answer.status).toBe(200);
  return answer.body;
}

describe("the end of a match", () => {
  it("names the winner and the final score, and the rematch takes each player to their own new seat", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const anna = await page({ size: "phone", lang: "it" });
    const bruno = await page({ lang: "en" });
    await anna.goto(seatUrl(game, 0));
    await bruno.goto(seatUrl(game, 1));
    await anna.locator("#my-hand").waitFor();
    await bruno.locator("#my-hand").waitFor();

    // Anna resigns (through the API, as her other device would): Bruno wins.
    const { version } = await snapshot(game.id);
    const resigned = await call(`/api/games/${game.id}/moves`, {
      token: game.seats[0]!.token!,
      headers: keyHeader(await keyOf(anna)),
      body: { move: { type: "resign" }, version },
    });
    expect(resigned.status).toBe(200);
    const annaEnd = anna.locator("#hand-end-match");
    const brunoEnd = bruno.locator("#hand-end-match");
    await annaEnd.waitFor();
    await brunoEnd.waitFor();
    expect(await annaEnd.locator(".match-winner").textContent()).toBe(itCatalog.matchEnd.won("Bruno", false));
    expect(await brunoEnd.locator(".match-winner").textContent()).toBe(en.matchEnd.won("Bruno", false) + en.status.wellPlayed);
    expect(await brunoEnd.locator(".match-score").textContent()).toMatch(/^Final score: Bruno -?\d[\d,]* · Anna -?\d[\d,]*$/);
    expect(await annaEnd.locator(".match-score").textContent()).toContain(itCatalog.matchEnd.finalScore);
    expect(await annaEnd.locator(".rematch-button").textContent()).toBe(itCatalog.matchEnd.rematch);
    expect(await axeScan(anna), "the match's end").toEqual([]);
    await screenshot(anna, "match-end-phone-it");
    await screenshot(bruno, "match-end-desktop-en");

    // Anna asks for the rematch: her page opens her own seat there, one seat on.
    await annaEnd.locator(".rematch-button").click();
    await anna.waitForURL((url) => url.pathname.startsWith("/game/") && !url.pathname.includes(game.id) && url.hash.startsWith("#seat="));
    const annas = linkOf(anna);
    expect((await snapshot(annas.id, annas.token, await keyOf(anna))).viewer).toBe(1);
    await anna.locator("#my-hand").waitFor();

    // Bruno's table hears of it live, and leads him to his own seat in the same game.
    const go = brunoEnd.locator(`.rematch-button[data-rematch="${annas.id}"]`);
    await go.waitFor();
    expect(await go.textContent()).toBe(en.matchEnd.go);
    await go.click();
    await bruno.waitForURL((url) => url.pathname === `/game/${annas.id}` && url.hash.startsWith("#seat="));
    const brunos = linkOf(bruno);
    expect(brunos.token).not.toBe(annas.token);
    const seen = await snapshot(annas.id, brunos.token, await keyOf(bruno));
    expect(seen.viewer).toBe(0);
    expect(seen.seats.map((s) => s.name)).toEqual(["Bruno", "Anna"]);
    await bruno.locator("#my-hand").waitFor();
    // Each browser keeps its new seat's link, as for any seat it opened.
    const kept = await bruno.evaluate((id) => JSON.parse(localStorage.getItem("burraco.seats") ?? "{}")[id], annas.id);
    expect(kept).toMatchObject({ seat: 0, token: brunos.token });
    // Back in the finished game, the panel says the rematch is ready.
    await bruno.goBack();
    await bruno.reload();
    await bruno
      .locator(`#hand-end-match .rematch-button[data-rematch="${annas.id}"], #match-end .rematch-button[data-rematch="${annas.id}"]`)
      .first()
      .waitFor();
  });
});

describe("the lobby for a returning player", () => {
  for (const lang of LANGUAGES) {
    it(`puts the games awaiting the player first and the new game in one phone screen (${lang})`, async () => {
      const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
      const turn = (await snapshot(game.id)).view.hand!.turn;
      const player = await page({ size: "phone", lang });
      // Opening their seat links it to this browser's player key.
      await player.goto(seatUrl(game, turn));
      await player.locator("#my-hand").waitFor();
      // The lobby lists it from D1, which the room writes a few seconds after the seat's first use: now, here.
      await drainNow(game.id);
      const newcomer = await page({ size: "phone", lang });
      for (const viewport of [
        { width: 390, height: 844 },
        { width: 360, height: 640 },
      ]) {
        // A newcomer: the whole form, its button included, on the first screen; the advanced choices folded.
        await newcomer.setViewportSize(viewport);
        await newcomer.goto(serviceUrl());
        await newcomer.locator("#create-submit").waitFor();
        const form = (await newcomer.locator("#create-form").boundingBox())!;
        const submit = (await newcomer.locator("#create-submit").boundingBox())!;
        expect(form.height, `${viewport.width}x${viewport.height}`).toBeLessThanOrEqual(viewport.height);
        expect(submit.y + submit.height, `${viewport.width}x${viewport.height}`).toBeLessThanOrEqual(viewport.height);
        expect(submit.x + submit.width).toBeLessThanOrEqual(viewport.width);
        expect(await newcomer.locator("#create-advanced").getAttribute("open")).toBeNull();
        expect(await newcomer.locator("#clock-set").isVisible()).toBe(false);
        expect(await newcomer.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(viewport.width);
        await screenshot(newcomer, `lobby-new-${viewport.width}x${viewport.height}-${lang}`);

        // The returning player: "your turn" at the top of the first screen, above the new game.
        await player.setViewportSize(viewport);
        await player.goto(serviceUrl());
        // Written to D1 above; a reload still answers for a list fetched before.
        await expect
          .poll(
            async () => {
              if (await player.locator(`#your-turn [data-game="${game.id}"]`).count()) return true;
              await player.reload();
              return false;
            },
            { interval: 1_000 },
          )
          .toBe(true);
        const turns = (await player.locator("#your-turn").boundingBox())!;
        const create = (await player.locator("#create-form").boundingBox())!;
        expect(turns.y + turns.height).toBeLessThanOrEqual(viewport.height);
        expect(turns.y + turns.height).toBeLessThanOrEqual(create.y);
        // Not listed twice: "My games" below keeps the rest.
        expect(await player.locator(`#my-games [data-game="${game.id}"]`).count()).toBe(0);
        // Scrolled to, the new game still fits one screen.
        expect(create.height).toBeLessThanOrEqual(viewport.height);
        await screenshot(player, `lobby-returning-${viewport.width}x${viewport.height}-${lang}`);
      }
      expect(await axeScan(player), "the returning player's lobby").toEqual([]);
    });
  }
});

describe("the app on a slow phone", () => {
  it("registers its service worker, keeps the shell, and opens a table offline after one visit", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const context = await chromium.context({ size: "phone", lang: "it", serviceWorkers: true });
    const anna = await newPage(context);
    await anna.goto(seatUrl(game, 0));
    await anna.locator("#my-hand").waitFor();
    // The worker takes the page over once it has kept the shell.
    const kept = await anna.evaluate(async () => {
      const registration = await navigator.serviceWorker.ready;
      if (!navigator.serviceWorker.controller)
        await new Promise((resolve) => navigator.serviceWorker.addEventListener("controllerchange", resolve, { once: true }));
      const names = await caches.keys();
      const cache = await caches.open(names.find((n) => n.startsWith("burraco-shell-"))!);
      const scripts = [...document.querySelectorAll<HTMLScriptElement>("script[src]")].map((s) => new URL(s.src).pathname);
      const cached = await Promise.all(scripts.map(async (s) => (await cache.match(s)) !== undefined));
      return { scope: registration.scope, scripts, cached, page: (await cache.match("/")) !== undefined };
    });
    expect(kept.scope).toBe(`${serviceUrl()}/`);
    expect(kept.scripts.length).toBeGreaterThanOrEqual(2);
    expect(kept.scripts.every((s) => /^\/assets\/[\w-]+-[A-Z0-9]{8}\.js$/.test(s))).toBe(true);
    expect(kept.cached.every(Boolean)).toBe(true);
    expect(kept.page).toBe(true);
    const hand = await anna.locator("#my-hand button.card").count();
    expect(hand).toBeGreaterThan(0);

    // Offline, the table opens again from the cache: the page, its scripts and the last view kept.
    await context.setOffline(true);
    await anna.reload();
    await anna.locator("#my-hand").waitFor();
    expect(await anna.locator("#my-hand button.card").count()).toBe(hand);
    expect(await anna.locator("#status").textContent()).toMatch(/Anna|Bruno/);
    await screenshot(anna, "table-offline-phone-it");
    await context.setOffline(false);
  });
});
