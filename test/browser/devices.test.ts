import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { GameSnapshot } from "../../src/shared/api";
import { en, it as italian } from "../web/words";
import {
  axeScan,
  call,
  chromiumForFile,
  createGame,
  drainNow,
  drawAndDiscard,
  keyHeader,
  keyOf,
  literal,
  newPage,
  screenshot,
  serviceUrl,
  waitText,
} from "./helpers";
import { sentMail, until } from "./receivers";

/**
 * One player, two devices, in the browser against the real service: a turn
 * played on a phone (Italian, 390×844), a desktop (English, 1366×768)
 * linked by the code the phone shows, a turn played there, and nothing
 * lost on either; a stranger's browser opening the seat's link is asked to
 * link itself, and never gets the seat; a code's link (the QR code's) that
 * is worthless once used; and a player who lost every device back in by
 * the sign-in link mailed to their notification address.
 */

const chromium = chromiumForFile();

const snapshot = async (id: string, token?: string, key?: string) =>
  (await call<GameSnapshot>(`/api/games/${id}`, { token, headers: keyHeader(key) })).body;

/** Opens the lobby's "Your devices" (a device with no game yet shows it open). */
async function openDevices(p: Page): Promise<void> {
  await p.locator("#devices-title").waitFor();
  if ((await p.locator("#devices").getAttribute("open")) === null) await p.locator("#devices-title").click();
}

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
    await openDevices(phone);
    await phone.locator("#link-code-new").click();
    const code = (await phone.locator("#link-code-text").textContent())!.trim();
    expect(code).toMatch(/^[0-9A-Z]{5}-[0-9A-Z]{5}$/);
    await phone.locator("#link-code svg.qr").waitFor();
    await screenshot(phone, "devices-2-phone-code");
    expect(await axeScan(phone), "the devices panel with a code").toEqual([]);

    // The player names themself on the phone (a name with a control character is refused first).
    await phone.locator("#player-name-input").fill("Anna\u0007");
    await phone.locator("#player-name button[type=submit]").click();
    await waitText(phone, "#devices", literal(italian.names.refused(40)));
    await phone.locator("#player-name-input").fill("  Anna  ");
    await phone.locator("#player-name button[type=submit]").click();
    await waitText(phone, "#devices", literal(italian.identity.nameSaved));

    // The desktop types it, and finds the game in its list (D1's, once the room drained).
    await drainNow(game.id);
    await desktop.goto(`${serviceUrl()}/`);
    await openDevices(desktop);
    await desktop.locator("#join-code").fill(code.toLowerCase());
    await desktop.locator("#join-code-submit").click();
    // Whose player it joins is shown first: the phone's, named Anna, with its game; the desktop holds nothing to ask about.
    await waitText(desktop, "#link-who", literal(en.identity.joinWho("Anna")));
    await waitText(desktop, "#link-their-games", literal(en.identity.gameWith(["Anna", "Bruno"][other]!, false)));
    expect(await desktop.locator("#link-mine").count()).toBe(0);
    await desktop.locator("#link-confirm").click();
    await waitText(desktop, "#devices", literal(en.identity.linked));
    const listed = desktop.locator(`:is(#your-turn, #my-games) li[data-game="${game.id}"] a:not(.game-notify)`).first();
    await listed.waitFor();
    await screenshot(desktop, "devices-3-desktop-linked");
    // A notification's link names the seat, never its secret (`?seat=N`): the desktop, which never opened that seat,
    // opens it as one of its player's seats. A seat of the other player's stays theirs: the public table says so.
    await desktop.goto(`${serviceUrl()}/game/${game.id}?seat=${other}`);
    await desktop.locator("#seat-elsewhere").waitFor();
    expect(await desktop.locator("#my-hand").count()).toBe(0);
    await desktop.goto(`${serviceUrl()}/game/${game.id}?seat=${me}`);
    await desktop.waitForURL(new RegExp(`/game/${game.id}#seat=${game.seats[me]!.token}$`));
    await desktop.locator("#my-hand").waitFor();
    await desktop.goto(`${serviceUrl()}/`);
    await listed.waitFor();
    await listed.click();
    await desktop.waitForURL(new RegExp(`/game/${game.id}#seat=`));
    await playTurn(desktop);
    await waitText(desktop, "#status", /./);
    await screenshot(desktop, "devices-4-desktop-played");
    const afterDesktop = await snapshot(game.id, game.seats[me]!.token!, await keyOf(desktop));
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
    // Both lists read D1 after the desktop's turn was drained there, not one before and one after.
    await drainNow(game.id);
    const [mineOnPhone, mineOnDesktop] = [
      await call("/api/me/games", { token: phoneKey }),
      await call("/api/me/games", { token: desktopKey }),
    ];
    // The same list, but for `asOf`, the moment each answer was made.
    const games = (answer: typeof mineOnPhone) => answer.body.games.map(({ asOf: _, ...g }: { asOf: string }) => g);
    expect(games(mineOnDesktop)).toEqual(games(mineOnPhone));
    expect(mineOnPhone.body.games.map((g: { id: string }) => g.id)).toEqual([game.id]);
    // The name set on the phone is the player's, on the desktop too.
    await desktop.goto(`${serviceUrl()}/`);
    await openDevices(desktop);
    expect(await desktop.locator("#player-name-input").inputValue()).toBe("Anna");
    expect((await call("/api/me", { token: desktopKey })).body.name).toBe("Anna");
    const devices = (await call("/api/me", { token: phoneKey })).body.devices as { label: string | null }[];
    // Each device named itself in its own language when it listed the devices.
    expect(devices.map((d) => d.label)).toEqual([italian.identity.kind.phone, en.identity.kind.computer]);

    // A stranger's browser with the seat's link is asked to link itself, and never gets the seat.
    const stranger = await newPage(await chromium.context({ size: "phone", lang: "it" }));
    await stranger.goto(game.seats[me]!.url!);
    await waitText(stranger, "#seat-taken", literal(italian.identity.seatTakenTitle));
    expect(await stranger.locator("#my-hand").count()).toBe(0);
    await screenshot(stranger, "devices-6-stranger-asked");
    expect(await axeScan(stranger), "a seat of another player").toEqual([]);
  });

  it("links a device by the code's link (the QR code's), which reveals nothing once used", async () => {
    const phone = await newPage(await chromium.context({ size: "phone", lang: "en" }));
    await phone.goto(`${serviceUrl()}/`);
    await openDevices(phone);
    await phone.locator("#link-code-new").click();
    const code = (await phone.locator("#link-code-text").textContent())!.trim();
    const url = `${serviceUrl()}/link#code=${code}`;
    const tablet = await newPage(await chromium.context({ lang: "it" }));
    await tablet.setViewportSize({ width: 768, height: 1024 });
    await tablet.goto(url);
    // The code leaves the address bar as the page opens; the page says whose player it joins; the device is linked only on a click.
    await waitText(tablet, "#link-who", literal(italian.identity.joinWho(null)));
    expect(new URL(tablet.url()).hash).toBe("");
    expect(await axeScan(tablet), "the link page").toEqual([]);
    await tablet.locator("#link-confirm").click();
    await waitText(tablet, "#link-done", literal(italian.identity.linked));
    await screenshot(tablet, "devices-7-tablet-linked");
    const [phoneKey, tabletKey] = [await keyOf(phone), await keyOf(tablet)];
    expect((await call("/api/me", { token: tabletKey })).body.id).toBe((await call("/api/me", { token: phoneKey })).body.id);
    // Seen again by anyone, the link offers nothing.
    const other = await newPage(await chromium.context({ lang: "en" }));
    await other.goto(url);
    await waitText(other, "#link-page", literal(en.codes.LINK_CODE_INVALID));
    expect(await other.locator("#link-confirm").count()).toBe(0);
    expect((await call("/api/me", { token: await keyOf(other) })).body.devices).toHaveLength(1);
  });

  it("says on a phone, in Italian, whose player a code joins, and asks a device with games of its own which player to keep", async () => {
    // Someone else's code: a player named Mallory, with a game against Zed.
    const mallory = randomBytes(16).toString("base64url");
    await call("/api/me", { token: mallory, method: "PATCH", body: { name: "Mallory" } });
    const theirs = await createGame({ players: 2, names: ["Mallory", "Zed"] });
    await call(`/api/games/${theirs.id}`, { token: theirs.seats[0]!.token!, headers: { "X-Player-Key": mallory } });
    await drainNow(theirs.id);
    const code = (await call<{ code: string }>("/api/me/link-codes", { token: mallory, method: "POST" })).body.code;

    // The phone plays a game of its own, then opens the code's link.
    const mine = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const phone = await newPage(await chromium.context({ size: "smallPhone", lang: "it" }));
    await phone.goto(mine.seats[0]!.url!);
    await phone.locator("#my-hand").waitFor();
    await drainNow(mine.id);
    const own = (await call("/api/me", { token: await keyOf(phone) })).body.id;
    await phone.goto(`${serviceUrl()}/link#code=${code}`);
    await waitText(phone, "#link-who", literal(italian.identity.joinWho("Mallory")));
    await waitText(phone, "#link-their-games", literal(italian.identity.gameWith("Zed", false)));
    await waitText(phone, "#link-warning", literal(italian.identity.onlyYours));
    await waitText(phone, "#link-mine", literal(italian.identity.youHold(null, italian.identity.held.games(1))));
    // Nothing is chosen for the person: the button waits for a choice.
    expect(await phone.locator("#link-confirm").isDisabled()).toBe(true);
    await screenshot(phone, "devices-9-link-whose-player");
    await phone.locator("#link-mine").scrollIntoViewIfNeeded();
    await screenshot(phone, "devices-10-link-which-player");
    expect(await axeScan(phone), "the link page asking which player to keep").toEqual([]);

    // Keeping their own player links nothing and spends nothing.
    await phone.locator("#link-keep").check();
    await phone.locator("#link-confirm").click();
    await waitText(phone, "#link-kept", literal(italian.identity.notLinked));
    expect((await call("/api/me", { token: await keyOf(phone) })).body.id).toBe(own);
    // Linking only the device: Mallory's player gets the device, never the phone's game.
    await phone.goto(`${serviceUrl()}/link#code=${code}`);
    await phone.locator("#link-join").check();
    await phone.locator("#link-confirm").click();
    await waitText(phone, "#link-done", literal(italian.identity.linked));
    await drainNow(mine.id);
    const games = (await call<{ games: { id: string }[] }>("/api/me/games", { token: mallory })).body.games.map((g) => g.id);
    expect(games).toEqual([theirs.id]);
  });

  it("closes the table on a device the moment it is removed, and says why when it reloads", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const phone = await newPage(await chromium.context({ size: "smallPhone", lang: "it" }));
    await phone.goto(game.seats[0]!.url!);
    await phone.locator("#my-hand").waitFor();
    // The player's laptop (by the API) joins, then removes the phone (lost).
    const phoneKey = await keyOf(phone);
    const laptop = randomBytes(16).toString("base64url");
    const code = (await call<{ code: string }>("/api/me/link-codes", { token: phoneKey, method: "POST" })).body.code;
    expect((await call("/api/me/devices", { token: laptop, body: { code } })).status).toBe(200);
    const devices = (await call<{ devices: { id: string; current: boolean }[] }>("/api/me", { token: laptop })).body.devices;
    const lost = devices.find((d) => !d.current)!;
    expect((await call(`/api/me/devices/${lost.id}`, { token: laptop, method: "DELETE" })).status).toBe(200);
    // The hand goes at once: the table's socket was closed, and the page says what happened.
    await waitText(phone, ".fatal", literal(italian.codes.DEVICE_REMOVED));
    expect(await phone.locator("#my-hand").count()).toBe(0);
    await screenshot(phone, "devices-11-removed-at-once");
    await phone.reload();
    await waitText(phone, ".fatal", literal(italian.codes.DEVICE_REMOVED));
    expect(await phone.locator("#my-hand").count()).toBe(0);
  });

  it("gets a player who lost every device back in by email, seats and all", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const phone = await newPage(await chromium.context({ size: "phone", lang: "it" }));
    await phone.goto(game.seats[0]!.url!);
    await phone.locator("#my-hand").waitFor();
    // The phone's player gets notifications at a confirmed address.
    const address = `anna-${Date.now().toString(36)}@example.org`;
    const key = await keyOf(phone);
    expect((await call("/api/me/notifications", { token: key, body: { channel: "email", address, events: ["turn"] } })).status).toBe(201);
    const confirm = await until(async () => (await sentMail(address)).find((m) => m.text.includes("/notifications/confirm#token=")));
    const token = /confirm#token=([A-Za-z0-9_-]+)/.exec(confirm.text)![1]!;
    expect((await call("/api/notifications/confirm", { body: { token } })).status).toBe(200);
    await phone.close(); // lost

    const laptop = await newPage(await chromium.context({ lang: "en" }));
    await laptop.setViewportSize({ width: 1366, height: 768 });
    await laptop.goto(`${serviceUrl()}/`);
    await openDevices(laptop);
    await laptop.locator("#join-email").fill(address);
    await laptop.locator("#join-email-submit").click();
    await waitText(laptop, "#devices", literal(en.identity.signInSent(address)));
    const mail = await until(async () => (await sentMail(address)).find((m) => m.text.includes("/link#code=")));
    const link = /(https?:\/\/\S+\/link#code=[A-Za-z0-9_-]+)/.exec(mail.text)![1]!;
    await laptop.goto(link);
    await laptop.locator("#link-confirm").click();
    await waitText(laptop, "#link-done", literal(en.identity.linked));
    await drainNow(game.id);
    await laptop.locator("#link-lobby").click();
    const listed = laptop.locator(`:is(#your-turn, #my-games) li[data-game="${game.id}"] a:not(.game-notify)`).first();
    await listed.waitFor();
    await listed.click();
    await laptop.locator("#my-hand").waitFor();
    expect(await laptop.locator("#seat-taken").count()).toBe(0);
    await screenshot(laptop, "devices-8-back-by-email");
  });
});
