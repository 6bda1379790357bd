import { type Card, JOKER, makeCards, makeDeck, parseCard, rankOf, suitOf } from "./cards.js";
import { seededRandom, shuffle } from "./random.js";
import { err, ok, type Result } from "./result.js";
import { type PlayerCount, type Seat, teamCount } from "./seats.js";
import type { DealRecord } from "./types.js";

/** One hand's cards as dealt (docs/record.md `deal`): stock top card first. */
export interface Deal {
  readonly dealer: Seat;
  readonly hands: readonly (readonly Card[])[];
  readonly pozzetti: readonly (readonly Card[])[];
  readonly discard: readonly Card[];
  readonly stock: readonly Card[];
}

export const HAND_SIZE = 11;

/**
 * Lays out a shuffled deck: the players' hands (seat 0 first), then the
 * pozzetti, the first discard, and the rest as the stock. Online the cut is
 * irrelevant: any fixed layout of a uniformly random order is a fair deal.
 */
export function dealFromOrder(order: readonly Card[], players: PlayerCount, dealer: Seat): Deal {
  let at = 0;
  const take = (n: number) => order.slice(at, (at += n));
  const hands = Array.from({ length: players }, () => take(HAND_SIZE));
  const pozzetti = Array.from({ length: teamCount(players) }, () => take(HAND_SIZE));
  const discard = take(1);
  return { dealer, hands, pozzetti, discard, stock: order.slice(at) };
}

export function dealFromSeed(seed: string | number, players: PlayerCount, dealer: Seat, jokers = true): Deal {
  return dealFromOrder(shuffle(makeDeck(jokers), seededRandom(seed)), players, dealer);
}

/** Drawing order for the first dealer: joker, 2, A, K … 3; suits S > H > D > C. */
function drawStrength(card: Card): number {
  if (card === JOKER) return 1000;
  const rank = rankOf(card);
  const rankStrength = rank === 2 ? 14 : rank === 1 ? 13 : rank - 2; // 3 → 1 … K → 11
  return rankStrength * 4 + (3 - suitOf(card));
}

/**
 * Each player draws a card from a shuffled deck in seat order; the lowest
 * card deals (docs/rules.md §3). When the two lowest cards are identical (two
 * copies, or two jokers) everyone draws again from the following cards.
 * Returns the dealer, or null if the cards ran out (practically impossible).
 */
export function drawForDealer(shuffled: readonly Card[], players: PlayerCount): Seat | null {
  for (let at = 0; at + players <= shuffled.length; at += players) {
    const strengths = shuffled.slice(at, at + players).map(drawStrength);
    const lowest = Math.min(...strengths);
    if (strengths.filter((s) => s === lowest).length === 1) return strengths.indexOf(lowest);
  }
  return null;
}

export function makeDeal(deal: Deal): DealRecord {
  return {
    dealer: deal.dealer,
    hands: deal.hands.map(makeCards),
    pozzetti: deal.pozzetti.map(makeCards),
    discard: makeCards(deal.discard),
    stock: makeCards(deal.stock),
  };
}

function parseCardList(value: unknown, what: string, size?: number): Result<Card[], string> {
  if (!Array.isArray(value)) return err(`${what} must be a list of cards`);
  if (size !== undefined && value.length !== size) return err(`${what} must hold ${size} cards, not ${value.length}`);
  const cards: Card[] = [];
  for (const text of value) {
    const card = parseCard(text);
    if (card === undefined) return err(`${what}: ${JSON.stringify(text)} is not a card`);
    cards.push(card);
  }
  return ok(cards);
}

/**
 * Reads and checks a docs/record.md deal: `players` hands and one pozzetto per
 * team of 11 cards, one discard, and exactly the preset's deck in all.
 */
export function parseDeal(input: unknown, players: PlayerCount, jokers: boolean): Result<Deal, string> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return err("deal must be an object");
  const raw = input as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!["dealer", "hands", "pozzetti", "discard", "stock"].includes(key)) return err(`deal has an unknown field ${JSON.stringify(key)}`);
  }
  if (!Number.isInteger(raw.dealer) || (raw.dealer as number) < 0 || (raw.dealer as number) >= players) {
    return err(`deal.dealer must be a seat from 0 to ${players - 1}`);
  }
  const lists = (value: unknown, what: string, count: number): Result<Card[][], string> => {
    if (!Array.isArray(value) || value.length !== count) return err(`${what} must be a list of ${count} piles`);
    const out: Card[][] = [];
    for (let i = 0; i < count; i++) {
      const pile = parseCardList(value[i], `${what}[${i}]`, HAND_SIZE);
      if (!pile.ok) return pile;
      out.push(pile.value);
    }
    return ok(out);
  };
  const hands = lists(raw.hands, "deal.hands", players);
  if (!hands.ok) return hands;
  const pozzetti = lists(raw.pozzetti, "deal.pozzetti", teamCount(players));
  if (!pozzetti.ok) return pozzetti;
  const discard = parseCardList(raw.discard, "deal.discard", 1);
  if (!discard.ok) return discard;
  const deck = makeDeck(jokers);
  const stockSize = deck.length - HAND_SIZE * (players + teamCount(players)) - 1;
  const stock = parseCardList(raw.stock, "deal.stock", stockSize);
  if (!stock.ok) return stock;
  const deal: Deal = {
    dealer: raw.dealer as number,
    hands: hands.value,
    pozzetti: pozzetti.value,
    discard: discard.value,
    stock: stock.value,
  };
  const wrong = deckMismatch(deal, deck);
  return wrong ? err(wrong) : ok(deal);
}

/** Describes how a deal's cards differ from the deck, or null when they match. */
export function deckMismatch(deal: Deal, deck: readonly Card[]): string | null {
  const counts = new Int16Array(53);
  for (const card of deck) counts[card]!++;
  const all = [...deal.hands.flat(), ...deal.pozzetti.flat(), ...deal.discard, ...deal.stock];
  for (const card of all) counts[card]!--;
  const extra: Card[] = [],
    missing: Card[] = [];
  counts.forEach((n, card) => {
    for (let i = 0; i < -n; i++) extra.push(card);
    for (let i = 0; i < n; i++) missing.push(card);
  });
  if (extra.length === 0 && missing.length === 0) return null;
  const parts = [];
  if (extra.length) parts.push(`too many ${makeCards(extra).join(" ")}`);
  if (missing.length) parts.push(`missing ${makeCards(missing).join(" ")}`);
  return `the deal is not the preset's deck: ${parts.join("; ")}`;
}
