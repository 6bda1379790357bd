/**
 * The reference players' turn: what to take, what to lay, when to go out, what to throw. One player with a
 * style (bench/reference/index.ts names four); each call decides the seat's next move from what it knows.
 */
import {
  type Card,
  cardOf,
  discardable,
  type GameState,
  isWildCard,
  JOKER,
  type Meld,
  type Move,
  type Play,
  rankOf,
  suitOf,
} from "../../src/engine/index.js";
import { cheapestWild, fits, links, naturalMelds, places, wildPairs, wilds } from "./cards.js";
import type { Seat } from "./seat.js";

export interface Style {
  /** What a pile card that fits nothing is worth (cards to shed later), early and at the hand's end. */
  readonly junk: number;
  readonly lateJunk: number;
  /** Per pile card early in the hand: more cards to build with. */
  readonly bulk: number;
  /** What the pile must be worth, beyond a card from the stock. */
  readonly takeAbove: number;
  /** Wilds spent in one turn to reach the pozzetto. */
  readonly exitWilds: number;
  /** While going for the pozzetto, a pair and a wild are laid from a hand this large (Infinity: never). */
  readonly wildMeldFrom: number;
  /** The shortest meld a wild goes onto when a dirty burraco is wanted (6: it completes one). */
  readonly dirtyFrom: number;
  /** No wild on a meld before the team has a clean burraco, whatever closing asks. */
  readonly cleanFirst: boolean;
  /** How much it minds feeding the other side (1: as a solid player does). */
  readonly guard: number;
  /** Cards kept in hand while building a burraco after the pozzetto. */
  readonly keep: number;
  /** Closes whenever it may (else not while its team is well behind on the table and the stock is long). */
  readonly closeAlways: boolean;
  /** With partners: throws from the suits it does not collect first, and reads its partner's discards the same way. */
  readonly signals: boolean;
}

type Stage = "pozzetto" | "building" | "closing" | "stuck";

function stageOf(s: Seat, state: GameState): Stage {
  const hand = state.hand!;
  const p = hand.pozzetti[s.team];
  if (p === "stock") return "stuck";
  if (p === null) return "pozzetto";
  return hasBurraco(s, state) ? "closing" : "building";
}

function hasBurraco(s: Seat, state: GameState, clean = s.rules.closeRequires === "clean"): boolean {
  return state.hand!.melds.some((m) => m.team === s.team && m.cards.length >= 7 && (!clean || m.wildAt < 0));
}

export function referenceTurn(s: Seat, style: Style): Move {
  const move = s.phase === "take" ? take(s, style) : playOrDiscard(s, style);
  if (s.after(s.state, move)) return move;
  // Never a refused move: the simplest legal one.
  if (s.phase === "take") return s.after(s.state, { type: "draw" }) ? { type: "draw" } : { type: "pickup" };
  return { type: "discard", card: discardable(s.state, s.seat)[0]! };
}

/** What the open pile's cards are worth to this seat's hand. */
function pileWorth(s: Seat, style: Style, pile: readonly Card[]): number {
  const all = [...s.hand, ...pile];
  const melded = new Set(naturalMelds(all, s.rules).flat());
  const late = s.lateness;
  let worth = -4;
  for (const card of pile) {
    if (isWildCard(card)) worth += 20;
    else if (s.myMelds.some((m) => fits(m, card, s.rules))) worth += 10;
    else if (melded.has(card)) worth += 8;
    else {
      const l = links(card, all, s.rules);
      worth += l.pairs + l.near > 0 ? 3 : style.junk + (style.lateJunk - style.junk) * late;
    }
    worth += style.bulk * (1 - late);
  }
  return worth;
}

function take(s: Seat, style: Style): Move {
  const draw: Move = { type: "draw" };
  const top = s.top;
  if (top === null) return draw;
  // After the pozzetto, a short hand without the burraco it needs has nothing to build with: any pile will do.
  const starved = stageOf(s, s.state) === "building" && s.hand.length <= 4;
  if (s.rules.discardPile === "closed") {
    const play = closedPlay(s, style, top);
    if (!play) return draw;
    const known = s.pile.filter((c): c is Card => c !== null);
    const natural = play.cards.every((c) => !isWildCard(c));
    if (s.pile.length === 1 && !natural) return draw;
    if (starved) return { type: "pickup", play };
    return pileWorth(s, style, known) + (natural ? 6 : 0) + 2 * (s.pile.length - known.length) > style.takeAbove
      ? { type: "pickup", play }
      : draw;
  }
  if (s.pile.length === 1) {
    const card = top;
    // A lone card only when it lays at once (a wild while no turn has been idle): else a run of idle turns.
    const lays =
      !isWildCard(card) &&
      (s.myMelds.some((m) => fits(m, card, s.rules)) || naturalMelds([...s.hand, card], s.rules).some((m) => m.includes(card)));
    return lays || (isWildCard(card) && s.idleTurns === 0) ? { type: "pickup" } : draw;
  }
  return starved || pileWorth(s, style, s.pile as Card[]) > style.takeAbove ? { type: "pickup" } : draw;
}

/** With a closed pile: the play that takes it with its top card, natural first; a pair and a wild only for a pile of three or more. */
function closedPlay(s: Seat, style: Style, top: Card): Play | null {
  const options: Play[] = [];
  for (const m of s.myMelds) if (fits(m, top, s.rules)) options.push({ type: "attach", meld: m.id, cards: [top] });
  for (const meld of naturalMelds([...s.hand, top], s.rules)) if (meld.includes(top)) options.push({ type: "meld", cards: meld });
  const wild = cheapestWild(s.hand);
  const dirtyOk = !style.cleanFirst || hasBurraco(s, s.state, true);
  if (wild !== undefined && !isWildCard(top) && s.pile.length >= 3 && dirtyOk) {
    for (const pair of wildPairs([...s.hand, top], s.rules)) if (pair.includes(top)) options.push({ type: "meld", cards: [...pair, wild] });
  }
  return options.find((play) => s.after(s.state, { type: "pickup", play })) ?? null;
}

function playOrDiscard(s: Seat, style: Style): Move {
  const state = s.state;
  const stage = stageOf(s, state);
  if (stage === "pozzetto" || (stage === "closing" && wantsClose(s, style))) {
    const exit = findExit(s, state, stage === "pozzetto" ? style.exitWilds : 4);
    if (exit?.length) return exit[0]!;
  }
  const keep =
    stage === "pozzetto" ? 1 : stage === "closing" && !wantsClose(s, style) ? 3 : stage === "closing" ? 1 : Math.max(2, style.keep);
  const natural = naturalPlay(s, state, keep);
  if (natural) return natural;
  const wild = wildPlay(s, style, state, stage);
  if (wild) return wild;
  return { type: "discard", card: chooseDiscard(s, style) };
}

function wantsClose(s: Seat, style: Style): boolean {
  if (style.closeAlways || s.stock < 20) return true;
  let mine = 0;
  let best = 0;
  for (const m of s.melds) {
    const v = m.cards.length + (m.cards.length >= 7 ? 20 : 0);
    if (m.team === s.team) mine += v;
    else best += v / Math.max(1, s.players === 3 ? 2 : 1);
  }
  return mine + 10 >= best;
}

/** A natural card onto a team meld, or a new natural meld, leaving at least `keep` cards (unless the hand ends). */
function naturalPlay(s: Seat, state: GameState, keep: number): Play | null {
  const hand = state.hand!.hands[s.seat]!;
  const ok = (play: Play) => {
    const next = s.after(state, play);
    if (!next) return false;
    const left = next.hand!.hands[s.seat]!.length;
    return left >= keep || next.hand!.end !== null || next.hand!.pozzetti[s.team] !== state.hand!.pozzetti[s.team];
  };
  const mine = state.hand!.melds.filter((m) => m.team === s.team);
  for (const m of mine) {
    for (const card of new Set(hand)) {
      if (!fits(m, card, s.rules)) continue;
      const play: Play = { type: "attach", meld: m.id, cards: [card] };
      if (ok(play)) return play;
    }
  }
  for (const cards of naturalMelds(hand, s.rules)) {
    const same =
      !s.rules.sameRankSets && rankOf(cards[0]!) === rankOf(cards[1]!)
        ? mine.find((m) => m.kind === "set" && m.rank === rankOf(cards[0]!))
        : undefined;
    for (const play of [
      same ? ({ type: "attach", meld: same.id, cards } as Play) : ({ type: "meld", cards } as Play),
      { type: "meld", cards: cards.slice(1) } as Play,
    ]) {
      if (play.cards.length >= 3 && ok(play)) return play;
    }
  }
  return null;
}

/** A wild that completes a burraco where a dirty one is wanted, or, racing for the pozzetto, a pair and a wild. */
function wildPlay(s: Seat, style: Style, state: GameState, stage: Stage): Play | null {
  const hand = state.hand!.hands[s.seat]!;
  const wild = cheapestWild(hand);
  if (wild === undefined || hand.length <= 2) return null;
  const clean = hasBurraco(s, state, true);
  const dirtyWanted = (s.rules.closeRequires === "any" && !style.cleanFirst) || clean || (s.stock < 12 && s.rules.closeRequires === "any");
  if (stage !== "pozzetto" && stage !== "stuck" && dirtyWanted && !hasBurraco(s, state)) {
    const from = hand.length <= 3 ? Math.min(4, style.dirtyFrom) : style.dirtyFrom;
    const mine = state.hand!.melds.filter((m) => m.team === s.team && m.wildAt < 0 && m.cards.length >= from && m.cards.length < 7);
    mine.sort((a, b) => b.cards.length - a.cards.length);
    for (const m of mine) {
      const play: Play = { type: "attach", meld: m.id, cards: [wild] };
      if (s.after(state, play)) return play;
    }
  }
  if (stage === "pozzetto" && hand.length >= style.wildMeldFrom && (!style.cleanFirst || clean)) {
    for (const pair of wildPairs(
      hand.filter((c) => !isWildCard(c)),
      s.rules,
    )) {
      const play: Play = { type: "meld", cards: [...pair, wild] };
      const next = s.after(state, play);
      if (next && next.hand!.hands[s.seat]!.length >= 2) return play;
    }
  }
  return null;
}

/**
 * A way to empty the hand this turn: every natural play, then wild plays (a pair and a wild, a wild on a meld,
 * a card and a wild on a run), depth first, at most `most` wilds; the plays, or null when there is none.
 */
function findExit(s: Seat, start: GameState, most: number): Play[] | null {
  let nodes = 0;
  const out = (state: GameState) => state.hand!.end !== null || state.hand!.pozzetti[s.team] !== start.hand!.pozzetti[s.team];
  const visit = (state: GameState, plays: Play[], spent: number): Play[] | null => {
    if (++nodes > 40) return null;
    for (let guard = 0; guard < 20; guard++) {
      if (out(state)) return plays;
      const step = naturalPlay(s, state, 0);
      if (!step) break;
      state = s.after(state, step)!;
      plays = [...plays, step];
    }
    if (out(state)) return plays;
    const hand = state.hand!.hands[s.seat]!;
    if (hand.length === 1 && discardable(state, s.seat).includes(hand[0]!)) return plays;
    const wild = cheapestWild(hand);
    if (wild === undefined || spent >= most || hand.length - 3 * wilds(hand).length > 1) return null;
    const tries: Play[] = [];
    for (const pair of wildPairs(
      hand.filter((c) => !isWildCard(c)),
      s.rules,
    ))
      tries.push({ type: "meld", cards: [...pair, wild] });
    // Where only a clean burraco closes, a clean meld of four or more is the team's hope of one: no wild on it.
    const spare = (m: Meld) => s.rules.closeRequires === "any" || hasBurraco(s, state, true) || m.cards.length < 4;
    for (const m of state.hand!.melds) {
      if (m.team !== s.team || m.wildAt >= 0 || !spare(m)) continue;
      tries.push({ type: "attach", meld: m.id, cards: [wild] });
      if (m.kind !== "sequence") continue;
      for (const card of hand) {
        if (isWildCard(card) || suitOf(card) !== m.suit) continue;
        const hi = m.lo + m.cards.length - 1;
        if (places(card).some((p) => p === m.lo - 2 || p === hi + 2)) tries.push({ type: "attach", meld: m.id, cards: [card, wild] });
      }
    }
    for (const play of tries) {
      const next = s.after(state, play);
      if (!next) continue;
      const found = visit(next, [...plays, play], spent + 1);
      if (found) return found;
    }
    return null;
  };
  return visit(start, [], 0);
}

/** How likely the next player can use `card` from the pile (lay it on a meld of theirs, or make one with it). */
function usable(s: Seat, card: Card): number {
  if (isWildCard(card)) return 1;
  const n = s.next;
  const theirs = s.players === 4 ? n % 2 : n;
  if (s.melds.some((m) => m.team === theirs && fits(m, card, s.rules))) return 1;
  const suit = suitOf(card);
  const likely = (rank: number, suitOf: number) => s.likely(n, cardOf(rank, suitOf));
  let rank = 0;
  if (s.rules.sets) for (let su = 0; su < 4; su++) rank += likely(rankOf(card), su);
  const near = (d: number) =>
    Math.max(...places(card).map((p) => (p + d >= 1 && p + d <= 14 && p + d !== 2 ? likely(p + d === 14 ? 1 : p + d, suit) : 0)));
  const [m2, m1, p1, p2] = [near(-2), near(-1), near(1), near(2)];
  let wild = s.likely(n, JOKER);
  for (let su = 0; su < 4; su++) wild += likely(2, su);
  const meld = (rank * rank) / 2 + m2 * m1 + m1 * p1 + p1 * p2;
  const withWild = (rank + m2 + m1 + p1 + p2) * Math.min(1, wild);
  let use = Math.min(1, meld + 0.5 * withWild);
  if (s.discards[n]!.includes(card)) use *= 0.3;
  else if (s.discards[n]!.some((c) => rankOf(c) === rankOf(card))) use *= 0.7;
  return use;
}

/** The card that costs least to keep out of the hand and feeds the others least. */
function chooseDiscard(s: Seat, style: Style): Card {
  const options = discardable(s.state, s.seat);
  const late = s.lateness;
  const closed = s.rules.discardPile === "closed";
  const partner = s.partner;
  const partnerSuits = partner === null ? [] : s.discards[partner]!.map(suitOf);
  const mySuits = s.discards[s.seat]!.map(suitOf);
  // What the next player gains by the pile: with a closed pile it takes it only with the top card.
  const stake = closed ? 20 + 12 * s.pile.length : 10 + 4 * s.pile.length;
  let best = options[0]!;
  let bestScore = Number.POSITIVE_INFINITY;
  for (const card of options) {
    let keep = 0;
    if (isWildCard(card)) keep += 300;
    else {
      const l = links(card, s.hand, s.rules);
      keep += 10 * l.pairs + 9 * l.near + 4 * l.far;
      if (s.myMelds.some((m) => fits(m, card, s.rules))) keep += 25;
      // Partners still to come: copies of its rank and its neighbours nobody has seen yet.
      let live = s.rules.sets ? s.unseen[card]! : 0;
      for (const p of places(card))
        for (const d of [-1, 1]) if (p + d >= 3 && p + d <= 14) live += s.unseen[cardOf(p + d === 14 ? 1 : p + d, suitOf(card))]!;
      keep += 1.5 * live;
    }
    keep -= s.points(card) * late * 0.6;
    const feed = usable(s, card) * stake * style.guard;
    let signal = 0;
    if (style.signals && partner !== null && !isWildCard(card)) {
      // The suits partners throw are the ones they do not collect: keep to them, and away from the others.
      if (partnerSuits.includes(suitOf(card))) signal -= 6;
      if (mySuits.includes(suitOf(card))) signal -= 4;
    }
    const score = keep + feed + signal;
    if (score < bestScore) {
      best = card;
      bestScore = score;
    }
  }
  return best;
}
