import { makeCard, makeCards } from "./cards.js";
import { makeDeal } from "./deal.js";
import type { GameEvent } from "./events.js";
import { viewTableMeld } from "./meld.js";
import type { Rules } from "./rules.js";
import { victoryPoints } from "./scoring.js";
import type { Seat } from "./seats.js";
import { type GameState, type HandState, stockSize } from "./state.js";
import type { GameView, HandView, MatchView, SeenEvent } from "./types.js";

/**
 * What one seat (or a spectator, `null`) may see, per docs/rules.md §12: their own
 * hand, the size of every other hand, the table, the pile (all of it when
 * open, the top when closed), the stock's size and who took which pozzetto.
 * A pozzetto taken on the discard stays hidden even from its taker until
 * their next turn. Everything is revealed when the hand ends.
 */
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
    melds: hand.melds.map((m) => viewTableMeld(m, rules)),
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
export function eventFor(event: GameEvent, viewer: Seat | null, rules: Rules): SeenEvent | null {
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
      return { type: event.type, seat: event.seat, meld: viewTableMeld(event.meld, rules), cards: makeCards(event.cards) };
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
