/**
 * How a reference player reads a hand: the natural melds in it, the pairs a wild would turn into a meld, how
 * well a card links with the others. 2s count as wilds here; the engine reads a 2 as natural where it stands
 * in its own place, and has the last word on every play.
 */
import { type Card, cardOf, extendMeld, isWildCard, type Meld, type Rules, rankOf, suitOf } from "../../src/engine/index.js";

/** Sequence places 1 … 14 of a card (the ace is 1 and 14). */
export function places(card: Card): number[] {
  const rank = rankOf(card);
  return rank === 1 ? [1, 14] : [rank];
}

const at = (place: number, suit: number): Card => cardOf(place === 14 ? 1 : place, suit);

function tally(cards: readonly Card[]): Uint8Array {
  const counts = new Uint8Array(53);
  for (const c of cards) counts[c]!++;
  return counts;
}

/** Runs of three or more natural cards of a suit (one copy of each), longest first. */
function runs(counts: Uint8Array): Card[][] {
  const out: Card[][] = [];
  for (let suit = 0; suit < 4; suit++) {
    let run: Card[] = [];
    for (let place = 3; place <= 15; place++) {
      const card = place <= 14 ? at(place, suit) : -1;
      if (card >= 0 && counts[card]! > 0) {
        run.push(card);
        continue;
      }
      if (run.length >= 3) out.push(run);
      run = [];
    }
  }
  return out.sort((a, b) => b.length - a.length);
}

/** Ranks held three times or more, as sets (at most nine cards). */
function sets(counts: Uint8Array): Card[][] {
  const out: Card[][] = [];
  for (let rank = 1; rank <= 13; rank++) {
    if (rank === 2) continue;
    const same: Card[] = [];
    for (let suit = 0; suit < 4; suit++) for (let n = 0; n < counts[cardOf(rank, suit)]!; n++) same.push(cardOf(rank, suit));
    if (same.length >= 3) out.push(same.slice(0, 9));
  }
  return out;
}

/**
 * The natural melds to lay from `cards`, disjoint: runs then sets of what is left, or sets then runs,
 * whichever lays more cards.
 */
export function naturalMelds(cards: readonly Card[], rules: Rules): Card[][] {
  const counts = tally(cards);
  const take = (order: ((c: Uint8Array) => Card[][])[]) => {
    const left = counts.slice();
    const out: Card[][] = [];
    for (const find of order) {
      for (const meld of find(left)) {
        if (!meld.every((c) => left[c]! > 0)) continue;
        for (const c of meld) left[c]!--;
        out.push(meld);
      }
    }
    return out;
  };
  if (!rules.sets) return take([runs]);
  const a = take([runs, sets]);
  const b = take([sets, runs]);
  const size = (ms: Card[][]) => ms.reduce((n, m) => n + m.length, 0);
  return size(b) > size(a) ? b : a;
}

/** Two natural cards a wild turns into a meld: a pair of a rank (with sets), or two of a suit one or two places apart. */
export function wildPairs(cards: readonly Card[], rules: Rules): Card[][] {
  const counts = tally(cards);
  const out: Card[][] = [];
  for (let suit = 0; suit < 4; suit++) {
    for (let place = 1; place <= 13; place++) {
      const a = at(place, suit);
      if (rankOf(a) === 2 || counts[a] === 0) continue;
      for (const gap of [1, 2]) {
        const b = place + gap <= 14 ? at(place + gap, suit) : -1;
        if (b < 0 || rankOf(b) === 2 || counts[b] === 0) continue;
        out.push([a, b]);
      }
    }
  }
  if (rules.sets) {
    for (let rank = 1; rank <= 13; rank++) {
      if (rank === 2) continue;
      const same: Card[] = [];
      for (let suit = 0; suit < 4; suit++) for (let n = 0; n < counts[cardOf(rank, suit)]!; n++) same.push(cardOf(rank, suit));
      if (same.length === 2) out.push(same);
    }
  }
  return out;
}

/** Whether a natural card joins `meld` as a natural card (the engine's own check). */
export function fits(meld: Meld, card: Card, rules: Rules): boolean {
  if (isWildCard(card)) return false;
  if (meld.kind === "set" ? rankOf(card) !== meld.rank : suitOf(card) !== meld.suit) return false;
  return extendMeld(meld, [card], rules).ok;
}

/** How well a natural card links with the rest of `hand` (which holds it): copies of its rank, neighbours of its suit. */
export function links(card: Card, hand: readonly Card[], rules: Rules): { pairs: number; near: number; far: number } {
  if (isWildCard(card)) return { pairs: 0, near: 0, far: 0 };
  let pairs = -1;
  let near = 0;
  let far = 0;
  const suit = suitOf(card);
  const mine = places(card);
  const seen = new Set<Card>();
  for (const other of hand) {
    if (isWildCard(other)) continue;
    if (rankOf(other) === rankOf(card)) {
      if (rules.sets) pairs++;
      continue;
    }
    if (suitOf(other) !== suit || seen.has(other)) continue;
    seen.add(other);
    const gap = Math.min(...mine.flatMap((p) => places(other).map((q) => Math.abs(p - q))));
    if (gap === 1) near++;
    else if (gap === 2) far++;
  }
  return { pairs: Math.max(0, pairs), near, far };
}

export function wilds(cards: readonly Card[]): Card[] {
  return cards.filter(isWildCard);
}

/** The wild to spend first: a 2 before a joker. */
export function cheapestWild(cards: readonly Card[]): Card | undefined {
  const all = wilds(cards);
  return all.find((c) => rankOf(c) === 2) ?? all[0];
}
