import { type Card, closeStatus, discardable, isWildCard, type Move, type Play } from "../engine/index.js";
import { findExit, naturalStep, wildSteps } from "./plan.js";
import { cheapestWild, countsOf, extendsNaturally, naturalMelds, wildPairs } from "./shapes.js";
import type { Table } from "./table.js";
import { CLUB_WEIGHTS, feedValue, keepValue, lateness, pileGain, type Weights } from "./values.js";

/**
 * The club player: a solid heuristic player. It takes the pile when what it
 * gains is worth it, lays natural cards at once, keeps its wilds for
 * burracos and for going out, goes for the pozzetto as soon as it can,
 * closes when the score favours it, and discards what neither helps its
 * team nor feeds the next player.
 */
export function clubMove(t: Table, w: Weights = CLUB_WEIGHTS): Move {
  if (t.hand.phase === "take") return clubTake(t, w);
  return clubPlay(t) ?? clubDiscard(t, w);
}

export function clubTake(t: Table, w: Weights): Move {
  const draw: Move = { type: "draw" };
  const top = t.pile.at(-1);
  if (top === undefined || t.hand.lastTurn) return t.after(draw) ? draw : { type: "pickup" };
  if (t.rules.discardPile === "closed") {
    const play = closedPickup(t, top);
    if (play && pileGain(t, w) + w.fitPile >= 0) return { type: "pickup", play };
    return t.after(draw) ? draw : { type: "pickup", ...(play ? { play } : {}) };
  }
  const pickup: Move = { type: "pickup" };
  const worth = t.pileCount === 1 ? singleGain(t, top, w) : pileGain(t, w);
  if (worth > 0 && t.after(pickup)) return pickup;
  return t.after(draw) ? draw : pickup;
}

/** A lone card on the pile: worth it when it lays at once, as a natural card. */
function singleGain(t: Table, card: Card, w: Weights): number {
  if (isWildCard(card)) return w.wildPile - w.drawValue;
  if (t.teamMelds().some((m) => extendsNaturally(m, card))) return w.fitPile - w.drawValue;
  const melds = naturalMelds(countsOf([...t.cards, card]), t.rules.sets);
  return melds.some((m) => m.includes(card)) ? w.meldPile + w.fitPile - w.drawValue : -1;
}

/** With a closed pile: the play that takes it, laying its top card (natural plays first). */
export function closedPickup(t: Table, top: Card): Play | undefined {
  const options: Play[] = [];
  for (const meld of t.teamMelds()) if (extendsNaturally(meld, top)) options.push({ type: "attach", meld: meld.id, cards: [top] });
  const counts = countsOf([...t.cards, top]);
  for (const group of naturalMelds(counts, t.rules.sets)) if (group.includes(top)) options.push({ type: "meld", cards: group });
  const wild = cheapestWild(t.cards);
  if (wild !== undefined && !isWildCard(top)) {
    for (const pair of wildPairs(counts, t.rules.sets)) if (pair.includes(top)) options.push({ type: "meld", cards: [...pair, wild] });
  }
  return options.find((play) => t.after({ type: "pickup", play }));
}

/** Whether to close now that the team may: when the visible score of the hand favours it, or the hand is ending anyway. */
export function wantClose(t: Table): boolean {
  void t;
  return true;
}

export function clubPlay(t: Table): Play | null {
  const canClose = closeStatus(t.state, t.seat).canClose;
  const keep = canClose && !wantClose(t) ? 2 : 0;
  const natural = naturalStep(t, keep);
  if (natural) return natural.play;
  const wild = cheapestWild(t.cards);
  if (wild !== undefined) {
    for (const meld of t.teamMelds()) {
      if (meld.cards.length !== 6 || meld.wildAt >= 0 || !dirtyBurracoWanted(t)) continue;
      const play: Play = { type: "attach", meld: meld.id, cards: [wild] };
      if (t.after(play)) return play;
    }
  }
  if (t.pozzettoWaiting() || (t.pozzettoTaken() && keep === 0)) {
    const exit = findExit(t);
    if (exit && exit.plays.length) return exit.plays[0]!;
  }
  if (wild !== undefined && lateness(t) >= 0.9) {
    const dump = wildSteps(t, 2)[0];
    if (dump) return dump.play;
  }
  return null;
}

/** A dirty burraco now rather than waiting for a clean one: when the team needs one to close, or time runs short. */
function dirtyBurracoWanted(t: Table): boolean {
  const hasBurraco = t.teamMelds().some((m) => m.cards.length >= 7);
  if (!hasBurraco && (t.pozzettoTaken() || t.stock < 25)) return t.rules.closeRequires === "any" || hasCleanBurraco(t);
  return t.stock < 12;
}

function hasCleanBurraco(t: Table): boolean {
  return t.teamMelds().some((m) => m.cards.length >= 7 && m.wildAt < 0);
}

export function clubDiscard(t: Table, w: Weights): Move {
  const options = discardable(t.state, t.seat);
  const counts = countsOf(t.cards);
  const late = lateness(t);
  let best: Card | undefined;
  let bestScore = Infinity;
  for (const card of options) {
    const score = keepValue(card, t, counts, w, late) + feedValue(card, t, w);
    if (score < bestScore || (score === bestScore && card < best!)) {
      best = card;
      bestScore = score;
    }
  }
  return best === undefined ? { type: "resign" } : { type: "discard", card: best };
}
