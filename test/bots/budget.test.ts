import { describe, expect, it } from "vitest";
import { chooseMove, EXPERT_DEFAULT, type Meter } from "../../src/bots/index.js";
import {
  dealFromSeed,
  type GameEvent,
  type GameState,
  newGame,
  type PlayerCount,
  PRESETS,
  type PresetName,
  startHand,
} from "../../src/engine/index.js";
import { canDecide, computerMoves, DECISION_STEPS, INVOCATION_STEPS, newWork } from "../../src/server/room/computer.js";
import { newDriver, playHand } from "./driver.js";

/**
 * The expert's CPU is bounded by counting its work, never by a clock: every
 * move it tries on the engine, in its judgement and in its look-ahead,
 * counts one (Meter). A decision stops dealing before it passes
 * `EXPERT_DEFAULT.steps` and cuts its look-ahead at twice that, so whole
 * turns stay within a fixed amount of work on any machine (about 2.5 µs a
 * counted move at the median on the loaded machine it was measured on, all
 * the rest of the decision included: docs/computer-players.md).
 */
const DECISION_MOST = DECISION_STEPS;
const TURN_MOST = 2 * DECISION_MOST;

describe("the expert's work per decision and per turn", () => {
  it.each([
    ["classic", 2],
    ["chiuso", 2],
    ["aperto", 4],
    ["fibur", 3],
    ["chiuso-stcl", 4],
  ] as [PresetName, PlayerCount][])("%s with %i players: counted, bounded, and the same on every run", (preset, players) => {
    const decisions: number[] = [];
    const turns = new Map<number, number>();
    let turn = 0;
    const d = newDriver(PRESETS[preset], players);
    const expert = {
      level: "expert",
      choose: (input: Parameters<typeof chooseMove>[1], seed: string, meter: Meter) => {
        const move = chooseMove("expert", input, seed, { meter });
        // The count is part of the decision's determinism: the same input, the same work.
        const again: Meter = { steps: 0 };
        expect(chooseMove("expert", input, seed, { meter: again })).toEqual(move);
        expect(again.steps).toBe(meter.steps);
        decisions.push(meter.steps);
        if (input.view.hand!.phase === "take") turn++;
        turns.set(turn, (turns.get(turn) ?? 0) + meter.steps);
        return move;
      },
    };
    playHand(
      d,
      Array.from({ length: players }, () => expert),
      `budget ${preset} ${players}`,
      0,
    );
    expect(decisions.length).toBeGreaterThan(20);
    // It does search (the count is not trivially small)…
    expect(Math.max(...decisions)).toBeGreaterThan(EXPERT_DEFAULT.steps / 2);
    // …within its bound per decision and per turn.
    expect(Math.max(...decisions)).toBeLessThanOrEqual(DECISION_MOST);
    expect(Math.max(...turns.values())).toBeLessThanOrEqual(TURN_MOST);
  });

  it("stops dealing once the decision's work is spent, whatever the number of deals allowed", () => {
    const d = newDriver(PRESETS.classic, 2);
    const counts: number[] = [];
    const expert = {
      level: "expert",
      choose: (input: Parameters<typeof chooseMove>[1], seed: string, meter: Meter) => {
        const move = chooseMove("expert", input, seed, { meter, search: { iterations: 1000, turns: 1e9, steps: 300 } });
        counts.push(meter.steps);
        return move;
      },
    };
    playHand(d, [expert, expert], "budget many deals", 1);
    expect(Math.max(...counts)).toBeLessThanOrEqual(2 * 300 + 200);
  });
});

/**
 * The room plays a computer's turn over several invocations of its alarm (src/server/room/computer.ts),
 * each within INVOCATION_STEPS of counted work: a decision is started only while it still fits.
 */
describe("the work per invocation of the room", () => {
  it.each([
    ["classic", 2, "expert"],
    ["chiuso-sporco", 3, "expert"],
    ["fibur", 4, "expert"],
    ["aperto", 2, "club"],
    ["chiuso", 4, "beginner"],
  ] as [PresetName, PlayerCount, "expert" | "club" | "beginner"][])(
    "%s with %i players, %s: every invocation within its counted budget, a searched decision alone after cheap ones",
    (preset, players, level) => {
      const seed = `invocations ${preset} ${players}`;
      const game = newGame(PRESETS[preset], players);
      const started = startHand(game, dealFromSeed(seed, players, 0, game.rules.jokers));
      if (!started.ok) throw new Error(started.error);
      let state: GameState = started.value.state;
      const events: GameEvent[] = [...started.value.events];
      let version = 0;
      const invocations: number[] = [];
      const spread: number[] = [];
      while (!state.hand!.end) {
        const seat = state.hand!.turn;
        let count = 0;
        while (!state.hand!.end && state.hand!.turn === seat) {
          const work = newWork();
          const at = version;
          const decisions: number[] = [];
          const moves = computerMoves(
            state,
            events,
            level,
            (i) => `${seed}/${at + i}`,
            work,
            (lvl, input, s, meter) => {
              const before = meter.steps;
              const move = chooseMove(lvl, input, s, { meter });
              decisions.push(meter.steps - before);
              return move;
            },
          );
          expect(moves.length).toBeGreaterThan(0);
          // Counted, within the budget; each decision within its bound; and the invocation stopped at the turn's
          // end or because the next decision could not have fitted.
          expect(work.steps).toBeLessThanOrEqual(INVOCATION_STEPS);
          for (const d of decisions) expect(d).toBeLessThanOrEqual(DECISION_STEPS);
          for (const m of moves) events.push(...m.outcome.events);
          state = moves.at(-1)!.outcome.state;
          version += moves.length;
          if (!state.hand!.end && state.hand!.turn === seat) expect(canDecide(work)).toBe(false);
          invocations.push(work.steps);
          count++;
        }
        spread.push(count);
      }
      expect(invocations.length).toBeGreaterThan(10);
      if (level === "expert") {
        // It searches (its take, its discard, when judgement has a close choice): many of its turns are spread
        // over two invocations or more.
        expect(Math.max(...invocations)).toBeGreaterThan(EXPERT_DEFAULT.steps / 2);
        expect(spread.filter((n) => n > 1).length).toBeGreaterThan(spread.length / 5);
      } else {
        // The others' decisions are cheap: a turn in one invocation.
        expect(spread.every((n) => n === 1)).toBe(true);
      }
    },
  );
});
