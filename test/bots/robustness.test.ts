import { describe, expect, it } from "vitest";
import { BOT_LEVELS, type BotLevel } from "../../src/bots/index.js";
import { type PlayerCount, PRESET_NAMES, PRESETS } from "../../src/engine/index.js";
import { newDriver, playHand, type Seating } from "./driver.js";

/**
 * Every level plays random hands of every preset with 2, 3 and 4 players:
 * every move it chooses must be accepted by the engine and every hand must
 * end. BOT_HANDS raises the number of hands for a longer soak.
 */
const SCALE = Number(process.env.BOT_HANDS ?? 1);

/** Hands per preset and player count; the expert searches with a small budget here (its strength is benchmarked, not tested). */
const HANDS: Record<BotLevel, number> = { beginner: 40, club: 40, expert: 2 };
const SMALL_SEARCH = { iterations: 2, horizon: 2 };

function seat(level: BotLevel): Seating {
  return level === "expert" ? { level, options: { search: SMALL_SEARCH } } : { level };
}

describe.each(BOT_LEVELS)("%s", (level) => {
  it.each(PRESET_NAMES)("plays %s hands with 2, 3 and 4 players to their end, every move accepted", (preset) => {
    let hands = 0;
    for (const players of [2, 3, 4] as PlayerCount[]) {
      for (let h = 0; h < HANDS[level] * SCALE; h++) {
        const d = newDriver(PRESETS[preset], players);
        // Every other hand, the other seats are the other levels in turn.
        const seats = Array.from({ length: players }, (_, s) =>
          seat(h % 2 === 0 || s === 0 ? level : BOT_LEVELS[(BOT_LEVELS.indexOf(level) + s) % BOT_LEVELS.length]!),
        );
        playHand(d, seats, `${level} ${preset} ${players} ${h}`, h % players);
        expect(d.state.hand!.end).not.toBeNull();
        hands++;
      }
    }
    expect(hands).toBe(3 * HANDS[level] * SCALE);
  });
});
