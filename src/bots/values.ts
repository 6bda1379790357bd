import { burracoBonus, burracoOf, type Card, cardPoints, isWildCard, type Rules, rankOf, sumPoints } from "../engine/index.js";
import { type Counts, connections, countsOf, extendsNaturally } from "./shapes.js";
import type { Table } from "./table.js";

/**
 * How much a card is worth keeping, how much it would help the next player,
 * how much the discard pile is worth taking. The weights are the club
 * player's judgement; the expert tunes them by looking ahead.
 */
export interface Weights {
  readonly wildKeep: number;
  readonly connection: number;
  readonly teamFit: number;
  /** Per card point, how much a card weighs against keeping it once the hand nears its end. */
  readonly latePoints: number;
  readonly feedMeld: number;
  readonly feedKnown: number;
  readonly theirDiscard: number;
  readonly wildPile: number;
  readonly fitPile: number;
  readonly meldPile: number;
  readonly pairPile: number;
  readonly junkPile: number;
  /** A hand shorter than this goes for the pozzetto or the close rather than taking loose cards… */
  readonly shortHand: number;
  /** …and each card short costs this much per loose card in the pile. */
  readonly junkShort: number;
  readonly junkBuilding: number;
  readonly drawValue: number;
  /** A lone card on the pile that lays nowhere, beside a drawn card. */
  readonly singleJunk: number;
  /**
   * Racing for the pozzetto (RACE_THREAT): what a pile card that lays nowhere is worth while the seat's team
   * has no pozzetto and an opponent nears closing; absent, no race (the club player, and the pool's
   * strategies: a yardstick must not move with the levels it measures).
   */
  readonly raceJunk?: number;
}

export const CLUB_WEIGHTS: Weights = {
  wildKeep: 60,
  connection: 4,
  teamFit: 25,
  latePoints: 0.6,
  feedMeld: 22,
  feedKnown: 4,
  theirDiscard: 6,
  wildPile: 28,
  fitPile: 14,
  meldPile: 8,
  pairPile: 3,
  junkPile: 5,
  shortHand: 6,
  junkShort: 4,
  junkBuilding: 6,
  drawValue: 4,
  singleJunk: -1,
};

/**
 * A judgement tuned by self-play against the club weights (scripts/fit-bot-eval.ts's era): it keeps more
 * of its connected cards, worries less about cards the next player threw away, and takes any discard
 * pile, even a lone card, rather than an unknown card from the stock.
 */
export const TUNED_WEIGHTS: Weights = { ...CLUB_WEIGHTS, connection: 6.4, theirDiscard: 3.6, junkPile: 8, singleJunk: 5 };

/**
 * The judgement the club player (and the expert's) plays a table with: the one that won more paired
 * hands against the frozen club player of that time there (`npm run bench -- bots pool`, 60–100
 * deals per setting). Taking every pile pays with an open pile and two players; with three it never pays
 * (below); with partners and an open pile a hand held short reaches the pozzetto and the close first (PAIRS_CLUB);
 * with a closed pile the tuned judgement did better with partners only.
 *
 * Aperto with 2 or 3 players (runs only): the club takes the pile nearly every turn, its own last discard with it,
 * the other side draws the whole stock, and the club's hand (15–20 cards) never empties to the pozzetto: it takes
 * its pozzetto in 1–4% of hands but wins 98–99% of deals against the reference `solid` player by 700–1150 points
 * a hand. Going down to the pozzetto cost more deals than it brought pozzetti, every way tried (club, deals 0–99,
 * pairs won with 2 / 3 players, pozzetto taken): its own discards in the pile counted against it, 28% / 74% of
 * deals, 46% / 8% of hands (the pile goes to the other side, whose burracos double); a hand over 11 cards taking
 * only cards that fit or make a meld, 75% / 99%, 6.5% / 3%; a loose card worth at most PAIRS_CLUB's before the
 * pozzetto, 90% / 99%, 4% / 3%; leaving any pile card that does not lay, its own discards too, once the stock is
 * under 90% of the deal's, 44% / 83%, 38% / 14%, under 60%, 79% / 99%, 11.5% / 2%.
 */
export function weightsFor(rules: Rules, players: number): Weights {
  // Three players, each alone: taking every open pile (TUNED_WEIGHTS) lost nearly every deal against the frozen
  // club player (3% of deals in classic, none in aperto, 30 deals each), its hand never emptied to the pozzetto.
  if (players === 3) return rules.discardPile === "open" ? CLUB_WEIGHTS : CLOSED_CLUB;
  if (rules.discardPile === "open") return players === 4 ? PAIRS_CLUB : TUNED_WEIGHTS;
  return players === 4 ? CLOSED_TUNED : CLOSED_CLUB;
}

/**
 * With partners and an open pile, a pile card that lays nowhere is worth little before the pozzetto: the hand
 * stays short and reaches the pozzetto, then the close, as a club pair plays. Against the reference `solid`
 * player, 4 players, paired deals (`npm run bench -- bots table --beside`): with sets, on deals 1000–1599 the
 * pairs won −0.8 ± 4.4, +1.7 ± 4.5 and 0.0 ± 4.4 points in classic, aperto-sporco and fibur, on deals 0–199
 * +4.0 ± 7.6, +3.5 ± 7.5 and 0.0 ± 7.5: no worse, and its pozzetto taken in 85% of hands instead of 79%, closes
 * 47.8–49.2% instead of 44.0–47.0% (deals 1000–1599). Runs only (aperto), where it took every pile (the tuned
 * judgement), each time with its own last discard in it, its hand stayed at 11–14 cards all hand long: on deals
 * 1000–1199 the pairs won +15.0 ± 7.1 points (89.0% instead of 74.0%), its pozzetto taken in 34.5% of hands
 * instead of 6.3%, closes 10.8% instead of 0.5% (deals 0–199: 88.5% won, pozzetto 31.3%, closes 8.8%).
 */
const PAIRS_CLUB: Weights = { ...CLUB_WEIGHTS, junkPile: 1 };

/**
 * The expert's judgement: the club player's, racing for the pozzetto (Weights.raceJunk) where that was
 * measured to help it, with an open pile and sets (classic, aperto-sporco, fibur). There it does not take
 * every pile, even with 2 players where the club player does (TUNED_WEIGHTS): taking every pile scored more
 * points per hand but won fewer hands, its pozzetto missed in 26–28% of them against 10–13% for the frozen club
 * player. With the club's weights, classic and fibur with 2 players, against the frozen club player and the
 * defensive discarder: +2.2 deals in 100 on average over the four cells on deals 21000–21399 (all four up), +3.2
 * over the six cells of deals 22000–22599 (the clean specialist's too; against the first two +2.6 to +5.4), the
 * points per hand about the same or more. The racing itself: classic with 2 players, 500 deals on three seed
 * ranges, 62% of paired hands against the frozen club player instead of 58%, its pozzetto missed in 32% of hands
 * instead of 40% (then still taking every pile); the club player racing the same way won fewer pairs (49%
 * instead of 52%, 300 deals), so it keeps its judgement.
 * With a closed pile it guards the pile's top card harder than the club player (CLOSED_PILE_GUARD), and with 2
 * or 4 players takes more of the pile (the tuned judgement): chiuso with 2 players, +1.7 deals in 100 over
 * two opponents on deals 21000–21399 and +1.3 over three on deals 22000–22599 (every cell up); with 3 players,
 * −2.5 and +2.1, so it keeps the club's there.
 */
export function expertWeightsFor(rules: Rules, players: number): Weights {
  if (rules.discardPile === "closed") return players === 3 ? GUARDED_CLUB : GUARDED_TUNED;
  if (rules.discardPile !== "open" || !rules.sets) return weightsFor(rules, players);
  return RACING_CLUB;
}

/**
 * With a closed pile the next player takes the pile only by laying its top card at once, so a discard
 * that fits nothing of theirs keeps the whole pile from them: it pays to weigh feeding them more (chiuso,
 * 150 deals: 53% of paired hands instead of 48% against the defensive discarder with 2 players, +21
 * points per hand instead of +3 with 4; 55% against the frozen club player either way).
 */
const CLOSED_PILE_FEED = { feedMeld: 30, feedKnown: 6 } as const satisfies Partial<Weights>;
/**
 * The expert guards the closed pile's top card harder still (halfway to the defensive discarder's weights):
 * chiuso, 400 deals on two ranges (0–199, 1000–1199), with its search of wild plays (expert.ts): about 1 more
 * paired hand in 100, +1.5 and +2.5 on the second range with 2 players (the club keeps CLOSED_PILE_FEED).
 */
const CLOSED_PILE_GUARD = { feedMeld: 45, feedKnown: 9 } as const satisfies Partial<Weights>;
const CLOSED_CLUB: Weights = { ...CLUB_WEIGHTS, ...CLOSED_PILE_FEED };
const CLOSED_TUNED: Weights = { ...TUNED_WEIGHTS, ...CLOSED_PILE_FEED };
const GUARDED_CLUB: Weights = { ...CLOSED_CLUB, ...CLOSED_PILE_GUARD };
const GUARDED_TUNED: Weights = { ...CLOSED_TUNED, ...CLOSED_PILE_GUARD };
/** Racing for the pozzetto when an opponent nears closing (pileGain): a loose pile card costs as much as a card short of a hand. */
const RACE = { raceJunk: -4 } as const satisfies Partial<Weights>;
const RACING_CLUB: Weights = { ...CLUB_WEIGHTS, ...RACE };

/** 0 early in the hand, 1 when it is about to end (few stock cards, or an opponent ready to close). */
export function lateness(t: Table): number {
  return Math.max(Math.max(0, 1 - t.stock / 30), closingThreat(t));
}

/** How near an opponent is to closing: 0 before any has its pozzetto, then more as its hand shrinks (1 at two cards or fewer). */
export function closingThreat(t: Table): number {
  let threat = 0;
  for (let seat = 0; seat < t.players; seat++) {
    if (t.teamOf(seat) === t.team || !t.pozzettoTaken(t.teamOf(seat))) continue;
    const size = t.handSize(seat);
    threat = Math.max(threat, size <= 2 ? 1 : size <= 5 ? 0.6 : 0.3);
  }
  return threat;
}

export function keepValue(card: Card, t: Table, counts: Counts, w: Weights, late: number): number {
  const points = cardPoints(card, t.rules.values);
  if (isWildCard(card)) return w.wildKeep + points;
  let value = connections(card, counts, t.rules.sets) * w.connection;
  for (const meld of t.teamMelds()) if (extendsNaturally(meld, card)) value += w.teamFit;
  return value - points * late * w.latePoints;
}

/** The counts of each hand known to the seat, made once per hand known (a memory never changes): feedValue runs for every card judged. */
const knownCounts = new WeakMap<readonly Card[], Counts>();
function countsKnown(known: readonly Card[]): Counts {
  let counts = knownCounts.get(known);
  if (!counts) {
    counts = countsOf(known);
    knownCounts.set(known, counts);
  }
  return counts;
}

/** Whether `cards` holds a card of `card`'s rank (a loop, not a closure: feedValue runs for every card judged). */
function sameRankIn(cards: readonly Card[], card: Card): boolean {
  const rank = rankOf(card);
  for (const c of cards) if (rankOf(c) === rank) return true;
  return false;
}

/** How much `card` on the pile would help the players after this seat. */
export function feedValue(card: Card, t: Table, w: Weights): number {
  if (isWildCard(card)) return 2 * w.wildKeep;
  let feed = 0;
  for (const meld of t.otherMelds()) {
    if (extendsNaturally(meld, card)) feed += w.feedMeld * (meld.cards.length >= 5 ? 1.6 : 1);
  }
  const next = t.next;
  const known = t.memory.known[next];
  if (known?.length) {
    // The card counted with the hand it would join for as long as it is judged, then taken out again.
    const counts = countsKnown(known);
    counts[card]!++;
    feed += connections(card, counts, t.rules.sets) * w.feedKnown;
    counts[card]!--;
  }
  const theirs = t.memory.discarded[next];
  if (theirs?.length) {
    if (theirs.includes(card)) feed -= w.theirDiscard;
    else if (sameRankIn(theirs, card)) feed -= w.theirDiscard / 2;
  }
  return feed * (1 + t.pile.length / 6);
}

/**
 * What the discard pile is worth to this seat, beside what a drawn card is
 * worth. A card that lays nowhere is worth something while building a burraco
 * (cards to play with), and costs while going for the pozzetto or the close with a short hand.
 */
export function pileGain(t: Table, w: Weights, stage: "pozzetto" | "building" | "closing"): number {
  const pile = t.pile;
  const all = countsOf([...t.cards, ...pile]);
  const melds = t.teamMelds();
  const short = Math.max(0, w.shortHand - t.cards.length);
  // Still without its pozzetto while an opponent nears closing, a seat that takes loose cards may be
  // caught with its hand full: every card that lays nowhere is one more to play out before the pozzetto.
  const junk = stage === "building" ? w.junkBuilding : racing(t, w) ? w.raceJunk! : w.junkPile - w.junkShort * short;
  let gain = 0;
  for (const card of pile) {
    if (isWildCard(card)) gain += w.wildPile;
    else if (melds.some((m) => extendsNaturally(m, card))) gain += w.fitPile;
    else {
      const links = connections(card, all, t.rules.sets);
      gain += links >= 4 ? w.meldPile : links >= 2 ? w.pairPile : junk;
    }
  }
  return gain - w.drawValue;
}

/** The opponent's threat (closingThreat) from which a seat without its pozzetto races for it: a hand of five cards or fewer. */
const RACE_THREAT = 0.6;

/** The team still goes for its pozzetto while an opponent nears closing, and the judgement races then (Weights.raceJunk). */
export function racing(t: Table, w: Weights): boolean {
  return w.raceJunk !== undefined && t.pozzettoWaiting() && closingThreat(t) >= RACE_THREAT;
}

/** Points a card in another player's hand is reckoned at when it cannot be seen. */
const HIDDEN_CARD = 8;

/**
 * How far ahead this seat's team is in the hand on what everyone can see:
 * melds and burracos, less the cards in hand (its own at their value, the
 * others' at a reckoned value), less the penalty of a pozzetto not taken.
 */
export function visibleLead(t: Table): number {
  const scores: number[] = new Array(t.teams).fill(0);
  for (const meld of t.hand.melds) {
    scores[meld.team]! += sumPoints(meld.cards, t.rules.values) + burracoBonus(burracoOf(meld, t.rules), t.rules);
  }
  for (let seat = 0; seat < t.players; seat++) {
    const team = t.teamOf(seat);
    scores[team]! -= seat === t.seat ? sumPoints(t.cards, t.rules.values) : HIDDEN_CARD * t.handSize(seat);
  }
  for (let team = 0; team < t.teams; team++) if (!t.pozzettoTaken(team)) scores[team]! -= t.rules.penalty.noPozzetto;
  let best = Number.NEGATIVE_INFINITY;
  for (let team = 0; team < t.teams; team++) if (team !== t.team) best = Math.max(best, scores[team]!);
  return scores[t.team]! - best;
}
