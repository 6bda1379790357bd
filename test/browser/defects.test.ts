import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { en } from "../web/words";
import {
  type ContextOptions,
  call,
  chromiumForFile,
  createGame,
  drawAndDiscard,
  keyHeader,
  keyOf,
  knownDeal,
  literal,
  newPage,
  screenshot,
  serviceUrl,
  waitText,
} from "./helpers";

/** What a newcomer tripped on, each checked in the browser as they met it. */

const chromium = chromiumForFile();

async function page(options: ContextOptions = {}): Promise<Page> {
  return newPage(await chromium.context(options));
}

async function select(page: Page, cards: string[]): Promise<void> {
  for (const card of cards) await page.locator(`#my-hand button.card[data-card="${card}"][aria-pressed="false"]`).first().click();
}

// Anna (seat 0) plays first.
const ANNA = ["3H", "4H", "5H", "6H", "KS", "KS", "QD", "QD", "JC", "JC", "9D"];
const BRUNO = ["8C", "8C", "7D", "7D", "10S", "10S", "4C", "4C", "AH", "5S", "JK"];
const DEAL = knownDeal({ dealer: 1, hands: [ANNA, BRUNO], discard: "QS", stockTop: ["9H", "3S", "2C", "KD"] });

describe("defects a newcomer met", () => {
  it("1: the creator keeps every link: seats open in new tabs, links come back under My games, and leaving unsent links asks first", async () => {
    const lobby = await page();
    await lobby.context().grantPermissions(["clipboard-read", "clipboard-write"]);
    await lobby.goto(serviceUrl());
    await lobby.locator("#name-0").fill("Anna");
    await lobby.locator("#name-1").fill("Marco");
    await lobby.locator("#create-submit").click();
    const seat0 = await lobby.locator("#seat-link-0").inputValue();
    const seat1 = await lobby.locator("#seat-link-1").inputValue();
    const id = new URL(seat0).pathname.split("/")[2]!;
    // "Play this seat" opens a new tab: the links stay here.
    const [tab] = await Promise.all([lobby.context().waitForEvent("page"), lobby.locator('[data-link="seat-0"] a.open').click()]);
    await tab.locator("#my-hand").waitFor();
    expect(tab.url()).toBe(seat0);
    await tab.close();
    expect(await lobby.locator("#seat-link-1").inputValue()).toBe(seat1);
    // Marco's link has not been sent: leaving asks first.
    const asked = new Promise<string>((resolve) => lobby.once("dialog", (d) => void d.dismiss().then(() => resolve(d.type()))));
    await lobby.close({ runBeforeUnload: true });
    expect(await asked).toBe("beforeunload");
    expect(lobby.isClosed()).toBe(false);
    // Copied, a link is marked sent and the clipboard holds it; with every link sent, the page lets go.
    await lobby.locator('#links [data-link="seat-1"] button.copy').click();
    await waitText(lobby, '#links [data-link="seat-1"] .copied', /sent/);
    expect(await lobby.evaluate(() => navigator.clipboard.readText())).toBe(seat1);
    // Back in the lobby later, the game's links are there under "Games created here".
    await lobby.goto(seat0);
    await lobby.locator("#my-hand").waitFor();
    await lobby.goBack();
    const created = lobby.locator(`li[data-created="${id}"]`);
    await created.locator("summary").click();
    expect(await lobby.locator(`[id="${id}-seat-link-1"]`).inputValue()).toBe(seat1);
    expect(await lobby.locator(`[id="${id}-seat-link-0"]`).inputValue()).toBe(seat0);
    await waitText(lobby, `li[data-created="${id}"] [data-link="seat-1"] .copied`, /sent/);
    // Which seats have been opened shows beside each link: Anna's own, by her (hers to give a new link if it was not).
    await waitText(lobby, `li[data-created="${id}"] [data-link="seat-0"] label`, /opened by you/);
    await waitText(lobby, `li[data-created="${id}"] [data-link="seat-1"] label`, /not opened yet/);
  });

  it("2: the invitation fills unnamed seats only; a named seat keeps its link; the creator issues a fresh link for a seat nobody opened", async () => {
    const lobby = await page();
    await lobby.goto(serviceUrl());
    await lobby.locator('input[name="players"][value="3"]').check();
    await lobby.locator("#name-0").fill("Anna");
    await lobby.locator("#name-1").fill("Marco");
    await lobby.locator("#create-submit").click();
    const marco = await lobby.locator("#seat-link-1").inputValue();
    const invite = await lobby.locator("#invite-link").inputValue();

    // A friend opens the invitation: only the unnamed seat is offered, and Marco's is named as kept for him.
    const carla = await page();
    await carla.goto(invite);
    await waitText(carla, ".claim", /Kept for their players: Anna, Marco\./);
    expect(await carla.locator("#claim-seat").count()).toBe(0);
    await carla.locator("#claim-name").fill("Carla");
    await carla.locator("#claim-submit").click();
    await waitText(carla, ".seat.you", /Carla/);
    expect(await carla.locator(".seat.you").getAttribute("data-seat")).toBe("2");
    // The invitation has no seat left to give: Marco's stays his.
    const late = await page();
    await late.goto(invite);
    await waitText(late, ".claim", literal(en.claim.full));

    // Marco lost his link: the creator issues a fresh one (the old one stops working).
    lobby.once("dialog", (d) => void d.accept());
    await lobby.locator('[data-link="seat-1"] button.new-link').click();
    await waitText(lobby, "#links", /Seat 2 has a fresh link/);
    const fresh = await lobby.locator("#seat-link-1").inputValue();
    expect(fresh).not.toBe(marco);
    const old = await page();
    await old.goto(marco);
    await waitText(old, ".fatal", literal(en.load.badSeat));
    const marcoPage = await page();
    await marcoPage.goto(fresh);
    await waitText(marcoPage, ".seat.you", /Marco/);
    // Once opened, the seat is Marco's: a fresh link is refused, in the player's words.
    lobby.once("dialog", (d) => void d.accept());
    await lobby.locator('[data-link="seat-1"] button.new-link').click();
    await waitText(lobby, "#links", literal(en.codes.SEAT_TAKEN));
  });

  it("3: on a phone the hand and moves stay at the bottom, the turn and piles at the top, and a 34-card hand takes two rows", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], deals: [DEAL] });
    // 22 quick turns leave 23 cards on the open pile, and Anna to play.
    await drawAndDiscard(game, 22);
    const anna = await page({ size: "phone", lang: "en" });
    await anna.goto(game.seats[0]!.url!);
    await waitText(anna, "#status", /Your turn: draw/);
    await waitText(anna, "#act-pickup", /Pick up the pile \(23\)/);
    await anna.locator("#act-pickup").click();
    await anna
      .locator("#my-hand h2")
      .filter({ hasText: /34 cards/ })
      .waitFor();
    // (The cards just picked up slide in: measure once they are in place.)
    await anna.evaluate(() => Promise.all(document.getAnimations().map((a) => a.finished)));
    const boxes = await anna.locator("#my-hand button.card").evaluateAll((els) =>
      els.map((e) => {
        const r = e.getBoundingClientRect();
        return { top: Math.round(r.top), right: r.right, bottom: r.bottom };
      }),
    );
    expect(boxes).toHaveLength(34);
    // Two rows at most, the whole hand on screen.
    expect(new Set(boxes.map((b) => b.top)).size).toBeLessThanOrEqual(2);
    for (const box of boxes) {
      expect(box.right).toBeLessThanOrEqual(390);
      expect(box.bottom).toBeLessThanOrEqual(844);
    }
    const inView = async (selector: string) => {
      const box = (await anna.locator(selector).boundingBox())!;
      return box.y >= 0 && box.y + box.height <= 844;
    };
    // Scrolled to the bottom of the melds and scores, the turn, the piles and the moves are all still in view.
    await anna.locator("#table-middle").evaluate((el) => el.scrollTo(0, el.scrollHeight));
    for (const selector of ["#status", "#discard", "#stock", "#act-discard", "#act-meld"])
      expect(await inView(selector), selector).toBe(true);
    await screenshot(anna, "table-34-cards-phone-en");
  });

  it("4: the end of a hand stays until closed, with every team's final melds, the hands left, the score and the match", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], deals: [DEAL] });
    const bruno = await page({ size: "phone" });
    await bruno.goto(game.seats[1]!.url!);
    await bruno.locator("#connection.live").waitFor();
    await waitText(bruno, "#hand-number", /Hand 1/);
    // Anna lays a meld, then the hand runs to the end of the stock.
    const anna = game.seats[0]!.token!;
    const drew = await call(`/api/games/${game.id}/moves`, { token: anna, body: { move: { type: "draw" }, version: 2 } });
    const melded = await call(`/api/games/${game.id}/moves`, {
      token: anna,
      body: { move: { type: "meld", cards: ["3H", "4H", "5H"] }, version: drew.body.version },
    });
    await call(`/api/games/${game.id}/moves`, {
      token: anna,
      body: { move: { type: "discard", card: "9D" }, version: melded.body.version },
    });
    const last = await drawAndDiscard(game, 200, { 1: await keyOf(bruno) });
    expect(last?.events.some((e) => e.type === "handEnded")).toBe(true);

    const dialog = bruno.locator("#hand-end");
    await waitText(bruno, "#hand-end", /Hand 1 ended: the stock ran out/);
    // The final melds come from the game's record, replayed by the engine (the next hand is dealt already).
    await dialog.locator('.end-melds [data-card="3H"]').waitFor();
    await waitText(bruno, "#hand-end", /Anna held/);
    await waitText(bruno, "#hand-end .breakdown", /Cards melded/);
    await waitText(bruno, "#hand-end .match-totals", /Anna/);
    expect(await bruno.evaluate(() => document.activeElement?.id)).toBe("hand-end-title");
    await screenshot(bruno, "hand-end-phone-en");
    // It stays while the game goes on behind it, and the next hand's number shows.
    await bruno.waitForTimeout(1500);
    expect(await dialog.isVisible()).toBe(true);
    await waitText(bruno, "#hand-number", /Hand 2/);
    await bruno.locator("#hand-end-close").click();
    expect(await dialog.count()).toBe(0);
    // Closed once, it is not offered again; a browser that missed the end gets it on its next visit.
    await bruno.reload();
    await bruno.locator("#status").waitFor();
    await bruno.waitForTimeout(500);
    expect(await bruno.locator("#hand-end").count()).toBe(0);
    const away = await page();
    await away.goto(game.seats[0]!.url!);
    await away.locator('#hand-end .end-melds [data-card="3H"]').waitFor();
  });

  it("5: counts only the player's own melds, says 1 card, keeps Meld off for a bad selection, shows the whole 10, a plain plus, and a taken seat at once", async () => {
    const deal = knownDeal({
      dealer: 1,
      hands: [
        ["3H", "4H", "5H", "6H", "9S", "2D", "KC", "KC", "QH", "QH", "8D"],
        ["10S", "JS", "QS", "7C", "7C", "5D", "5D", "AH", "AH", "4S", "JK"],
      ],
      discard: "QC",
      stockTop: ["9C", "3C", "KD", "6C"],
    });
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], deals: [deal] });
    // A spectator watches from before anyone opens a seat.
    const watcher = await page();
    await watcher.goto(game.spectatorUrl);
    await watcher.locator("#connection.live").waitFor();
    await waitText(watcher, '.seat[data-seat="1"]', /seat free/);
    const anna = await page();
    await anna.goto(game.seats[0]!.url!);
    await waitText(anna, "#discard", /^Discard pile.*1 card$/);
    const bruno = await page();
    await bruno.goto(game.seats[1]!.url!);
    // Opening a seat's link takes it: the spectator sees it at once, with no move made.
    await watcher.locator('.seat[data-seat="1"] .free-tag').waitFor({ state: "detached" });

    // By the API with the key of the browser that opened the seat (a seat its player opened answers only to their devices).
    const play = async (seat: Page, token: string, moves: unknown[]) => {
      let version = (await call(`/api/games/${game.id}`)).body.version;
      const headers = keyHeader(await keyOf(seat));
      for (const move of moves) {
        const answer = await call(`/api/games/${game.id}/moves`, { token, headers, body: { move, version } });
        expect(answer.status).toBe(200);
        version = answer.body.version;
      }
    };
    await play(anna, game.seats[0]!.token!, [
      { type: "draw" },
      { type: "meld", cards: ["3H", "4H", "5H"] },
      { type: "discard", card: "8D" },
    ]);
    await play(bruno, game.seats[1]!.token!, [
      { type: "draw" },
      { type: "meld", cards: ["10S", "JS", "QS"] },
      { type: "discard", card: "3C" },
    ]);
    await waitText(anna, "#status", /Your turn: draw/);
    await anna.locator("#act-draw").click();
    await waitText(anna, "#status", /Your turn: meld/);
    // 9♠ would fit only the opponents' run: no "of your melds" for it.
    await select(anna, ["9S"]);
    await waitText(anna, "#preview", /^Discard it, or add it to a meld\.$/);
    await anna.locator('#my-hand button.card[data-card="9S"]').click();
    await select(anna, ["6H"]);
    await waitText(anna, "#preview", /one of your melds takes it/);
    const plus = await anna.locator(".fits-tag").first().textContent();
    expect(plus?.startsWith("+ ")).toBe(true);
    await anna.locator('#my-hand button.card[data-card="6H"]').click();
    // A selection that is no meld: Meld stays off and the reason shows once.
    await select(anna, ["9S", "KC", "KD"]);
    await waitText(anna, "#preview", literal(en.codes.INVALID_MELD));
    expect(await anna.locator("#act-meld").isDisabled()).toBe(true);
    const reason = await anna.locator("#my-hand").textContent();
    expect(reason!.split(en.codes.INVALID_MELD).length - 1).toBe(1);
    expect(reason).not.toMatch(/\b[A-Z]{3,}_[A-Z_]+\b/);
    // The fanned run shows its "10" whole, clear of the next card.
    const ten = (await anna.locator('.team[data-team="1"] .card[data-card="10S"] .rank').boundingBox())!;
    const jack = (await anna.locator('.team[data-team="1"] .card[data-card="JS"]').boundingBox())!;
    expect(ten.x + ten.width).toBeLessThanOrEqual(jack.x + 0.5);
    const favicon = await anna.request.get(`${serviceUrl()}/favicon.ico`);
    expect(favicon.headers()["content-type"]).toMatch(/^image\//);
  });

  it("6: a whole turn by keyboard alone: one tab stop for the hand, arrows between cards, the focus kept, and other players' moves announced", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], deals: [DEAL] });
    const anna = await page();
    // Bruno's system asks for reduced motion.
    const bruno = await page({ reducedMotion: true });
    // Every announcement Bruno's screen reader would hear, in order.
    await bruno.addInitScript(() => {
      const heard: string[] = [];
      (window as unknown as { __heard: string[] }).__heard = heard;
      new MutationObserver(() => {
        const text = document.getElementById("announce")?.textContent;
        if (text && heard[heard.length - 1] !== text) heard.push(text);
      }).observe(document, { subtree: true, childList: true, characterData: true });
    });
    await Promise.all([anna.goto(game.seats[0]!.url!), bruno.goto(game.seats[1]!.url!)]);
    for (const p of [anna, bruno]) await p.locator("#connection.live").waitFor();
    await waitText(anna, "#status", /Your turn: draw/);
    const focused = (p: Page) =>
      p.evaluate(() => ({ id: document.activeElement?.id ?? "", card: document.activeElement?.getAttribute("data-card") ?? null }));
    // Tab to Draw; the hand is a single tab stop on the way.
    let stops = 0;
    const cardStops = new Set<string>();
    while ((await focused(anna)).id !== "act-draw" && stops++ < 80) {
      await anna.keyboard.press("Tab");
      const now = await focused(anna);
      if (now.card) cardStops.add(now.card);
    }
    expect((await focused(anna)).id).toBe("act-draw");
    expect(cardStops.size).toBeLessThanOrEqual(1);
    expect(await anna.locator('#my-hand .hand-cards [tabindex="0"]').count()).toBe(1);
    await anna.keyboard.press("Enter");
    // After Draw the focus goes to the card drawn, not to the page.
    await expect.poll(async () => (await focused(anna)).card).toBe("9H");
    expect(await anna.locator('#my-hand button.card.fresh[data-card="9H"]').evaluate((e) => getComputedStyle(e).animationName)).toBe(
      "fresh-in",
    );
    const to = async (card: string) => {
      await anna.keyboard.press("Home");
      for (let i = 0; i < 14 && (await focused(anna)).card !== card; i++) await anna.keyboard.press("ArrowRight");
      expect((await focused(anna)).card).toBe(card);
    };
    for (const card of ["3H", "4H", "5H"]) {
      await to(card);
      await anna.keyboard.press("Space");
    }
    await anna.keyboard.press("Tab");
    expect((await focused(anna)).id).toBe("act-meld");
    await anna.keyboard.press("Enter");
    await anna.locator('.team[data-team="0"] .meld').waitFor();
    await expect.poll(async () => (await focused(anna)).card !== null).toBe(true);
    await to("9D");
    await anna.keyboard.press("Space");
    await anna.keyboard.press("Tab");
    expect((await focused(anna)).id).toBe("act-discard");
    await anna.keyboard.press("Enter");
    await waitText(bruno, "#status", /Your turn: draw/);
    await expect.poll(async () => (await focused(anna)).card !== null).toBe(true);
    // Bruno's screen reader heard what Anna did, not only that it is his turn.
    // (The live region is visually hidden: its text is what a screen reader hears.)
    await expect
      .poll(() => bruno.evaluate(() => (window as unknown as { __heard: string[] }).__heard.join(" | ")))
      .toMatch(/Anna drew from the stock\..*Anna laid 3♥ 4♥ 5♥\..*Anna discarded 9♦\. Your turn\./);
    // Bruno sees what changed since he last looked: Anna's new meld and her discard.
    await bruno.locator('.team[data-team="0"] .meld.fresh').waitFor();
    await bruno.locator("#discard .card.top.fresh").waitFor();
    // Highlighted without moving for him; Anna's card just drawn slid in.
    expect(await bruno.locator('.team[data-team="0"] .meld.fresh').evaluate((e) => getComputedStyle(e).animationName)).toBe("none");
    // Shift with an arrow moves a card; the order is kept for this seat.
    await to("6H");
    const before = await anna.locator("#my-hand button.card").evaluateAll((els) => els.map((e) => e.getAttribute("data-card")));
    await anna.keyboard.press("Shift+ArrowRight");
    const after = await anna.locator("#my-hand button.card").evaluateAll((els) => els.map((e) => e.getAttribute("data-card")));
    expect(after).not.toEqual(before);
    expect((await focused(anna)).card).toBe("6H");
    await waitText(anna, ".sort", /your order/);
    await anna.reload();
    await anna.locator("#my-hand button.card").first().waitFor();
    expect(await anna.locator("#my-hand button.card").evaluateAll((els) => els.map((e) => e.getAttribute("data-card")))).toEqual(after);
  });
});
