import type { GameSnapshot, HandView, WireEvent } from "../../../src/shared/api";

/**
 * Other players' moves one at a time: the table as it stood after each of
 * them, made from the table before (forward) or, for a player coming back,
 * from the table now (backward). Only the public parts change — hand sizes,
 * stock, pile, melds, pozzetti, whose turn — never the viewer's own cards,
 * so a batch holding the viewer's own moves, or a new or ended hand, is not
 * played back at all (it is shown at once).
 */

type Hand = HandView;
type Meld = Hand["melds"][number];

const STEP_TYPES = new Set(["drew", "pickedUp", "melded", "attached", "pozzettoTaken", "discarded"]);
/** Events that leave the table as it is (the clock's, the computer's, the log's). */
const QUIET = new Set(["turn", "pozzettoSeen", "reminder", "absence", "absenceCancelled", "computer"]);

export const isStep = (e: WireEvent): boolean => STEP_TYPES.has(e.type);

/** Whether an event may be played back for `me`: another seat's move, or one that leaves the table as it is. */
export const othersOnly = (e: WireEvent, me: number | null): boolean => (isStep(e) ? !("seat" in e) || e.seat !== me : QUIET.has(e.type));

/** Whether a batch of events can be played back for `me`: only others' moves within one hand. */
export function playable(events: readonly WireEvent[], me: number | null): boolean {
  return events.some(isStep) && events.every((e) => othersOnly(e, me));
}

const sizes = (hand: Hand, seat: number, change: number) => hand.handSizes.map((n, s) => (s === seat ? Math.max(0, n + change) : n));

/** The hand after one event. */
export function forward(hand: Hand, e: WireEvent): Hand {
  switch (e.type) {
    case "drew":
      return { ...hand, turn: e.seat, phase: "play", stock: e.stockLeft, handSizes: sizes(hand, e.seat, 1) };
    case "pickedUp":
      return {
        ...hand,
        turn: e.seat,
        phase: "play",
        handSizes: sizes(hand, e.seat, e.count),
        discardPile: { count: 0, top: null, ...(hand.discardPile.cards ? { cards: [] } : {}) },
      };
    case "melded":
      return { ...hand, turn: e.seat, phase: "play", melds: [...hand.melds, e.meld], handSizes: sizes(hand, e.seat, -e.cards.length) };
    case "attached":
      return {
        ...hand,
        turn: e.seat,
        phase: "play",
        melds: hand.melds.map((m) => (m.id === e.meld.id ? e.meld : m)),
        handSizes: sizes(hand, e.seat, -e.cards.length),
      };
    case "discarded": {
      const pile = hand.discardPile;
      return {
        ...hand,
        turn: e.seat,
        handSizes: sizes(hand, e.seat, -1),
        discardPile: {
          count: pile.count + 1,
          top: e.card,
          ...(pile.cards && e.card ? { cards: [...pile.cards, e.card] } : {}),
        },
      };
    }
    case "pozzettoTaken":
      return {
        ...hand,
        handSizes: hand.handSizes.map((n, s) => (s === e.seat ? e.size : n)),
        pozzetti: hand.pozzetti.map((p, team) => (team === e.team ? { seat: e.seat, direct: e.direct } : p)),
        pozzettiLeft: Math.max(0, hand.pozzettiLeft - 1),
      };
    case "turn":
      return { ...hand, turn: e.seat, phase: "take" };
    default:
      return hand;
  }
}

/** The meld before `cards` were added to it. */
function withoutCards(meld: Meld, cards: readonly string[]): Meld {
  const left = meld.cards.slice();
  for (const card of cards) {
    const at = left.lastIndexOf(card);
    if (at >= 0) left.splice(at, 1);
  }
  const wildCard = meld.wild ? meld.cards[meld.wild.index] : undefined;
  const wildAt = wildCard === undefined ? -1 : left.indexOf(wildCard);
  return {
    ...meld,
    cards: left,
    wild: meld.wild && wildAt >= 0 ? { ...meld.wild, index: wildAt } : null,
    burraco: left.length >= 7 ? meld.burraco : null,
  };
}

/** The hand before one event (what the pile held is known only for an open pile). */
export function backward(hand: Hand, e: WireEvent): Hand {
  switch (e.type) {
    case "drew":
      return { ...hand, turn: e.seat, phase: "take", stock: e.stockLeft + 1, handSizes: sizes(hand, e.seat, -1) };
    case "pickedUp":
      return {
        ...hand,
        turn: e.seat,
        phase: "take",
        handSizes: sizes(hand, e.seat, -e.count),
        discardPile: { count: e.count, top: e.top, ...(hand.discardPile.cards ? { cards: e.cards ?? [e.top] } : {}) },
      };
    case "melded":
      return { ...hand, turn: e.seat, melds: hand.melds.filter((m) => m.id !== e.meld.id), handSizes: sizes(hand, e.seat, e.cards.length) };
    case "attached":
      return {
        ...hand,
        turn: e.seat,
        melds: hand.melds.map((m) => (m.id === e.meld.id ? withoutCards(m, e.cards) : m)),
        handSizes: sizes(hand, e.seat, e.cards.length),
      };
    case "discarded": {
      const pile = hand.discardPile;
      const cards = pile.cards?.slice(0, -1);
      return {
        ...hand,
        turn: e.seat,
        phase: "play",
        handSizes: sizes(hand, e.seat, 1),
        discardPile: { count: Math.max(0, pile.count - 1), top: cards ? (cards.at(-1) ?? null) : null, ...(cards ? { cards } : {}) },
      };
    }
    case "pozzettoTaken":
      return {
        ...hand,
        handSizes: hand.handSizes.map((n, s) => (s === e.seat ? 0 : n)),
        pozzetti: hand.pozzetti.map((p, team) => (team === e.team ? null : p)),
        pozzettiLeft: hand.pozzettiLeft + 1,
      };
    default:
      return hand;
  }
}

export interface Frame {
  /** The event this frame shows (null: the table before any). */
  readonly event: WireEvent | null;
  readonly snap: GameSnapshot;
}

const withHand = (snap: GameSnapshot, hand: Hand): GameSnapshot => ({ ...snap, view: { ...snap.view, hand } });

/** Frames from the table before the events: one per move, the last one the table now. */
export function framesFrom(before: GameSnapshot, events: readonly WireEvent[], now: GameSnapshot): Frame[] {
  let hand = before.view.hand;
  if (!hand || !now.view.hand || hand.number !== now.view.hand.number) return [];
  const frames: Frame[] = [{ event: null, snap: withHand(now, hand) }];
  for (const e of events) {
    hand = forward(hand, e);
    if (isStep(e)) frames.push({ event: e, snap: withHand(now, hand) });
  }
  // The last frame is the table as the server has it.
  if (frames.length > 1) frames[frames.length - 1] = { event: frames.at(-1)!.event, snap: now };
  return frames;
}

/** Frames worked out backward from the table now: for a player coming back to moves made meanwhile. */
export function framesBack(now: GameSnapshot, events: readonly WireEvent[]): Frame[] {
  let hand = now.view.hand;
  if (!hand) return [];
  for (const e of events.slice().reverse()) hand = backward(hand, e);
  return framesFrom(withHand(now, hand), events, now);
}
