import type { WireEvent } from "../../../src/shared/api";

/**
 * What changed since the player last looked: the cards they just drew or
 * picked up, the other players' new melds (and melds they added to), and
 * a discard by someone else. The player's own move starts a fresh look.
 */
export interface Highlights {
  readonly cards: ReadonlySet<string>;
  readonly melds: ReadonlySet<number>;
  readonly discard: boolean;
}

export const noHighlights = (): Highlights => ({ cards: new Set(), melds: new Set(), discard: false });

const MOVES = new Set(["drew", "pickedUp", "melded", "attached", "discarded"]);

export function highlight(before: Highlights, events: readonly WireEvent[], me: number | null): Highlights {
  const mine = events.some((e) => MOVES.has(e.type) && "seat" in e && e.seat === me);
  const cards = new Set(mine ? [] : before.cards);
  const melds = new Set(mine ? [] : before.melds);
  let discard = mine ? false : before.discard;
  for (const e of events) {
    switch (e.type) {
      case "handStarted":
        cards.clear();
        melds.clear();
        discard = false;
        break;
      case "drew":
        if (e.seat === me && e.card) cards.add(e.card);
        break;
      case "pickedUp":
        if (e.seat === me) for (const card of e.cards ?? [e.top]) cards.add(card);
        else discard = false;
        break;
      // The player's own pozzetto: its cards are new in the hand (al volo at once, else when turned over).
      case "pozzettoTaken":
        if (e.seat === me && e.cards) for (const card of e.cards) cards.add(card);
        break;
      case "pozzettoSeen":
        if (e.seat === me) for (const card of e.cards) cards.add(card);
        break;
      case "melded":
      case "attached":
        if (e.seat !== me) melds.add(e.meld.id);
        break;
      case "discarded":
        discard = e.seat !== me;
        break;
      default:
        break;
    }
  }
  return { cards, melds, discard };
}
