import { type Card, discardable, isWildCard, type Move, type Play } from "../engine/index.js";
import { findExit, naturalStep, type Step, wildSteps } from "./plan.js";
import { cheapestWild, countsOf, extendsNaturally, naturalMelds, wildPairs } from "./shapes.js";
import type { Table } from "./table.js";
import { CLUB_WEIGHTS, feedValue, keepValue, lateness, pileGain, racing, visibleLead, type Weights } from "./values.js";

/**
 * The club player: a solid heuristic player. It takes the pile when what it
 * gains is worth it, lays natural cards at once, keeps its wilds for
 * burracos and for going out, goes for the pozzetto as soon as it can,
 * closes when the score favours it, and discards what neither helps its
 * team nor feeds the next player.
 */
export interface Style {
  /** While building, the fewest cards a new meld may leave in hand. */
  readonly reserve: number;
  /** While building, the fewest cards an addition to a meld may leave in hand (unless it brings the meld near a burraco). */
  readonly buildKeep: number;
  /** The most wilds spent in one turn to reach the pozzetto. */
  readonly exitWilds: number;
  /**
   * While building towards a burraco that may be dirty: the shortest meld worth a wild. Four: a wild on
   * a meld of four makes it five, two cards from a burraco, and a team that reaches its burraco first
   * closes first (classic, 4 players: 60% of paired hands against the frozen club player instead of 50%,
   * 55% instead of 53% against the defensive discarder, 150 deals each on two seed ranges; no change with 2 players).
   */
  readonly buildWildFrom: number;
  /** Close only with at least this visible lead in the hand, closing bonus included (−Infinity: always)… */
  readonly closeMargin: number;
  /** …or once the stock is this low. */
  readonly closeStock: number;
  /** Without a burraco, a wild completes a dirty one once the stock is this low (or once the pozzetto is taken)… */
  readonly needBurracoStock: number;
  /** …and with one, once it is this low. */
  readonly dirtyStock: number;
  /** Positions tried when looking for a way to empty the hand with wilds. */
  readonly exitSearch: number;
  /** No wild on a meld before the team has a clean burraco, whatever the preset asks to close (until the stock is `dirtyStock` low). */
  readonly cleanFirst?: boolean;
}

export const CLUB_STYLE: Style = {
  reserve: 4,
  buildKeep: 3,
  exitWilds: 3,
  buildWildFrom: 4,
  closeMargin: Number.NEGATIVE_INFINITY,
  closeStock: 12,
  needBurracoStock: 25,
  dirtyStock: 12,
  exitSearch: 60,
};

/**
 * With three players, each alone, a way out to the pozzetto may spend up to four wilds: the hand is its own to
 * empty, with no partner to reach the pozzetto first. Against the reference `solid` player, 3 players, paired
 * deals 0–599 and 600–1199 (`npm run bench -- bots pool --sides club --opponents solid --players 3`), deals won
 * +1.8 ± 1.1 and +1.7 ± 1.0 points in aperto-sporco, +1.6 ± 1.0 and +0.8 ± 1.2 in classic, +0.8 ± 1.2 and
 * +2.0 ± 1.3 in fibur; with a closed pile 0.0 to +0.5 (deals 0–599); more than four changed nothing. The club's
 * other knobs measured there (its closed pile's take, its reserve, the weights' pile and feed values, a pair and a
 * wild laid to race for the pozzetto) changed nothing or lost deals.
 */
const THREE_STYLE: Style = { ...CLUB_STYLE, exitWilds: 4 };

/** The club player's style at a table: CLUB_STYLE, or THREE_STYLE with three players. */
export function clubStyleFor(t: Table): Style {
  return t.players === 3 ? THREE_STYLE : CLUB_STYLE;
}

export function clubMove(t: Table, w: Weights = CLUB_WEIGHTS, style: Style = clubStyleFor(t)): Move {
  if (t.hand.phase === "take") return clubTake(t, w);
  return clubPlays(t, style)[0] ?? clubDiscard(t, w);
}

/**
 * The rest of the club player's turn from here: the same moves it would
 * choose one at a time, planned at once (the expert's look-ahead plays
 * whole turns this way). Ends with the discard, or with the play that ends the hand.
 */
export function clubTurn(t: Table, w: Weights = CLUB_WEIGHTS, style: Style = clubStyleFor(t)): Move[] {
  const moves: Move[] = [];
  if (t.hand.phase === "take") {
    const take = clubTake(t, w);
    const next = t.after(take);
    if (!next) return [take];
    moves.push(take);
    t = next;
  }
  for (let guard = 0; guard < 60; guard++) {
    const { plays, next } = clubNext(t, style);
    if (plays.length === 0) break;
    moves.push(...plays);
    if (next) t = next;
    else {
      for (const play of plays) {
        const after = t.after(play);
        if (!after) return moves.slice(0, moves.length - plays.length + plays.indexOf(play));
        t = after;
      }
    }
    if (t.hand.end) return moves;
  }
  moves.push(clubDiscard(t, w));
  return moves;
}

export function clubTake(t: Table, w: Weights): Move {
  const draw: Move = { type: "draw" };
  const top = t.pile.at(-1);
  if (top === undefined || t.hand.lastTurn) return t.after(draw) ? draw : { type: "pickup" };
  if (t.rules.discardPile === "closed") {
    const play = closedPickup(t, top);
    if (play && pileGain(t, w, stageOf(t)) + w.fitPile >= 0) return { type: "pickup", play };
    return t.after(draw) ? draw : { type: "pickup", ...(play ? { play } : {}) };
  }
  const pickup: Move = { type: "pickup" };
  if (t.pileCount === 1 && !loneCardAllowed(t, top)) return t.after(draw) ? draw : pickup;
  const worth = t.pileCount === 1 ? singleGain(t, top, w) : pileGain(t, w, stageOf(t));
  if (worth > 0 && t.after(pickup)) return pickup;
  return t.after(draw) ? draw : pickup;
}

/**
 * Taking a lone discard that lays nowhere makes an idle turn (one card
 * taken, another thrown), and a run of idle turns ends the hand in a
 * stalemate that no one wins: two players who both like a lone card better
 * than a card from the stock would pass cards back and forth for ever. So
 * after an idle turn a player takes a lone card only when it lays it at
 * once, and the hand moves on. Not even a wild: players left with wilds
 * they may not lay yet pass them back and forth.
 */
export function loneCardAllowed(t: Table, card: Card): boolean {
  return t.hand.idleTurns === 0 || laysAtOnce(t, card);
}

function laysAtOnce(t: Table, card: Card): boolean {
  if (isWildCard(card)) return false;
  const fits = t.teamMelds().some((m) => extendsNaturally(m, card));
  if (!fits && !naturalMelds(countsOf([...t.cards, card]), t.rules.sets).some((m) => m.includes(card))) return false;
  // The engine has the last word: a meld that would empty the hand, say, is no play.
  const next = t.after({ type: "pickup" });
  return next !== null && naturalStep(next) !== null;
}

/** A lone card on the pile: worth it when it lays at once, as a natural card. */
function singleGain(t: Table, card: Card, w: Weights): number {
  if (isWildCard(card)) return w.wildPile - w.drawValue;
  if (t.teamMelds().some((m) => extendsNaturally(m, card))) return w.fitPile - w.drawValue;
  const melds = naturalMelds(countsOf([...t.cards, card]), t.rules.sets);
  if (melds.some((m) => m.includes(card))) return w.meldPile + w.fitPile - w.drawValue;
  // Racing for the pozzetto (pileGain): a card that lays nowhere only slows the race.
  return racing(t, w) ? Math.min(w.singleJunk, w.raceJunk!) : w.singleJunk;
}

/** With a closed pile: the play that takes it, laying its top card (natural plays first). */
export function closedPickup(t: Table, top: Card): Play | undefined {
  const options: Play[] = [];
  for (const meld of t.teamMelds()) if (extendsNaturally(meld, top)) options.push({ type: "attach", meld: meld.id, cards: [top] });
  const counts = countsOf([...t.cards, top]);
  for (const group of naturalMelds(counts, t.rules.sets)) if (group.includes(top)) options.push({ type: "meld", cards: group });
  const wild = cheapestWild(t.cards);
  // A pair and a wild for a pile of one or two cards makes a dirty meld for little: it never becomes
  // the clean burraco a closed-pile preset so often needs (chiuso, 2 players: 62% of paired hands
  // against the frozen club player, +142 points per hand, 100 deals).
  if (wild !== undefined && !isWildCard(top) && t.pileCount >= 3) {
    for (const pair of wildPairs(counts, t.rules.sets)) if (pair.includes(top)) options.push({ type: "meld", cards: [...pair, wild] });
  }
  return options.find((play) => t.after({ type: "pickup", play }));
}

/** Whether to close now that the team may: when the visible score of the hand favours it, or the hand is ending anyway. */
export function wantClose(t: Table, style: Style): boolean {
  if (style.closeMargin === Number.NEGATIVE_INFINITY || t.stock <= style.closeStock) return true;
  return visibleLead(t) + 100 >= style.closeMargin;
}

/**
 * Where the team stands in the hand: still going for its pozzetto, building
 * the burraco it needs to close (with a hand that must not run dry), or able to close.
 */
export type Stage = "pozzetto" | "building" | "closing";

export function stageOf(t: Table): Stage {
  if (t.pozzettoWaiting()) return "pozzetto";
  return t.canClose ? "closing" : "building";
}

export function clubPlay(t: Table, style: Style = CLUB_STYLE): Play | null {
  return clubPlays(t, style)[0] ?? null;
}

/** The club player's next plays: one play, or a way out of the hand (every play of it); none when it is time to discard. */
export function clubPlays(t: Table, style: Style = CLUB_STYLE): Play[] {
  return clubNext(t, style).plays;
}

/** The next plays and, when the search for them already made it, the table after them. */
function clubNext(t: Table, style: Style): { plays: Play[]; next: Table | null } {
  const stage = stageOf(t);
  const keep = stage === "closing" ? (wantClose(t, style) ? 0 : 2) : 0;
  const natural = naturalStep(t, keep);
  // After a lone card taken in a run of idle turns, anything laid keeps the hand moving.
  const idle = t.hand.turnIdle && t.hand.idleTurns > 0;
  if (natural && (idle || stage !== "building" || worthBuilding(natural, style))) return { plays: [natural.play], next: natural.next };
  const wild = cheapestWild(t.cards);
  if (wild !== undefined) {
    const shortest = stage === "building" && t.rules.closeRequires === "any" ? style.buildWildFrom : 6;
    const melds = t
      .teamMelds()
      .slice()
      .sort((a, b) => b.cards.length - a.cards.length);
    for (const meld of melds) {
      if (meld.wildAt >= 0 || meld.cards.length < shortest || meld.cards.length > 6 || !dirtyBurracoWanted(t, stage, style)) continue;
      const play: Play = { type: "attach", meld: meld.id, cards: [wild] };
      const next = t.after(play);
      if (next) return { plays: [play], next };
    }
  }
  if (stage === "pozzetto" || (stage === "closing" && keep === 0)) {
    const exit = findExit(t, style.exitSearch);
    if (exit?.plays.length && (stage === "closing" || exit.wilds <= style.exitWilds)) return { plays: exit.plays, next: exit.table };
  }
  if (wild !== undefined && lateness(t) >= 0.9 && stage !== "building") {
    const dump = wildSteps(t, 2)[0];
    if (dump) return { plays: [dump.play], next: dump.next };
  }
  return { plays: [], next: null };
}

/**
 * While building, every card laid is one fewer to play with, and a player
 * left with one card can only draw and discard: new melds only from a hand
 * that stays large, additions only while cards remain or when they bring the burraco.
 */
function worthBuilding(step: Step, style: Style): boolean {
  const left = step.next.cards.length;
  if (stageOf(step.next) === "closing") return true;
  if (step.play.type === "meld") return left >= style.reserve;
  const grown = step.next.hand.melds[step.play.meld]!;
  return left >= style.buildKeep || grown.cards.length >= 6;
}

/** A dirty burraco now rather than waiting for a clean one: when the team needs one to close, or time runs short. */
function dirtyBurracoWanted(t: Table, stage: Stage, style: Style): boolean {
  if (style.cleanFirst && !hasCleanBurraco(t) && t.stock >= style.dirtyStock) return false;
  const hasBurraco = t.teamMelds().some((m) => m.cards.length >= 7);
  if (!hasBurraco && (stage === "building" || t.stock < style.needBurracoStock))
    return t.rules.closeRequires === "any" || hasCleanBurraco(t);
  return t.stock < style.dirtyStock;
}

function hasCleanBurraco(t: Table): boolean {
  return t.teamMelds().some((m) => m.cards.length >= 7 && m.wildAt < 0);
}

export function clubDiscard(t: Table, w: Weights): Move {
  const best = clubDiscardRanking(t, w)[0];
  return best === undefined ? { type: "resign" } : { type: "discard", card: best };
}

/** The cards the club player may discard, best discard first. */
export function clubDiscardRanking(t: Table, w: Weights): Card[] {
  const options = discardable(t.state, t.seat);
  const counts = t.counts;
  const late = lateness(t);
  const building = stageOf(t) === "building";
  const naturals = t.cards.filter((c) => !isWildCard(c)).length;
  const scored = options.map((card) => {
    // Left with wilds only, a player who may not close yet can lay nothing more.
    const stuck = building && naturals - (isWildCard(card) ? 0 : 1) === 0 ? 1000 : 0;
    return { card, score: keepValue(card, t, counts, w, late) + feedValue(card, t, w) + stuck };
  });
  return scored.sort((a, b) => a.score - b.score || a.card - b.card).map((s) => s.card);
}
