import fc from "fast-check";
import { describe, it } from "vitest";
import { PRESET_NAMES } from "../../src/engine/index.js";
import { BOUNDED_WORK_TIMEOUT, size } from "../sizes.js";
import { randomHand } from "./random-hand.js";

/** Hands per preset: a few in `npm test`, 300 in `npm run test:long` (or PROPERTY_HANDS). */
const HANDS = size(30, 300, "PROPERTY_HANDS");

describe("random legal hands with 3 players", () => {
  it.each(PRESET_NAMES)(
    `%s: ${HANDS} hands keep every card, every meld valid, every view and event clean, and replay`,
    (preset) => {
      fc.assert(
        fc.property(fc.nat(), (seed) => randomHand(preset, 3, seed)),
        { numRuns: HANDS },
      );
    },
    BOUNDED_WORK_TIMEOUT,
  );
});
