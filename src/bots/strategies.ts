import { makeMove } from "../engine/index.js";
import { CLUB_STYLE, clubMove, type Style } from "./club.js";
import { type BotInput, knowledgeOf } from "./knowledge.js";
import { legalMove, type MoveNotation } from "./notation.js";
import { tableOf } from "./sample.js";
import type { Meter } from "./table.js";
import { CLUB_WEIGHTS, type Weights } from "./values.js";

/**
 * Players of other styles than the levels, for the benchmark's pool of
 * opponents (`npm run bench -- bots`): a yardstick is only as good as the
 * variety of play it measures against. They are the club player's code with
 * another judgement, as pure and as honest as the levels (the honesty test
 * plays them too). Not offered in games.
 */
interface Strategy {
  readonly weights: Weights;
  readonly style: Style;
}

export const STRATEGIES = {
  /**
   * Plays for clean burracos: no wild on a meld before its team has a clean
   * one, runs kept together, the pile taken for what it brings to a meld.
   */
  clean: {
    weights: { ...CLUB_WEIGHTS, connection: 6, teamFit: 35, fitPile: 20, wildPile: 20 },
    style: { ...CLUB_STYLE, cleanFirst: true, exitWilds: 1, buildWildFrom: 6, dirtyStock: 8, needBurracoStock: 12 },
  },
  /**
   * A defensive discarder: above all it throws what the others cannot use
   * (cards that fit no meld of theirs, cards the next player threw himself),
   * sheds high cards early, and closes as soon as it may.
   */
  defensive: {
    weights: { ...CLUB_WEIGHTS, feedMeld: 60, feedKnown: 12, theirDiscard: 14, latePoints: 1.2, connection: 3 },
    // The club style's wild on a meld of five as it was when the pool was made: a yardstick must not move with the club player.
    style: { ...CLUB_STYLE, closeStock: 99, reserve: 5, buildWildFrom: 5 },
  },
} as const satisfies Record<string, Strategy>;

export type StrategyName = keyof typeof STRATEGIES;
export const STRATEGY_NAMES = Object.keys(STRATEGIES) as StrategyName[];

/** The strategy's next move, as `chooseMove` gives a level's. */
export function strategyMove(name: StrategyName, input: BotInput, seed: string | number, meter?: Meter): MoveNotation | null {
  const k = knowledgeOf(input);
  if (!k) return null;
  const t = tableOf(k, seed, meter);
  const { weights, style } = STRATEGIES[name];
  return makeMove(legalMove(t, clubMove(t, weights, style)));
}
