import {
  CARD_RATIO,
  fitHand,
  fitMelds,
  type MeldShape,
  meldsHeight,
  READABLE,
  ROW_SHOWN,
  rowHeight,
  type Side,
  shareHeight,
  squeezeHand,
} from "./fit";

/**
 * Sizes the table's cards to the screen after each redraw and whenever a
 * part of the table changes size: the hand first (its height is taken from
 * the felt), then the felt's height shared between the two sides of the
 * table by what their melds need, then each team's melds in its box. Melds
 * never shrink below a readable size (fit.ts, READABLE): a box whose melds
 * do not fit then scrolls. The sizes go in CSS variables set through the
 * CSSOM (which the Content-Security-Policy allows), on elements Preact gives
 * no style to (the board's rows: its style is the layout's alone), so
 * redraws keep them.
 */

function px(element: Element, name: string, fallback: number): number {
  const value = Number.parseFloat(getComputedStyle(element).getPropertyValue(name));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function set(element: HTMLElement, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values))
    if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
}

/** Fits the hand's cards to its width (and height, where table.css gives one), `squeeze` px shorter for the melds. */
export function fitHandCards(element: HTMLElement, squeeze = 0): void {
  const count = Number(element.dataset.count ?? 0);
  const width = element.clientWidth;
  if (!width) return;
  const max = px(element, "--hand-max", 60);
  const good = px(element, "--hand-good", 52);
  const height = px(element, "--hand-height", Number.POSITIVE_INFINITY);
  const fit = squeezeHand(fitHand(count, width, max, good, 34, height), squeeze, { count, width, max, good });
  const perRow = Math.max(1, Math.ceil(count / fit.rows));
  set(element, {
    "--card-w": `${fit.card}px`,
    "--card-h": `${Math.round(fit.card * CARD_RATIO)}px`,
    "--cols": String(Math.max(perRow - 1, 1)),
    "--row": `${Math.round(fit.card * CARD_RATIO * (fit.rows > 1 ? ROW_SHOWN : 1))}px`,
  });
  element.dataset.rows = String(fit.rows);
}

/**
 * The melds in a box as fit.ts models them; a burraco's kind, where it takes a line of its own (table.css), measured
 * in ems of its badge's font.
 */
function shapesIn(box: HTMLElement): MeldShape[] {
  return [...box.querySelectorAll<HTMLElement>(".meld")].map((m) => {
    const closed = m.dataset.closed === "1";
    const tall = !closed && m.classList.contains("has-wild");
    const badge = closed || tall ? m.querySelector<HTMLElement>(".badge") : null;
    const label = badge ? badge.offsetWidth / px(badge, "font-size", 16) : 0;
    return { cards: Number(m.dataset.n ?? 3), closed, label, tall: tall && badge !== null };
  });
}

export function fitMeldBox(element: HTMLElement): void {
  const shapes = shapesIn(element);
  const { clientWidth: width, clientHeight: height } = element;
  if (!width || !height) return;
  const fit = fitMelds(shapes, width, height, px(element, "--meld-max", 60));
  set(element, { "--cw": `${fit.card}px`, "--cs": `${fit.step}px` });
  // The arithmetic is a model of the CSS: should the melds still overflow (a font, a label), shrink until they fit,
  // never below the readable; then the box scrolls.
  const list = element.firstElementChild as HTMLElement | null;
  let card = fit.card;
  while (list && card - 2 >= READABLE && list.offsetHeight > height + 0.5) {
    card -= 2;
    set(element, { "--cw": `${card}px`, "--cs": `${Math.round(card * 0.46)}px` });
  }
  moreToSee(element);
}

/** A tap on the count: the first meld not whole in sight below comes to the top of the box (at the foot, the first). */
function showNext(box: HTMLElement): void {
  const seen = box.getBoundingClientRect();
  const foot = seen.top + box.clientTop + box.clientHeight;
  const next = [...box.querySelectorAll(".meld")].map((m) => m.getBoundingClientRect()).find((r) => r.bottom > foot + 1);
  const top = next ? box.scrollTop + next.top - seen.top - box.clientTop - 3 : 0;
  box.scrollTo({ top, behavior: matchMedia("(prefers-reduced-motion: reduce)").matches ? "auto" : "smooth" });
}

/**
 * A box that scrolls says which way there is more (a fade at that edge, table.css), and its title how many melds
 * are not whole in sight ("+3 ▾"): the fade alone let a player miss three of the other team's melds.
 */
function moreToSee(box: HTMLElement): void {
  const above = box.scrollTop > 1;
  const below = box.scrollTop + box.clientHeight < box.scrollHeight - 1;
  const more = above && below ? "both" : above ? "above" : below ? "below" : "";
  if ((box.dataset.more ?? "") !== more) {
    if (more) box.dataset.more = more;
    else delete box.dataset.more;
  }
  const count = box.parentElement?.querySelector<HTMLElement>(":scope > h2 .out-of-sight");
  if (!count) return;
  const seen = box.getBoundingClientRect();
  let out = 0;
  if (more)
    for (const meld of box.querySelectorAll(".meld")) {
      const r = meld.getBoundingClientRect();
      if (r.top < seen.top - 1 || r.bottom > seen.top + box.clientHeight + 1) out++;
    }
  count.onclick = () => showNext(box);
  const text = out ? `+${out} ${above && below ? "▴▾" : above ? "▴" : "▾"}` : "";
  if ((count.dataset.count ?? "") !== text) {
    if (text) count.dataset.count = text;
    else delete count.dataset.count;
  }
}

/**
 * One side of the table (the other teams' boxes side by side, or the player's team's box): what its boxes need
 * for each card size, measured once (a box's title and padding, its width, its melds).
 */
function sideOf(side: HTMLElement): Side {
  const boxes = [...side.querySelectorAll<HTMLElement>(".meld-fit")].map((box) => {
    const zone = box.parentElement as HTMLElement;
    const chrome = zone.offsetHeight - box.clientHeight;
    const shapes = shapesIn(box);
    // With no melds, what the box shows instead ("No melds yet").
    const empty = shapes.length ? 0 : ((box.firstElementChild as HTMLElement | null)?.offsetHeight ?? 0);
    return { chrome, shapes, width: box.clientWidth, empty };
  });
  const need = (card: number) =>
    Math.max(0, ...boxes.map((b) => b.chrome + (b.shapes.length ? meldsHeight(b.shapes, b.width, card) : b.empty)));
  return {
    need,
    least: Math.max(0, ...boxes.map((b) => b.chrome + (b.shapes.length ? rowHeight(READABLE) : b.empty))),
  };
}

/**
 * The felt's height shared between the two sides of the table (the board's rows, table.css); returns how much
 * more the melds need to show whole at the readable size.
 */
function shareFelt(board: HTMLElement): number {
  const theirs = board.querySelector<HTMLElement>(":scope > .zones.theirs");
  const ours = board.querySelector<HTMLElement>(":scope > .zones.ours");
  if (!theirs || !ours) return 0;
  const total = theirs.offsetHeight + ours.offsetHeight;
  if (!total) return 0;
  const max = px(board.querySelector(".meld-fit") ?? board, "--meld-max", 60);
  const sides = [sideOf(theirs), sideOf(ours)];
  const [a, b] = shareHeight(sides, total, max);
  set(board, { "--theirs": `${Math.round(a!)}fr`, "--ours": `${Math.round(b!)}fr` });
  return sides.reduce((sum, side) => sum + side.need(READABLE), 0) - total;
}

export class TableLayout {
  private observer: ResizeObserver | null = null;
  private frame = 0;
  /** Observing an element again would report it again: each is observed once. */
  private readonly watched = new WeakSet<Element>();

  constructor(private readonly root: HTMLElement) {}

  /** Fits now, and again whenever the board or a meld box changes size. */
  fit(): void {
    const hand = this.root.querySelector<HTMLElement>(".board .hand-cards");
    if (hand) fitHandCards(hand);
    const board = this.root.querySelector<HTMLElement>(".board");
    // Melds that do not fit whole at the readable size take room from the hand (down to 40 px cards) first.
    const short = board ? shareFelt(board) : 0;
    if (board && hand && short > 0) {
      fitHandCards(hand, short);
      shareFelt(board);
    }
    const boxes = [...this.root.querySelectorAll<HTMLElement>(".board .meld-fit")];
    for (const box of boxes) {
      fitMeldBox(box);
      box.onscroll = () => moreToSee(box);
    }
    if (typeof ResizeObserver !== "function") return;
    // A meld box that changes size is fitted again at once (only its own cards change); the rest on the next frame.
    this.observer ??= new ResizeObserver((entries) => {
      for (const entry of entries)
        if (entry.target.classList.contains("meld-fit")) fitMeldBox(entry.target as HTMLElement);
        else this.soon();
    });
    for (const element of [board, hand, ...boxes])
      if (element && !this.watched.has(element)) {
        this.watched.add(element);
        this.observer.observe(element);
      }
  }

  private soon(): void {
    if (this.frame) return;
    this.frame = requestAnimationFrame(() => {
      this.frame = 0;
      this.fit();
    });
  }

  stop(): void {
    this.observer?.disconnect();
    if (this.frame) cancelAnimationFrame(this.frame);
  }
}
