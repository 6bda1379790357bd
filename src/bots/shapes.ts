import { type Card, cardOf, isWildCard, JOKER, type MeldShape, rankOf, suitOf } from "../engine/index.js";

/**
 * Reading a hand for melds. Cards are the engine's small integers; a hand is
 * read through its counts. 2s are kept for wilds here: a 2 that lands as a
 * natural card is found when it is tried on a meld.
 */
export type Counts = Uint8Array;

export function countsOf(cards: readonly Card[]): Counts {
  const counts = new Uint8Array(53);
  for (const card of cards) counts[card]!++;
  return counts;
}

/** A sequence position 1..14 (the ace is 1 and 14) as a card of `suit`. */
export function cardAt(pos: number, suit: number): Card {
  return cardOf(pos === 14 ? 1 : pos, suit);
}

export function isNatural(card: Card): boolean {
  return !isWildCard(card);
}

export function wildsIn(cards: readonly Card[]): Card[] {
  return cards.filter(isWildCard);
}

/**
 * New melds of natural cards only: every maximal run of 3 or more in a suit
 * (one copy of each card), and every rank held 3 or more times. Longest first,
 * runs before sets of the same length (runs grow into burracos more easily).
 */
export function naturalMelds(counts: Counts, sets: boolean): Card[][] {
  const out: Card[][] = [];
  for (let suit = 0; suit < 4; suit++) {
    // 2s stay wilds here, so a natural run starts at the 3 at the lowest and never holds both aces.
    let from = 3;
    for (let pos = 3; pos <= 15; pos++) {
      if (pos <= 14 && counts[cardAt(pos, suit)]! > 0) continue;
      if (pos - from >= 3) {
        const run: Card[] = [];
        for (let p = from; p < pos; p++) run.push(cardAt(p, suit));
        out.push(run);
      }
      from = pos + 1;
    }
  }
  if (sets) {
    for (let rank = 1; rank <= 13; rank++) {
      if (rank === 2) continue;
      let held = 0;
      for (let suit = 0; suit < 4; suit++) held += counts[cardOf(rank, suit)]!;
      if (held < 3) continue;
      const same: Card[] = [];
      for (let suit = 0; suit < 4; suit++) for (let i = 0; i < counts[cardOf(rank, suit)]!; i++) same.push(cardOf(rank, suit));
      out.push(same.slice(0, 9));
    }
  }
  return out.length > 1 ? out.sort(longestFirst) : out;
}

function longestFirst(a: readonly Card[], b: readonly Card[]): number {
  return b.length - a.length || kindOrder(a) - kindOrder(b);
}

function kindOrder(cards: readonly Card[]): number {
  return rankOf(cards[0]!) === rankOf(cards[1]!) ? 1 : 0;
}

/** Two natural cards that one wild turns into a new meld: a pair of a rank, or two of a suit one or two apart. */
export function wildPairs(counts: Counts, sets: boolean): Card[][] {
  const out: Card[][] = [];
  for (let suit = 0; suit < 4; suit++) {
    for (let pos = 1; pos <= 13; pos++) {
      const a = cardAt(pos, suit);
      if (rankOf(a) === 2 || counts[a] === 0) continue;
      for (const gap of [1, 2]) {
        if (pos + gap > 14) continue;
        const b = cardAt(pos + gap, suit);
        if (rankOf(b) === 2 || counts[b] === 0 || b === a) continue;
        out.push([a, b]);
      }
    }
  }
  if (sets) {
    for (let rank = 1; rank <= 13; rank++) {
      if (rank === 2) continue;
      const same: Card[] = [];
      for (let suit = 0; suit < 4; suit++) for (let i = 0; i < counts[cardOf(rank, suit)]!; i++) same.push(cardOf(rank, suit));
      if (same.length === 2) out.push(same);
    }
  }
  return out;
}

/** The wild to spend first: a 2 (fewer points, and jokers are the stronger cards) before a joker. */
export function cheapestWild(cards: readonly Card[]): Card | undefined {
  let best: Card | undefined;
  for (const card of cards) {
    if (!isWildCard(card)) continue;
    if (best === undefined || (best === JOKER && card !== JOKER)) best = card;
  }
  return best;
}

/**
 * How well a natural card connects with the other cards of `counts` (which
 * includes it): same rank for sets, neighbours of its suit for runs.
 */
export function connections(card: Card, counts: Counts, sets: boolean): number {
  if (isWildCard(card)) return 0;
  const rank = rankOf(card);
  const suit = suitOf(card);
  let score = 0;
  if (sets) {
    let same = -1;
    for (let s = 0; s < 4; s++) same += counts[cardOf(rank, s)]!;
    score += same * 2;
  }
  // Without arrays or closures: it runs for every card of every hand the search judges, and what it
  // allocated was about a seventh of all the search allocates (the ace is at both ends of a run: 1 and 14).
  score += neighbours(rank, suit, counts);
  if (rank === 1) score += neighbours(14, suit, counts);
  return score;
}

/** The natural cards of `suit` held next to position `pos` of a run (3 each) and one further (1.5 each). */
function neighbours(pos: number, suit: number, counts: Counts): number {
  return (
    3 * (heldAt(pos - 1, suit, counts) + heldAt(pos + 1, suit, counts)) +
    1.5 * (heldAt(pos - 2, suit, counts) + heldAt(pos + 2, suit, counts))
  );
}

/** 1 if a natural card at run position `p` of `suit` is held, else 0. */
function heldAt(p: number, suit: number, counts: Counts): number {
  if (p < 1 || p > 14) return 0;
  const card = cardAt(p, suit);
  return rankOf(card) !== 2 && counts[card]! > 0 ? 1 : 0;
}

/** Whether a natural card may join a meld as a natural card (a cheap test; the engine decides). */
export function extendsNaturally(meld: MeldShape, card: Card): boolean {
  if (isWildCard(card)) return false;
  if (meld.kind === "set") return rankOf(card) === meld.rank && meld.cards.length < 9;
  if (suitOf(card) !== meld.suit) return false;
  const hi = meld.lo + meld.cards.length - 1;
  const rank = rankOf(card);
  const fits = (pos: number) => pos === meld.lo - 1 || pos === hi + 1 || (meld.wildAt >= 0 && pos === meld.lo + meld.wildAt);
  return rank === 1 ? fits(1) || fits(14) : fits(rank);
}
