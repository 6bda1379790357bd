import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { GameSnapshot } from "../../src/shared/api";
import { en } from "../../web/src/i18n/en";
import { it as italian } from "../../web/src/i18n/it";
import { call, chromiumForFile, createGame, drawAndDiscard, literal, newPage, screenshot, serviceUrl, waitText } from "./helpers";

/**
 * One player, two devices, in the browser against the real service: a turn
 * played on a phone (Italian, 390×844), a desktop (English, 1366×768)
 * linked by the code the phone shows, a turn played there, and nothing
 * lost on either; a stranger's browser opening the seat's link is asked to
 * link itself, and never gets the seat.
 */

const chromium = chromiumForFile();

const snapshot = async (id: string, token?: string) => (await call<GameSnapshot>(`/api/games/${id}`, { token })).body;
const keyOf = (p: Page) => p.evaluate(() => JSON.parse(localStorage.getItem("burraco.playerKey") ?? "null") as string);

/** The player's turn through the page: draw, then discard the card drawn. */
async function playTurn(p: Page): Promise<void> {
  await p.locator("#act-draw:not([disabled])").click();
  await p.locator("#my-hand button.card.fresh").first().click();
  await p.locator("#act-discard:not([disabled])").click();
}

describe("one player on two devices", () => {
  it("plays on the phone, links the desktop by code, plays there, and loses nothing", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    // The player plays the seat that moves first, whoever's name it has.
    const me = (await snapshot(game.id)).view.hand!.turn;
    const other = 1 - me;
    const phone = await newPage(await chromium.context({ size: "phone", lang: "it" }));
    const desktopContext = await chromium.context({ lang: "en" });
    const desktop = await newPage(desktopContext);
    await desktop.setViewportSize({ width: 1366, height: 768 });

    // The phone plays the first turn.
    await phone.goto(game.seats[me]!.url!);
    await playTurn(phone);
    await waitText(phone, "#status", /./);
    const afterPhone = (await snapshot(game.id)).version;
    await screenshot(phone, "devices-1-phone-played");
    await drawAndDiscard(game, 1); // the opponent, by the API

    // The phone shows a code for another device.
    await phone.goto(`${serviceUrl()}/`);
    await phone.locator("#devices-title").click();
    await phone.locator("#link-code-new").click();
    const code = (await phone.locator("#link-code-text").textContent())!.trim();
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await phone.locator("#link-code svg.qr").waitFor();
    await screenshot(phone, "devices-2-phone-code");

    // The desktop types it, and finds the game in its list.
    await desktop.goto(`${serviceUrl()}/`);
    await desktop.locator("#devices-title").click();
    await desktop.locator("#join-code").fill(code.toLowerCase());
    await desktop.locator("#join-code-submit").click();
    await waitText(desktop, "#devices", literal(en.identity.linked));
    const listed = desktop.locator(`#my-games li[data-game="${game.id}"] a`).first();
    await listed.waitFor({ timeout: 25_000 });
    await screenshot(desktop, "devices-3-desktop-linked");
    await listed.click();
    await desktop.waitForURL(new RegExp(`/game/${game.id}#seat=`));
    await playTurn(desktop);
    await waitText(desktop, "#status", /./);
    await screenshot(desktop, "devices-4-desktop-played");
    const afterDesktop = await snapshot(game.id, game.seats[me]!.token!);
    expect(afterDesktop.version).toBeGreaterThan(afterPhone + 2);
    expect(afterDesktop.view.hand!.turn).toBe(other);

    // Nothing lost: the phone still opens the seat, sees the desktop's discard, and both devices list the same games.
    await phone.goto(game.seats[me]!.url!);
    await phone.locator("#my-hand").waitFor();
    const onPhone = await phone.evaluate(() => document.querySelectorAll("#my-hand button.card").length);
    expect(onPhone).toBe(afterDesktop.view.hand!.myHand!.length);
    await screenshot(phone, "devices-5-phone-again");
    const [phoneKey, desktopKey] = [await keyOf(phone), await keyOf(desktop)];
    expect(phoneKey).not.toBe(desktopKey);
    const [mineOnPhone, mineOnDesktop] = [
      await call("/api/me/games", { token: phoneKey }),
      await call("/api/me/games", { token: desktopKey }),
    ];
    expect(mineOnDesktop.body).toEqual(mineOnPhone.body);
    expect(mineOnPhone.body.games.map((g: { id: string }) => g.id)).toEqual([game.id]);
    const devices = (await call("/api/me", { token: phoneKey })).body.devices as { label: string | null }[];
    // Each device named itself in its own language when it listed the devices.
    expect(devices.map((d) => d.label)).toEqual([italian.identity.kind.phone, en.identity.kind.computer]);

    // A stranger's browser with the seat's link is asked to link itself, and never gets the seat.
    const stranger = await newPage(await chromium.context({ size: "phone", lang: "it" }));
    await stranger.goto(game.seats[me]!.url!);
    await waitText(stranger, "#seat-taken", literal(italian.identity.seatTakenTitle));
    expect(await stranger.locator("#my-hand").count()).toBe(0);
    await screenshot(stranger, "devices-6-stranger-asked");
  });
});
