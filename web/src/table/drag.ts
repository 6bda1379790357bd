/**
 * Dragging cards of the hand with pointer events (mouse, touch and pen
 * alike; HTML drag and drop does not work with touch): onto another card
 * to reorder, onto a meld to add, onto the player's melds to lay a new
 * meld, onto the discard pile to discard. Drop targets carry `data-drop`.
 * A press that does not move stays a click (select the card).
 */

export type DropTarget =
  | { readonly kind: "hand"; readonly index: number }
  | { readonly kind: "meld"; readonly id: number }
  | { readonly kind: "table" }
  | { readonly kind: "discard" }
  /** The player's hand as a whole: where the stock and the pile are dragged to take them. */
  | { readonly kind: "take" };

export function dropTargetAt(x: number, y: number): { target: DropTarget; element: HTMLElement } | null {
  const element = (document.elementFromPoint(x, y) as HTMLElement | null)?.closest<HTMLElement>("[data-drop]");
  const drop = element?.dataset.drop;
  if (!element || !drop) return null;
  const [kind, value] = drop.split(":");
  if (kind === "hand") return { target: { kind, index: Number(value) }, element };
  if (kind === "meld") return { target: { kind, id: Number(value) }, element };
  if (kind === "table" || kind === "discard" || kind === "take") return { target: { kind }, element };
  return null;
}

/** Past this many pixels a press becomes a drag. */
const THRESHOLD = 8;

export function startDrag(event: PointerEvent, callbacks: { onStart(): void; onDrop(target: DropTarget | null): void }): void {
  if (event.button !== 0 || !event.isPrimary) return;
  const source = event.currentTarget as HTMLElement;
  const { clientX: x0, clientY: y0, pointerId } = event;
  let ghost: HTMLElement | null = null;
  let over: HTMLElement | null = null;

  const mark = (element: HTMLElement | null) => {
    if (over === element) return;
    over?.classList.remove("drop-over");
    element?.classList.add("drop-over");
    over = element;
  };
  const finish = () => {
    removeEventListener("pointermove", move);
    removeEventListener("pointerup", up);
    removeEventListener("pointercancel", cancel);
    ghost?.remove();
    mark(null);
  };
  const move = (e: PointerEvent) => {
    if (e.pointerId !== pointerId) return;
    if (!ghost) {
      if (Math.hypot(e.clientX - x0, e.clientY - y0) < THRESHOLD) return;
      ghost = source.cloneNode(true) as HTMLElement;
      ghost.classList.add("drag-ghost");
      ghost.removeAttribute("id");
      ghost.setAttribute("aria-hidden", "true");
      document.body.appendChild(ghost);
      callbacks.onStart();
    }
    // Set through the CSSOM, which the page's Content-Security-Policy allows (inline style attributes it does not).
    ghost.style.transform = `translate(${e.clientX - 20}px, ${e.clientY - 30}px)`;
    mark(dropTargetAt(e.clientX, e.clientY)?.element ?? null);
    e.preventDefault();
  };
  const up = (e: PointerEvent) => {
    if (e.pointerId !== pointerId) return;
    const dragged = ghost !== null;
    finish();
    if (!dragged) return;
    // The click that ends a drag is not a selection.
    const swallow = (c: Event) => c.stopPropagation();
    addEventListener("click", swallow, { capture: true, once: true });
    setTimeout(() => removeEventListener("click", swallow, { capture: true }), 100);
    setTimeout(() => callbacks.onDrop(dropTargetAt(e.clientX, e.clientY)?.target ?? null), 0);
  };
  const cancel = (e: PointerEvent) => {
    if (e.pointerId !== pointerId) return;
    const dragged = ghost !== null;
    finish();
    if (dragged) callbacks.onDrop(null);
  };
  addEventListener("pointermove", move, { passive: false });
  addEventListener("pointerup", up);
  addEventListener("pointercancel", cancel);
}
