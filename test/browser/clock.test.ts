import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import type { GameSnapshot } from "../../src/shared/api";
import { en, it as italian } from "../web/words";
import {
  advance,
  axeScan,
  type ContextOptions,
  call,
  chromiumForFile,
  createGame,
  drainNow,
  drawAndDiscard,
  drawAndDiscardHere,
  keyHeader,
  keyOf,
  literal,
  newPage,
  SIZES,
  screenshot,
  serviceUrl,
  waitText,
} from "./helpers";

/**
 * The clock and the computer players in the browser, against the real
 * service: the countdown and the deadline in the viewer's own time zone,
 * claiming a match on time (the service's time moved on with the local
 * tests' POST /api/dev/games/{id}/time), "Play against the computer" from
 * the lobby to the end of a hand, handing a seat to the computer and
 * taking it back, the lobby's choices, holidays, and accessibility.
 */

const chromium = chromiumForFile();

async function page(options: ContextOptions = {}): Promise<Page> {
  return newPage(await chromium.context(options));
}

const snapshot = async (id: string, token?: string, key?: string) =>
  (await call<GameSnapshot>(`/api/games/${id}`, { token, headers: keyHeader(key) })).body;

/** A 2-player deal with the first pozzetto given (the rest in a fixed order): the computer's cards let it close on its second turn. */
function dealWith(o: { dealer: number; hands: string[][]; pozzetto: string[]; discard: string; stockTop: string[] }) {
  const deck: string[] = [];
  for (let copy = 0; copy < 2; copy++)
    for (const s of ["S", "H", "D", "C"])
      for (const r of ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"]) deck.push(r + s);
  deck.push("JK", "JK", "JK", "JK");
  const take = (card: string) => {
    const at = deck.indexOf(card);
    if (at < 0) throw new Error(`the deal uses ${card} too often`);
    return deck.splice(at, 1)[0]!;
  };
  const hands = o.hands.map((hand) => hand.map(take));
  const first = o.pozzetto.map(take);
  const discard = [take(o.discard)];
  const top = o.stockTop.map(take);
  return { dealer: o.dealer, hands, pozzetti: [first, deck.splice(0, 11)], discard, stock: [...top, ...deck] };
}

// The person (seat 0) holds nothing useful; the computer (seat 1, first to play) lays a long hearts sequence and
// a set, goes down to its pozzetto, and on its next turn can lay the pozzetto whole and close.
const VERSUS_DEAL = dealWith({
  dealer: 0,
  hands: [
    ["AS", "4S", "6S", "8S", "10S", "QS", "AD", "3D", "6D", "8D", "9C"],
    ["3H", "4H", "5H", "6H", "7H", "8H", "9H", "5S", "5C", "5D", "KC"],
  ],
  pozzetto: ["10D", "JD", "QD", "KD", "7C", "7D", "7S", "JH", "QH", "JC", "9S"],
  discard: "QC",
  stockTop: ["10H", "KH", "4D", "8C", "4C", "2D"],
});

describe("the clock at the table", () => {
  it("counts the turn's time down without reloading and shows its deadline in the viewer's own time zone", async () => {
    const made = Date.now();
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], clock: { perMove: "1h" } });
    const newYork = await page({ timezoneId: "America/New_York", locale: "en-US" });
    const tokyo = await page({ timezoneId: "Asia/Tokyo", locale: "it-IT" });
    // The New York page's clock is the test's: it can be moved on.
    await newYork.clock.install();
    await Promise.all([newYork.goto(game.spectatorUrl), tokyo.goto(game.spectatorUrl)]);
    await waitText(newYork, "#countdown", /^\d{1,2} min( \d{1,2} s)? left$/);
    await waitText(tokyo, "#countdown", /^ancora \d{1,2} min( e \d{1,2} s)?$/);

    const deadline = (await newYork.locator("#deadline").getAttribute("data-deadline"))!;
    expect(deadline).toBe((await snapshot(game.id)).clock!.turn!.deadline);
    // The exact deadline, as each browser's own zone writes it.
    const inZone = (p: Page, locale: string, timeZone: string) =>
      p.evaluate(
        ([iso, locale, timeZone]) =>
          new Intl.DateTimeFormat(locale, {
            weekday: "short",
            day: "numeric",
            month: "short",
            hour: "2-digit",
            minute: "2-digit",
            timeZoneName: "short",
            timeZone,
          }).format(new Date(iso!)),
        [deadline, locale, timeZone],
      );
    const nyText = await inZone(newYork, "en", "America/New_York");
    const tokyoText = await inZone(tokyo, "it", "Asia/Tokyo");
    expect(await newYork.locator("#deadline").textContent()).toContain(en.clock.deadline(nyText));
    expect(await tokyo.locator("#deadline").textContent()).toContain(italian.clock.deadline(tokyoText));
    expect(nyText).not.toBe(await inZone(newYork, "en", "Asia/Tokyo"));

    // It counts down by itself: ten minutes later the page says so, and a screen reader hears whole minutes.
    const before = Number(await newYork.locator("#countdown").getAttribute("data-left"));
    await newYork.clock.fastForward("10:00");
    await expect
      .poll(async () => before - Number(await newYork.locator("#countdown").getAttribute("data-left")))
      .toBeGreaterThanOrEqual(599_000);
    // The page's clock also runs on by itself, as the machine's does: a busy machine's minutes since the game began
    // are allowed for, so that only the ten minutes moved on are asserted, never the machine's speed.
    const late = Math.ceil((Date.now() - made) / 60_000);
    const minutes = (from: number, to: number) => Array.from({ length: to - from + 1 }, (_, i) => from + i).join("|");
    await waitText(newYork, "#countdown", new RegExp(`^(${minutes(48 - late, 50)}) min( \\d{1,2} s)? left$`));
    expect(await newYork.locator("#countdown-announce").textContent()).toMatch(
      new RegExp(`^(Anna|Bruno): (${minutes(49 - late, 51)}) min left$`),
    );
    // The seat to play has been thinking, and the others see for how long.
    await waitText(newYork, ".seat.turn .thinking", new RegExp(`^thinking for (${minutes(9, 10 + late)}) min$`));

    // On a phone the seat to play's clock wraps within its seat: the page never gets wider than the screen.
    const phone = await page({ size: "phone" });
    await phone.goto(game.seats[0]!.url!);
    await phone.locator("#countdown").waitFor();
    await phone.locator(".seat.turn .thinking").waitFor();
    expect(await phone.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(SIZES.phone.width);
    await screenshot(phone, "clock-table-phone-en");
    await screenshot(tokyo, "clock-table-desktop-it");
  });

  it("offers the late seat's opponent to claim the match, and the claimed match shows it was lost on time", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"], clock: { perMove: "1h" } });
    // Both seats move once (before that a timeout would only abort the game), then the seat to play runs out of time.
    await drawAndDiscard(game, 2);
    await advance(game.id, "2h");
    const late = (await snapshot(game.id)).clock!.claim!.late;
    const other = 1 - late;
    const [lateName, otherName] = late === 0 ? ["Anna", "Bruno"] : ["Bruno", "Anna"];

    const latePage = await page();
    await latePage.goto(game.seats[late]!.url!);
    await waitText(latePage, "#late-panel", literal(en.clock.lateYou));
    expect(await latePage.locator("#claim-match").count()).toBe(0);

    const claimer = await page();
    await claimer.goto(game.seats[other]!.url!);
    await waitText(claimer, "#late-panel", literal(en.clock.lateClaimable(lateName)));
    await waitText(claimer, "#countdown", literal(en.clock.timeUp));
    expect(await axeScan(claimer), "the claim").toEqual([]);
    await screenshot(claimer, "clock-claim-desktop-en");
    await claimer.locator("#claim-match").click();
    await waitText(claimer, "#claim-question", literal(en.clock.claimQuestion(lateName, en.clock.claimYouWin)));
    await claimer.locator("#claim-yes").click();

    const over = en.clock.overTimeout(lateName, otherName);
    await waitText(claimer, "#status", literal(over));
    await waitText(claimer, "#hand-end", literal(over));
    await waitText(claimer, "#log", literal(en.clock.claimedBy("You", lateName)));
    // The late player sees it live too.
    await waitText(latePage, "#status", literal(over));
    const after = await snapshot(game.id);
    expect(after.status).toBe("over");
    expect(after.view.match.winner).toBe(other);
    expect(after.view.hand!.end!.reason).toBe("timeout");
  });

  it("says who will win a claim with 3 players: the leader of the other two once the hand is scored", async () => {
    const names = ["Anna", "Bruno", "Carla"];
    const game = await createGame({ players: 3, names, clock: { perMove: "1h" } });
    await drawAndDiscard(game, 3);
    await advance(game.id, "2h");
    const late = (await snapshot(game.id)).clock!.claim!.late;
    const claimer = (late + 1) % 3;
    const third = names[(late + 2) % 3]!;
    const p = await page({ size: "phone", lang: "it" });
    await p.goto(game.seats[claimer]!.url!);
    await p.locator("#claim-match").click();
    // Not "the late team loses" alone: who wins, which the claimer may not be.
    await waitText(p, "#claim-question", new RegExp(`la smazzata in corso si conta così com'è: vince chi tra te e ${third} ha più punti`));
    await screenshot(p, "clock-claim-3p-phone-it");
  });
});

describe("computer players", () => {
  it("plays against the computer from the lobby in one click, to the end of a hand, its moves marked", async () => {
    // With reduced motion, the computer's moves show at once rather than played back one by one (board-play.test.ts
    // and returning.test.ts test the playback): a whole hand of it would be a minute of waiting.
    const p = await page({ reducedMotion: true });
    await p.goto(serviceUrl());
    await p.locator("#name-0").fill("Anna");
    // The deal is prepared, so that the hand ends in a few turns (a choice folded under "More choices").
    await p.locator("#create-advanced > summary").click();
    await p.locator("details.prepared summary").click();
    await p.locator("#deals").fill(JSON.stringify([VERSUS_DEAL]));
    await p.locator("#vs-computer").click();
    await p.waitForURL(/\/game\/[^#]+#seat=/);
    const id = new URL(p.url()).pathname.split("/")[2]!;
    const snap = await snapshot(id);
    expect(snap.seats.map((s) => s.computer)).toEqual([null, "club"]);
    expect(snap.seats[0]!.name).toBe("Anna");

    // The computer plays first; each of its moves is marked in the latest moves.
    await p.locator("#log li.by-computer").first().waitFor();
    await waitText(p, ".seat[data-seat='1'] .computer-tag", /computer/);
    for (let turn = 0; turn < 30; turn++) {
      await p.locator("#hand-end, #act-draw:not([disabled])").first().waitFor();
      if (await p.locator("#hand-end").count()) break;
      await drawAndDiscardHere(p);
      await p.locator("#act-draw[disabled]").first().waitFor();
    }
    await waitText(p, "#hand-end", /Hand 1 ended/);
    expect(await p.locator("#log li.by-computer .computer-mark").count()).toBeGreaterThan(0);
    expect(await axeScan(p), "the end of a hand against the computer").toEqual([]);
    const record = (await call(`/api/games/${id}/record`)).body;
    expect(record.hands[0].moves.some((m: { seat: number; by?: string }) => m.seat === 1 && m.by === "computer")).toBe(true);
    expect(record.hands[0].moves.every((m: { seat: number; by?: string }) => (m.seat === 1) === (m.by === "computer"))).toBe(true);

    // The replay marks the computer's moves too.
    await p.goto(`${serviceUrl()}/game/${id}/replay?hand=1&move=1`);
    await waitText(p, "#move-line .computer-mark", /computer/);
  });

  it("lets the computer play the player's seat, with a banner and marked moves, until a move of the player's takes it back", async () => {
    const game = await createGame({ players: 2, names: ["Anna", "Bruno"] });
    const first = (await snapshot(game.id)).view.hand!.turn;
    // Anna hands her seat over while Bruno is to play.
    if (first === 0) await drawAndDiscard(game, 1);
    const anna = await page();
    await anna.goto(game.seats[0]!.url!);
    await anna.locator("#connection.live").waitFor();
    await anna.locator("#page-menu summary").click();
    await anna.locator("#menu-handover").click();
    await anna.locator("#handover-level").selectOption("beginner");
    expect(await axeScan(anna), "the handover").toEqual([]);
    await anna.locator("#handover-yes").click();
    await waitText(anna, "#computer-banner", literal(en.computer.banner));
    expect((await snapshot(game.id)).seats[0]!.computer).toBe("beginner");

    // Bruno plays; the computer plays Anna's turn, marked as its own.
    const bruno = game.seats[1]!.token!;
    const brunoTurn = async () => {
      const snap = await snapshot(game.id, bruno);
      expect(snap.view.hand!.turn).toBe(1);
      await drawAndDiscard(game, 1);
    };
    await brunoTurn();
    await anna.locator("#log li.by-computer").first().waitFor();
    await expect.poll(async () => (await snapshot(game.id)).view.hand!.turn).toBe(1);
    expect(await anna.locator("#log li.by-computer .computer-mark").count()).toBeGreaterThan(0);

    // Bruno plays again, and Anna moves at once (the computer waits a second while she watches): her seat is hers again.
    await brunoTurn();
    const annaKey = await keyOf(anna);
    const snap = await snapshot(game.id, game.seats[0]!.token!, annaKey);
    const drew = await call(`/api/games/${game.id}/moves`, {
      token: game.seats[0]!.token!,
      headers: keyHeader(annaKey),
      body: { move: { type: "draw" }, version: snap.version },
    });
    expect(drew.status, JSON.stringify(drew.body)).toBe(200);
    await anna.locator("#computer-banner").waitFor({ state: "detached" });
    expect((await snapshot(game.id)).seats[0]!.computer).toBeNull();
    await waitText(anna, "#log li:not(.by-computer)", /^You drew from the stock/);
    // She finishes her turn at the table herself.
    await anna.locator("#my-hand button.card.fresh").first().click();
    await anna.locator("#act-discard:not([disabled])").click();
    await waitText(anna, "#status", /Bruno's turn/);
    expect(await anna.locator("#log li").first().getAttribute("class")).not.toBe("by-computer");
  });
});

describe("the lobby", () => {
  /** Creates a game from the lobby's form as it stands; returns its id. */
  async function create(p: Page): Promise<string> {
    await p.locator("#create-submit").click();
    const spectator = await p.locator("#spectator-link").inputValue();
    return new URL(spectator).pathname.split("/")[2]!;
  }

  it("creates the time control and the computer seats chosen, shows my games' deadlines, and is accessible", async () => {
    const p = await page();
    await p.goto(serviceUrl());
    // 3 days per move, claim on timeout: preselected.
    expect(await p.locator("#clock-perMove").isChecked()).toBe(true);
    expect(await p.locator("#per-move").inputValue()).toBe("3d");
    expect(await p.locator("#timeout-claim").isChecked()).toBe(true);
    await p.locator("#name-0").fill("Anna");
    const perMove = await create(p);
    expect((await snapshot(perMove)).clock!.control).toEqual({ perMove: "3d", timeout: "claim" });

    // A bank with an increment, the computer at a timeout, and seat 2 the expert computer.
    const q = await page();
    await q.goto(serviceUrl());
    await q.locator("#create-advanced > summary").click();
    await q.locator("#clock-bank").check();
    await q.locator("#bank").selectOption("14d");
    await q.locator("#increment").selectOption("12h");
    await q.locator("#timeout-computer").check();
    await q.locator("#kind-1").selectOption("expert");
    expect(await q.locator("#name-1").isHidden()).toBe(true);
    expect(await axeScan(q), "the lobby's clock and seats").toEqual([]);
    await screenshot(q, "lobby-clock-desktop-en");
    await q.locator("#name-0").fill("Carla");
    const bank = await create(q);
    const snap = await snapshot(bank);
    expect(snap.clock!.control).toEqual({ bank: "14d", increment: "12h", timeout: "computer" });
    // The computer player sits under a name of its level (src/server/computer-names.ts).
    expect(snap.seats.map((s) => [s.name, s.computer])).toEqual([
      ["Carla", null],
      ["Vittoria", "expert"],
    ]);

    // No clock.
    const r = await page();
    await r.goto(serviceUrl());
    await r.locator("#create-advanced > summary").click();
    await r.locator("#clock-none").check();
    const none = await create(r);
    expect((await snapshot(none)).clock).toBeNull();

    // My games: the game awaiting the player, with its time left and deadline (the list comes from D1, seconds behind).
    const first = (await snapshot(perMove)).view.hand!.turn;
    const tab = await p.context().newPage();
    await tab.goto(await p.locator(`#seat-link-${first}`).inputValue());
    await tab.locator("#countdown").waitFor();
    // First the service: D1 has the seat linked to this browser's player key, with the deadline, once the room drained.
    await drainNow(perMove);
    const key = await p.evaluate(() => JSON.parse(localStorage.getItem("burraco.playerKey") ?? "null") as string);
    await expect
      .poll(
        async () => {
          const mine = await call<{ games: { id: string; deadline: string | null }[] }>("/api/me/games", { token: key });
          return mine.body.games?.find((g) => g.id === perMove)?.deadline ?? null;
        },
        { interval: 1_000 },
      )
      .not.toBeNull();
    // Then the page.
    await p.goto(serviceUrl());
    // Awaiting the player's move, it is listed at the top of the lobby ("your turn"); else under My games.
    const listed = `:is(#your-turn, #my-games) li[data-game="${perMove}"] .game-clock`;
    await waitText(p, listed, /^ · (2 days 23 h|3 days) left · deadline /);
    // The game's time moves on two days (the local tests' time travel): my games counts from the game's clock, as the table does.
    await advance(perMove, "2d");
    // Moving the time on drains the room at once (dev/time-travel.ts): D1 already counts from the moved clock,
    // not at a drain left to an alarm that an instance's eviction could lose.
    const moved = await call<{ games: { id: string; left: number | null }[] }>("/api/me/games", { token: key });
    expect(moved.body.games?.find((g) => g.id === perMove)?.left).toBeLessThan(86_400_000 + 60_000);
    await p.reload();
    await waitText(p, listed, /^ · (23 h( \d+ min)?|1 day) left · deadline /);
  });

  it("declares, lists and cancels holidays, with the server's limits told in the player's language", async () => {
    const p = await page({ lang: "it" });
    await p.goto(serviceUrl());
    await p.locator("#holidays summary").click();
    await waitText(p, "#holidays-none", literal(italian.holidays.none));
    const local = (ms: number) => {
      const d = new Date(Date.now() + ms);
      const pad = (n: number) => String(n).padStart(2, "0");
      return `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}T${pad(d.getHours())}:${pad(d.getMinutes())}`;
    };
    const DAY = 86_400_000;
    // Twenty days is too long: the server refuses, and the page says why, in Italian.
    await p.locator("#holiday-from").fill(local(3 * DAY));
    await p.locator("#holiday-until").fill(local(23 * DAY));
    await p.locator("#holiday-declare").click();
    await waitText(p, "#holiday-message", literal(italian.holidays.problem.longest));
    await p.locator("#holiday-until").fill(local(6 * DAY));
    await p.locator("#holiday-declare").click();
    await waitText(p, "#holiday-message", literal(italian.holidays.declared));
    await p.locator("#holiday-list li").first().waitFor();
    expect(await p.locator("#holiday-list li").count()).toBe(1);
    expect(await axeScan(p), "holidays").toEqual([]);
    await screenshot(p, "holidays-desktop-it");
    p.once("dialog", (d) => void d.accept());
    await p.locator("#holiday-list li button").click();
    await waitText(p, "#holiday-message", literal(italian.holidays.cancelled));
    await p.locator("#holidays-none").waitFor();
  });
});
