import { type Card, cardOf, JOKER, makeCard, rankOf, suitOf } from "./cards.js";
import type { MoveCode } from "./errors.js";
import { err, ok, type Result } from "./result.js";

/**
 * Sequences live on positions 1..14: the low ace is 1, ranks 2..13 are
 * themselves, the high ace is 14. A sequence is a run of consecutive
 * positions with one card each; at most one card acts as wild.
 */
export type WildEnd = "low" | "high";

export interface SequenceShape {
  readonly kind: "sequence";
  readonly suit: number;
  /** Position of cards[0]. */
  readonly lo: number;
  /** Table order, low to high. */
  readonly cards: readonly Card[];
  /** Index of the card acting as wild, or -1 for a clean sequence. */
  readonly wildAt: number;
}

export interface MeldFault {
  readonly code: MoveCode;
  readonly message: string;
}

const fault = (code: MoveCode, message: string) => err<MeldFault>({ code, message });

/** The natural card that stands at `pos` in a sequence of `suit`. */
function cardAtPosition(pos: number, suit: number): Card {
  return cardOf(pos === 14 ? 1 : pos, suit);
}

/**
 * Without `aceToAce` a run may not hold both aces; the one exception is the
 * 14-card run of 13 natural ranks whose wild stands beyond an end and
 * represents no card (FIBur art. 11).
 */
function spanAllowed(lo: number, hi: number, wildPos: number, aceToAce: boolean): boolean {
  if (lo < 1 || hi > 14) return false;
  if (lo === 1 && hi === 14 && !aceToAce) return wildPos === 1 || wildPos === 14;
  return true;
}

/** The card a sequence's wild stands for; null beyond a complete 13-rank run. */
export function wildStandsFor(shape: SequenceShape, aceToAce: boolean): Card | null {
  if (shape.wildAt < 0) return null;
  const pos = shape.lo + shape.wildAt;
  const hi = shape.lo + shape.cards.length - 1;
  if (shape.lo === 1 && hi === 14 && !aceToAce) return null;
  return cardAtPosition(pos, shape.suit);
}

interface Plan {
  lo: number;
  hi: number;
  slots: Int16Array;
  wildPos: number;
  wild: Card;
  wilds: number;
  displaced: boolean;
  /** The end the wild was put at by choice; null when its place was forced or it has none. */
  end: WildEnd | null;
}

/** How the previous table state constrains an addition to an existing sequence. */
export interface SequenceBase {
  readonly suit: number;
  readonly lo: number;
  readonly cards: readonly Card[];
  readonly wildAt: number;
}

/** The cards of a sequence to be, by what each may be: fixed at its rank's position, a 2, a wild, an ace (low or high). */
interface Sorted {
  /** The natural cards at their positions (-1: none). */
  readonly fixed: Int16Array;
  /** The 2s of the suit: natural at position 2, or acting as wild. */
  readonly twos: Card[];
  /** Jokers and 2s of other suits: only ever wild. */
  readonly pure: Card[];
  readonly aces: Card[];
  /** The wild already on the table and its position (-1 when there is none). */
  readonly oldWild: Card;
  readonly oldWildPos: number;
}

/** Sorts the base's cards and the added ones; refuses a card of another suit, a rank twice, two wilds, three aces. */
function sortCards(suit: number, base: SequenceBase | null, added: readonly Card[]): Result<Sorted, MeldFault> {
  const fixed = new Int16Array(15).fill(-1);
  const twos: Card[] = [];
  const pure: Card[] = [];
  const aces: Card[] = [];
  let oldWild: Card = -1;
  let oldWildPos = 0;
  if (base) {
    for (let i = 0; i < base.cards.length; i++) {
      const card = base.cards[i]!;
      const pos = base.lo + i;
      if (i === base.wildAt) {
        oldWild = card;
        oldWildPos = pos;
      } else if (pos === 2) twos.push(card);
      else fixed[pos] = card;
    }
  }
  for (const card of added) {
    const rank = rankOf(card);
    if (card === JOKER || (rank === 2 && suitOf(card) !== suit)) pure.push(card);
    else if (suitOf(card) !== suit) return fault("INVALID_MELD", `${makeCard(card)} is not of the sequence's suit`);
    else if (rank === 2) twos.push(card);
    else if (rank === 1) aces.push(card);
    else if (fixed[rank] !== -1) return fault("INVALID_MELD", `a sequence cannot hold ${makeCard(card)} twice`);
    else fixed[rank] = card;
  }
  if (pure.length > 1 || (pure.length === 1 && oldWild >= 0 && !isSuitTwo(oldWild, suit))) {
    return fault("TOO_MANY_WILDS", "a meld may hold only one wild card");
  }
  if (aces.length > 2) return fault("INVALID_MELD", "a sequence holds at most two aces");
  return ok({ fixed, twos, pure, aces, oldWild, oldWildPos });
}

/** What the plans tried say when none works: too many wilds for a run, or a displaced wild with no end to go to. */
interface Misses {
  tooMany: boolean;
  nowhere: boolean;
}

/** Where the wild already on the table goes: none there, it stays, it moves (displaced), or it turns natural (a 2 of the suit back at 2). */
type OldWild = "none" | "stay" | "free" | "natural";

/**
 * Every way to read the cards as one run: each ace low or high, each 2 of
 * the suit natural or wild, the old wild staying, moving or turning natural;
 * each reading that makes a run is a plan.
 */
function plansFor(sorted: Sorted, suit: number, aceToAce: boolean, misses: Misses): Plan[] {
  const { fixed, twos, aces, oldWild, oldWildPos } = sorted;
  const plans: Plan[] = [];
  for (let mask = 0; mask < 1 << aces.length; mask++) {
    const occ = fixed.slice();
    let clash = false;
    for (let i = 0; i < aces.length; i++) {
      const pos = mask & (1 << i) ? 14 : 1;
      if (occ[pos] !== -1) clash = true;
      occ[pos] = aces[i]!;
    }
    if (clash) continue;
    for (let natural = -1; natural < twos.length; natural++) {
      if (natural > 0 && twos[natural] === twos[natural - 1]) continue;
      const occ2 = occ.slice();
      if (natural >= 0) occ2[2] = twos[natural]!;
      const wildTwos = twos.filter((_, i) => i !== natural);
      const options: OldWild[] = oldWild < 0 ? ["none"] : occ2[oldWildPos] === -1 ? ["stay"] : ["free", "natural"];
      for (const option of options) {
        if (option === "natural" && (!isSuitTwo(oldWild, suit) || occ2[2] !== -1)) continue;
        const slots = option === "natural" ? occ2.slice() : occ2;
        if (option === "natural") slots[2] = oldWild;
        const wildCards = [...sorted.pure, ...wildTwos];
        if (option === "stay" || option === "free") wildCards.push(oldWild);
        placeWild(slots, wildCards, option, oldWildPos, aceToAce, plans, misses);
      }
    }
  }
  return plans;
}

/** The plans of one reading: where its one wild (if any) can stand so that the cards make a run. */
function placeWild(
  slots: Int16Array,
  wildCards: readonly Card[],
  option: OldWild,
  oldWildPos: number,
  aceToAce: boolean,
  plans: Plan[],
  misses: Misses,
): void {
  let min = 15;
  let max = 0;
  let count = 0;
  for (let pos = 1; pos <= 14; pos++) {
    if (slots[pos] === -1) continue;
    count++;
    if (pos < min) min = pos;
    if (pos > max) max = pos;
  }
  if (count === 0) return;
  const gaps = max - min + 1 - count;
  if (wildCards.length > 1) {
    // Blame the wilds only when enough of them would have made a run.
    if (gaps <= wildCards.length && gaps + (min - 1) + (14 - max) >= wildCards.length) misses.tooMany = true;
    return;
  }
  const displaced = option === "free" || option === "natural";
  const plan = (lo: number, hi: number, wildPos: number, end: WildEnd | null) =>
    plans.push({ lo, hi, slots, wildPos, wild: wildCards[0] ?? -1, wilds: wildCards.length, displaced, end });
  if (wildCards.length === 0) {
    if (gaps === 0 && spanAllowed(min, max, 0, aceToAce)) plan(min, max, 0, null);
  } else if (option === "stay") {
    const lo = Math.min(min, oldWildPos);
    const hi = Math.max(max, oldWildPos);
    if (hi - lo === count && spanAllowed(lo, hi, oldWildPos, aceToAce)) plan(lo, hi, oldWildPos, null);
  } else if (gaps === 1) {
    let gap = min;
    while (slots[gap] !== -1) gap++;
    if (spanAllowed(min, max, gap, aceToAce)) plan(min, max, gap, null);
  } else if (gaps === 0) {
    const low = spanAllowed(min - 1, max, min - 1, aceToAce);
    const high = spanAllowed(min, max + 1, max + 1, aceToAce);
    if (low) plan(min - 1, max, min - 1, "low");
    if (high) plan(min, max + 1, max + 1, "high");
    if (!low && !high && option === "free") misses.nowhere = true;
  }
}

/**
 * Lays `added` cards into a sequence of `suit` (a new one when `base` is null),
 * following docs/rules.md §4.2–4.3: a 2 of the suit is natural whenever that gives
 * a valid meld; a wild already on the table keeps its place unless a natural
 * card displaces it; a displaced 2 of the suit drops into a free 2 position
 * first, otherwise the wild goes to the chosen end (default high, else low).
 */
export function arrangeSequence(
  suit: number,
  base: SequenceBase | null,
  added: readonly Card[],
  aceToAce: boolean,
  hint: WildEnd | undefined,
): Result<SequenceShape, MeldFault> {
  const sorted = sortCards(suit, base, added);
  if (!sorted.ok) return sorted;
  const misses: Misses = { tooMany: false, nowhere: false };
  const plans = plansFor(sorted.value, suit, aceToAce, misses);
  if (plans.length === 0) {
    if (misses.nowhere) return fault("WILD_CANNOT_MOVE", "the displaced wild has no free end to move to");
    if (misses.tooMany) return fault("TOO_MANY_WILDS", "a meld may hold only one wild card");
    return fault("INVALID_MELD", "these cards do not form a sequence");
  }
  const best = choosePlan(plans, hint);
  if (!best) {
    const displaced = plans.some((p) => p.displaced);
    return fault(displaced ? "WILD_CANNOT_MOVE" : "INVALID_MELD", `the wild cannot stand at the ${hint} end`);
  }
  const cards: Card[] = [];
  for (let pos = best.lo; pos <= best.hi; pos++) cards.push(pos === best.wildPos ? best.wild : best.slots[pos]!);
  return ok({ kind: "sequence", suit, lo: best.lo, cards, wildAt: best.wildPos ? best.wildPos - best.lo : -1 });
}

function isSuitTwo(card: Card, suit: number): boolean {
  return card !== JOKER && rankOf(card) === 2 && suitOf(card) === suit;
}

/**
 * Fewest acting wilds first (natural readings of 2s win), then leaving a
 * placed wild where it is, then the wild's end: forced places first, then
 * the chosen end, else high before low. Null when the chosen end is impossible.
 */
function choosePlan(plans: Plan[], hint: WildEnd | undefined): Plan | null {
  const fewest = Math.min(...plans.map((p) => p.wilds));
  let pool = plans.filter((p) => p.wilds === fewest);
  if (pool.some((p) => !p.displaced)) pool = pool.filter((p) => !p.displaced);
  const score = (p: Plan) => (p.end === null ? 0 : hint ? (p.end === hint ? 1 : 9) : p.end === "high" ? 1 : 2);
  let best = pool[0]!;
  for (const p of pool) if (score(p) < score(best)) best = p;
  return score(best) === 9 ? null : best;
}
