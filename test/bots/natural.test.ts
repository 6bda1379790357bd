import { describe, expect, it } from "vitest";
import { pairCell, seating } from "../../bench/bots-pool.js";
import { BOUNDED_WORK_TIMEOUT } from "../sizes.js";

/**
 * Natural play, counted: a pair of computer players at a table with an open pile and runs only (aperto) goes
 * down to its pozzetto and closes in a share of its hands, as a club pair does, rather than take every pile and
 * hold a long hand all hand long. When they took every pile there, on these deals the club took its pozzetto in
 * 5 hands of 80 and never closed, the expert 3 and 1; the reference `solid` pair took its own in most hands.
 * Paired deals against the bench's reference player (each deal twice, the seats swapped), the same moves for
 * the same seeds: the counts are the players', never the machine's.
 */
const DEALS = 40;

describe("natural play at a pairs table, runs only (aperto, 4 players)", { timeout: BOUNDED_WORK_TIMEOUT }, () => {
  it.each(["club", "expert"])("%s takes its pozzetto in a fifth of its hands or more, closes some, and wins", async (level) => {
    const cell = pairCell(await seating(level), await seating("solid"), "aperto", 4, DEALS, 3000);
    const hands = 2 * DEALS;
    const taken = Math.round(cell.a.taken * hands);
    const closed = Math.round(cell.a.closes * hands);
    expect(taken, "hands with the pozzetto taken").toBeGreaterThanOrEqual(hands / 5);
    expect(closed, "hands closed").toBeGreaterThanOrEqual(hands / 20);
    // Not at the cost of the hands: more deals won than lost.
    expect(cell.won).toBeGreaterThan(0.5);
  });
});
