import { CARD_RATIO, fitHand, fitMelds, type MeldShape, ROW_SHOWN } from "./fit";

/**
 * Sizes the table's cards to the screen after each redraw and whenever a
 * part of the table changes size: the hand first (its height is taken from
 * the felt), then each team's melds in the box left to them. The sizes go
 * in CSS variables set through the CSSOM (which the Content-Security-Policy
 * allows), on elements Preact gives no style to, so redraws keep them.
 */

function px(element: Element, name: string, fallback: number): number {
  const value = Number.parseFloat(getComputedStyle(element).getPropertyValue(name));
  return Number.isFinite(value) && value > 0 ? value : fallback;
}

function set(element: HTMLElement, values: Record<string, string>): void {
  for (const [name, value] of Object.entries(values))
    if (element.style.getPropertyValue(name) !== value) element.style.setProperty(name, value);
}

export function fitHandCards(element: HTMLElement): void {
  const count = Number(element.dataset.count ?? 0);
  const width = element.clientWidth;
  if (!width) return;
  const max = px(element, "--hand-max", 60);
  const good = px(element, "--hand-good", 52);
  const height = px(element, "--hand-height", Number.POSITIVE_INFINITY);
  const fit = fitHand(count, width, max, good, 34, height);
  const perRow = Math.max(1, Math.ceil(count / fit.rows));
  set(element, {
    "--card-w": `${fit.card}px`,
    "--card-h": `${Math.round(fit.card * CARD_RATIO)}px`,
    "--cols": String(Math.max(perRow - 1, 1)),
    "--row": `${Math.round(fit.card * CARD_RATIO * (fit.rows > 1 ? ROW_SHOWN : 1))}px`,
  });
  element.dataset.rows = String(fit.rows);
}

export function fitMeldBox(element: HTMLElement): void {
  const melds = [...element.querySelectorAll<HTMLElement>(".meld")];
  const shapes: MeldShape[] = melds.map((m) => ({ cards: Number(m.dataset.n ?? 3), closed: m.dataset.closed === "1" }));
  const { clientWidth: width, clientHeight: height } = element;
  if (!width || !height) return;
  const fit = fitMelds(shapes, width, height, px(element, "--meld-max", 60));
  set(element, { "--cw": `${fit.card}px`, "--cs": `${fit.step}px` });
  // The arithmetic is a model of the CSS: should the melds still overflow (a font, a label), shrink until they fit.
  const list = element.firstElementChild as HTMLElement | null;
  for (let card = fit.card - 2; list && card >= 16 && list.offsetHeight > height + 0.5; card -= 2)
    set(element, { "--cw": `${card}px`, "--cs": `${Math.round(card * 0.46)}px` });
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
    const boxes = [...this.root.querySelectorAll<HTMLElement>(".board .meld-fit")];
    for (const box of boxes) fitMeldBox(box);
    if (typeof ResizeObserver !== "function") return;
    // A meld box that changes size is fitted again at once (only its own cards change); the rest on the next frame.
    this.observer ??= new ResizeObserver((entries) => {
      for (const entry of entries)
        if (entry.target.classList.contains("meld-fit")) fitMeldBox(entry.target as HTMLElement);
        else this.soon();
    });
    const board = this.root.querySelector(".board");
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
