import fc from "fast-check";
import { describe, it } from "vitest";
import { PRESET_NAMES } from "../../src/engine/index.js";
import { randomHand } from "./random-hand.js";

/** Hands per preset; PROPERTY_HANDS raises it for a longer soak. */
const HANDS = Number(process.env.PROPERTY_HANDS ?? 300);

describe("random legal hands with 2 players", () => {
  it.each(PRESET_NAMES)(
    `%s: ${HANDS} hands keep every card, every meld valid, every view and event clean, and replay`,
    (preset) => {
      fc.assert(
        fc.property(fc.nat(), (seed) => randomHand(preset, 2, seed)),
        { numRuns: HANDS },
      );
    },
    600_000,
  );
});
