import { text } from "node:stream/consumers";
import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { CreateGameResponse, GameRecord } from "../../src/shared/api";
import { LONG } from "../sizes";
import { en, it as italian } from "../web/words";
import {
  asOnePlayer,
  axeScan,
  call,
  chromiumForFile,
  createGame,
  drawAndDiscard,
  keyHeader,
  keyOf,
  knownDeal,
  type Lang,
  newPage,
  SIZES,
  type Size,
  screenshot,
  serviceUrl,
  waitText,
} from "./helpers";
import { clippedWords } from "./reach";

/**
 * The main screens at a phone's size and a desktop's, in Italian and in
 * English: each saved as a screenshot, the lobby, the table and the replay
 * scanned by axe-core; 3- and 4-player tables; the replay viewer; the
 * record's download; and the link preview a chat app reads.
 */

const chromium = chromiumForFile();
/** A 2-player game whose first hand has ended, with the second under way. */
let played: CreateGameResponse;

async function page(size: Size, lang: Lang, options: { axe?: boolean } = {}): Promise<Page> {
  const context = await chromium.context({ size, lang, bypassCSP: options.axe });
  // The same seats open at every size and in both languages: one player's devices.
  return asOnePlayer(await newPage(context));
}

const ANNA = ["3H", "4H", "5H", "6H", "KS", "KS", "QD", "QD", "JC", "JC", "9D"];
const BRUNO = ["8C", "8C", "7D", "7D", "10S", "10S", "4C", "4C", "AH", "5S", "JK"];

async function move(game: CreateGameResponse, seat: number, moves: unknown[]): Promise<void> {
  let version = (await call(`/api/games/${game.id}`)).body.version;
  for (const m of moves) {
    const answer = await call(`/api/games/${game.id}/moves`, { token: game.seats[seat]!.token!, body: { move: m, version } });
    if (answer.status !== 200) throw new Error(JSON.stringify(answer.body));
    version = answer.body.version;
  }
}

beforeAll(async () => {
  played = await createGame({
    players: 2,
    names: ["Anna", "Bruno"],
    deals: [knownDeal({ dealer: 1, hands: [ANNA, BRUNO], discard: "QS", stockTop: ["9H", "3S", "2C", "KD"] })],
  });
  await move(played, 0, [{ type: "draw" }, { type: "meld", cards: ["3H", "4H", "5H"] }, { type: "discard", card: "9D" }]);
  await drawAndDiscard(played, 200);
  // Hand 2 under way: a few turns.
  await drawAndDiscard(played, 3);
}, 120_000);

/** Both sizes and both languages; in `npm test` the two that axe scans (every pair in `npm run test:long`). */
const VARIANTS: [Size, Lang][] = [
  ["phone", "it"],
  ["desktop", "en"],
  ...(LONG
    ? ([
        ["phone", "en"],
        ["desktop", "it"],
      ] as [Size, Lang][])
    : []),
];

describe("the main screens at both sizes and in both languages", () => {
  for (const [size, lang] of VARIANTS) {
    const words = lang === "it" ? italian : en;
    // axe scans every page at one size per language.
    const scan = (size === "phone") === (lang === "it");

    it(`lobby, table and replay: ${size}, ${lang}`, async () => {
      const p = await page(size, lang, { axe: scan });
      await p.goto(serviceUrl());
      await waitText(p, "#create-title", new RegExp(words.lobby.title));
      expect(await p.evaluate(() => document.documentElement.lang)).toBe(lang);
      await screenshot(p, `lobby-${size}-${lang}`);
      expect(await clippedWords(p, "body", true), "lobby: words cut").toEqual([]);
      if (scan) expect(await axeScan(p), "lobby").toEqual([]);

      await p.goto(played.seats[1]!.url!);
      await p.locator("#my-hand button.card").first().waitFor();
      // The end of the last hand is shown first, then closed.
      await p.locator("#hand-end").waitFor();
      if (scan) expect(await axeScan(p), "end of a hand").toEqual([]);
      await p.locator("#hand-end-close").click();
      await waitText(p, "#hand-number", new RegExp(words.status.hand(2)));
      await waitText(p, "#act-draw", new RegExp(words.hand.draw));
      await screenshot(p, `table-${size}-${lang}`);
      expect(await clippedWords(p), "table: words cut").toEqual([]);
      if (scan) expect(await axeScan(p), "table").toEqual([]);
      // The chat's sheet open beside the table (its button then pressed, its label shown on a desktop).
      await p.locator("#chat-button").click();
      await p.locator("#chat-sheet").waitFor();
      await screenshot(p, `table-chat-${size}-${lang}`);
      if (scan) expect(await axeScan(p), "table with the chat open").toEqual([]);
      await p.locator("#chat-button").click();
      await p.locator("#chat-sheet").waitFor({ state: "detached" });
      // Nothing the player needs leaves the screen: the banner, the piles, the hand and the moves.
      for (const selector of ["#status", "#discard", "#my-hand", "#act-discard"]) {
        const box = (await p.locator(selector).boundingBox())!;
        expect(box.y + box.height, selector).toBeLessThanOrEqual(SIZES[size].height + 1);
        expect(box.x + box.width, selector).toBeLessThanOrEqual(SIZES[size].width + 1);
      }

      await p.goto(`${serviceUrl()}/game/${played.id}/replay?hand=1&move=3`);
      await waitText(
        p,
        "#replay-position",
        new RegExp(
          words.replay
            .position(3, 0)
            .replace(/\d+$/, "")
            .replace(/[.*+?^${}()|[\]\\]/g, "\\$&"),
        ),
      );
      await screenshot(p, `replay-${size}-${lang}`);
      expect(await clippedWords(p, "body", true), "replay: words cut").toEqual([]);
      if (scan) expect(await axeScan(p), "replay").toEqual([]);
    });
  }
});

describe("the smallest phone, in Italian", () => {
  it("cuts no word on the lobby, the notifications page and the replay at 360x640", async () => {
    const p = await page("smallPhone", "it");
    for (const path of ["/", "/notifications", `/game/${played.id}/replay?hand=1&move=3`]) {
      await p.goto(`${serviceUrl()}${path}`);
      await p.locator("h1").first().waitFor();
      await p.waitForLoadState("networkidle");
      expect(await clippedWords(p, "body", true), path).toEqual([]);
    }
  });
});

describe("tables of 3 and 4", () => {
  for (const players of [3, 4] as const) {
    for (const size of ["phone", "desktop"] as const) {
      it(`lays out ${players} players on a ${size}`, async () => {
        const names = ["Anna", "Bruno", "Carla", "Dario"].slice(0, players);
        const game = await createGame({ players, names, rules: { preset: players === 4 ? "chiuso" : "classic" } });
        await drawAndDiscard(game, players);
        const p = await page(size, "en");
        await p.goto(game.seats[0]!.url!);
        await p.locator("#my-hand button.card").first().waitFor();
        expect(await p.locator(".seat").count()).toBe(players);
        expect(await p.locator(".team").count()).toBe(players === 4 ? 2 : 3);
        if (players === 4) {
          await waitText(p, '.team[data-team="0"] h2', /Your team \(Anna & Carla\)/);
          // Partners sit opposite: the other team's seats left and right, its melds across the table.
          await waitText(p, '.team[data-team="1"] h2', /Bruno & Dario/);
          expect(await p.locator(".ring .seat.at-top").getAttribute("data-seat")).toBe("2");
        }
        for (const selector of ["#status", "#discard", "#my-hand", "#act-draw"]) {
          const box = (await p.locator(selector).boundingBox())!;
          expect(box.y + box.height, selector).toBeLessThanOrEqual(SIZES[size].height + 1);
        }
        // Every seat's chip is on screen, with its player's name.
        for (let seat = 0; seat < players; seat++) await waitText(p, `.seat[data-seat="${seat}"]`, new RegExp(names[seat]!));
        await screenshot(p, `table-${players}p-${size}-en`);
      });
    }
  }
});

describe("the replay", () => {
  it("steps through a finished hand by keys and buttons, with a shareable address and the score at its end", async () => {
    const p = await page("desktop", "en");
    await p.goto(`${serviceUrl()}/game/${played.id}/replay?hand=1&move=3`);
    await waitText(p, "#replay-position", /^Move 3 of \d+$/);
    const total = Number((await p.locator("#replay-position").textContent())!.match(/of (\d+)/)![1]);
    // Move 3 was Anna's discard of 9♦; the hand is open (it is over): Bruno's cards show.
    await waitText(p, "#move-line", /Anna discarded 9♦\./);
    await p.locator('.replay-hands [data-seat="1"] [data-card="JK"]').waitFor();
    await p.keyboard.press("ArrowRight");
    await waitText(p, "#replay-position", new RegExp(`^Move 4 of ${total}$`));
    expect(new URL(p.url()).search).toBe("?hand=1&move=4");
    await p.keyboard.press("ArrowLeft");
    await p.keyboard.press("ArrowLeft");
    await waitText(p, "#move-line", /Anna laid 3♥ 4♥ 5♥\./);
    await p.keyboard.press("Home");
    await waitText(p, "#replay-position", /^The deal$/);
    await p.keyboard.press("End");
    await waitText(p, "#replay-position", new RegExp(`^Move ${total} of ${total}$`));
    await waitText(p, "#replay-score", /Score at the end of the hand/);
    await waitText(p, "#replay-score", /Cards melded/);
    // The engine's replay agrees with the server's scores.
    const snap = (await call(`/api/games/${played.id}`)).body;
    const totals = await p.locator("#replay-score .breakdown tr.total td").allTextContents();
    expect(totals.map((t) => Number(t.replace(/\D/g, "")) * (t.trim().startsWith("-") ? -1 : 1))).toEqual(
      snap.view.match.hands[0].scores.map((s: { total: number }) => s.total),
    );
    await p.locator("#replay-prev").click();
    await waitText(p, "#replay-position", new RegExp(`^Move ${total - 1} of ${total}$`));
    // The next hand, in play: a spectator sees no hand at all.
    await p.keyboard.press("PageDown");
    expect(new URL(p.url()).searchParams.get("hand")).toBe("2");
    await waitText(p, ".hand-tabs", /Hand 2 \(in play\)/);
    expect(await p.locator(".replay-hands [data-card]").count()).toBe(0);
    // A link to a position opens at that position.
    const shared = await page("phone", "it");
    await shared.goto(`${serviceUrl()}/game/${played.id}/replay?hand=1&move=2`);
    await waitText(shared, "#replay-position", /^Mossa 2 di \d+$/);
    await waitText(shared, "#move-line", /Anna: cala 3♥ 4♥ 5♥\./);
  });

  it("shows a seat its own cards in the hand in play, and downloads the game record", async () => {
    const p = await page("desktop", "en");
    await p.goto(played.seats[0]!.url!);
    await p.locator("#hand-end-close").click();
    await p.locator("#page-menu summary").click();
    const [download] = await Promise.all([p.waitForEvent("download"), p.locator("#menu-record").click()]);
    expect(download.suggestedFilename()).toBe(`burraco-${played.id}.json`);
    // The shared Chromium runs in another process (service.ts): the file is read through the download's stream.
    const record = JSON.parse(await text(await download.createReadStream())) as GameRecord;
    expect(record.format).toBe("burraco-record/1");
    expect(record.hands).toHaveLength(1);
    await p.locator("#page-menu summary").click();
    await p.locator("#menu-replay").click();
    await waitText(p, ".hand-tabs", /Hand 2 \(in play\)/);
    // This browser holds Anna's seat: her cards in the hand in play, nobody else's.
    const mine = (await call(`/api/games/${played.id}`, { token: played.seats[0]!.token!, headers: keyHeader(await keyOf(p)) })).body.view
      .hand.myHand as string[];
    await p.keyboard.press("End");
    const shown = await p
      .locator('.replay-hands [data-seat="0"] [data-card]')
      .evaluateAll((els) => els.map((e) => e.getAttribute("data-card")));
    expect(shown.sort()).toEqual([...mine].sort());
    expect(await p.locator('.replay-hands [data-seat="1"] [data-card]').count()).toBe(0);
  });
});

describe("link previews", () => {
  it("give chat apps the table's title, description, picture and oEmbed, never a token", async () => {
    const p = await page("desktop", "it");
    await p.goto(played.spectatorUrl);
    const meta = (property: string) => p.locator(`meta[property="${property}"], meta[name="${property}"]`).getAttribute("content");
    expect(await meta("og:title")).toBe("Burraco: Anna contro Bruno");
    expect(await meta("og:description")).toMatch(/^Classico, a 2005 — Smazzata 2 — Anna -?\d+ · Bruno -?\d+ — tocca (ad Anna|a Bruno)$/);
    expect(await meta("twitter:card")).toBe("summary_large_image");
    const image = (await meta("og:image"))!;
    const picture = await p.request.get(image);
    expect(picture.headers()["content-type"]).toBe("image/png");
    const oembedHref = (await p.locator('link[rel="alternate"][type="application/json+oembed"]').getAttribute("href"))!;
    const oembed = await (await p.request.get(oembedHref)).json();
    expect(oembed.type).toBe("rich");
    expect(oembed.html).toContain(`/game/${played.id}?embed=1`);
    const html = await p.content();
    for (const secret of [...played.seats.map((s) => s.token!), played.invite.token, played.host.token]) expect(html).not.toContain(secret);
  });

  it("shares the table with the Web Share API where the browser has it", async () => {
    const p = await page("phone", "en");
    await p.addInitScript(() => {
      (window as unknown as { __shared: unknown[] }).__shared = [];
      Object.defineProperty(navigator, "share", {
        value: (data: unknown) => {
          (window as unknown as { __shared: unknown[] }).__shared.push(data);
          return Promise.resolve();
        },
      });
    });
    await p.goto(played.spectatorUrl);
    await p.locator("#hand-end-close").click();
    await p.locator("#page-menu summary").click();
    await p.locator("#menu-share").click();
    await expect
      .poll(() => p.evaluate(() => (window as unknown as { __shared: { url: string }[] }).__shared[0]?.url))
      .toBe(`${serviceUrl()}/game/${played.id}`);
  });
});
