import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { EventsResponse, GameSnapshot } from "../../src/shared/api";
import type { TournamentView } from "../../src/shared/wire/tournaments";
import { checkRecord, type TournamentRecord } from "../../src/tournament/record";
import { it as italian } from "../../web/src/tournaments/words/it";
import {
  axeScan,
  call,
  chromiumForFile,
  drawAndDiscardHere,
  literal,
  newPage,
  screenshot,
  serviceUrl,
  waitText,
  withPlayerKey,
} from "./helpers";

/**
 * A club's tournament on phones, in Italian: the organiser creates a pairs
 * tournament in the web client; eight players register — two pairs of
 * people (one pair's partner joining by the link her partner sent), a
 * player with the computer as partner, and a pair of computers — the
 * organiser starts it, two rounds are played with time travel (Anna plays
 * her turn at her table on her phone; each round's deadline passes, its
 * late tables are settled on the clock), and
 * the standings page shows the ranking the tournament's record replays to.
 */

const chromium = chromiumForFile();

async function phone(): Promise<Page> {
  const page = await newPage(await chromium.context({ lang: "it", size: "phone" }));
  // The organiser's confirmations (start, end) are answered yes.
  page.on("dialog", (dialog) => void dialog.accept());
  return page;
}

const playerKey = () => `browser-tournament-${Math.random().toString(36).slice(2)}-${Date.now().toString(36)}-key`;

async function view(id: string): Promise<TournamentView> {
  return (await call<TournamentView>(`/api/tournaments/${id}`)).body;
}

/** Waits until the tournament is as `ready` says (its rooms work on their own alarms in the running service). */
async function until(id: string, ready: (v: TournamentView) => boolean): Promise<TournamentView> {
  for (let i = 0; i < 240; i++) {
    const v = await view(id);
    if (ready(v)) return v;
    await new Promise((r) => setTimeout(r, 500));
  }
  throw new Error(`the tournament did not get there: ${JSON.stringify(await view(id))}`);
}

/** A seat's turn by the API, with its player's key: draw, then discard the card drawn. */
async function turnByApi(game: string, token: string, key: string, snap: GameSnapshot): Promise<void> {
  const headers = { "X-Player-Key": key };
  // The seat is opened first, as a browser opens it (its view): the room learns the device is its player's, for the
  // moves that follow (a move does not look the key up: docs/identity.md).
  expect((await call(`/api/games/${game}`, { token, headers })).status).toBe(200);
  const drew = await call<EventsResponse>(`/api/games/${game}/moves`, {
    token,
    headers,
    body: { move: { type: "draw" }, version: snap.version },
  });
  expect(drew.status).toBe(200);
  const card = drew.body.events.find((e) => e.type === "drew")?.card ?? drew.body.view.view.hand!.myHand![0];
  const discarded = await call(`/api/games/${game}/moves`, {
    token,
    headers,
    body: { move: { type: "discard", card }, version: drew.body.version },
  });
  expect(discarded.status, JSON.stringify(discarded.body)).toBe(200);
}

const roundMade = (round: number) => (v: TournamentView) =>
  v.rounds.length > round && v.rounds[round]!.tables.length > 0 && v.rounds[round]!.tables.every((t) => t.game !== null);

describe("a pairs tournament on phones, in Italian", () => {
  it("is created, filled with people and computers, played over two rounds with time travel, and ranked", async () => {
    const organiser = await phone();
    await organiser.goto(serviceUrl());
    await organiser.locator("#create-tournament").click();
    await organiser.waitForURL((url) => url.pathname === "/tournament/new");
    await organiser.locator("#t-name").fill("Torneo del giovedì");
    await organiser.locator("#t-movement-mitchell").check();
    await organiser.locator("#t-rounds").selectOption("2");
    await organiser.locator("#t-hands").selectOption("1");
    await organiser.locator("#t-round-time").selectOption("3d");
    await screenshot(organiser, "tournament-create-it-phone");
    expect(await axeScan(organiser)).toEqual([]);
    await organiser.locator("#t-create").click();
    await organiser.waitForURL((url) => /^\/tournament\/[A-Za-z0-9_-]{24}$/.test(url.pathname));
    const id = new URL(organiser.url()).pathname.split("/")[2]!;
    await waitText(organiser, "#tournament-status", literal(italian.status.registration));

    // Anna registers her pair on her phone and sends Bruno the partner link; he joins from his.
    // Anna's and Bruno's phones hold player keys the test knows (their seats answer to their keys: docs/identity.md).
    const [annaKey, brunoKey] = [playerKey(), playerKey()];
    const anna = await withPlayerKey(await phone(), annaKey);
    await anna.goto(`${serviceUrl()}/tournament/${id}`);
    await anna.locator("#t-player-name").fill("Anna");
    await anna.locator("#register").click();
    const link = await anna.locator("#partner-link input").inputValue();
    expect(link).toContain(`/tournament/${id}#partner=`);
    await screenshot(anna, "tournament-partner-link-it-phone");
    const bruno = await withPlayerKey(await phone(), brunoKey);
    await bruno.goto(link);
    await waitText(bruno, "#register-form", literal(italian.partnerInvited));
    await bruno.locator("#t-player-name").fill("Bruno");
    await bruno.locator("#register").click();
    await waitText(bruno, "#my-entry", literal(italian.registered));
    // Carla and Dario register by the API; Elena alone, the computer as her partner; and a pair of computers.
    const [carla, dario, elena] = [playerKey(), playerKey(), playerKey()];
    const pair = await call<{ partner: { token: string } }>(`/api/tournaments/${id}/entries`, { token: carla, body: { name: "Carla" } });
    expect(
      (await call(`/api/tournaments/${id}/partner`, { token: dario, body: { token: pair.body.partner.token, name: "Dario" } })).status,
    ).toBe(200);
    await call(`/api/tournaments/${id}/entries`, { token: elena, body: { name: "Elena" } });
    await organiser.reload();
    await organiser.locator('#entries li[data-entry="2"] button').filter({ hasText: italian.fillPartner }).click();
    await waitText(organiser, '#entries li[data-entry="2"]', literal(italian.computer));
    await organiser.locator("#add-computer").click();
    await organiser.locator('#entries li[data-entry="3"]').waitFor();
    await screenshot(organiser, "tournament-entries-it-phone");
    expect(await organiser.locator("#entries li").count()).toBe(4);

    await organiser.locator("#start-tournament").click();
    let state = await until(id, roundMade(0));
    // Anna's page takes her to her own seat at her table.
    await anna.reload();
    const own = anna.locator("a[data-your-table]");
    await own.waitFor();
    expect(await own.getAttribute("href")).toMatch(/^\/game\/[A-Za-z0-9_-]{24}#seat=/);
    await screenshot(anna, "tournament-round-1-it-phone");

    // Round 1 is played at Anna's table: she opens her seat from the tournament's page and plays her turn on her phone;
    // the others there play theirs (Bruno from the link on his page, Carla and Dario by the API, computers on their own).
    await bruno.reload();
    const seatLink = async (p: Page) => (await p.locator("a[data-your-table]").getAttribute("href"))!;
    const table = state.rounds[0]!.tables.find((t) => t.sides.includes(0))!;
    const tokens = new Map<string, string>();
    for (const [who, page] of [
      ["Anna", anna],
      ["Bruno", bruno],
    ] as const)
      tokens.set(who, (await seatLink(page)).split("#seat=")[1]!);
    const seatsOf = (entry: number | null) =>
      entry === 0 ? ["Anna", "Bruno"] : entry === 1 ? ["Carla", "Dario"] : entry === 2 ? ["Elena", null] : [null, null];
    const keys = new Map([
      ["Anna", annaKey],
      ["Bruno", brunoKey],
      ["Carla", carla],
      ["Dario", dario],
      ["Elena", elena],
    ]);
    // The others' seats, from their "my games" (which has the table once D1 has it).
    for (const who of [...seatsOf(table.sides[0]), ...seatsOf(table.sides[1])]) {
      const key = who === null ? undefined : keys.get(who);
      if (!key || tokens.has(who!)) continue;
      const seatToken = async () => {
        const mine = await call<{ games: { id: string; token: string | null }[] }>("/api/me/games", { token: key });
        return mine.body.games.find((g) => g.id === table.game)?.token ?? null;
      };
      await expect.poll(seatToken).not.toBeNull();
      tokens.set(who!, (await seatToken())!);
    }
    const [north, east] = [seatsOf(table.sides[0]), seatsOf(table.sides[1])];
    const owner = (seat: number) => (seat % 2 === 0 ? north : east)[Math.floor(seat / 2)] ?? null;
    // The table is sealed until the round is over (its deals are the other tables'): it is read through Anna's seat.
    const atTable = async () =>
      (await call<GameSnapshot>(`/api/games/${table.game}`, { token: tokens.get("Anna")!, headers: { "X-Player-Key": annaKey } })).body;
    let annaPlayed = false;
    for (let turn = 0; turn < 12 && !annaPlayed; turn++) {
      const snap = await atTable();
      const seat = snap.view.hand!.turn;
      const who = owner(seat);
      if (who === "Anna") {
        await anna.goto(`${serviceUrl()}${await seatLink(anna)}`);
        await drawAndDiscardHere(anna);
        await screenshot(anna, "tournament-table-it-phone");
        annaPlayed = true;
        // Her discard reached the table: the turn is the next seat's.
        await expect.poll(async () => (await atTable()).view.hand?.turn).not.toBe(seat);
      } else if (who !== null) await turnByApi(table.game!, tokens.get(who)!, keys.get(who)!, snap);
      // The computer plays its own turn: wait for it to be someone else's.
      else await expect.poll(async () => (await atTable()).version).toBeGreaterThan(snap.version);
    }
    expect(annaPlayed).toBe(true);

    for (const round of [0, 1]) {
      // The round's deadline passes: its tables still playing are settled on the clock, the next round (or the end) follows.
      expect((await call(`/api/dev/tournaments/${id}/time`, { body: { advance: "3d1h" } })).status).toBe(200);
      state = await until(id, round === 0 ? roundMade(1) : (v) => v.status === "over");
      expect(state.rounds[round]!.finished).toBe(true);
    }
    const record = (await call<TournamentRecord>(`/api/tournaments/${id}/record`)).body;
    const check = checkRecord(record);
    expect(check.problems).toEqual([]);

    // The standings page, as a member opens it: the ranking the record replays to, in Italian.
    await anna.goto(`${serviceUrl()}/tournament/${id}`);
    await waitText(anna, "#tournament-status", literal(italian.status.over));
    await waitText(anna, "#standings-title", literal(italian.standings));
    // Her table of a finished round is hers to look back at, no longer to play.
    await waitText(anna, "a[data-your-table]", literal(italian.yourGame));
    const shown = await anna.locator("#standings tbody tr").evaluateAll((rows) => rows.map((r) => Number(r.getAttribute("data-entry"))));
    expect(shown).toEqual(check.standings.map((s) => s.entry));
    const vps = await anna.locator("#standings tbody td.vp").allTextContents();
    expect(vps.map(Number)).toEqual(check.standings.map((s) => s.vp));
    await anna.locator("#standings").scrollIntoViewIfNeeded();
    await screenshot(anna, "tournament-standings-it-phone");
    expect(await axeScan(anna)).toEqual([]);

    // Embedded in a club's page: the standings alone.
    const embed = await phone();
    await embed.goto(`${serviceUrl()}/tournament/${id}?embed=1`);
    await embed.locator("#standings").waitFor();
    expect(await embed.locator("#register-form, #organiser, header").count()).toBe(0);
    await screenshot(embed, "tournament-embed-it-phone");
  });
});
