import { createServer } from "node:http";
import type { AddressInfo } from "node:net";
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CreateGameResponse } from "../../src/shared/api";
import { en } from "../web/words";
import {
  cardForms,
  chromiumForFile,
  drainNow,
  everShown,
  keyHeader,
  keyOf,
  knownDeal,
  newPage as open,
  screenshot,
  serviceUrl,
} from "./helpers";

/**
 * The web client in a real browser (Debian's Chromium) against the real
 * service (wrangler dev): the lobby, two seats playing by clicks and by
 * dragging with live updates, a refusal shown from its code, a spectator
 * who never sees a hand, an invitation, the embed, a stale version,
 * resignation with the end-of-hand summary, and the fairness check.
 */

// Seat 0 (Anna) plays first (dealer 1). The secrets are cards both of whose copies sit in one hand and are never played.
const ANNA = ["3H", "4H", "5H", "6H", "KS", "KS", "QD", "QD", "JC", "JC", "9D"];
const BRUNO = ["8C", "8C", "7D", "7D", "10S", "10S", "4C", "4C", "AH", "5S", "JK"];
const DEAL = knownDeal({ dealer: 1, hands: [ANNA, BRUNO], discard: "QS", stockTop: ["9H", "3S", "2C", "KD"] });
const ANNA_SECRETS = ["KS", "QD", "JC"];
const BRUNO_SECRETS = ["8C", "7D", "10S", "4C"];

// Its tests go on with the pages (Anna's, Bruno's, a spectator's) of the earlier ones.
const chromium = chromiumForFile({ acrossTests: true });

async function newPage(options: { watch?: boolean; noWebSocket?: boolean } = {}): Promise<Page> {
  const context = await chromium.context({ size: "desktop", lang: "en" });
  if (options.noWebSocket) await context.addInitScript(() => Reflect.deleteProperty(window, "WebSocket"));
  return open(context, { watch: options.watch });
}

/** Another web site (another origin) serving one page, to frame the service as an embedding site would. */
async function otherSite(html: string): Promise<{ url: string; close: () => void }> {
  const server = createServer((_req, res) => {
    res.writeHead(200, { "Content-Type": "text/html; charset=utf-8" });
    res.end(`<!doctype html><title>Another site</title>${html}`);
  });
  await new Promise<void>((resolve) => server.listen(0, "127.0.0.1", resolve));
  const { port } = server.address() as AddressInfo;
  return { url: `http://127.0.0.1:${port}/`, close: () => server.close() };
}

/** Waits until `locator` has exactly `n` elements. */
async function count(locator: Locator, n: number): Promise<void> {
  await expect.poll(() => locator.count(), { interval: 50 }).toBe(n);
}

async function text(locator: Locator, pattern: RegExp): Promise<void> {
  await locator.filter({ hasText: pattern }).first().waitFor();
}

async function selectCards(page: Page, cards: string[]): Promise<void> {
  for (const card of cards) await page.locator(`#my-hand button.card[data-card="${card}"][aria-pressed="false"]`).first().click();
}

function noneOf(html: string[], cards: string[]): string[] {
  const found: string[] = [];
  for (const card of cards) for (const form of cardForms(card)) if (html.some((h) => h.includes(form))) found.push(`${card} (${form})`);
  return found;
}

describe("web client", () => {
  let game = { id: "", seat0: "", seat1: "", spectator: "", invite: "" };
  let anna: Page;
  let bruno: Page;
  let spectator: Page;

  it("creates a 2-player game in the lobby and shows each link once", async () => {
    anna = await newPage({ watch: true });
    await anna.goto(serviceUrl());
    await anna.locator('input[name="players"][value="2"]').check();
    await anna.locator("#preset").selectOption("classic");
    await anna.locator("#name-0").fill("Anna");
    await anna.locator("#name-1").fill("Bruno");
    await anna.locator("#create-advanced > summary").click();
    await anna.locator("details.prepared summary").click();
    await anna.locator("#deals").fill(JSON.stringify([DEAL]));
    await anna.locator("#create-submit").click();
    await anna.locator("#seat-link-1").waitFor();
    game = {
      seat0: await anna.locator("#seat-link-0").inputValue(),
      seat1: await anna.locator("#seat-link-1").inputValue(),
      invite: "",
      spectator: await anna.locator("#spectator-link").inputValue(),
      id: "",
    };
    game.id = new URL(game.spectator).pathname.split("/")[2]!;
    expect(game.seat0).toMatch(new RegExp(`/game/${game.id}#seat=[A-Za-z0-9_-]{22,}$`));
    // Both seats are named: no invitation is offered, and the panel says so.
    expect(await anna.locator("#invite-link").count()).toBe(0);
    await text(anna.locator("#no-invite"), /every seat has a name/);
    expect(game.spectator).not.toMatch(/#/);
    await text(anna.locator(".secret"), /secret/);
    // Each seat opens in a new tab, so the links stay on this page.
    expect(await anna.locator('#links a.open[target="_blank"]').count()).toBe(3);
  });

  it("plays turns by clicking, and the other seat follows live without reloading", async () => {
    // Anna opens her link in this browser, Bruno in his own; a spectator watches everything the page ever shows.
    bruno = await newPage({ watch: true });
    spectator = await newPage({ watch: true });
    await Promise.all([anna.goto(game.seat0), bruno.goto(game.seat1), spectator.goto(game.spectator)]);
    for (const page of [anna, bruno, spectator]) await page.locator("#connection.live").waitFor();
    await bruno.evaluate(() => ((window as unknown as { __sameDocument: boolean }).__sameDocument = true));

    await text(anna.locator("#status"), /Your turn: draw/);
    await text(bruno.locator("#status"), /Anna's turn/);
    expect(await anna.locator("#my-hand button.card").count()).toBe(11);
    // The hand is sorted by suit (♠ ♥ ♣ ♦), then rank.
    expect(await anna.locator("#my-hand button.card").evaluateAll((els) => els.map((e) => e.getAttribute("data-card")))).toEqual([
      "KS",
      "KS",
      "3H",
      "4H",
      "5H",
      "6H",
      "JC",
      "JC",
      "9D",
      "QD",
      "QD",
    ]);

    await anna.locator("#act-draw").click();
    await count(anna.locator("#my-hand button.card"), 12);
    await text(bruno.locator('.seat[data-seat="0"] .seat-cards'), /^12 cards$/);
    await text(bruno.locator("#stock"), /62 cards/);

    // A meld with a local preview, then a card added by clicking the meld.
    await selectCards(anna, ["3H", "4H", "5H"]);
    await text(anna.locator("#preview"), /New meld/);
    await anna.locator("#act-meld").click();
    await count(bruno.locator('.team[data-team="0"] .meld'), 1);
    await selectCards(anna, ["6H"]);
    await anna.locator('button.meld.fits[data-meld="0"]').click();
    await count(bruno.locator('.team[data-team="0"] .meld .card'), 4);

    await selectCards(anna, ["9D"]);
    await anna.locator("#act-discard").click();
    await text(bruno.locator("#status"), /Your turn: draw/);
    await text(bruno.locator("#discard"), /2 cards/);
    expect(await bruno.locator("#discard .card.top").getAttribute("data-card")).toBe("9D");
    expect(await bruno.evaluate(() => (window as unknown as { __sameDocument?: boolean }).__sameDocument)).toBe(true);
  });

  it("enables Meld only for a meld the engine accepts, and shows a refusal from its code, never the server's words", async () => {
    await bruno.locator("#act-draw").click();
    await count(bruno.locator("#my-hand button.card"), 12);
    await selectCards(bruno, ["4C", "7D", "10S"]);
    await text(bruno.locator("#preview"), new RegExp(`Not a meld: ${en.codes.INVALID_MELD.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")}`));
    expect(await bruno.locator("#act-meld").isDisabled()).toBe(true);
    // Dragged onto the table anyway, the cards go to the server, which refuses them.
    const answer = bruno.waitForResponse((r) => r.url().endsWith("/moves") && r.request().method() === "POST");
    await bruno.locator('#my-hand button.card[data-card="4C"][aria-pressed="true"]').first().dragTo(bruno.locator('.team[data-team="1"]'));
    const refused = await answer;
    expect(refused.status()).toBe(422);
    const { error } = (await refused.json()) as { error: { code: keyof typeof en.codes; message: string } };
    expect(error.code).toBe("INVALID_MELD");
    await text(bruno.locator("#notice"), new RegExp(en.codes.INVALID_MELD.replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    expect(await bruno.locator("body").textContent()).not.toContain(error.message);
    // Nothing changed: the cards are still there and still selected.
    await count(bruno.locator('#my-hand button.card[aria-pressed="true"]'), 3);
    await bruno.locator("#act-clear").click();
    await selectCards(bruno, ["5S"]);
    await bruno.locator("#act-discard").click();
    await text(anna.locator("#status"), /Your turn: draw/);
  });

  it("offers the wild's end and marks what the wild stands for", async () => {
    await anna.locator("#act-draw").click();
    await selectCards(anna, ["2C"]);
    await anna.locator('input[name="wild-end"][value="low"]').check();
    await anna.locator('button.meld.fits[data-meld="0"]').click();
    await count(anna.locator('.team[data-team="0"] .meld .card'), 5);
    const first = anna.locator('.team[data-team="0"] .meld .card').first();
    expect(await first.getAttribute("data-card")).toBe("2C");
    await text(first, /=2♥/);
    await count(bruno.locator('.team[data-team="0"] .meld .card.wild'), 1);
    await selectCards(anna, ["9H"]);
    await anna.locator("#act-discard").click();
    await text(bruno.locator("#status"), /Your turn/);
    await screenshot(anna, "table-flow-desktop-en");
  });

  it("never shows a spectator a hand, nor a seat the other's cards", async () => {
    await text(spectator.locator("#status"), /Bruno's turn/);
    await count(spectator.locator('.team[data-team="0"] .meld .card'), 5);
    expect(await spectator.locator("#my-hand").count()).toBe(0);
    expect(await spectator.locator("button.card").count()).toBe(0);
    // Only public cards are ever rendered: the discard pile and the melds.
    const rendered = await spectator.locator("[data-card]").evaluateAll((els) => els.map((e) => e.getAttribute("data-card")!).sort());
    expect(rendered).toEqual(["2C", "3H", "4H", "5H", "5S", "6H", "9D", "9H", "QS"].sort());
    expect(noneOf(await everShown(spectator), [...ANNA_SECRETS, ...BRUNO_SECRETS])).toEqual([]);
    expect(noneOf(await everShown(anna), BRUNO_SECRETS)).toEqual([]);
    expect(noneOf(await everShown(bruno), ANNA_SECRETS)).toEqual([]);
    // No page shows a token in its title or text.
    for (const page of [anna, bruno, spectator]) {
      const token0 = game.seat0.split("#seat=")[1]!;
      const token1 = game.seat1.split("#seat=")[1]!;
      expect(await page.title()).not.toMatch(/seat=|invite=/);
      const body = await page.locator("body").textContent();
      expect(body).not.toContain(token0);
      expect(body).not.toContain(token1);
    }
  });

  it("embeds a compact public table that follows the game by long polling when WebSockets are missing", async () => {
    const embed = await newPage({ watch: true, noWebSocket: true });
    await embed.setViewportSize({ width: 480, height: 600 });
    await embed.goto(`${serviceUrl()}/game/${game.id}?embed=1`);
    await embed.locator("#connection.polling").waitFor();
    expect(await embed.locator("header.top").count()).toBe(0);
    expect(await embed.locator("#my-hand, #fairness, .lobby").count()).toBe(0);
    await count(embed.locator('.team[data-team="0"] .meld .card'), 5);
    await bruno.locator("#act-draw").click();
    await text(embed.locator('.seat[data-seat="1"] .seat-cards'), /^12 cards$/);
    expect(noneOf(await everShown(embed), [...ANNA_SECRETS, ...BRUNO_SECRETS])).toEqual([]);
    // Another site may frame only the embed view, and even with a seat link it shows the public table.
    const seatToken = new URL(game.seat0).hash;
    const site = await otherSite(
      `<iframe id="seat" src="${game.seat0}" width="480" height="300"></iframe><iframe id="embed" src="${serviceUrl()}/game/${game.id}?embed=1${seatToken}" width="480" height="560"></iframe>`,
    );
    await embed.goto(site.url);
    const framed = embed.frameLocator("#embed");
    await framed.locator(".embed-bar").waitFor();
    await count(framed.locator('.team[data-team="0"] .meld .card'), 5);
    expect(await framed.locator("#my-hand, header.top").count()).toBe(0);
    // The seat's own page refuses to be framed (frame-ancestors 'none'): nothing of it renders.
    expect(await embed.frameLocator("#seat").locator("#app *").count()).toBe(0);
    site.close();
  });

  it("lists the game under My games in the lobby, with the seat link this browser remembers", async () => {
    await drainNow(game.id);
    await anna.goto(serviceUrl());
    // Listed at the top ("your turn") when awaiting her move, else under My games.
    const entry = anna.locator(`:is(#your-turn, #my-games) li[data-game="${game.id}"] a:not(.game-notify)`);
    // The list comes from D1, a second or two behind the room.
    await expect
      .poll(
        async () => {
          if ((await entry.count()) > 0) return true;
          await anna.reload();
          return (await entry.count()) > 0;
        },
        { interval: 500 },
      )
      .toBe(true);
    expect(await entry.getAttribute("href")).toBe(`/game/${game.id}#seat=${game.seat0.split("#seat=")[1]}`);
    // A move made while Anna is away is listed when she comes back.
    await selectCards(bruno, ["AH"]);
    await bruno.locator("#act-discard").click();
    await text(bruno.locator("#status"), /Anna's turn/);
    await entry.click();
    await text(anna.locator("#status"), /Your turn: draw/);
    await text(anna.locator("#log li"), /^Bruno discarded A♥\.$/);
  });

  it("picks up a closed pile only together with a play of its top card", async () => {
    const deal = knownDeal({
      dealer: 1,
      hands: [
        ["7H", "7D", "9C", "10C", "JC", "KH", "KH", "QS", "QS", "5D", "6D"],
        ["8C", "8C", "10S", "10S", "4C", "4C", "AH", "5S", "JK", "3C", "3C"],
      ],
      discard: "7S",
      stockTop: ["9H"],
    });
    const created = await fetch(`${serviceUrl()}/api/games`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 2, rules: { preset: "chiuso" }, names: ["Elena", "Franco"], deals: [deal] }),
    });
    const closed = (await created.json()) as CreateGameResponse;
    const elena = await newPage();
    await elena.goto(closed.seats[0]!.url!);
    await text(elena.locator("#discard"), /only the top card shows/);
    await text(elena.locator("#act-pickup"), /with a play/);
    // Without a play the server explains the rule.
    const refusal = elena.waitForResponse((r) => r.url().endsWith("/moves"));
    await elena.locator("#act-pickup").click();
    const code = ((await (await refusal).json()) as { error: { code: keyof typeof en.codes } }).error.code;
    await text(elena.locator("#notice"), new RegExp(en.codes[code].replace(/[.*+?^${}()|[\]\\]/g, "\\$&")));
    await selectCards(elena, ["7H", "7D"]);
    await text(elena.locator("#preview"), /Pick up and lay/);
    await text(elena.locator("#act-pickup"), /Pick up & meld with 7♠/);
    await elena.locator("#act-pickup").click();
    await count(elena.locator('.team[data-team="0"] .meld .card'), 3);
    await count(elena.locator("#my-hand button.card"), 9);
    await text(elena.locator("#status"), /Your turn: meld/);
    await text(elena.locator("#discard"), /0 cards/);
  });

  it("claims a seat with the invitation, recovers from a stale version, resigns and verifies the deal", async () => {
    const created = await fetch(`${serviceUrl()}/api/games`, {
      method: "POST",
      headers: { "Content-Type": "application/json" },
      body: JSON.stringify({ players: 2, names: [null, "Dario"], deals: [DEAL] }),
    });
    const second = (await created.json()) as CreateGameResponse;
    const carla = await newPage();
    await carla.goto(second.invite.url);
    await carla.locator("#claim-name").fill("Carla");
    await carla.locator("#claim-form button[type=submit]").click();
    await carla.locator("#my-hand").waitFor();
    const hash = await carla.evaluate(() => location.hash);
    expect(hash).toMatch(/^#seat=[A-Za-z0-9_-]{22,}$/);
    expect(hash).not.toContain(second.invite.token);
    const token = hash.slice("#seat=".length);
    await text(carla.locator(".seat.you"), /Carla/);
    const stored = await carla.evaluate(() => JSON.parse(localStorage.getItem("burraco.seats") ?? "{}"));
    expect(stored[second.id]).toMatchObject({ seat: 0, token });

    // A second tab of the same seat that hears nothing: the game moves on without it.
    const stale = await carla.context().newPage();
    await stale.routeWebSocket(/\/ws$/, () => undefined);
    await stale.goto(`${serviceUrl()}/game/${second.id}#seat=${token}`);
    await text(stale.locator("#status"), /Your turn: draw/);
    const version = ((await (await fetch(`${serviceUrl()}/api/games/${second.id}`)).json()) as { version: number }).version;
    const moved = await fetch(`${serviceUrl()}/api/games/${second.id}/moves`, {
      method: "POST",
      // With the key of Carla's browser: the seat is her player's (docs/identity.md).
      headers: { "Content-Type": "application/json", Authorization: `Bearer ${token}`, ...keyHeader(await keyOf(carla)) },
      body: JSON.stringify({ move: { type: "draw" }, version, id: "browser-test-draw" }),
    });
    expect(moved.status).toBe(200);
    await stale.locator("#act-draw").click();
    await text(stale.locator("#notice"), /table changed/);
    await text(stale.locator("#status"), /Your turn: meld/);
    await count(stale.locator("#my-hand button.card"), 12);

    // (A page in a background tab gets few animation frames, and clicks wait for them.)
    await carla.bringToFront();
    // Resigning ends the match: every hand is revealed and the deal can be checked against its commitment.
    await carla.locator("#act-resign").click();
    await carla.locator("#act-resign-yes").click();
    // The end of the hand stays until it is closed: every hand, the score, the match.
    await text(carla.locator("#hand-end"), /Dario held/);
    await text(carla.locator("#hand-end"), /Hand 1 ended: a resignation/);
    await carla.locator("#hand-end-close").click();
    await carla.locator("#winner").waitFor();
    expect(await carla.locator("#hand-end").count()).toBe(0);
    await carla.locator("#fairness summary").click();
    await carla.locator('#fairness li[data-hand="0"] button.verify').click();
    await text(carla.locator('#fairness li[data-hand="0"] .verify-result.ok'), /matches/);
  });
});
