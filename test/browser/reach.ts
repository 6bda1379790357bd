/**
 * What a player can read on the table, measured in the page: every card of
 * the hand and of the melds shown at a readable size with its corner (rank
 * and suit) uncovered, on the screen or brought there by scrolling a box
 * that a finger can scroll; and no word cut by a box that hides its
 * overflow. A box that hides its overflow can still be scrolled by a
 * script, so a card is "reachable" only when every box that had to scroll
 * to show it is one that scrolls for a person too.
 */
import type { Page } from "playwright-core";

export interface Readable {
  /** The narrowest a meld's card may be, in CSS pixels. */
  readonly meld: number;
  /** The narrowest a card of the hand may be. */
  readonly hand: number;
}

/** Each card that cannot be read: named with its meld (or the hand) and why. */
export async function unreadableCards(page: Page, min: Readable): Promise<string[]> {
  return page.evaluate((min) => {
    const problems: string[] = [];
    const scrolls = (e: Element) => {
      const s = getComputedStyle(e);
      return /auto|scroll/.test(s.overflowX) || /auto|scroll/.test(s.overflowY);
    };
    const cards = [...document.querySelectorAll<HTMLElement>(".board .meld .card, .board .hand-cards .card")];
    for (const card of cards) {
      const meld = card.closest<HTMLElement>(".meld");
      // A closed burraco shows its top card and the edges of the rest; a tap opens it (checked opened too).
      if (meld?.classList.contains("closed") && card !== card.parentElement?.lastElementChild) continue;
      const name = `${meld ? `meld ${meld.dataset.meld}` : "hand"} ${card.dataset.card}`;
      card.scrollIntoView({ block: "nearest", inline: "nearest" });
      const forced: Element[] = [];
      for (let e = card.parentElement; e; e = e.parentElement) if ((e.scrollTop || e.scrollLeft) && !scrolls(e)) forced.push(e);
      if (window.scrollY || window.scrollX) forced.push(document.documentElement);
      if (forced.length) problems.push(`${name}: out of reach (${forced.map((e) => e.className || e.tagName).join(", ")} scrolled)`);
      const box = card.getBoundingClientRect();
      const need = meld ? min.meld : min.hand;
      if (box.width < need - 0.5) problems.push(`${name}: ${box.width.toFixed(1)} px wide, under ${need}`);
      // The joker's corner is its star; the word under it may be covered, as a suit's symbol may not.
      const corner = card.dataset.card === "JK" ? [".rank"] : [".rank", ".suit"];
      for (const part of corner) {
        const r = card.querySelector(part)!.getBoundingClientRect();
        const x = r.x + r.width / 2;
        const y = r.y + r.height / 2;
        const hit = document.elementFromPoint(x, y);
        const onScreen = x >= 0 && y >= 0 && x <= innerWidth && y <= innerHeight;
        if (!onScreen || !hit || !card.contains(hit)) problems.push(`${name}: its ${part.slice(1)} is hidden`);
      }
      for (const e of forced) {
        e.scrollTop = 0;
        e.scrollLeft = 0;
      }
      window.scrollTo(0, 0);
    }
    // Put every scrolled box back, as the player left it.
    for (const e of document.querySelectorAll(".board *")) if (e.scrollTop || e.scrollLeft) e.scrollTo(0, 0);
    return problems;
  }, min);
}

/**
 * Every word under `root` cut by a box that hides its overflow, or by the
 * screen's edge (boxes that a person can scroll do not cut: what they hide
 * is reachable; on a page that scrolls, `pageScrolls`, only the screen's
 * sides cut). Texts for screen readers only are left out.
 */
export async function clippedWords(page: Page, root = ".table-screen", pageScrolls = false): Promise<string[]> {
  return page.evaluate(
    ([root, pageScrolls]) => {
      const cut: string[] = [];
      const top = document.querySelector(root);
      if (!top) return [`${root}: not on the page`];
      const walker = document.createTreeWalker(top, NodeFilter.SHOW_TEXT);
      for (let node = walker.nextNode(); node; node = walker.nextNode()) {
        const text = node.textContent?.trim() ?? "";
        const element = node.parentElement!;
        if (!text || element.closest(".visually-hidden, [hidden]")) continue;
        if (getComputedStyle(element).visibility !== "visible") continue;
        // Kept for screen readers only: a 1-pixel box clipped away on purpose (clip-path: inset(50%)).
        let forReaders = false;
        for (let e: Element | null = element; e && !forReaders; e = e.parentElement) forReaders = getComputedStyle(e).clipPath !== "none";
        if (forReaders) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const r = range.getBoundingClientRect();
        if (!r.width || !r.height) continue;
        const where = (e: Element) =>
          `${e.tagName.toLowerCase()}${e.id ? `#${e.id}` : ""}${e.className ? `.${String(e.className).split(" ").join(".")}` : ""}`;
        const top = r.top + (pageScrolls ? scrollY : 0);
        if (r.left < -1 || top < -1 || r.right > innerWidth + 1 || (!pageScrolls && r.bottom > innerHeight + 1))
          cut.push(`"${text}" cut by the screen's edge`);
        for (let box: Element | null = element; box && box !== document.documentElement; box = box.parentElement) {
          const s = getComputedStyle(box);
          // Overflow does not apply to an inline box.
          if ((s.overflowX === "visible" && s.overflowY === "visible") || s.display === "inline") continue;
          if (/auto|scroll/.test(s.overflowX) && /auto|scroll/.test(s.overflowY)) continue;
          const b = box.getBoundingClientRect();
          const left = b.left + box.clientLeft;
          const topEdge = b.top + box.clientTop;
          const hidesX = !/auto|scroll/.test(s.overflowX);
          const hidesY = !/auto|scroll/.test(s.overflowY);
          const outX = r.left < left - 1 || r.right > left + box.clientWidth + 1;
          const outY = r.top < topEdge - 1 || r.bottom > topEdge + box.clientHeight + 1;
          if ((hidesX && outX) || (hidesY && outY)) {
            cut.push(`"${text}" cut by ${where(box)}`);
            break;
          }
        }
      }
      return cut;
    },
    [root, pageScrolls] as const,
  );
}

/**
 * Where a team's melds do not fit their box and it scrolls: its title must say how many are out of sight ("+3 ▾",
 * counted here from what shows), and (`firstRow`) its first row of melds must still show whole, the burraco's kind
 * under it too. Not asked of burracos the player opened (taller, a line more for the wild's label): there the box may
 * scroll from its first row. Each box that fails, with why.
 */
export async function meldsOutOfSight(page: Page, firstRow: boolean): Promise<string[]> {
  return page.evaluate((firstRow) => {
    const problems: string[] = [];
    for (const box of document.querySelectorAll<HTMLElement>(".board .meld-fit")) {
      const name = `melds ${box.dataset.fit}`;
      const seen = box.getBoundingClientRect();
      const top = seen.top + box.clientTop;
      const bottom = top + box.clientHeight;
      const melds = [...box.querySelectorAll<HTMLElement>(".meld")].map((m) => ({ m, r: m.getBoundingClientRect() }));
      if (!melds.length) continue;
      const first = Math.min(...melds.map(({ r }) => r.top));
      for (const { m, r } of melds)
        if (firstRow && Math.abs(r.top - first) < 2 && r.bottom > bottom + 2)
          problems.push(`${name}: meld ${m.dataset.meld} of the first row cut (${Math.round(r.bottom - bottom)} px below the box)`);
      const out = melds.filter(({ r }) => r.top < top - 1 || r.bottom > bottom + 1).length;
      const said = box.parentElement?.querySelector<HTMLElement>(":scope > h2 .out-of-sight")?.dataset.count ?? "";
      const match = /^\+(\d+) /.exec(said);
      const count = match ? Number(match[1]) : 0;
      if (count !== out) problems.push(`${name}: ${out} melds out of sight, its title says "${said}"`);
    }
    return problems;
  }, firstRow);
}

/**
 * A tap on each meld box's count ("+3 ▾") brings the first meld it counted below whole into sight (a page opened
 * with reduced motion: the box scrolls at once); each box where it does not, with why. The boxes are scrolled back to their top afterwards, as the player left them.
 */
export async function tapCounts(page: Page): Promise<string[]> {
  const problems: string[] = [];
  for (const team of await page
    .locator(".board .zone:has(.out-of-sight[data-count])")
    .evaluateAll((zones) => zones.map((z) => z.getAttribute("data-team")))) {
    const zone = `.board .zone[data-team="${team}"]`;
    const next = await page.locator(`${zone} .meld-fit`).evaluate((box) => {
      const foot = box.getBoundingClientRect().top + box.clientTop + box.clientHeight;
      return [...box.querySelectorAll<HTMLElement>(".meld")].find((m) => m.getBoundingClientRect().bottom > foot + 1)?.dataset.meld ?? null;
    });
    if (next === null) continue;
    await page.locator(`${zone} .out-of-sight`).click();
    // Under reduced motion (as the board's pages are opened) the box scrolls at once, within the tap.
    const whole = await page.evaluate(
      ([zone, next]) => {
        const box = document.querySelector(`${zone} .meld-fit`)!;
        const top = box.getBoundingClientRect().top + box.clientTop;
        const r = box.querySelector(`.meld[data-meld="${next}"]`)!.getBoundingClientRect();
        return r.top >= top - 1 && r.bottom <= top + box.clientHeight + 1;
      },
      [zone, next] as const,
    );
    if (!whole) problems.push(`team ${team}: a tap on its count left meld ${next} out of sight`);
    await page.locator(`${zone} .meld-fit`).evaluate((box) => box.scrollTo(0, 0));
  }
  return problems;
}
