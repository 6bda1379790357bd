import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CreateGameResponse } from "../../src/shared/api";
import { DEAL2, play } from "./board-setup";
import { type ContextOptions, chromiumForFile, createGame, newPage, screenshot, waitText } from "./helpers";

/**
 * Playing at the new table as people do: a whole turn by touch on a phone
 * (drawing by tapping the stock), by dragging with a mouse, by keyboard;
 * and the other player's turn played back one move at a time — skippable,
 * absent under reduced motion, and shown again to a player coming back.
 */

const chromium = chromiumForFile();

async function open(game: CreateGameResponse, seat: number, options: ContextOptions): Promise<Page> {
  const page = await newPage(await chromium.context({ lang: "en", ...options }));
  await page.goto(game.seats[seat]!.url!);
  await page.locator("#connection.live").waitFor();
  return page;
}

const handCount = (page: Page, n: number) => waitText(page, "#my-hand h2", new RegExp(`${n} cards`));

/** Keeps every text the playback line shows, in order. */
async function recordPlayback(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __playback: string[] }).__playback = seen;
    const take = () => {
      const text = document.querySelector("#playback .playback-text")?.textContent;
      if (text && seen.at(-1) !== text) seen.push(text);
    };
    new MutationObserver(take).observe(document.body, { subtree: true, childList: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __playback: string[] }).__playback);
}

/** Holds the answer to the page's next move until `release()`, as a slow network would; the moves sent so far. */
async function holdFirstMove(page: Page): Promise<{ release: () => void; moves: () => number }> {
  let release = () => {};
  const held = new Promise<void>((resolve) => {
    release = resolve;
  });
  let moves = 0;
  await page.route("**/api/games/*/moves", async (route) => {
    if (++moves > 1) return route.continue();
    const response = await route.fetch();
    await held;
    await route.fulfill({ response });
  });
  return { release: () => release(), moves: () => moves };
}

const newGame = () => createGame({ players: 2, names: ["Anna", "Bruno"], deals: [DEAL2] });

/** Bruno's turn: draws 3♠, lays 3♠ joker 5♠, discards A♥. */
const BRUNO_TURN = [{ type: "draw" }, { type: "meld", cards: ["3S", "JK", "5S"] }, { type: "discard", card: "AH" }];

describe("a turn at the table", () => {
  it("by touch on a phone: tap the stock to draw, tap cards and the moves", async () => {
    const game = await newGame();
    const anna = await open(game, 0, { size: "phone" });
    await anna.locator("#take-stock").tap();
    await handCount(anna, 12);
    for (const card of ["3H", "4H", "5H"]) await anna.locator(`#my-hand button.card[data-card="${card}"]`).tap();
    await anna.locator("#act-meld").tap();
    await anna.locator('.team[data-team="0"] .meld').waitFor();
    await handCount(anna, 9);
    await anna.locator('#my-hand button.card[data-card="9D"]').tap();
    await anna.locator("#act-discard").tap();
    await anna.locator('#discard .card.top[data-card="9D"]').waitFor();
    await waitText(anna, "#status .turn-text", /Bruno/);
  });

  it("by dragging on a desktop: the stock onto the hand, cards onto the table and the pile", async () => {
    const game = await newGame();
    const anna = await open(game, 0, { size: "laptop" });
    await anna.locator("#take-stock").dragTo(anna.locator("#my-hand .hand-cards"));
    await handCount(anna, 12);
    for (const card of ["3H", "4H", "5H"]) await anna.locator(`#my-hand button.card[data-card="${card}"]`).click();
    await anna.locator('#my-hand button.card[data-card="4H"]').dragTo(anna.locator('.team[data-team="0"] .meld-fit'));
    await anna.locator('.team[data-team="0"] .meld').waitFor();
    // The hand laid out again without the meld's cards: a drag started before would grab a card that then moves.
    await handCount(anna, 9);
    await anna.locator('#my-hand button.card[data-card="9D"]').dragTo(anna.locator("#discard"));
    await anna.locator('#discard .card.top[data-card="9D"]').waitFor();
    await waitText(anna, "#status .turn-text", /Bruno/);
    // Picking the pile up by dragging it, on Bruno's turn.
    const bruno = await open(game, 1, { size: "laptop" });
    await bruno.locator("#take-pile").dragTo(bruno.locator("#my-hand .hand-cards"));
    await handCount(bruno, 13);
  });

  it("a drag plays the card picked up, even when the hand is laid out again under it", async () => {
    const game = await newGame();
    const anna = await open(game, 0, { size: "laptop" });
    await anna.locator("#take-stock").click();
    await handCount(anna, 12);
    const order = () => anna.locator("#my-hand button.card").evaluateAll((cards) => cards.map((c) => c.getAttribute("data-card")));
    const before = await order();
    // Picks 9♦ up with the mouse and starts dragging it towards the pile…
    const box = (await anna.locator('#my-hand button.card[data-card="9D"]').boundingBox())!;
    await anna.mouse.move(box.x + box.width / 2, box.y + box.height / 2);
    await anna.mouse.down();
    await anna.mouse.move(box.x + box.width / 2, box.y - 40, { steps: 4 });
    // …when the hand is laid out again (here sorted by rank; an answer or a push arriving does the same)…
    await anna
      .locator(`#sort-${(await anna.locator("#sort-rank").getAttribute("aria-pressed")) === "true" ? "suit" : "rank"}`)
      .dispatchEvent("click");
    await expect.poll(order).not.toEqual(before);
    expect((await order()).indexOf("9D")).not.toBe(before.indexOf("9D"));
    // …and drops it on the pile: 9♦ is discarded, not the card now where it was.
    const pile = (await anna.locator("#discard").boundingBox())!;
    await anna.mouse.move(pile.x + pile.width / 2, pile.y + pile.height / 2, { steps: 6 });
    await anna.mouse.up();
    await anna.locator('#discard .card.top[data-card="9D"]').waitFor();
    await handCount(anna, 11);
    expect(await order()).not.toContain("9D");
  });

  it("a card dropped while the move before is on its way is played after it, not lost", async () => {
    const game = await newGame();
    const anna = await open(game, 0, { size: "laptop" });
    await anna.locator("#take-stock").click();
    await handCount(anna, 12);
    // The meld's answer is slow to come back (a phone's network), while the table's push shows it played at once.
    const first = await holdFirstMove(anna);
    for (const card of ["3H", "4H", "5H"]) await anna.locator(`#my-hand button.card[data-card="${card}"]`).click();
    await anna.locator("#act-meld").click();
    await anna.locator('.team[data-team="0"] .meld').waitFor();
    await handCount(anna, 9);
    // Seeing the meld on the table, Anna drags 9♦ onto the pile before the meld's answer is back…
    await anna.locator('#my-hand button.card[data-card="9D"]').dragTo(anna.locator("#discard"));
    expect(first.moves()).toBe(1);
    first.release();
    // …and it is discarded once the answer comes.
    await anna.locator('#discard .card.top[data-card="9D"]').waitFor();
    await waitText(anna, "#status .turn-text", /Bruno/);
    await handCount(anna, 8);
  });

  it("cards dropped one after another while the draw is on its way are all played, in order", async () => {
    const game = await newGame();
    const anna = await open(game, 0, { size: "laptop" });
    const first = await holdFirstMove(anna);
    // The draw's answer is slow; the push shows the card drawn at once…
    await anna.locator("#take-stock").click();
    await handCount(anna, 12);
    // …and Anna melds 3♥ 4♥ 5♥ by dragging them onto her team's melds, then drags 9♦ onto the pile, before it comes.
    for (const card of ["3H", "4H", "5H"]) await anna.locator(`#my-hand button.card[data-card="${card}"]`).click();
    await anna.locator('#my-hand button.card[data-card="4H"]').dragTo(anna.locator('.team[data-team="0"]'));
    await anna.locator('#my-hand button.card[data-card="9D"]').dragTo(anna.locator("#discard"));
    expect(first.moves()).toBe(1);
    first.release();
    // Both are played, the meld first: the discard does not take the meld's place.
    await anna.locator('#discard .card.top[data-card="9D"]').waitFor();
    await waitText(anna, "#status .turn-text", /Bruno/);
    await handCount(anna, 8);
    await anna.locator('.team[data-team="0"] .meld').waitFor();
  });

  it("by keyboard: Enter on the stock draws, the focus goes to the card drawn, Space selects it, Enter discards", async () => {
    const game = await newGame();
    const anna = await open(game, 0, { size: "laptop" });
    await anna.locator("#take-stock").focus();
    await anna.keyboard.press("Enter");
    await handCount(anna, 12);
    await anna.waitForFunction(() => document.activeElement?.getAttribute("data-card") === "9H");
    await anna.keyboard.press("Space");
    await anna.locator('#my-hand button.card[data-card="9H"][aria-pressed="true"]').waitFor();
    for (let i = 0; i < 12 && (await anna.evaluate(() => document.activeElement?.id)) !== "act-discard"; i++)
      await anna.keyboard.press("Tab");
    await anna.keyboard.press("Enter");
    await anna.locator('#discard .card.top[data-card="9H"]').waitFor();
    await waitText(anna, "#status .turn-text", /Bruno/);
  });
});

describe("the other player's turn, one move at a time", () => {
  it("plays back Bruno's draw, meld and discard in order, with Anna's moves off until it ends", async () => {
    const game = await newGame();
    await play(game, 0, [{ type: "draw" }, { type: "discard", card: "9D" }]);
    const anna = await open(game, 0, { size: "phone" });
    const texts = await recordPlayback(anna);
    await play(game, 1, BRUNO_TURN);
    await waitText(anna, "#playback", /Bruno laid 3♠ Joker 5♠/);
    // While it plays, the table is not yet Anna's to play.
    expect(await anna.locator("#act-draw").isDisabled()).toBe(true);
    await screenshot(anna, "board-playback-phone-en");
    await anna.locator("#playback").waitFor({ state: "detached" });
    expect(await texts()).toEqual(["Bruno drew from the stock.", "Bruno laid 3♠ Joker 5♠.", "Bruno discarded A♥."]);
    await waitText(anna, "#status", /Your turn/);
    expect(await anna.locator("#act-draw").isDisabled()).toBe(false);
    expect(await anna.locator("#discard .card.top").getAttribute("data-card")).toBe("AH");
  });

  it("shows no playback when the system asks for reduced motion", async () => {
    const game = await newGame();
    await play(game, 0, [{ type: "draw" }, { type: "discard", card: "9D" }]);
    const anna = await open(game, 0, { size: "phone", reducedMotion: true });
    const texts = await recordPlayback(anna);
    await play(game, 1, BRUNO_TURN);
    await waitText(anna, "#status", /Your turn/);
    expect(await anna.locator("#discard .card.top").getAttribute("data-card")).toBe("AH");
    expect(await texts()).toEqual([]);
  });

  it("shows a player coming back the moves made while away, the same way, and Skip ends it at once", async () => {
    const game = await newGame();
    await play(game, 0, [{ type: "draw" }, { type: "discard", card: "9D" }]);
    const context = await chromium.context({ size: "phone", lang: "en" });
    const first = await newPage(context);
    await first.goto(game.seats[0]!.url!);
    await first.locator("#connection.live").waitFor();
    await first.close();
    await play(game, 1, BRUNO_TURN);
    const anna = await newPage(context);
    await anna.goto(game.seats[0]!.url!);
    await waitText(anna, "#playback.away", /While you were away/);
    // Skipped, the table is as it is now at once.
    await anna.locator("#playback-skip").click();
    await anna.locator("#playback").waitFor({ state: "detached", timeout: 2_000 });
    expect(await anna.locator("#discard .card.top").getAttribute("data-card")).toBe("AH");
  });
});
