import { describe, expect, it } from "vitest";
import { joinPieces, paired } from "../../bench/bots-compare.js";
import { type CellResult, opponentsFor, pairCell, row, seating } from "../../bench/bots-pool.js";
import { shareText, targetVerdict, wilson } from "../../bench/intervals.js";
import { REFERENCE_NAMES } from "../../bench/reference/index.js";
import { type PlayerCount, PRESET_NAMES, PRESETS } from "../../src/engine/index.js";
import { BOUNDED_WORK_TIMEOUT, size } from "../sizes.js";
import { newDriver, playHand } from "./driver.js";

/**
 * The bench's yardstick (`npm run bench -- bots`): the reference players play whole hands by the rules at every
 * table, a cell's pieces join into one, and its intervals stay honest at the edges. What the bench measures with
 * them is its own to print; these check the parts that would make its table wrong without anyone noticing.
 */

describe("the reference players", { timeout: BOUNDED_WORK_TIMEOUT }, () => {
  it.each(PRESET_NAMES)(
    "%s: each plays whole hands with 2, 3 and 4 players, every move accepted, against itself and the levels",
    async (preset) => {
      const club = await seating("club");
      for (const name of REFERENCE_NAMES) {
        const reference = await seating(name);
        for (const players of [2, 3, 4] as PlayerCount[]) {
          for (let h = 0; h < size(1, 4); h++) {
            // Against itself, then beside the club (the driver throws on a refused move or a hand without an end).
            for (const other of [reference, club]) {
              const d = newDriver(PRESETS[preset], players);
              const seats = Array.from({ length: players }, (_, s) => (s % 2 === 0 ? reference : other));
              playHand(d, seats, `reference ${name} ${preset} ${players} ${h}`, h % players);
              const end = d.state.hand!.end;
              expect(end, `${name} ${preset} ${players}p`).not.toBeNull();
              expect(["closed", "stock", "stalemate"]).toContain(end!.reason);
            }
          }
        }
      }
    },
  );

  it("sit where they play their style: the guard at a closed pile, the signalling pair with partners", () => {
    expect(opponentsFor("classic", 2)).toEqual(["solid", "closer"]);
    expect(opponentsFor("chiuso", 4)).toEqual(["solid", "closer", "guard", "signals"]);
    expect(opponentsFor("aperto", 4, ["guard", "signals", "round-2:club"])).toEqual(["signals", "round-2:club"]);
  });
});

describe("a cell of the pool", { timeout: BOUNDED_WORK_TIMEOUT }, () => {
  it("with 3 players, plays each deal three times and keeps each deal's lead", async () => {
    const cell = pairCell(await seating("solid"), await seating("closer"), "chiuso", 3, 2, 7);
    expect(cell.deals).toBe(2);
    expect(cell.leads).toHaveLength(2);
    expect(cell.from).toBe(7);
    expect(cell.won).toBe(cell.leads.reduce((s, l) => s + (l > 0 ? 1 : l === 0 ? 0.5 : 0), 0) / 2);
    expect(cell.lead).toBeCloseTo((cell.leads[0]! + cell.leads[1]!) / 2, 6);
    // Two deals of three hands each: every share is a whole number of sixths, the mean of the two others' per hand.
    expect(cell.a.closes * 6).toBeCloseTo(Math.round(cell.a.closes * 6), 6);
    expect(cell.b.closes * 12).toBeCloseTo(Math.round(cell.b.closes * 12), 6);
  });
});

function piece(from: number, leads: number[], side = "club"): CellResult {
  const figures = { points: 0, burracos: 1, clean: 0, closes: 0.5, taken: 1, missed: 0, lingered: 0 };
  return {
    side,
    opponent: "solid",
    preset: "chiuso",
    players: 4,
    from,
    deals: leads.length,
    won: leads.filter((l) => l > 0).length / leads.length,
    lead: 0,
    leadCi: 0,
    leads,
    a: { ...figures, burracos: from },
    b: figures,
    turns: 30,
    stalemates: 0,
    seconds: 1,
  };
}

describe("the table's pieces", () => {
  it("joins pieces that follow on into one cell, its figures from every deal", () => {
    const [cell] = joinPieces([piece(10, [30, -10, 0]), piece(0, [5, 5, 5, 5, 5, -5, -5, -5, -5, -5])]);
    expect(cell!.deals).toBe(13);
    expect(cell!.from).toBe(0);
    expect(cell!.leads).toEqual([5, 5, 5, 5, 5, -5, -5, -5, -5, -5, 30, -10, 0]);
    // Won: 5 + 1 + a tie's half, of 13.
    expect(cell!.won).toBeCloseTo(6.5 / 13, 9);
    expect(cell!.lead).toBeCloseTo(20 / 13, 9);
    // Each side's figures weighted by the piece's deals.
    expect(cell!.a.burracos).toBeCloseTo((10 * 0 + 3 * 10) / 13, 9);
  });

  it("a piece played twice counts once, and a range of deals after a gap is a cell of its own", () => {
    const cells = joinPieces([piece(5, [1, 1, 1]), piece(0, [1, 1]), piece(0, [1, -1]), piece(2, [-1]), piece(8, [-1])]);
    expect(cells.map((c) => [c.from, c.leads])).toEqual([
      [0, [1, 1, -1]],
      [5, [1, 1, 1, -1]],
    ]);
  });

  it("keeps cells apart by side, opponent, preset and table size", () => {
    const cells = joinPieces([piece(0, [1]), piece(0, [-1], "expert"), { ...piece(0, [1]), players: 2 }]);
    expect(cells.map((c) => `${c.side} ${c.players}`)).toEqual(["club 2", "club 4", "expert 4"]);
  });

  it("compares two sides deal by deal on the same deals", () => {
    const d = paired(piece(0, [10, 10, -5, 0]), piece(0, [5, -10, -5, 5]));
    expect(d.deals).toBe(4);
    // Per deal: 1−1, 1−0, 0−0, ½−1.
    expect(d.won).toBeCloseTo((0 + 1 + 0 - 0.5) / 4, 9);
    expect(d.lead).toBeCloseTo((5 + 20 + 0 - 5) / 4, 9);
    expect(d.wonCi).toBeGreaterThan(0);
  });
});

describe("the intervals", () => {
  it("Wilson's interval: honest at 0% and 100%, close to the normal one in the middle", () => {
    const all = wilson(1, 10);
    expect(all.hi).toBe(1);
    expect(all.lo).toBeCloseTo(0.7225, 3);
    const none = wilson(0, 10);
    expect(none.lo).toBe(0);
    expect(none.hi).toBeCloseTo(0.2775, 3);
    const half = wilson(0.5, 100);
    expect(half.lo).toBeCloseTo(0.4038, 3);
    expect(half.hi).toBeCloseTo(0.5962, 3);
    expect(shareText(1, 10)).toBe("100.0% (72.2–100.0)");
    expect(row(piece(0, [1, 1, 1, 1, 1]))[4]).toBe("100.0% (56.6–100.0)");
  });

  it("a target is met only when the whole interval clears it", () => {
    expect(targetVerdict(0.8, 300, 0.65).trim()).toBe("met");
    expect(targetVerdict(0.7, 20, 0.65).trim()).toBe("met?");
    expect(targetVerdict(0.6, 20, 0.65).trim()).toBe("MISSED?");
    expect(targetVerdict(0.5, 300, 0.65).trim()).toBe("MISSED");
  });
});
