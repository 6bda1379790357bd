import { makeCard, makeCards } from "./cards.js";
import { makeDeal } from "./deal.js";
import type { GameEvent } from "./events.js";
import { type MeldView, viewMeld } from "./meld.js";
import type { Rules } from "./rules.js";
import { victoryPoints } from "./scoring.js";
import type { Seat } from "./seats.js";
import { type GameState, type HandEnd, type HandState, stockSize, type TeamScore } from "./state.js";

/**
 * What one seat (or a spectator, `null`) may see, per docs/rules.md §12: their own
 * hand, the size of every other hand, the table, the pile (all of it when
 * open, the top when closed), the stock's size and who took which pozzetto.
 * A pozzetto taken on the discard stays hidden even from its taker until
 * their next turn. Everything is revealed when the hand ends.
 */
export interface GameView {
  readonly viewer: Seat | null;
  readonly players: number;
  readonly rules: Rules;
  readonly match: MatchView;
  readonly hand: HandView | null;
}

export interface MatchView {
  readonly totals: readonly number[];
  readonly over: boolean;
  readonly winner: number | null;
  readonly starter: number | null;
  readonly hands: readonly { readonly number: number; readonly end: HandEnd | null; readonly scores: readonly TeamScore[] | null }[];
  readonly victoryPoints: number[] | null;
}

export type PozzettoView = null | "stock" | { readonly seat: Seat; readonly direct: boolean };

export interface HandView {
  readonly number: number;
  readonly dealer: Seat;
  readonly turn: Seat;
  readonly phase: "take" | "play";
  /** The viewer's own cards; null for a spectator or while their pozzetto is still face down. */
  readonly myHand: string[] | null;
  readonly myHandHidden: boolean;
  readonly handSizes: number[];
  readonly melds: MeldView[];
  readonly discardPile: { readonly count: number; readonly top: string | null; readonly cards?: string[] };
  readonly stock: number;
  readonly pozzettiLeft: number;
  /** Per team. */
  readonly pozzetti: PozzettoView[];
  readonly lastTurn: boolean;
  /** The single card the viewer picked up this turn and may not discard. */
  readonly picked: string | null;
  readonly end: HandEnd | null;
  readonly scores: readonly TeamScore[] | null;
  /** Once the hand has ended: every hand and the deal. */
  readonly revealed: { readonly hands: string[][]; readonly deal: Record<string, unknown> } | null;
}

export function viewFor(state: GameState, viewer: Seat | null): GameView {
  const hands = [...state.past, ...(state.hand ? [state.hand] : [])];
  const match: MatchView = {
    totals: state.totals,
    over: state.over,
    winner: state.winner,
    starter: state.starter,
    hands: hands.map((h) => ({ number: h.number, end: h.end, scores: h.scores })),
    victoryPoints: state.rules.hands !== null ? victoryPoints(state.totals) : null,
  };
  const hand = state.hand ? viewHand(state.hand, state.rules, viewer) : null;
  return { viewer, players: state.players, rules: state.rules, match, hand };
}

function viewHand(hand: HandState, rules: Rules, viewer: Seat | null): HandView {
  const ended = hand.end !== null;
  const mine = viewer === null ? null : hand.hands[viewer]!;
  const hidden = viewer !== null && !ended && hand.unseen[viewer]!;
  const top = hand.pile.length ? makeCard(hand.pile[hand.pile.length - 1]!) : null;
  const open = rules.discardPile === "open" || ended;
  return {
    number: hand.number,
    dealer: hand.deal.dealer,
    turn: hand.turn,
    phase: hand.phase,
    myHand: mine && !hidden ? makeCards(mine) : null,
    myHandHidden: hidden,
    handSizes: hand.hands.map((h) => h.length),
    melds: hand.melds.map((m) => viewMeld(m, rules)),
    discardPile: open ? { count: hand.pile.length, top, cards: makeCards(hand.pile) } : { count: hand.pile.length, top },
    stock: stockSize(hand),
    pozzettiLeft: hand.deal.pozzetti.length - hand.nextPozzetto,
    pozzetti: hand.pozzetti.map((p) => (p === null || p === "stock" ? p : { seat: p.seat, direct: p.direct })),
    lastTurn: hand.lastTurn,
    picked: viewer === hand.turn && hand.picked !== null && !ended ? makeCard(hand.picked) : null,
    end: hand.end,
    scores: hand.scores,
    revealed: ended ? { hands: hand.hands.map((h) => makeCards(h)), deal: makeDeal(hand.deal) } : null,
  };
}

/** An event as `viewer` may see it: hidden cards removed, or null when it is none of their business. */
export function eventFor(event: GameEvent, viewer: Seat | null, rules: Rules): Record<string, unknown> | null {
  switch (event.type) {
    case "handStarted":
      return {
        type: event.type,
        hand: event.hand,
        dealer: event.deal.dealer,
        discard: makeCards(event.deal.discard),
        stock: event.deal.stock.length,
        ...(viewer === null ? {} : { myHand: makeCards(event.deal.hands[viewer]!) }),
      };
    case "drew":
      return {
        type: event.type,
        seat: event.seat,
        stockLeft: event.stockLeft,
        ...(viewer === event.seat ? { card: makeCard(event.card) } : {}),
      };
    case "pickedUp": {
      const top = makeCard(event.cards[event.cards.length - 1]!);
      const seen = rules.discardPile === "open" || viewer === event.seat;
      return { type: event.type, seat: event.seat, count: event.cards.length, top, ...(seen ? { cards: makeCards(event.cards) } : {}) };
    }
    case "melded":
    case "attached":
      return { type: event.type, seat: event.seat, meld: viewMeld(event.meld, rules), cards: makeCards(event.cards) };
    case "pozzettoTaken": {
      const { cards, ...rest } = event;
      return { ...rest, size: cards.length, ...(event.direct && viewer === event.seat ? { cards: makeCards(cards) } : {}) };
    }
    case "pozzettoSeen":
      return viewer === event.seat ? { type: event.type, seat: event.seat, cards: makeCards(event.cards) } : null;
    case "discarded":
      return { type: event.type, seat: event.seat, card: makeCard(event.card) };
    case "handEnded":
      return {
        type: event.type,
        hand: event.hand,
        end: event.end,
        scores: event.scores,
        hands: event.hands.map((h) => makeCards(h)),
        deal: makeDeal(event.deal),
      };
    case "pozzettiToStock":
    case "turn":
    case "matchEnded":
    case "resigned":
      return { ...event };
  }
}
