import { type Card, isWildCard, JOKER, rankOf, suitOf } from "./cards.js";
import { type Outcome, play } from "./game.js";
import { extendMeld, shapeMeld } from "./meld.js";
import type { Move, Play } from "./moves.js";
import { discardable, mightFit } from "./queries.js";
import { type Random, randomInt } from "./random.js";
import { teamSetOf } from "./rulings.js";
import { type Seat, teamOf } from "./seats.js";
import type { GameState } from "./state.js";

/**
 * A random but legal player: it takes, lays down what it can find, and
 * discards a random card it may discard. Used to drive property tests,
 * benchmarks and load tests through every part of the rules.
 */
export interface BotStyle {
  /** Chance of picking up an open discard pile instead of drawing. */
  readonly pickup: number;
  /** Chance of laying down a play it has found, rather than holding back. */
  readonly meld: number;
  /** Chance of naming a wild end explicitly. */
  readonly hint: number;
}

export const DEFAULT_STYLE: BotStyle = { pickup: 0.2, meld: 0.9, hint: 0.3 };

/** Chooses and applies one legal move for the seat to play. */
export function botMove(state: GameState, random: Random, style: BotStyle = DEFAULT_STYLE): { move: Move; outcome: Outcome } {
  const hand = state.hand!;
  const seat = hand.turn;
  const attempt = (move: Move) => {
    const result = play(state, seat, move);
    return result.ok ? { move, outcome: result.value } : null;
  };
  if (hand.phase === "take") {
    const top = hand.pile[hand.pile.length - 1];
    if (top !== undefined && state.rules.discardPile === "closed") {
      if (random() < style.pickup * 2) {
        for (const p of candidates(state, seat, [...hand.hands[seat]!, ...hand.pile], random, style, top)) {
          const done = attempt({ type: "pickup", play: p });
          if (done) return done;
        }
      }
    } else if (top !== undefined && random() < style.pickup) {
      const done = attempt({ type: "pickup" });
      if (done) return done;
    }
    return attempt({ type: "draw" }) ?? attempt({ type: "pickup" })!;
  }
  if (random() < style.meld) {
    for (const p of candidates(state, seat, hand.hands[seat]!, random, style)) {
      const done = attempt(p);
      if (done) return done;
    }
  }
  const options = discardable(state, seat);
  const plain = options.filter((c) => !isWildCard(c));
  const pool = plain.length && random() < 0.9 ? plain : options;
  const done = pool.length ? attempt({ type: "discard", card: pool[randomInt(random, pool.length)]! }) : null;
  return done ?? attempt({ type: "resign" })!;
}

/**
 * Candidate plays from `cards`, shuffled; with `must`, only plays that use that
 * card. Under `sameRankSets: false` a set of a rank the team already has is
 * offered as an addition to that set, never as a second set.
 */
export function candidatePlays(
  state: GameState,
  seat: Seat,
  cards: readonly Card[],
  random: Random,
  style: BotStyle = DEFAULT_STYLE,
  must?: Card,
): Play[] {
  return [...candidates(state, seat, cards, random, style, must)];
}

/**
 * The same candidates, found one at a time in a random order: the places a
 * play might be are shuffled first and each is checked only when reached,
 * so that a player who takes the first legal one checks little.
 */
function* candidates(state: GameState, seat: Seat, cards: readonly Card[], random: Random, style: BotStyle, must?: Card): Generator<Play> {
  const team = teamOf(seat, state.players);
  const rules = state.rules;
  const melds = state.hand!.melds;
  const hint = () => (random() < style.hint ? { wild: random() < 0.5 ? ("low" as const) : ("high" as const) } : {});
  const groups = meldGroups(cards).filter((g) => must === undefined || g.includes(must));
  // Each place a play might be, as one number (a group, or a meld and a card), shuffled, then checked in turn.
  const places: number[] = [];
  for (let g = 0; g < groups.length; g++) places.push(-1 - g);
  const unique = must === undefined ? [...new Set(cards)] : cards.includes(must) ? [must] : [];
  for (let m = 0; m < melds.length; m++) {
    if (melds[m]!.team !== team) continue;
    for (const card of unique) if (mightFit(melds[m]!, card)) places.push(m * 64 + card);
  }
  for (let i = places.length - 1; i > 0; i--) {
    const j = randomInt(random, i + 1);
    [places[i], places[j]] = [places[j]!, places[i]!];
  }
  for (const place of places) {
    if (place < 0) {
      const group = groups[-1 - place]!;
      const shaped = shapeMeld(group, rules);
      if (!shaped.ok) continue;
      const same = shaped.value.kind === "set" && !rules.sameRankSets ? teamSetOf(state.hand!, team, shaped.value.rank) : undefined;
      if (!same) yield { type: "meld", cards: group, ...hint() };
      else if (extendMeld(same, group, rules).ok) yield { type: "attach", meld: same.id, cards: group };
    } else {
      const meld = melds[place >> 6]!;
      const card = place & 63;
      if (extendMeld(meld, [card], rules).ok) yield { type: "attach", meld: meld.id, cards: [card], ...hint() };
    }
  }
}

/** Likely melds in a hand: sets by rank, runs by suit, each with a wild to bridge or extend. */
function meldGroups(cards: readonly Card[]): Card[][] {
  const wild = cards.find((c) => c === JOKER) ?? cards.find(isWildCard);
  const groups: Card[][] = [];
  const byRank: Card[][] = Array.from({ length: 14 }, () => []);
  // Per suit, the card at each position 1 … 14 (the ace is 1 and 14).
  const bySuit: (Card | undefined)[][] = Array.from({ length: 4 }, () => new Array<Card | undefined>(16));
  for (const card of cards) {
    if (isWildCard(card)) continue;
    const rank = rankOf(card);
    byRank[rank]!.push(card);
    const positions = bySuit[suitOf(card)]!;
    positions[rank] = card;
    if (rank === 1) positions[14] = card;
  }
  for (const same of byRank) {
    if (same.length >= 3) groups.push(same.slice(0, 9));
    if (same.length === 2 && wild !== undefined) groups.push([...same, wild]);
  }
  for (const positions of bySuit) {
    for (let lo = 1; lo <= 13; lo++) {
      if (positions[lo] === undefined || positions[lo - 1] !== undefined) continue;
      const run: Card[] = [];
      let pos = lo;
      const extend = () => {
        while (positions[pos] !== undefined && !(lo === 1 && pos === 14)) run.push(positions[pos++]!);
      };
      extend();
      if (run.length >= 3) groups.push(run.slice());
      if (wild === undefined) continue;
      if (positions[pos + 1] !== undefined && pos + 1 <= 14) {
        run.push(wild);
        pos++;
        extend();
        groups.push(run);
      } else if (run.length >= 2) {
        groups.push([...run, wild]);
      }
    }
  }
  return groups;
}
