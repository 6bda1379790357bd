import { describe, expect, it } from "vitest";
import { clubMove, clubTurn } from "../../src/bots/club.js";
import { BOT_LEVELS, chooseMove } from "../../src/bots/index.js";
import { Table } from "../../src/bots/table.js";
import { applyMove, dealFromSeed, eventFor, newGame, PRESETS, type PresetName, play, startHand, viewFor } from "../../src/engine/index.js";
import { newDriver, playHand } from "./driver.js";

function dealt(preset: PresetName = "classic", players: 2 | 3 | 4 = 2) {
  const rules = PRESETS[preset];
  const started = startHand(newGame(rules, players), dealFromSeed(`choose ${preset}`, players, 0, rules.jokers));
  if (!started.ok) throw new Error(started.error);
  return started.value;
}

describe("chooseMove", () => {
  it("has nothing to play for a seat whose turn it is not, for a spectator, or once the hand is over", () => {
    const { state } = dealt();
    const turn = state.hand!.turn;
    for (const level of BOT_LEVELS) {
      expect(chooseMove(level, { view: viewFor(state, 1 - turn), history: [] }, 1)).toBeNull();
      expect(chooseMove(level, { view: viewFor(state, null), history: [] }, 1)).toBeNull();
    }
    const d = newDriver(PRESETS.classic, 2);
    playHand(d, [{ level: "club" }, { level: "club" }], "over", 0);
    for (const seat of [0, 1]) expect(chooseMove("club", { view: viewFor(d.state, seat), history: d.histories[seat]! }, 1)).toBeNull();
  });

  it("answers in record notation, the same move for the same input and seed, and the engine accepts it", () => {
    const { state, events } = dealt();
    const seat = state.hand!.turn;
    const history = events.map((e) => eventFor(e, seat, state.rules));
    for (const level of BOT_LEVELS) {
      const input = { view: viewFor(state, seat), history };
      const move = chooseMove(level, input, "seed");
      expect(move).toEqual(chooseMove(level, JSON.parse(JSON.stringify(input)), "seed"));
      expect(typeof move!.type).toBe("string");
      expect(applyMove(state, seat, move).ok).toBe(true);
    }
  });

  it("plays legal moves from the view alone, without the hand's history (a closed pile's cards then unknown)", () => {
    for (const level of BOT_LEVELS) {
      const d = newDriver(PRESETS.chiuso, 3);
      playHand(
        d,
        Array.from({ length: 3 }, () => ({
          level,
          choose: (input, seed) => chooseMove(level, { view: input.view, history: [] }, seed, { search: { iterations: 2 } }),
        })),
        `no history ${level}`,
        1,
      );
      expect(d.state.hand!.end).not.toBeNull();
    }
  });

  it("lets the expert stop searching on the caller's clock, and reads no clock otherwise", () => {
    const { state } = dealt();
    const seat = state.hand!.turn;
    const input = { view: viewFor(state, seat), history: [] };
    let reads = 0;
    // A clock that jumps a second per reading: the search stops after its first two deals.
    const now = () => 1000 * reads++;
    const move = chooseMove("expert", input, 7, { search: { timeMs: 5, now, iterations: 50, turns: 10_000 } });
    expect(applyMove(state, seat, move).ok).toBe(true);
    expect(reads).toBeGreaterThan(0);
    expect(reads).toBeLessThanOrEqual(3);
    reads = 0;
    chooseMove("expert", input, 7, { search: { iterations: 3 } });
    expect(reads).toBe(0);
  });
});

describe("the club player's turn plan", () => {
  it("is the moves it chooses one at a time (the expert's look-ahead plays whole turns)", () => {
    let turns = 0;
    for (const [preset, players] of [
      ["classic", 2],
      ["chiuso", 4],
      ["aperto", 3],
    ] as const) {
      let { state } = dealt(preset, players);
      while (!state.hand!.end) {
        const seat = state.hand!.turn;
        const planned = clubTurn(new Table(state, seat));
        for (const move of planned) {
          expect(clubMove(new Table(state, seat))).toEqual(move);
          const result = play(state, seat, move);
          expect(result.ok).toBe(true);
          if (result.ok) state = result.value.state;
        }
        expect(state.hand!.end !== null || state.hand!.turn !== seat).toBe(true);
        turns++;
      }
    }
    expect(turns).toBeGreaterThan(30);
  });
});
