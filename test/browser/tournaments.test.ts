import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { TournamentView } from "../../src/shared/wire/tournaments";
import { checkRecord, type TournamentRecord } from "../../src/tournament/record";
import { it as italian } from "../../web/src/tournaments/words/it";
import { axeScan, call, chromiumForFile, literal, newPage, screenshot, serviceUrl, waitText } from "./helpers";

/**
 * A club's tournament on phones, in Italian: the organiser creates a pairs
 * tournament in the web client; eight players register — two pairs of
 * people (one pair's partner joining by the link her partner sent), a
 * player with the computer as partner, and a pair of computers — the
 * organiser starts it, two rounds are played with time travel (each
 * round's deadline passes, its late tables are settled on the clock), and
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
    const anna = await phone();
    await anna.goto(`${serviceUrl()}/tournament/${id}`);
    await anna.locator("#t-player-name").fill("Anna");
    await anna.locator("#register").click();
    const link = await anna.locator("#partner-link input").inputValue();
    expect(link).toContain(`/tournament/${id}#partner=`);
    await screenshot(anna, "tournament-partner-link-it-phone");
    const bruno = await phone();
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
    await anna.reload();
    await waitText(anna, "#tournament-status", literal(italian.status.over));
    await waitText(anna, "#standings-title", literal(italian.standings));
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
