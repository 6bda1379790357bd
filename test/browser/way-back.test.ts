import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { newToken } from "../../src/server/auth";
import type { CreateGameResponse, GameSnapshot } from "../../src/shared/api";
import { it as italian } from "../web/words";
import {
  axeScan,
  call,
  chromiumForFile,
  drainNow,
  drawAndDiscard,
  drawAndDiscardHere,
  literal,
  newPage,
  SIZES,
  screenshot,
  serviceUrl,
  waitText,
  withPlayerKey,
} from "./helpers";

/**
 * The way back for a lost phone (docs/identity.md, "A recovery code"; docs/playing.md, "A lost phone"), in Italian,
 * on a phone: Bruno joins a seek from the lobby (no name yet, no email, one device), and once he has a game to lose
 * he is offered, once, a way back; he saves a recovery code; his browser is cleared; on a new phone the code's link
 * shows whose player it is, links the phone, and Bruno finds his game and his seat.
 */

const chromium = chromiumForFile();

const phone = async (): Promise<Page> => newPage(await chromium.context({ size: "phone", lang: "it", wayBack: true }));
const snapshot = async (id: string) => (await call<GameSnapshot>(`/api/games/${id}`)).body;
const offered = (p: Page) => p.evaluate(() => localStorage.getItem("burraco.wayBackOffered"));

describe("a lost phone", () => {
  it("is a way back offered once to a seek's player, saved as a recovery code, and used on a new phone (Italian, 390x844)", async () => {
    // Anna publishes a game in the lobby from her own browser (by the API here); Bruno has never played.
    const anna = newToken();
    await call("/api/me", { token: anna, method: "PATCH", body: { name: "Anna" } });
    const published = await call("/api/seeks", { token: anna, body: { players: 2, clock: { perMove: "1d" }, name: "Anna" } });
    expect(published.status).toBe(201);

    const bruno = await phone();
    await bruno.goto(serviceUrl());
    await bruno.locator(`#seek-list .seek[data-seek="${published.body.seek.id}"] button.join`).click();
    // Asked his name once, as he sits down for the first time.
    await bruno.locator("#name-dialog-input").fill("Bruno");
    await bruno.locator("#name-dialog-save").click();
    await bruno.waitForURL((url) => url.pathname.startsWith("/game/") && url.hash.startsWith("#seat="));
    const id = new URL(bruno.url()).pathname.split("/")[2]!;
    await bruno.locator("#my-hand").waitFor();
    // Never during his own turn: he plays it first if it is his.
    const table = await snapshot(id);
    if (table.view.hand!.turn === table.seats.findIndex((s) => s.name === "Bruno")) await drawAndDiscardHere(bruno);

    // The offer: a sheet at the foot of the screen, the table usable behind it.
    const sheet = bruno.locator("#way-back");
    await waitText(bruno, "#way-back h2", literal(italian.recovery.offerTitle("phone")));
    const box = (await sheet.boundingBox())!;
    expect(box.width).toBeLessThanOrEqual(SIZES.phone.width);
    await screenshot(bruno, "way-back-offer-phone-it");
    expect(box.height).toBeLessThan(SIZES.phone.height * 0.5);
    expect(await bruno.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SIZES.phone.width);
    for (const way of ["#way-back-device", "#way-back-email", "#way-back-code"]) await bruno.locator(way).waitFor();
    await screenshot(bruno, "way-back-offer-phone-it");
    expect(await axeScan(bruno), "the way back's sheet at the table").toEqual([]);

    // Anna plays: during Bruno's own turn the sheet is out of sight, and it comes back once he has played.
    const annaSeat = (await call("/api/seeks/mine", { token: anna })).body.seeks[0].game;
    const seats = [];
    seats[annaSeat.seat] = { seat: annaSeat.seat, token: annaSeat.token };
    seats[1 - annaSeat.seat] = { seat: 1 - annaSeat.seat, token: new URL(bruno.url()).hash.slice("#seat=".length) };
    // Her seat is her player's (a seek's game): played by the API with her key.
    await drawAndDiscard({ id, seats } as unknown as CreateGameResponse, 1, { [annaSeat.seat]: anna });
    await sheet.waitFor({ state: "hidden" });
    await drawAndDiscardHere(bruno);
    await sheet.waitFor({ state: "visible" });

    // He saves a recovery code: shown once, with ways to keep it; he downloads it.
    await bruno.locator("#way-back-code").click();
    const shown = bruno.locator("#recovery-code-text");
    await shown.waitFor();
    const code = (await shown.textContent())!.trim();
    expect(code).toMatch(/^[0-9A-Z]{4}(-[0-9A-Z]{4}){6}$/);
    await waitText(bruno, "#way-back", literal(italian.recovery.shownOnce));
    await screenshot(bruno, "way-back-code-phone-it");
    const [download] = await Promise.all([bruno.waitForEvent("download"), bruno.locator("#recovery-download").click()]);
    expect(download.suggestedFilename()).toBe(italian.recovery.fileName);
    const chunks: Buffer[] = [];
    for await (const chunk of await download.createReadStream()) chunks.push(chunk as Buffer);
    const file = Buffer.concat(chunks).toString("utf8");
    expect(file).toContain(code);
    expect(file).toContain("«Bruno»");
    const link = /(https?:\/\/\S+\/link#code=\S+?)(?=:|\s|$)/.exec(file)![1]!;
    await bruno.locator("#recovery-saved").click();
    await sheet.waitFor({ state: "detached" });

    // Offered once: the table again, and the lobby, ask nothing; the lobby's devices say where he stands.
    await bruno.reload();
    await bruno.locator("#my-hand").waitFor();
    expect(await offered(bruno)).not.toBeNull();
    await bruno.goto(serviceUrl());
    await bruno.locator(`#my-games [data-game="${id}"], #your-turn [data-game="${id}"]`).first().waitFor();
    expect(await bruno.locator("#way-back").count()).toBe(0);
    await bruno.locator("#devices-title").click();
    await waitText(bruno, "#recovery-code-state", /creato il|creato l'/);
    await bruno.locator("#recovery").scrollIntoViewIfNeeded();
    await screenshot(bruno, "way-back-devices-phone-it");

    // He loses the phone, or clears the browser: nothing of his is left on it.
    await bruno.context().close();

    // On a new phone the code's link shows whose player it is, and links the phone.
    await drainNow(id);
    const fresh = await withPlayerKey(await phone(), newToken());
    await fresh.goto(link);
    await waitText(fresh, "#link-who", literal(italian.identity.joinWho("Bruno")));
    await waitText(fresh, "#link-their-games", literal(italian.identity.gameWith("Anna", false)));
    await waitText(fresh, "#link-recovery", literal(italian.identity.recoveryNote));
    expect(fresh.url()).not.toContain(code);
    await screenshot(fresh, "way-back-link-phone-it");
    await fresh.locator("#link-confirm").click();
    await waitText(fresh, "#link-done", literal(italian.identity.linked));
    await waitText(fresh, "#link-used-up", literal(italian.recovery.usedUp));
    await fresh.locator("#recovery-make").waitFor();

    // His game is there, and his seat opens.
    await fresh.locator("#link-lobby").click();
    const listed = fresh.locator(`:is(#your-turn, #my-games) li[data-game="${id}"] a:not(.game-notify)`).first();
    await listed.click();
    await fresh.waitForURL(new RegExp(`/game/${id}#seat=`));
    await fresh.locator("#my-hand").waitFor();
    await waitText(fresh, ".seat.you", /Bruno/);
    expect(await fresh.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SIZES.phone.width);
    await screenshot(fresh, "way-back-table-new-phone-it");

    // The code is spent: its link, opened again, links nothing.
    const again = await phone();
    await again.goto(link);
    await waitText(again, "#link-page", literal(italian.codes.LINK_CODE_INVALID));
  });
});
