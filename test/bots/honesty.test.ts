import { readdirSync, readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { REFERENCE_NAMES, type ReferenceName, referenceMove } from "../../bench/reference/index.js";
import {
  BOT_LEVELS,
  type BotLevel,
  chooseMove,
  EXPERT_STRONG,
  type SearchBudget,
  type SeenEvent,
  STRATEGY_NAMES,
  type StrategyName,
  strategyMove,
} from "../../src/bots/index.js";
import {
  applyMove,
  type GameState,
  makeCard,
  type PlayerCount,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  seededRandom,
  viewFor,
} from "../../src/engine/index.js";
import { scrambleHidden } from "../engine/invariants.js";
import { BOUNDED_WORK_TIMEOUT, size } from "../sizes.js";
import { newDriver, playHand, type Seating } from "./driver.js";

/**
 * A computer player decides from its seat's view and the hand's events as
 * that seat saw them, nothing else: with the same seed, shuffling every card
 * it cannot see (other hands, the stock, untaken pozzetti) never changes its move.
 */

/** Every level, and the expert's strong setting too (it also searches wild plays), with fewer deals to keep the test short. */
const PLAYERS: readonly {
  readonly name: string;
  readonly level: BotLevel;
  readonly search: Partial<SearchBudget>;
  readonly strategy?: StrategyName;
  readonly reference?: ReferenceName;
}[] = [
  ...BOT_LEVELS.map((level) => ({ name: level, level, search: { iterations: 3, horizon: 2 } })),
  { name: "expert (strong)", level: "expert", search: { ...EXPERT_STRONG, iterations: 3, turns: 120, steps: 600 } },
  // The benchmark's pool of other styles.
  ...STRATEGY_NAMES.map((strategy) => ({ name: `strategy ${strategy}`, level: "club" as const, search: {}, strategy })),
  // The bench's reference players (bench/reference): a yardstick that peeked would measure nothing.
  ...REFERENCE_NAMES.map((reference) => ({ name: `reference ${reference}`, level: "club" as const, search: {}, reference })),
];

function decide(player: (typeof PLAYERS)[number], state: GameState, seat: number, history: readonly SeenEvent[], seed: string) {
  const input = { view: viewFor(state, seat), history };
  if (player.reference) return referenceMove(player.reference, input);
  return player.strategy ? strategyMove(player.strategy, input, seed) : chooseMove(player.level, input, seed, { search: player.search });
}

/** Positions from club hands: every seat to play, at every step of a few hands. */
function positions(preset: PresetName, players: PlayerCount, hands: number): { state: GameState; history: SeenEvent[] }[] {
  const out: { state: GameState; history: SeenEvent[] }[] = [];
  for (let h = 0; h < hands; h++) {
    const d = newDriver(PRESETS[preset], players);
    const club: Seating = {
      level: "club",
      choose: (input, seed) => {
        const seat = input.view.viewer!;
        out.push({ state: d.state, history: d.histories[seat]!.slice() });
        return chooseMove("club", input, seed);
      },
    };
    playHand(
      d,
      Array.from({ length: players }, () => club),
      `honest ${preset} ${players} ${h}`,
      h % players,
    );
  }
  return out;
}

/** The seat's own hand with one card swapped for a card it cannot see: a different position for the seat. */
function swapOwnCard(state: GameState, seat: number, seed: string): GameState | null {
  const hand = state.hand!;
  const other = hand.hands.findIndex((h, s) => s !== seat && h.length > 0);
  const mine = hand.hands[seat]!;
  if (other < 0 || mine.length === 0) return null;
  const random = seededRandom(seed);
  const i = Math.floor(random() * mine.length);
  const theirs = hand.hands[other]!;
  const j = Math.floor(random() * theirs.length);
  if (theirs[j] === mine[i]) return null;
  const hands = hand.hands.map((h) => h.slice());
  [hands[seat]![i], hands[other]![j]] = [theirs[j]!, mine[i]!];
  return { ...state, hand: { ...hand, hands } };
}

describe.each(PLAYERS)("$name decides from what its seat may know", { timeout: BOUNDED_WORK_TIMEOUT }, (player) => {
  const { level } = player;
  it.each(PRESET_NAMES)("%s: the same move whatever the hidden cards, and a different one when its own cards differ", (preset) => {
    let checked = 0;
    let changed = 0;
    for (const players of [2, 3, 4] as PlayerCount[]) {
      const all = positions(preset, players, level === "expert" ? 1 : 2);
      // The expert searches: every third position is enough (every fourth, and every other one of
      // the others, in `npm test`; all of them in `npm run test:long`).
      const step = level === "expert" ? size(4, 3) : size(2, 1);
      for (let p = 0; p < all.length; p += step) {
        const { state, history } = all[p]!;
        const seat = state.hand!.turn;
        const seed = `${preset}/${p}`;
        const move = decide(player, state, seat, history, seed);
        expect(move).not.toBeNull();
        expect(applyMove(state, seat, move).ok).toBe(true);
        for (let k = 0; k < 2; k++) {
          const scrambled = scrambleHidden(state, seat, `${seed}/${k}`);
          expect(decide(player, scrambled, seat, history, seed), `position ${p}, shuffle ${k}`).toEqual(move);
        }
        checked++;
        const swapped = swapOwnCard(state, seat, seed);
        if (swapped && state.hand!.phase === "play") {
          const other = decide(player, swapped, seat, history, seed);
          if (JSON.stringify(other) !== JSON.stringify(move)) changed++;
        }
      }
    }
    expect(checked).toBeGreaterThan(20);
    // The check above could not fail if the player ignored its input: its own cards do change its moves.
    expect(changed).toBeGreaterThan(0);
  });
});

describe("the players' code", () => {
  it("reads no whole game state: nothing in src/bots imports the views, the events or the engine's own random player", () => {
    const dir = new URL("../../src/bots/", import.meta.url);
    const files = readdirSync(dir).filter((f) => f.endsWith(".ts"));
    expect(files.length).toBeGreaterThan(5);
    for (const file of files) {
      const text = readFileSync(new URL(file, dir), "utf8").replace(/\/\*[\s\S]*?\*\/|\/\/.*$/gm, "");
      for (const name of ["viewFor", "eventFor", "botMove", "replayRecord", "movesOf", "GameEvent"]) {
        expect(new RegExp(`\\b${name}\\b`).test(text), `${file} uses ${name}`).toBe(false);
      }
    }
    expect(makeCard(0)).toBe("AS");
  });
});
