import { type Card, type GameState, type HandState, type PozzettoStatus, type Random, shuffle } from "../../src/engine/index.js";
import { hiddenSlots, type Knowledge } from "./knowledge.js";

/**
 * One possible table consistent with what the seat knows: the hidden cards
 * dealt at random into the hidden places (other hands beside their known
 * cards, the stock, the untaken pozzetti, pile cards the seat never saw).
 * The engine's pure functions then play on it as on the real table: every
 * move the seat may make is legal on it exactly when it is legal on the real one.
 */
export function sampleState(k: Knowledge, random: Random): GameState {
  const pool = shuffle(k.hidden, random);
  let at = 0;
  const take = (n: number): Card[] => pool.slice(at, (at += n));
  const slots = hiddenSlots(k);
  const hands = k.view.handSizes.map((_, s) => (s === k.seat ? k.hand.slice() : [...k.known[s]!, ...take(slots.hands[s]!)]));
  const stock = take(slots.stock);
  const pozzettiCards = slots.pozzetti.map((n) => take(n));
  const pile = k.pile.map((card) => card ?? take(1)[0]!);
  const pozzetti: PozzettoStatus[] = k.view.pozzetti.map((p, team) =>
    p === null || p === "stock" ? p : { seat: p.seat, direct: p.direct, pozzetto: k.pozzettoIndex[team] ?? team },
  );
  const hand: HandState = {
    number: k.view.number,
    deal: { dealer: k.view.dealer, hands: [], pozzetti: pozzettiCards, discard: [], stock: [] },
    hands,
    stock,
    stockTop: 0,
    pile,
    melds: k.melds,
    nextPozzetto: pozzettiCards.length - k.view.pozzettiLeft,
    pozzetti,
    unseen: k.unseen.map((u, s) => u && s !== k.seat),
    turn: k.seat,
    phase: k.view.phase,
    picked: k.picked,
    turnIdle: k.turnIdle,
    idleTurns: k.idleTurns,
    lastTurn: k.view.lastTurn,
    end: null,
    scores: null,
    log: null,
  };
  return { rules: k.rules, players: k.players, starter: k.starter, past: [], hand, totals: k.totals, over: false, winner: null };
}
