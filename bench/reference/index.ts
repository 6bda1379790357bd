/**
 * The reference players: the computer players' yardstick (`npm run bench -- bots pool`), written apart from
 * src/bots and sharing none of its code (they import the engine only), so that a strength measured against
 * them is not a player measured against itself. Each decides from its seat's view and the hand's events as
 * its seat saw them, as the levels do (test/bots/honesty.test.ts plays them too).
 *
 * - `solid`: a club player's game. It takes the pile for what it brings, lays what it can, goes for its
 *   pozzetto spending up to two wilds, completes a dirty burraco with a wild where one closes, closes when its
 *   team is not well behind, and throws what links least with its hand and feeds the others least.
 * - `closer`: races to go out. It takes little, lays a pair and a wild to shed cards, spends up to three wilds
 *   to reach its pozzetto, puts a wild on a meld of five to reach a burraco, and closes at once.
 * - `guard`: the closed-pile specialist. No wild on a meld before its team has a clean burraco, long natural
 *   runs, the closed pile taken whenever its top card lays naturally, and every discard weighed for what it
 *   hands the next player (twice the solid player's care): it guards the pile's top card.
 * - `signals`: the solid player in a pair that signals through its discards, as club players do: each partner
 *   throws from the suits it does not collect, and reads the other's discards as the suits it may throw too.
 */
import type { MoveText } from "../../src/engine/index.js";
import { makeMove } from "../../src/engine/index.js";
import { referenceTurn, type Style } from "./play.js";
import { type ReferenceInput, Seat } from "./seat.js";

const SOLID: Style = {
  junk: 1.5,
  lateJunk: -8,
  bulk: 0,
  takeAbove: 0,
  exitWilds: 3,
  wildMeldFrom: Number.POSITIVE_INFINITY,
  dirtyFrom: 6,
  cleanFirst: false,
  guard: 1,
  keep: 2,
  closeAlways: true,
  signals: false,
};

export const REFERENCES = {
  solid: SOLID,
  closer: {
    ...SOLID,
    junk: -6,
    lateJunk: -14,
    bulk: 0,
    takeAbove: 8,
    exitWilds: 3,
    wildMeldFrom: 6,
    dirtyFrom: 5,
    keep: 2,
    closeAlways: true,
  },
  guard: { ...SOLID, cleanFirst: true, guard: 2, exitWilds: 1, takeAbove: -4, keep: 3 },
  signals: { ...SOLID, signals: true },
} as const satisfies Record<string, Style>;

export type ReferenceName = keyof typeof REFERENCES;
export const REFERENCE_NAMES = Object.keys(REFERENCES) as ReferenceName[];

/** The reference player's next move in record notation, or null when it is not the seat's turn. */
export function referenceMove(name: ReferenceName, input: ReferenceInput): MoveText | null {
  const hand = input.view.hand;
  if (!hand || hand.end || input.view.match.over || hand.turn !== input.view.viewer || !hand.myHand) return null;
  return makeMove(referenceTurn(new Seat(input), REFERENCES[name]));
}
