import { describe, expect, it } from "vitest";
import { chooseMove, EXPERT_DEFAULT, type Meter } from "../../src/bots/index.js";
import { type PlayerCount, PRESETS, type PresetName } from "../../src/engine/index.js";
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
const DECISION_MOST = 2 * EXPERT_DEFAULT.steps + 200;
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
