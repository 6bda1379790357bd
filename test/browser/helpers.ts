/**
 * The browser tests' tools: the service (wrangler dev with its own storage,
 * scripts/local-service.ts), Debian's Chromium driven by playwright-core, a
 * prepared deal whose cards the tests know, and a watch on everything a page
 * ever shows.
 */

import { mkdir, readFile } from "node:fs/promises";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { type Browser, type BrowserContext, chromium, type Page } from "playwright-core";
import { afterAll, afterEach, beforeAll, inject } from "vitest";
import type { CreateGameRequest, CreateGameResponse, EventsResponse, GameSnapshot } from "../../src/shared/api";
import type { Language } from "../../src/shared/language";
import { type ChromiumBuild, chromiumLaunchOptions } from "./chromium";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** The service every browser test file shares (started by service.ts). */
export const serviceUrl = (): string => inject("serviceUrl");

/** Where the screenshots of the main screens go (git-ignored; docs/web-client.md). */
export const SCREENSHOTS = join(root, "test/browser/screenshots");

export async function screenshot(page: Page, name: string): Promise<void> {
  await mkdir(SCREENSHOTS, { recursive: true });
  await page.screenshot({ path: join(SCREENSHOTS, `${name}.png`) });
}

export const SIZES = {
  phone: { width: 390, height: 844 },
  desktop: { width: 1280, height: 860 },
  smallPhone: { width: 360, height: 640 },
  landscape: { width: 844, height: 390 },
  tablet: { width: 768, height: 1024 },
  laptop: { width: 1366, height: 768 },
} as const;
/** Sizes held in the hand: touch screens. */
const TOUCH: ReadonlySet<string> = new Set(["phone", "smallPhone", "landscape", "tablet"]);
export type Size = keyof typeof SIZES;
export type Lang = Language;

export interface ContextOptions {
  readonly size?: Size;
  readonly lang?: Lang;
  /** A locale of its own ("en-US"), over the one `lang` gives. */
  readonly locale?: string;
  /** The browser's time zone ("Asia/Tokyo"); the machine's by default. */
  readonly timezoneId?: string;
  readonly bypassCSP?: boolean;
  readonly reducedMotion?: boolean;
  /**
   * Lets the app register its service worker (the offline shell, pushes). Off unless a test is about it: in each
   * fresh profile the worker fetches and keeps the whole shell (some forty files), work for the browser and the
   * service that the other tests do not need, hundreds of profiles over a run.
   */
  readonly serviceWorkers?: boolean;
  /**
   * Lets the app offer the way back for a lost device (web/src/identity/offer.ts: once, to a player with one device,
   * no email and no recovery code). Off unless a test is about it: elsewhere the browser has answered it already, so
   * that no sheet covers the table a test plays on.
   */
  readonly wayBack?: boolean;
}

/**
 * How long a page waits for an element, a text or a load before calling it a hang. Tests wait on what the page
 * shows (a signal), never on a fixed time; this bound only ends a wait that would otherwise last for ever, so it is
 * long enough for the busiest machine and short of the test's own timeout (vitest.config.ts), so that the failure
 * names what was awaited. Playwright's own default (30 s) is set to it for every page.
 */
export const HANG_GUARD = 90_000;

/** A fresh browser profile of a given screen size and language (the browser's own, as a player's would be). */
export async function newContext(browser: Browser, options: ContextOptions = {}): Promise<BrowserContext> {
  const size = options.size ?? "desktop";
  const context = await browser.newContext({
    viewport: SIZES[size],
    locale: options.locale ?? (options.lang === "it" ? "it-IT" : "en-GB"),
    ...(options.timezoneId ? { timezoneId: options.timezoneId } : {}),
    isMobile: TOUCH.has(size),
    hasTouch: TOUCH.has(size),
    bypassCSP: options.bypassCSP ?? false,
    reducedMotion: options.reducedMotion ? "reduce" : "no-preference",
    serviceWorkers: options.serviceWorkers ? "allow" : "block",
  });
  context.setDefaultTimeout(HANG_GUARD);
  if (!options.wayBack) await context.addInitScript(() => localStorage.setItem("burraco.wayBackOffered", "answered"));
  return context;
}

/**
 * The shared Chromium (launched once by service.ts) for a test file: joined
 * before its tests. The browser profiles (contexts) a test opens are closed
 * when it ends (`acrossTests`: when the file ends, for files whose tests go
 * on with the pages of earlier ones): a page left open keeps its timers,
 * its socket and its renderer busy while other files run. The file leaves
 * the browser running for the others. `build: "full"` launches the desktop
 * Chromium of the file's own instead (chromium.ts: what the shared headless
 * shell cannot do), closed when the file ends.
 */
export function chromiumForFile(options: { acrossTests?: boolean; build?: ChromiumBuild } = {}): {
  context(options?: ContextOptions): Promise<BrowserContext>;
} {
  let browser: Browser | undefined;
  const contexts: BrowserContext[] = [];
  const closeAll = async () => {
    for (const context of contexts.splice(0)) await context.close().catch(() => undefined);
  };
  beforeAll(async () => {
    browser =
      options.build === "full" ? await chromium.launch(chromiumLaunchOptions("full")) : await chromium.connect(inject("chromiumEndpoint"));
  }, 60_000);
  if (!options.acrossTests) afterEach(closeAll);
  afterAll(async () => {
    await closeAll();
    await browser?.close();
  });
  return {
    async context(options = {}) {
      if (!browser) throw new Error("Chromium is not joined yet: open contexts inside the tests");
      const context = await newContext(browser, options);
      contexts.push(context);
      return context;
    },
  };
}

/** A pattern matching `text` as it is written (a catalog's text with its dots and brackets). */
export const literal = (text: string) => new RegExp(text.replace(/[.*+?^${}()|[\]\\]/g, "\\$&"));

/** Waits until an element under `selector` shows text matching `pattern` (`timeout`: a guard against a hang, HANG_GUARD). */
export async function waitText(page: Page, selector: string, pattern: RegExp, timeout = HANG_GUARD): Promise<void> {
  await page.locator(selector).filter({ hasText: pattern }).first().waitFor({ timeout });
}

export async function newPage(context: BrowserContext, options: { watch?: boolean } = {}): Promise<Page> {
  const page = await context.newPage();
  if (options.watch) await watchDom(page);
  page.on("pageerror", (error) => console.error(`page error: ${error.message}`));
  return page;
}

/**
 * Pages that open the same seats at several sizes or languages, as one
 * player would on several devices linked to them: the same player key (an
 * opened seat refuses another player's device with SEAT_TAKEN).
 */
export async function asOnePlayer(page: Page): Promise<Page> {
  await page.addInitScript(() => localStorage.setItem("burraco.playerKey", JSON.stringify("browser-tests-one-player-key-01")));
  return page;
}

/** Calls the service's API as a script would. */
export async function call<T = any>(
  path: string,
  options: { method?: string; body?: unknown; token?: string; headers?: Record<string, string> } = {},
): Promise<{ status: number; body: T }> {
  const headers: Record<string, string> = { ...options.headers };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.body !== undefined) headers["Content-Type"] = "application/json";
  const response = await fetch(`${serviceUrl()}${path}`, {
    method: options.method ?? (options.body === undefined ? "GET" : "POST"),
    headers,
    body: options.body === undefined ? undefined : JSON.stringify(options.body),
  });
  const text = await response.text();
  let body: unknown = text;
  try {
    body = JSON.parse(text);
  } catch {
    // Not JSON.
  }
  return { status: response.status, body: body as T };
}

/**
 * Has the game's room write what it owes D1 now (the dev service's `POST /api/dev/games/{id}/drain`) instead of
 * in the two to four seconds its outbox waits: "my games", read from D1, then lists the game as it is.
 */
export async function drainNow(id: string): Promise<void> {
  // A drain can fail or overlap the alarm's own (the room then tries again later, as in production): ask again.
  for (let attempt = 0; ; attempt++) {
    const answer = await call<{ drained: boolean }>(`/api/dev/games/${id}/drain`, { method: "POST" });
    if (answer.status === 200 && answer.body.drained) return;
    if (attempt === 40) throw new Error(`drain failed: ${answer.status} ${JSON.stringify(answer.body)}`);
    await new Promise((r) => setTimeout(r, 250));
  }
}

/**
 * Makes the player of `key` established for rated play at once (the dev service's `POST /api/dev/players/established`),
 * as a player with a confirmed mailbox, a week and three matches behind them is (docs/ratings.md); named `name` if given.
 */
export async function establish(key: string, name?: string): Promise<void> {
  const answer = await call("/api/dev/players/established", { method: "POST", token: key });
  if (answer.status !== 200) throw new Error(`establish failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  if (name) await call("/api/me", { method: "PATCH", token: key, body: { name } });
}

/** A page whose browser holds `key` as its player key (as a browser that made it before). */
export async function withPlayerKey(page: Page, key: string): Promise<Page> {
  await page.addInitScript((k) => localStorage.setItem("burraco.playerKey", JSON.stringify(k)), key);
  return page;
}

export async function createGame(request: CreateGameRequest): Promise<CreateGameResponse> {
  const answer = await call<CreateGameResponse>("/api/games", { body: request });
  if (answer.status !== 201) throw new Error(`create failed: ${answer.status} ${JSON.stringify(answer.body)}`);
  return answer.body;
}

/** The player key a page's browser holds (made by the web client on its first visit). */
export const keyOf = (page: Page): Promise<string> =>
  page.evaluate(() => JSON.parse(localStorage.getItem("burraco.playerKey") ?? "null") as string);

/**
 * The header a script sends with a seat's token once a browser opened the seat: a seat a player's device opened answers
 * only to that player's devices (docs/identity.md), so the API plays it with that browser's key.
 */
export const keyHeader = (key: string | undefined): Record<string, string> => (key ? { "X-Player-Key": key } : {});

/**
 * Plays quick turns through the API (draw, then discard the card drawn) for
 * `turns` turns, or until the hand ends; returns the last answer. `keys`:
 * the player key of each seat a browser opened (`keyOf`).
 */
export async function drawAndDiscard(
  game: CreateGameResponse,
  turns: number,
  keys: Readonly<Record<number, string>> = {},
): Promise<EventsResponse | null> {
  let last: EventsResponse | null = null;
  for (let i = 0; i < turns; i++) {
    const snap = (await call<GameSnapshot>(`/api/games/${game.id}`)).body;
    const hand = snap.view.hand;
    if (!hand || hand.end || snap.status === "over") break;
    const token = game.seats[hand.turn]!.token!;
    const headers = keyHeader(keys[hand.turn]);
    const drew = await call<EventsResponse>(`/api/games/${game.id}/moves`, {
      token,
      headers,
      body: { move: { type: "draw" }, version: snap.version },
    });
    if (drew.status !== 200) throw new Error(`draw refused: ${JSON.stringify(drew.body)}`);
    const card = drew.body.events.find((e) => e.type === "drew")?.card;
    const mine = drew.body.view.view.hand!.myHand!;
    const discard = await call<EventsResponse>(`/api/games/${game.id}/moves`, {
      token,
      headers,
      body: { move: { type: "discard", card: card ?? mine[0] }, version: drew.body.version },
    });
    if (discard.status !== 200) throw new Error(`discard refused: ${JSON.stringify(discard.body)}`);
    last = discard.body;
    if (last.events.some((e) => e.type === "handEnded")) break;
  }
  return last;
}

/** Moves one game's time on (local tests only: the service runs src/server/dev/index.ts, POST /api/dev/games/{id}/time). */
export async function advance(id: string, by: string): Promise<void> {
  const answer = await call(`/api/dev/games/${id}/time`, { body: { advance: by } });
  if (answer.status !== 200) throw new Error(`time travel refused: ${answer.status} ${JSON.stringify(answer.body)}`);
}

/** The player's turn through the page: draw (once the table lets them), then discard the card drawn. */
export async function drawAndDiscardHere(p: Page): Promise<void> {
  await p.locator("#act-draw:not([disabled])").click();
  await p.locator("#my-hand button.card.fresh").first().click();
  await p.locator("#act-discard:not([disabled])").click();
}

/**
 * Found by axe-core whatever the impact it gives them: every page of ours has one h1 (a screen reader's user jumps
 * to it to learn where they are).
 */
const ALWAYS = new Set(["page-has-heading-one"]);

/** axe-core's scan of the page as it stands: the serious and critical violations, and those of ALWAYS. */
export async function axeScan(page: Page): Promise<{ id: string; impact: string; nodes: string[] }[]> {
  const source = await readFile(join(root, "node_modules/axe-core/axe.min.js"), "utf8");
  await page.evaluate(source);
  const results = await page.evaluate(async () => {
    const axe = (
      window as unknown as {
        axe: { run: (o: unknown) => Promise<{ violations: { id: string; impact: string; nodes: { target: string[] }[] }[] }> };
      }
    ).axe;
    return axe.run({ resultTypes: ["violations"] });
  });
  return results.violations
    .filter((v) => v.impact === "serious" || v.impact === "critical" || ALWAYS.has(v.id))
    .map((v) => ({ id: v.id, impact: v.impact, nodes: v.nodes.map((n) => n.target.join(" ")) }));
}

const SUITS = ["S", "H", "D", "C"];
const RANKS = ["A", "2", "3", "4", "5", "6", "7", "8", "9", "10", "J", "Q", "K"];

export interface KnownDeal {
  readonly dealer: number;
  readonly hands: string[][];
  readonly pozzetti: string[][];
  readonly discard: string[];
  readonly stock: string[];
}

/**
 * A classic deal (108 cards) for 2, 3 or 4 players: the given hands, discard and top of
 * the stock (and, when given, the first cards of each pozzetto); every other card goes, in a fixed order, to the
 * pozzetti and the rest of the stock.
 */
export function knownDeal(options: {
  dealer: number;
  hands: string[][];
  discard: string;
  stockTop: string[];
  pozzetti?: string[][];
}): KnownDeal {
  const deck: string[] = [];
  for (let copy = 0; copy < 2; copy++) for (const s of SUITS) for (const r of RANKS) deck.push(r + s);
  deck.push("JK", "JK", "JK", "JK");
  const take = (card: string) => {
    const at = deck.indexOf(card);
    if (at < 0) throw new Error(`the deal uses ${card} too often`);
    deck.splice(at, 1);
    return card;
  };
  const hands = options.hands.map((hand) => hand.map(take));
  const discard = [take(options.discard)];
  const top = options.stockTop.map(take);
  const chosen = [0, 1].map((i) => (options.pozzetti?.[i] ?? []).map(take));
  const pozzetti = chosen.map((cards) => [...cards, ...deck.splice(0, 11 - cards.length)]);
  return { dealer: options.dealer, hands, pozzetti, discard, stock: [...top, ...deck] };
}

/** Every card text a page could show for `card`: its data attribute, its spoken name, its short form. */
export function cardForms(card: string): string[] {
  const suit: Record<string, [string, string]> = { S: ["♠", "spades"], H: ["♥", "hearts"], D: ["♦", "diamonds"], C: ["♣", "clubs"] };
  const names: Record<string, string> = { A: "ace", J: "jack", Q: "queen", K: "king" };
  const rank = card.slice(0, -1);
  const [symbol, suitName] = suit[card.slice(-1)]!;
  return [`data-card="${card}"`, `${names[rank] ?? rank} of ${suitName}`, `${rank}${symbol}`];
}

/**
 * Records every state of the page's DOM from now on (a MutationObserver
 * keeping each distinct outerHTML), so a test can tell what it ever showed.
 */
export async function watchDom(page: Page): Promise<void> {
  await page.addInitScript(() => {
    const seen = new Set<string>();
    (window as unknown as { __seen: Set<string> }).__seen = seen;
    const take = () => seen.add(document.documentElement.outerHTML);
    new MutationObserver(take).observe(document, { subtree: true, childList: true, attributes: true, characterData: true });
    addEventListener("DOMContentLoaded", take);
  });
}

export async function everShown(page: Page): Promise<string[]> {
  return page.evaluate(() => [...(window as unknown as { __seen: Set<string> }).__seen, document.documentElement.outerHTML]);
}
