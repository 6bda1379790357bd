import type { WireEvent } from "../../../src/shared/api";

/**
 * Cards flying across the table while others' moves are played back: the
 * card drawn from the stock and the pile picked up fly to the player's seat;
 * a meld, the cards added to one and a discard fly from the seat to where
 * they land. Web Animations on copies of the cards (or, for what lands,
 * the element itself, from where it came): nothing here changes the page.
 */

const DURATION = 520;

/** What must be measured before the frame is drawn: the stock and the pile as they were. */
export interface Before {
  readonly stock: DOMRect | null;
  readonly pile: DOMRect | null;
  readonly pileCards: readonly Element[];
}

export function measure(): Before {
  const pileCards = [...document.querySelectorAll("#discard .pile-row .card")].slice(-5).map((c) => c.cloneNode(true) as Element);
  return {
    stock: document.querySelector("#stock .card")?.getBoundingClientRect() ?? null,
    pile: document.querySelector("#discard .pile-row")?.getBoundingClientRect() ?? null,
    pileCards,
  };
}

const seatOf = (seat: number) => document.querySelector(`.ring .seat[data-seat="${seat}"]`);

/** Copies of `cards` flying from `from` to `to`, then gone. */
function ghosts(cards: readonly Element[], from: DOMRect, to: Element): void {
  const end = to.getBoundingClientRect();
  cards.forEach((card, i) => {
    const ghost = card as HTMLElement;
    ghost.classList.add("flying");
    ghost.removeAttribute("id");
    ghost.setAttribute("aria-hidden", "true");
    ghost.style.left = `${from.left + i * 8}px`;
    ghost.style.top = `${from.top}px`;
    document.body.appendChild(ghost);
    const dx = end.left + end.width / 2 - (from.left + i * 8) - ghost.offsetWidth / 2;
    const dy = end.top + end.height / 2 - from.top - ghost.offsetHeight / 2;
    ghost
      .animate([{ transform: "none" }, { transform: `translate(${dx}px, ${dy}px) scale(0.5)`, opacity: 0.2 }], {
        duration: DURATION,
        delay: i * 40,
        easing: "ease-in",
        fill: "forwards",
      })
      .finished.finally(() => ghost.remove());
  });
}

/** An element that has just landed, flying in from `from`. */
function land(element: Element | null, from: Element | null): void {
  if (!element || !from) return;
  const a = from.getBoundingClientRect();
  const b = element.getBoundingClientRect();
  const dx = a.left + a.width / 2 - (b.left + b.width / 2);
  const dy = a.top + a.height / 2 - (b.top + b.height / 2);
  element.animate(
    [
      { transform: `translate(${dx}px, ${dy}px) scale(0.4)`, opacity: 0.3 },
      { transform: "none", opacity: 1 },
    ],
    {
      duration: DURATION,
      easing: "ease-out",
    },
  );
}

export function fly(e: WireEvent, before: Before): void {
  if (typeof Element.prototype.animate !== "function") return;
  switch (e.type) {
    case "drew": {
      const seat = seatOf(e.seat);
      const back = document.querySelector("#stock .card")?.cloneNode(true) as Element | undefined;
      if (seat && back && before.stock) ghosts([back], before.stock, seat);
      break;
    }
    case "pickedUp": {
      const seat = seatOf(e.seat);
      if (seat && before.pile) ghosts(before.pileCards, before.pile, seat);
      break;
    }
    case "melded":
    case "attached":
      land(document.querySelector(`.board [data-meld="${e.meld.id}"]`), seatOf(e.seat));
      break;
    case "discarded":
      land(document.querySelector("#discard .card.top"), seatOf(e.seat));
      break;
    default:
      break;
  }
}
