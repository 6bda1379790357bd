import type { Page } from "playwright-core";
import { beforeAll, describe, expect, it } from "vitest";
import { makeStages, type Stages } from "./board-setup";
import { chromiumForFile, newPage, SIZES, type Size, screenshot } from "./helpers";
import { clippedWords } from "./reach";

/**
 * The way back's sheet (web/src/identity/way-back.ts) over a table late in a hand, on the tightest screens: a small
 * phone, a phone on its side and a phone. Whether it offers the three ways or shows the code just made, its title,
 * its choices and the way to put it away ("Not now", "I saved it", "Close") lie whole on the screen, uncovered, with
 * no scrolling inside the sheet to find them, and no word of it is cut.
 */

const chromium = chromiumForFile();
let stages: Stages;

beforeAll(async () => {
  stages = await makeStages();
}, 120_000);

/** Each of `selectors` that is not whole on the screen and on top where a finger would tap it, with why. */
async function outOfReach(page: Page, selectors: readonly string[]): Promise<string[]> {
  return page.evaluate((selectors) => {
    const problems: string[] = [];
    for (const selector of selectors) {
      const element = document.querySelector(selector);
      if (!element) {
        problems.push(`${selector}: not there`);
        continue;
      }
      const r = element.getBoundingClientRect();
      if (r.top < -0.5 || r.left < -0.5 || r.bottom > innerHeight + 0.5 || r.right > innerWidth + 0.5)
        problems.push(`${selector}: off the screen (${Math.round(r.top)}..${Math.round(r.bottom)} of ${innerHeight})`);
      // Its middle and its corners, inside their rounding: each must be the element itself (not the sheet's edge).
      const inset = Math.min(6, r.width / 4, r.height / 4);
      const points: [number, number][] = [
        [r.left + r.width / 2, r.top + r.height / 2],
        [r.left + inset, r.top + inset],
        [r.right - inset, r.top + inset],
        [r.left + inset, r.bottom - inset],
        [r.right - inset, r.bottom - inset],
      ];
      for (const [x, y] of points) {
        const hit = document.elementFromPoint(x, y);
        if (!hit || !(element === hit || element.contains(hit))) {
          problems.push(
            `${selector}: covered at ${Math.round(x)},${Math.round(y)}${hit ? ` by ${hit.tagName.toLowerCase()}.${hit.className}` : ""}`,
          );
          break;
        }
      }
    }
    return problems;
  }, selectors);
}

const CASES: { size: Size; seat: number }[] = [
  { size: "smallPhone", seat: 0 },
  { size: "landscape", seat: 1 },
  { size: "phone", seat: 3 },
];

describe("the way back's sheet over a late hand", () => {
  for (const { size, seat } of CASES) {
    it(`${size} (${SIZES[size].width}×${SIZES[size].height}): its choices and its way out on the screen, in the offer and with the code`, async () => {
      // A player on their first device, with no email and no code, opens their seat while another plays.
      const page = await newPage(await chromium.context({ size, lang: "it", reducedMotion: true, wayBack: true }));
      await page.goto(stages.late.seats[seat]!.url!);
      await page.locator("#my-hand").waitFor();
      const sheet = page.locator("#way-back");
      await page.locator("#way-back-code").waitFor();
      await screenshot(page, `way-back-offer-${size}-it`);
      const box = (await sheet.boundingBox())!;
      expect(box.y).toBeGreaterThanOrEqual(0);
      expect(box.x + box.width).toBeLessThanOrEqual(SIZES[size].width + 0.5);
      expect(await sheet.evaluate((e) => e.querySelector(".way-back-body")!.scrollTop)).toBe(0);
      expect(
        await outOfReach(page, ["#way-back-title", "#way-back-device", "#way-back-email", "#way-back-code", "#way-back-close"]),
      ).toEqual([]);
      expect(await clippedWords(page, "#way-back")).toEqual([]);

      await page.locator("#way-back-code").click();
      await page.locator("#recovery-code-text").waitFor();
      await screenshot(page, `way-back-code-${size}-it`);
      expect(
        await outOfReach(page, ["#way-back-title", "#recovery-code-text", "#recovery-copy", "#recovery-saved", "#way-back-close"]),
      ).toEqual([]);
      expect(await clippedWords(page, "#way-back")).toEqual([]);
    });
  }
});
