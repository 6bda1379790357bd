import { randomBytes } from "node:crypto";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { GameSnapshot } from "../../src/shared/api";
import { en, it as italian } from "../web/words";
import {
  axeScan,
  call,
  chromiumForFile,
  drawAndDiscardHere,
  keyOf,
  literal,
  newPage,
  screenshot,
  serviceUrl,
  waitText,
  withPlayerKey,
} from "./helpers";

/**
 * A seat a friend opened on their own device is theirs (docs/identity.md, "Who can see and take what"): the game's
 * creator, whose browser keeps every seat's link, opens the friend's link and is told, in their language, that the
 * friend opened it, never shown the hand; the friend plays it on a phone and on a laptop linked to the phone's player,
 * until the laptop joins another player.
 */

const chromium = chromiumForFile();

const snapshot = async (id: string) => (await call<GameSnapshot>(`/api/games/${id}`)).body;
const tokenOf = (url: string) => new URLSearchParams(new URL(url).hash.slice(1)).get("seat")!;

/** Seat 0's turn, by the API with its link alone (nobody opened it with a player key): draw, then discard the card drawn. */
async function annaPlays(id: string, token: string): Promise<void> {
  const version = (await snapshot(id)).version;
  const drew = await call(`/api/games/${id}/moves`, { token, body: { move: { type: "draw" }, version } });
  expect(drew.status).toBe(200);
  const card = drew.body.events.find((e: { type: string }) => e.type === "drew").card;
  const discarded = await call(`/api/games/${id}/moves`, { token, body: { move: { type: "discard", card }, version: drew.body.version } });
  expect(discarded.status).toBe(200);
}

/** The friend's turn on `page`, once the table says it is theirs; returns the version after it. */
async function friendPlays(page: Page, id: string): Promise<number> {
  const before = (await snapshot(id)).version;
  await drawAndDiscardHere(page);
  await expect.poll(async () => (await snapshot(id)).version).toBe(before + 2);
  return before + 2;
}

describe("a seat a friend opened on their own device", () => {
  it("shows its creator a message in their language, never the hand; the friend plays it on a phone and a laptop", async () => {
    // The creator makes the game in the lobby (an English laptop); the links stay in this browser.
    const creator = await newPage(await chromium.context({ size: "laptop", lang: "en" }));
    await creator.goto(serviceUrl());
    await creator.locator("#name-0").fill("Anna");
    await creator.locator("#name-1").fill("Bruno");
    await creator.locator("#create-submit").click();
    const [annaUrl, brunoUrl] = [await creator.locator("#seat-link-0").inputValue(), await creator.locator("#seat-link-1").inputValue()];
    const id = new URL(brunoUrl).pathname.split("/")[2]!;
    // Every link counts as sent, so that the page may be left.
    for (const key of ["seat-0", "seat-1"]) await creator.locator(`#links [data-link="${key}"] button.copy`).click();

    // Bruno opens his link on his phone (Italian): the seat is his player's.
    const phone = await newPage(await chromium.context({ size: "phone", lang: "it" }));
    await phone.goto(brunoUrl);
    await phone.locator("#my-hand").waitFor();
    const hand = (await phone.locator("#my-hand button.card").count()) as number;
    expect(hand).toBeGreaterThan(0);

    // The creator, who kept the link, opens it: told whose seat it is, in English, with no hand and no card of his.
    await creator.goto(brunoUrl);
    await waitText(creator, "#seat-taken h1", literal(en.identity.seatOwnedTitle("Bruno")));
    await waitText(creator, "#seat-owned", literal(en.identity.seatOwned));
    expect(await creator.locator("#my-hand").count()).toBe(0);
    expect(await creator.locator("button.card").count()).toBe(0);
    await screenshot(creator, "seat-owner-1-creator-en");
    expect(await axeScan(creator), "the creator at the friend's seat").toEqual([]);
    // The same in Italian, once the creator's browser speaks it.
    await creator.evaluate(() => localStorage.setItem("burraco.lang", "it"));
    await creator.reload();
    await waitText(creator, "#seat-taken h1", literal(italian.identity.seatOwnedTitle("Bruno")));
    await waitText(creator, "#seat-owned", literal(italian.identity.seatOwned));
    expect(await creator.locator("button.card").count()).toBe(0);
    await screenshot(creator, "seat-owner-2-creator-it");
    // What the creator's browser asks with the link is refused by the service too: the seat's view and a move.
    const creatorKey = await keyOf(creator);
    const brunoToken = tokenOf(brunoUrl);
    const peek = await call(`/api/games/${id}`, { token: brunoToken, headers: { "X-Player-Key": creatorKey } });
    expect([peek.status, peek.body.error?.code]).toEqual([409, "SEAT_TAKEN"]);
    const bare = await call(`/api/games/${id}`, { token: brunoToken });
    expect([bare.status, bare.body.error?.code]).toEqual([403, "SEAT_BOUND"]);

    // Bruno's laptop joins his player by a code from the phone, and opens the same link: his hand, there too.
    const phoneKey = await keyOf(phone);
    const code = (await call<{ code: string }>("/api/me/link-codes", { token: phoneKey, method: "POST" })).body.code;
    const laptopKey = randomBytes(16).toString("base64url");
    expect((await call("/api/me/devices", { token: laptopKey, body: { code } })).status).toBe(200);
    const laptop = await withPlayerKey(await newPage(await chromium.context({ size: "laptop", lang: "en" })), laptopKey);
    await laptop.goto(brunoUrl);
    await laptop.locator("#my-hand").waitFor();
    expect(await laptop.locator("#my-hand button.card").count()).toBe(hand);

    // They play: Anna's turns by the API with her link alone (nobody opened her seat with a key), Bruno's on the phone, then
    // on the laptop.
    const annaToken = tokenOf(annaUrl);
    if ((await snapshot(id)).view.hand!.turn === 0) await annaPlays(id, annaToken);
    await friendPlays(phone, id);
    await annaPlays(id, annaToken);
    const version = await friendPlays(laptop, id);
    // The phone follows the laptop's move live.
    await expect.poll(async () => phone.evaluate(() => document.querySelectorAll("#my-hand button.card").length)).toBe(hand);
    await screenshot(laptop, "seat-owner-3-laptop-played");
    // Nothing the creator's browser was refused changed the game: two turns of Bruno's, both his own devices'.
    const events = (await call(`/api/games/${id}/events?since=0`)).body.events as { type: string; seat?: number }[];
    expect(events.filter((e) => e.type === "discarded" && e.seat === 1)).toHaveLength(2);
    expect((await snapshot(id)).version).toBe(version);

    // The laptop then joins someone else's player ("link only this device"): the table it has open stops showing
    // Bruno's hand at once and says the seat is a player's; the phone plays on.
    const other = randomBytes(16).toString("base64url");
    const otherCode = (await call<{ code: string }>("/api/me/link-codes", { token: other, method: "POST" })).body.code;
    expect((await call("/api/me/devices", { token: laptopKey, body: { code: otherCode } })).status).toBe(200);
    await waitText(laptop, "#seat-taken h1", literal(en.identity.seatTakenTitle));
    expect(await laptop.locator("button.card").count()).toBe(0);
    await annaPlays(id, annaToken);
    await friendPlays(phone, id);
  });
});
