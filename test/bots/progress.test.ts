import { describe, expect, it } from "vitest";
import { BOT_LEVELS, type BotLevel, STRATEGY_NAMES, strategyMove } from "../../src/bots/index.js";
import { type GameState, type PlayerCount, PRESET_NAMES, PRESETS, type PresetName } from "../../src/engine/index.js";
import { newDriver, playHand, playMatch, type Seating } from "./driver.js";

/**
 * Computer players against each other always make progress: no run of idle
 * turns (a lone discard taken, another card thrown) until the stalemate rule
 * ends the hand, and every match between them reaches its end. Before this
 * was tested, two experts passed cards back and forth in nearly every hand
 * of classic, and their matches never ended.
 */

/** The expert with a smaller search (its choices come from the same rules; its strength is benchmarked). */
const SMALL = { iterations: 3, steps: 150, horizon: 2 };

function seatOf(name: BotLevel | (typeof STRATEGY_NAMES)[number], small: boolean): Seating {
  if (name === "clean" || name === "defensive")
    return { level: name, choose: (input, seed, meter) => strategyMove(name, input, seed, meter) };
  return name === "expert" && small ? { level: name, options: { search: SMALL } } : { level: name };
}

describe("self-play hands end in play, not in a stalemate", () => {
  const kinds = [...BOT_LEVELS, ...STRATEGY_NAMES];
  it.each(PRESET_NAMES)("%s: every level and strategy with 2, 3 and 4 players, stalemates under 2% of hands", (preset) => {
    let hands = 0;
    let stalemates = 0;
    for (const kind of kinds) {
      for (const players of [2, 3, 4] as PlayerCount[]) {
        const count = kind === "expert" ? 2 : 6;
        for (let h = 0; h < count; h++) {
          const d = newDriver(PRESETS[preset], players);
          const seat = seatOf(kind, h % 2 === 1);
          playHand(
            d,
            Array.from({ length: players }, () => seat),
            `progress ${preset} ${kind} ${players} ${h}`,
            h % players,
          );
          hands++;
          // A hand ends in play (closed, or the stock ran out) or by the stalemate rule; never refused, resigned or left hanging.
          const end = d.state.hand!.end;
          expect(end).not.toBeNull();
          expect(["closed", "stock", "stalemate"]).toContain(end!.reason);
          if (end!.reason === "stalemate") stalemates++;
        }
      }
    }
    expect(stalemates / hands).toBeLessThan(0.02);
  });
});

/** The match reached its target, in fewer hands than a run of stalemates (which score little) would take. */
function expectEnded(end: GameState, preset: PresetName): void {
  expect(end.over).toBe(true);
  expect(Math.max(...end.totals)).toBeGreaterThanOrEqual(PRESETS[preset].target);
  expect(end.past.length + 1).toBeLessThan(40);
}

describe("matches between computer players end", () => {
  // The settings where two experts' matches never ended, then every preset at a smaller search.
  const matches: [PresetName, BotLevel, boolean][] = [
    ["classic", "expert", false],
    ["aperto", "expert", false],
    ...PRESET_NAMES.map((p): [PresetName, BotLevel, boolean] => [p, "club", false]),
    ...PRESET_NAMES.map((p): [PresetName, BotLevel, boolean] => [p, "expert", true]),
  ];
  it.each(matches)("%s: %s against itself (a small search: %s), 2 players, to the target", (preset, level, small) => {
    const d = newDriver(PRESETS[preset], 2);
    const end = playMatch(d, [seatOf(level, small), seatOf(level, small)], `match ${preset} ${level} ${small}`);
    expectEnded(end, preset);
  });

  // With 3 players (each alone) and with partners, where the expert judges the table with fits of their own.
  const tables: [PresetName, PlayerCount][] = [
    ["classic", 3],
    ["aperto", 3],
    ["chiuso", 4],
    ["fibur", 4],
  ];
  it.each(tables)("%s: experts (a small search) with %i players, to the target", (preset, players) => {
    const d = newDriver(PRESETS[preset], players);
    const end = playMatch(
      d,
      Array.from({ length: players }, () => seatOf("expert", true)),
      `match ${preset} expert ${players}`,
    );
    expectEnded(end, preset);
  });
});
