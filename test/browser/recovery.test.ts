import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { CreateGameResponse, GameSnapshot } from "../../src/shared/api";
import { it as italian } from "../web/words";
import {
  advance,
  type ContextOptions,
  call,
  chromiumForFile,
  drawAndDiscard,
  drawAndDiscardHere,
  literal,
  newPage,
  SIZES,
  screenshot,
  serviceUrl,
  waitText,
} from "./helpers";

/**
 * A lost seat given back through the web client (docs/playing.md, "A lost seat"), in Italian, on phones: Giulia
 * plays from her phone, loses it (no email given), and once she is really gone — her own turn ran out, a day
 * later — the creator's lobby offers "Nuovo link" for her seat; her old link then says what became of it, and
 * she plays on from a new phone. Before that, the lobby offers nothing and says from when it may.
 */

const chromium = chromiumForFile();

async function page(options: ContextOptions = {}): Promise<Page> {
  return newPage(await chromium.context(options));
}

const snapshot = async (id: string) => (await call<GameSnapshot>(`/api/games/${id}`)).body;

const tokenOf = (url: string) => new URL(url).hash.slice("#seat=".length);

describe("a lost seat", () => {
  it("is given back from the creator's lobby once its player is really gone, and played on from a new phone", async () => {
    // Anna creates the game on her laptop, in Italian: a day per move, the computer plays for a late player.
    const anna = await page({ lang: "it" });
    await anna.goto(serviceUrl());
    await anna.locator("#create-advanced > summary").click();
    await anna.locator("#per-move").selectOption("1d");
    await anna.locator("#timeout-computer").check();
    await anna.locator("#name-0").fill("Anna");
    await anna.locator("#name-1").fill("Giulia");
    await anna.locator("#create-submit").click();
    const id = new URL(await anna.locator("#spectator-link").inputValue()).pathname.split("/")[2]!;
    const giuliaUrl = await anna.locator("#seat-link-1").inputValue();
    const game = {
      id,
      seats: [
        { seat: 0, token: tokenOf(await anna.locator("#seat-link-0").inputValue()) },
        { seat: 1, token: tokenOf(giuliaUrl) },
      ],
    } as unknown as CreateGameResponse;

    // Giulia plays from her phone (and gave no email).
    const phone = await page({ size: "phone", lang: "it" });
    await phone.goto(giuliaUrl);
    await waitText(phone, ".seat.you", /Giulia/);
    if ((await snapshot(id)).view.hand!.turn === 0) await drawAndDiscard(game, 1);
    await drawAndDiscardHere(phone);
    await expect.poll(async () => (await snapshot(id)).view.hand!.turn).toBe(0);
    // Anna's lobby, opened afresh: it asks the room about each seat once, as it opens.
    const lobby = anna;
    const links = async () => {
      await lobby.goto(serviceUrl());
      await lobby.locator(`li[data-created="${id}"] summary`).click();
      await lobby.locator(`li[data-created="${id}"] [data-link="seat-1"] label .hint`).waitFor();
    };
    const seatRow = lobby.locator(`li[data-created="${id}"] [data-link="seat-1"]`);
    // She loses the phone. The room counts her at the table until it has seen her phone's socket close (later under
    // load), and her lobby row says so: her time away counts from then, so the clock moves on only once it no longer does.
    await phone.context().close();
    await expect
      .poll(async () => {
        await links();
        return (await seatRow.locator("label").textContent()) ?? "";
      })
      .not.toContain(italian.links.atTable);
    await advance(id, "1h");
    await drawAndDiscard(game, 1);

    // Her own turn is running: Anna's lobby offers no new link for her seat, and says from when it may.
    // The lobby asks once as it opens: until the room has seen her phone's socket close, it says she is at the table
    // (true then). Opened again until the room knows.
    await expect
      .poll(async () => {
        await links();
        return (await seatRow.locator("label").textContent()) ?? "";
      })
      .toMatch(/link nuovo possibile dal?l?/);
    expect(await seatRow.locator("button.new-link").count()).toBe(0);

    // A day later her turn ran out (the computer played it) and she has not come back: she is gone.
    await advance(id, "1d1h");
    await links();
    await waitText(lobby, `li[data-created="${id}"] [data-link="seat-1"] label`, literal(italian.links.gone));
    await screenshot(lobby, "recovery-lobby-desktop-it");
    lobby.once("dialog", (d) => void d.accept());
    await seatRow.locator("button.new-link").click();
    await waitText(lobby, `#links-${id}`, literal(italian.links.newLinkDone(2)));
    // By attribute: a game id may begin with a digit, which no #id selector can.
    const fresh = await lobby.locator(`[id="${id}-seat-link-1"]`).inputValue();
    expect(fresh).not.toBe(giuliaUrl);

    // The old link, wherever it is still kept, says what became of the seat.
    const old = await page({ size: "phone", lang: "it" });
    await old.goto(giuliaUrl);
    await waitText(old, ".fatal", literal(italian.codes.SEAT_REISSUED));

    // Her new phone opens the fresh link: the seat is hers, the computer gives it back, and she plays.
    const newPhone = await page({ size: "phone", lang: "it" });
    await newPhone.goto(fresh);
    await waitText(newPhone, ".seat.you", /Giulia/);
    await waitText(newPhone, "#log", literal(italian.events.seatReissued("Giulia")));
    if ((await snapshot(id)).seats[1]!.computer !== null) {
      await newPhone.locator("#take-back").click();
      await newPhone.locator("#computer-banner").waitFor({ state: "detached" });
    }
    if ((await snapshot(id)).view.hand!.turn === 0) await drawAndDiscard(game, 1);
    await drawAndDiscardHere(newPhone);
    await expect.poll(async () => (await snapshot(id)).view.hand!.turn).toBe(0);
    expect((await snapshot(id)).status).toBe("playing");
    expect(await newPhone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SIZES.phone.width);
    await screenshot(newPhone, "recovery-table-phone-it");
  });
});
