import { type Card, discardable, isWildCard, type Meld, type Play, rankOf, suitOf } from "../engine/index.js";
import { cheapestWild, connections, extendsNaturally, naturalMelds, wildPairs } from "./shapes.js";
import type { Table } from "./table.js";

/**
 * Laying down: which card goes where. Natural cards are laid as soon as they
 * make or extend a meld; wilds are kept for burracos and for going out.
 */

export interface Step {
  readonly play: Play;
  readonly next: Table;
}

/** The hand would go below `keep` cards (keeping two is how a player declines to close). */
function tooFew(next: Table, t: Table, keep: number): boolean {
  return next.cards.length < keep && next.hand.end === null && !tookPozzetto(t, next);
}

/** The play emptied the hand and the pozzetto came up in its place (al volo). */
export function tookPozzetto(before: Table, after: Table): boolean {
  return !before.pozzettoTaken() && after.pozzettoTaken();
}

/** A natural card added to a team meld without making it dirty, or a new meld of natural cards. */
export function naturalStep(t: Table, keep = 0): Step | null {
  const distinct = t.distinct;
  for (const meld of t.meldsByNearness()) {
    for (const card of distinct) {
      const suitedTwo = rankOf(card) === 2 && meld.kind === "sequence" && suitOf(card) === meld.suit;
      if (!suitedTwo && !extendsNaturally(meld, card)) continue;
      const play: Play = { type: "attach", meld: meld.id, cards: [card] };
      const next = t.after(play);
      if (!next || tooFew(next, t, keep)) continue;
      const grown = next.hand.melds[meld.id]!;
      if (meld.wildAt < 0 && grown.wildAt >= 0) continue;
      return { play, next };
    }
  }
  const { sets } = t.rules;
  for (const group of naturalMelds(t.counts, sets)) {
    for (const cards of trimmed(group)) {
      const play: Play = { type: "meld", cards };
      const next = t.after(play);
      if (next && !tooFew(next, t, keep)) return { play, next };
    }
  }
  return null;
}

/** A meld and, when it may not be laid whole (it would empty the hand), the same less one card at either end. */
function trimmed(group: Card[]): Card[][] {
  return group.length > 3 ? [group, group.slice(1), group.slice(0, -1)] : [group];
}

/** Every play that spends one wild: a new meld of two naturals and a wild, a wild with a natural on a meld, a wild alone on a meld. */
export function wildSteps(t: Table, keep = 0): Step[] {
  const cards = t.cards;
  const wild = cheapestWild(cards);
  if (wild === undefined) return [];
  const out: Step[] = [];
  for (const pair of wildPairs(t.counts, t.rules.sets)) tryStep(t, { type: "meld", cards: [...pair, wild] }, keep, out);
  for (const meld of t.teamMelds()) {
    if (meld.wildAt >= 0) continue;
    if (meld.kind === "sequence") {
      const hi = meld.lo + meld.cards.length - 1;
      for (const card of t.distinct) {
        if (isWildCard(card) || suitOf(card) !== meld.suit) continue;
        const rank = rankOf(card);
        const pos = rank === 1 ? (meld.lo === 3 ? 1 : 14) : rank;
        if (pos === meld.lo - 2 || pos === hi + 2) tryStep(t, { type: "attach", meld: meld.id, cards: [card, wild] }, keep, out);
      }
    }
    tryStep(t, { type: "attach", meld: meld.id, cards: [wild] }, keep, out);
  }
  return out;
}

function tryStep(t: Table, play: Play, keep: number, out: Step[]): void {
  const next = t.after(play);
  if (next && !tooFew(next, t, keep)) out.push({ play, next });
}

/**
 * Natural cards no wild play can take: no card of the same rank or of the
 * same suit within two places, and no team meld one place away. Only one of
 * them can leave the hand, as the last discard.
 */
function looseCards(t: Table): number {
  const counts = t.counts;
  let loose = 0;
  for (const card of t.cards) {
    if (isWildCard(card) || connections(card, counts, t.rules.sets) > 0) continue;
    if (t.teamMelds().some((m) => nearMeld(m, card))) continue;
    loose++;
  }
  return loose;
}

function nearMeld(meld: Meld, card: Card): boolean {
  if (meld.kind === "set") return rankOf(card) === meld.rank;
  if (suitOf(card) !== meld.suit) return false;
  const hi = meld.lo + meld.cards.length - 1;
  const rank = rankOf(card);
  const near = (pos: number) => pos >= meld.lo - 2 && pos <= hi + 2;
  return rank === 1 ? near(1) || near(14) : near(rank);
}

/** Plays every natural play it can find, in order; returns the steps taken. */
export function allNatural(t: Table, keep = 0): { steps: Play[]; table: Table } {
  const steps: Play[] = [];
  for (let guard = 0; guard < 40; guard++) {
    const step = naturalStep(t, keep);
    if (!step) break;
    steps.push(step.play);
    if (step.next.hand.end || tookPozzetto(t, step.next)) return { steps, table: step.next };
    t = step.next;
  }
  return { steps, table: t };
}

export interface Exit {
  readonly plays: Play[];
  /** The table after the plays. */
  readonly table: Table;
  /** 0 when the hand empties by melding (pozzetto al volo or closing by melding), 1 when the last card is discarded. */
  readonly left: 0 | 1;
  readonly wilds: number;
}

/**
 * A way to empty the hand this turn, spending wilds: a short search over
 * wild plays, each followed by every natural play it opens up. Prefers
 * emptying the hand by melding, then fewer wilds spent.
 */
export function findExit(t: Table, budget = 60): Exit | null {
  const wilds = t.cards.filter(isWildCard).length;
  if (t.cards.length - 3 * wilds > 1 || looseCards(t) > 1) return null;
  const found: { best: Exit | null } = { best: null };
  let nodes = 0;
  // Each position tries several plays on the engine: the count bounds the search's work too.
  const meter = t.meter;
  const stop = meter.steps + 4 * budget;
  const consider = (e: Exit) => {
    const best = found.best;
    if (!best || e.left < best.left || (e.left === best.left && e.wilds < best.wilds)) found.best = e;
  };
  const emptied = () => found.best?.left === 0;
  const visit = (table: Table, plays: Play[], spent: number) => {
    if (nodes++ > budget || meter.steps > stop) return;
    const done = table.hand.end !== null || tookPozzetto(t, table) || table.cards.length === 0;
    if (done) {
      consider({ plays, table, left: 0, wilds: spent });
      return;
    }
    if (table.cards.length === 1) {
      const last = table.cards[0]!;
      if (discardable(table.state, table.seat).includes(last) && !isWildCard(last)) {
        consider({ plays, table, left: 1, wilds: spent });
      }
    }
    if (emptied()) return;
    const left = table.cards.length;
    const wildsLeft = table.cards.filter(isWildCard).length;
    if (left - 3 * wildsLeft > 1) return;
    for (const step of wildSteps(table)) {
      const after = allNatural(step.next);
      visit(after.table, [...plays, step.play, ...after.steps], spent + 1);
      if (emptied() || nodes > budget || meter.steps > stop) return;
    }
  };
  visit(t, [], 0);
  return found.best;
}
