import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import type { CreateGameResponse } from "../../src/shared/api";
import { LONG } from "../sizes";
import { en, it as italian } from "../web/words";
import { makeStages, type Stages } from "./board-setup";
import { asOnePlayer, axeScan, chromiumForFile, type Lang, literal, newPage, SIZES, type Size, screenshot, waitText } from "./helpers";
import { clippedWords, meldsOutOfSight, type Readable, tapCounts, unreadableCards } from "./reach";

/**
 * The table fits every screen: at five sizes and in both languages, at each
 * stage of a hand that used to push a meld or a button off a phone, the
 * hand, the moves, the stock, the pile and every meld of both teams lie
 * inside the screen and clear of each other. Each is saved as a screenshot.
 */

const chromium = chromiumForFile();
let stages: Stages;

beforeAll(async () => {
  stages = await makeStages();
}, 120_000);

type Box = { x: number; y: number; width: number; height: number };

const overlaps = (a: Box, b: Box) =>
  a.x < b.x + b.width - 0.5 && b.x < a.x + a.width - 0.5 && a.y < b.y + b.height - 0.5 && b.y < a.y + a.height - 0.5;

/** Every part the player needs, by name, with its box. */
async function parts(page: Page): Promise<[string, Box][]> {
  return page.evaluate(() => {
    const box = (e: Element): { x: number; y: number; width: number; height: number } => {
      const r = e.getBoundingClientRect();
      return { x: r.x, y: r.y, width: r.width, height: r.height };
    };
    const named: [string, Element | null][] = [
      ["status", document.querySelector("#status")],
      ["hand", document.querySelector("#my-hand .hand-cards")],
      ["actions", document.querySelector("#my-hand .actions")],
      ["stock", document.querySelector("#stock")],
      ["pile", document.querySelector("#discard")],
    ];
    // Each team's box of melds: the melds themselves are checked card by card (reach.ts), scrolled into view where
    // their box scrolls.
    for (const box of document.querySelectorAll(".board .meld-fit")) named.push([`melds ${box.getAttribute("data-fit")}`, box]);
    return named
      .filter((n): n is [string, Element] => n[1] !== null)
      .map(([name, e]) => [name, box(e)] as [string, ReturnType<typeof box>]);
  });
}

/**
 * The table fits itself again whenever a part changes size (a seat's clock appearing), one frame later
 * (web/src/table/layout.ts): settled once the card sizes stay the same over four frames, not after a fixed wait.
 */
async function settled(page: Page): Promise<void> {
  await page.waitForFunction(
    () =>
      new Promise<boolean>((resolve) => {
        const sizes = () =>
          [...document.querySelectorAll<HTMLElement>(".meld-fit, .hand-cards")]
            .map((e) => `${e.clientHeight}:${e.style.getPropertyValue("--cw")}:${e.style.getPropertyValue("--card-w")}`)
            .join();
        const before = sizes();
        const settle = (frames: number) => requestAnimationFrame(() => (frames > 1 ? settle(frames - 1) : resolve(sizes() === before)));
        settle(4);
      }),
  );
}

const STAGES: { name: keyof Stages; seat: number; melds: number; cards: number }[] = [
  { name: "first", seat: 0, melds: 0, cards: 11 },
  { name: "big", seat: 0, melds: 0, cards: 34 },
  { name: "pozzetto", seat: 0, melds: 4, cards: 11 },
  { name: "melds", seat: 2, melds: 12, cards: 2 },
  { name: "late", seat: 2, melds: 12, cards: 22 },
  { name: "lone", seat: 0, melds: 8, cards: 1 },
];

/** The smallest card a player can read at arm's length: a meld's, and one in the hand. */
const READABLE: Readable = { meld: 28, hand: 34 };

const SIZE_NAMES: Size[] = ["phone", "smallPhone", "landscape", "tablet", "laptop"];

/**
 * Every size in both languages in `npm run test:long`; in `npm test` every size once and both languages, Italian,
 * whose words are longer, on the two tightest screens (the small phone, and the phone on its side) and the laptop.
 */
const VARIANTS: [Size, Lang][] = LONG
  ? SIZE_NAMES.flatMap((size): [Size, Lang][] => [
      [size, "it"],
      [size, "en"],
    ])
  : [
      ["phone", "en"],
      ["smallPhone", "it"],
      ["landscape", "it"],
      ["tablet", "en"],
      ["laptop", "it"],
    ];

describe("one table layout that fits every screen", () => {
  for (const [size, lang] of VARIANTS) {
    it(`${size} (${SIZES[size].width}×${SIZES[size].height}), ${lang}: every stage on one screen`, async () => {
      const words = lang === "it" ? italian : en;
      const page = await asOnePlayer(await newPage(await chromium.context({ size, lang, reducedMotion: true })));
      const { width, height } = SIZES[size];
      for (const stage of STAGES) {
        const game: CreateGameResponse = stages[stage.name];
        await page.goto(game.seats[stage.seat]!.url!);
        await page
          .locator("#my-hand h2")
          .filter({ hasText: new RegExp(words.common.cards(stage.cards)) })
          .waitFor();
        await page.locator("#connection.live").waitFor();
        // Sized once the page has measured the screen.
        await page.waitForFunction(() => document.querySelector(".hand-cards")?.getAttribute("data-rows") !== null);
        await settled(page);
        await screenshot(page, `board-${stage.name}-${size}-${lang}`);
        expect(await page.evaluate(() => document.scrollingElement!.scrollTop)).toBe(0);
        expect(await page.locator(".board .meld").count(), `${stage.name}: melds`).toBe(stage.melds);
        expect.soft(await clippedWords(page), `${stage.name}: words cut`).toEqual([]);
        expect.soft(await unreadableCards(page, READABLE), `${stage.name}: cards out of sight`).toEqual([]);
        expect.soft(await meldsOutOfSight(page, true), `${stage.name}: melds out of sight`).toEqual([]);
        expect.soft(await tapCounts(page), `${stage.name}: a tap on a count`).toEqual([]);
        // Every burraco opened: the widest the melds get.
        const closed = page.locator(".board .meld.closed");
        if (await closed.count()) {
          // Tapped where the player sees them (scrolled into their box, not by moving the page).
          while (await closed.count()) await closed.first().evaluate((meld: HTMLElement) => meld.click());
          await settled(page);
          await screenshot(page, `board-${stage.name}-open-${size}-${lang}`);
          expect.soft(await clippedWords(page), `${stage.name} opened: words cut`).toEqual([]);
          expect.soft(await unreadableCards(page, READABLE), `${stage.name} opened: cards out of sight`).toEqual([]);
          expect.soft(await meldsOutOfSight(page, false), `${stage.name} opened: melds out of sight`).toEqual([]);
        }
        const found = await parts(page);
        for (const [name, box] of found) {
          const where = `${stage.name} ${name} ${JSON.stringify(box)}`;
          expect(box.width, where).toBeGreaterThan(0);
          expect(box.x, where).toBeGreaterThanOrEqual(-0.5);
          expect(box.y, where).toBeGreaterThanOrEqual(-0.5);
          expect(box.x + box.width, where).toBeLessThanOrEqual(width + 0.5);
          expect(box.y + box.height, where).toBeLessThanOrEqual(height + 0.5);
        }
        for (let i = 0; i < found.length; i++)
          for (let j = i + 1; j < found.length; j++)
            expect(overlaps(found[i]![1], found[j]![1]), `${stage.name}: ${found[i]![0]} and ${found[j]![0]} overlap`).toBe(false);
        // On a 390-pixel phone an 11-card hand has cards at least 52 pixels wide.
        if (size === "phone" && stage.cards <= 11) {
          const card = (await page.locator("#my-hand .hand-cards .card").first().boundingBox())!;
          expect(card.width).toBeGreaterThanOrEqual(52);
        }
      }
    });
  }
});

describe("the table's cards and seats", () => {
  it("names the seats around the table, shows a burraco closed and opens it, the joker unlike a jack, and axe finds nothing serious", async () => {
    for (const size of ["phone", "laptop"] as Size[]) {
      const page = await asOnePlayer(await newPage(await chromium.context({ size, lang: "it", bypassCSP: true, reducedMotion: true })));
      await page.goto(stages.melds.seats[2]!.url!);
      await page.locator(".board .meld.closed").waitFor();
      // Carla (seat 2) sees Anna opposite, Bruno and Dario on either side; long names whole.
      expect(await page.locator(".ring .seat.at-top .seat-name").textContent()).toBe("Anna Maria Bianchi");
      expect(await page.locator(".ring .seat.at-left").getAttribute("data-seat")).toBe("3");
      expect(await page.locator(".ring .seat.at-right").getAttribute("data-seat")).toBe("1");
      const title = page.locator('.team[data-team="0"] .zone-title');
      await waitText(page, '.team[data-team="0"] .zone-title', /Anna Maria Bianchi e Carla Rossi-Esposito/);
      expect(await title.evaluate((e) => e.scrollWidth <= e.clientWidth + 1)).toBe(true);
      // The pozzetto taken shows on Anna's and Carla's seats.
      await page.locator('.seat[data-seat="0"] .pz.taken').waitFor();
      // Dario's burraco is closed with its kind; a tap opens it.
      const burraco = page.locator(".board .meld.closed");
      await waitText(page, ".board .meld.closed .badge", /pulito/);
      await burraco.click();
      await page.locator('.board .meld[aria-expanded="true"]').waitFor();
      // The joker's corner is a star, not a J; the pinella's "=10♠" shows whole below it.
      expect(await page.locator(".board .card.joker .rank").first().textContent()).toBe("★");
      const label = page.locator('.board .card.wild[data-card="2D"] .as');
      expect(await label.textContent()).toBe("=10♠");
      const inner = await label.evaluate((e) => e.scrollWidth <= e.clientWidth + 1);
      expect(inner).toBe(true);
      expect(await axeScan(page), size).toEqual([]);
    }
  });

  it("the four-colour deck is remembered, and holds under protanopia and deuteranopia", async () => {
    const context = await chromium.context({ size: "phone", lang: "en", reducedMotion: true });
    const page = await asOnePlayer(await newPage(context));
    await page.goto(stages.melds.seats[2]!.url!);
    await page.locator(".board .meld").first().waitFor();
    const colour = (card: string) =>
      page
        .locator(`.board .card[data-card="${card}"]`)
        .first()
        .evaluate((e) => getComputedStyle(e).color);
    expect(await colour("3C")).toBe(await colour("3S"));
    await page.locator("#page-menu summary").click();
    await page.locator("#menu-four-colour").click();
    await page.locator(".table-page.four-colour").waitFor();
    const four = new Set([await colour("3S"), await colour("3H"), await colour("3C"), await colour("3D")]);
    expect(four.size).toBe(4);
    // Sounds are off at first; turned on, they stay on.
    await page.locator("#page-menu summary").click();
    await waitText(page, "#menu-sounds", literal(en.board.sounds(false)));
    await page.locator("#menu-sounds").click();
    await page.reload();
    await page.locator(".table-page.four-colour").waitFor();
    await page.locator("#page-menu summary").click();
    await waitText(page, "#menu-sounds", literal(en.board.sounds(true)));
    await page.locator("#page-menu summary").click();
    const cdp = await context.newCDPSession(page);
    for (const type of ["protanopia", "deuteranopia"]) {
      await cdp.send("Emulation.setEmulatedVisionDeficiency", { type: type as "protanopia" });
      await screenshot(page, `board-four-colour-${type}`);
    }
    await cdp.send("Emulation.setEmulatedVisionDeficiency", { type: "none" });
  });
});
