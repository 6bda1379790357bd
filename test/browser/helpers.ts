/**
 * The browser tests' tools: the service (wrangler dev with its own storage,
 * scripts/local-service.ts), Debian's Chromium driven by playwright-core, a
 * prepared deal whose cards the tests know, and a watch on everything a page
 * ever shows.
 */
import { execFile } from "node:child_process";
import { existsSync } from "node:fs";
import { mkdir } from "node:fs/promises";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { type Browser, chromium, type Page } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

const root = fileURLToPath(new URL("../..", import.meta.url));

/** Builds web/dist from the current sources (only changed files are written). */
export async function buildWeb(): Promise<void> {
  await promisify(execFile)(process.execPath, [join(root, "scripts/build-web.mjs")], { cwd: root });
}

export async function launchChromium(): Promise<Browser> {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
  // launch() gives every run a fresh temporary profile (user-data dir), removed on close.
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  });
}

/** Where screenshots go: a temporary directory, never the repository. */
export async function screenshotDir(): Promise<string> {
  const dir = join(tmpdir(), "burraco-browser-test");
  await mkdir(dir, { recursive: true });
  return dir;
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
 * A 2-player classic deal (108 cards): the given hands, discard and top of
 * the stock; every other card goes, in a fixed order, to the pozzetti and
 * the rest of the stock.
 */
export function knownDeal(options: { dealer: number; hands: string[][]; discard: string; stockTop: string[] }): KnownDeal {
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
  const pozzetti = [deck.splice(0, 11), deck.splice(0, 11)];
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
