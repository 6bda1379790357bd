import { describe, expect, it } from "vitest";
import { BOT_LEVELS, type BotLevel } from "../../src/bots/index.js";
import { type PlayerCount, PRESET_NAMES, PRESETS, teamCount } from "../../src/engine/index.js";
import { BOUNDED_WORK_TIMEOUT, size } from "../sizes.js";
import { newDriver, playHand, type Seating } from "./driver.js";

/**
 * Every level plays random hands of every preset with 2, 3 and 4 players:
 * every move it chooses must be accepted by the engine and every hand must
 * end. `npm test` plays a few hands; `npm run test:long` (or BOT_HANDS=N for
 * N times the long count) the full soak.
 */
const SCALE = Number(process.env.BOT_HANDS ?? 1);

/**
 * Hands per preset and player count. The expert plays a few hands at its
 * default setting and more with a small search (its strength is benchmarked, not tested).
 */
const HANDS: Record<BotLevel, number> = {
  beginner: size(6, 50 * SCALE),
  club: size(6, 50 * SCALE),
  expert: size(2, 6 * SCALE),
};
const SMALL_SEARCH = { iterations: 2, turns: 12, horizon: 2, discards: 2, wild: true };

function seat(level: BotLevel, hand: number): Seating {
  return level === "expert" && hand % 3 !== 0 ? { level, options: { search: SMALL_SEARCH } } : { level };
}

describe.each(BOT_LEVELS)("%s", (level) => {
  it.each(PRESET_NAMES)(
    "plays %s hands with 2, 3 and 4 players to their end, every move accepted, melding and scoring",
    (preset) => {
      for (const players of [2, 3, 4] as PlayerCount[]) {
        for (let h = 0; h < HANDS[level]; h++) {
          const d = newDriver(PRESETS[preset], players);
          // Every other hand, the other seats are the other levels in turn.
          const seats = Array.from({ length: players }, (_, s) =>
            seat(h % 2 === 0 || s === 0 ? level : BOT_LEVELS[(BOT_LEVELS.indexOf(level) + s) % BOT_LEVELS.length]!, h),
          );
          playHand(d, seats, `${level} ${preset} ${players} ${h}`, h % players);
          const hand = d.state.hand!;
          expect(hand.end).not.toBeNull();
          // A hand the bots played ends in play (closed, the stock ran out, or a stalemate of idle
          // turns, which experts can play into), never by a resignation or the clock, and is scored.
          expect(["closed", "stock", "stalemate"]).toContain(hand.end!.reason);
          expect(hand.scores).toHaveLength(teamCount(players));
          // Someone laid a meld: a bot that only draws and discards would pass the rest of this test.
          expect(hand.melds.length).toBeGreaterThan(0);
        }
      }
    },
    BOUNDED_WORK_TIMEOUT,
  );
});
