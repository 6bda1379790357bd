import { describe, expect, it } from "vitest";
import { BYE_VP, duplicateMargins, FORFEIT_VP, tableVictoryPoints } from "../../src/tournament/score";
import { standings } from "../../src/tournament/standings";
import type { Pairing, RoundOutcome, TableResult } from "../../src/tournament/types";

/** A round of tables `[table, side0, side1, totals]`, every table finished. */
function round(...tables: [number, number | null, number | null, [number, number], TableResult["lost"]?][]): RoundOutcome {
  const pairings: Pairing[] = tables.map(([table, a, b]) => ({ kind: "table", table, sides: [a, b] }));
  const results = new Map<number, TableResult>(
    tables.map(([table, , , totals, lost]) => [table, { totals, hands: [], ...(lost ? { lost } : {}) }]),
  );
  return { pairings, results };
}

const brief = (rows: ReturnType<typeof standings>) => rows.map((r) => [r.rank, r.entry, r.vp, r.diff]);

describe("victory points", () => {
  it("follow the FIBur table", () => {
    const vp = (a: number, b: number) => tableVictoryPoints({ totals: [a, b], hands: [] });
    expect(vp(1000, 1000)).toEqual([10, 10]);
    expect(vp(1100, 1000)).toEqual([10, 10]);
    expect(vp(1101, 1000)).toEqual([11, 9]);
    expect(vp(1300, 1000)).toEqual([11, 9]);
    expect(vp(1000, 1301)).toEqual([8, 12]);
    expect(vp(2050, 1000)).toEqual([15, 5]);
    expect(vp(3000, 1000)).toEqual([19, 1]);
    expect(vp(3001, 1000)).toEqual([20, 0]);
  });

  it("a table lost outside play gives the other side all 20, whatever the points", () => {
    expect(tableVictoryPoints({ totals: [1500, 300], hands: [], lost: { side: 0, reason: "timeout" } })).toEqual([0, 20]);
    expect(tableVictoryPoints({ totals: [0, 0], hands: [], lost: { side: 1, reason: "aborted" } })).toEqual([20, 0]);
  });
});

describe("standings", () => {
  it("rank by victory points (worked by hand)", () => {
    const rows = standings(
      [0, 1, 2, 3],
      [
        // 300 apart: 11–9; 100 apart: 10–10.
        round([1, 0, 2, [1500, 1200]], [2, 1, 3, [900, 1000]]),
        // 1050 apart: 15–5 to entry 3; 2100 apart: 20–0 to entry 1.
        round([1, 0, 3, [800, 1850]], [2, 1, 2, [2300, 200]]),
      ],
    );
    expect(brief(rows)).toEqual([
      [1, 1, 30, 2000],
      [2, 3, 25, 1150],
      [3, 0, 16, -750],
      [4, 2, 9, -2400],
    ]);
    expect(rows[0]!.for).toBe(3200);
    expect(rows[0]!.against).toBe(1200);
    expect(rows[0]!.played).toBe(2);
  });

  it("break a tie on victory points by the points difference", () => {
    // All at 10 VP; entry 2 won its table by 100 points, entry 3 lost by 100; entries 0 and 1 drew with each other.
    const rows = standings([0, 1, 2, 3], [round([1, 0, 1, [1000, 1000]], [2, 2, 3, [1100, 1000]])]);
    expect(brief(rows)).toEqual([
      [1, 2, 10, 100],
      // Equal on all three: they share the rank.
      [2, 0, 10, 0],
      [2, 1, 10, 0],
      [4, 3, 10, -100],
    ]);
  });

  it("then by head to head", () => {
    const rows = standings(
      [0, 1, 2, 3],
      [round([1, 0, 1, [1300, 1000]], [2, 2, 3, [1000, 1000]]), round([1, 0, 2, [1000, 1300]], [2, 1, 3, [1300, 1000]])],
    );
    // Entries 0 and 1: 20 VP and 0 difference each; 0 beat 1 (11–9).
    expect(brief(rows)).toEqual([
      [1, 2, 21, 300],
      [2, 0, 20, 0],
      [3, 1, 20, 0],
      [4, 3, 19, -300],
    ]);
    expect(rows[1]!.headToHead).toBe(11);
    expect(rows[2]!.headToHead).toBe(9);
  });

  it("head to head among three tied entries counts only their games with each other", () => {
    // A round robin among 0, 1, 2 with equal margins: 0 beat 1, 1 beat 2, 2 beat 0, each by 300 (11–9), so all tie on
    // VP (20) and difference (0), and head to head too (11 + 9 each): one rank for all three.
    const rows = standings(
      [0, 1, 2],
      [
        round([1, 0, 1, [1300, 1000]], [2, 2, null, [1000, 1000]]),
        round([1, 1, 2, [1300, 1000]], [2, 0, null, [1000, 1000]]),
        round([1, 2, 0, [1300, 1000]], [2, 1, null, [1000, 1000]]),
      ],
    );
    expect(brief(rows)).toEqual([
      [1, 0, 30, 0],
      [1, 1, 30, 0],
      [1, 2, 30, 0],
    ]);
    expect(rows.map((r) => r.headToHead)).toEqual([20, 20, 20]);
  });

  it("a table lost outside play, a bye and a forfeit", () => {
    const lost = round([1, 0, 1, [1500, 300], { side: 0, reason: "timeout" }]);
    const second: RoundOutcome = {
      pairings: [
        { kind: "bye", entry: 0 },
        { kind: "forfeit", entry: 1, against: 2 },
      ],
      results: new Map(),
    };
    const rows = standings([0, 1, 2], [lost, second]);
    expect(brief(rows)).toEqual([
      [1, 1, 20 + FORFEIT_VP, -1200],
      [2, 0, BYE_VP, 1200],
      [3, 2, 0, 0],
    ]);
    expect(rows.find((r) => r.entry === 0)!.played).toBe(1);
  });

  it("a table still playing counts once it ends", () => {
    const pending: RoundOutcome = { pairings: [{ kind: "table", table: 1, sides: [0, 1] }], results: new Map() };
    expect(brief(standings([0, 1], [pending]))).toEqual([
      [1, 0, 0, 0],
      [1, 1, 0, 0],
    ]);
  });
});

describe("the duplicate comparison", () => {
  it("sets each hand's margin against the mean of the tables that played it (worked by hand)", () => {
    const tables: Extract<Pairing, { kind: "table" }>[] = [
      { kind: "table", table: 1, sides: [0, 1] },
      { kind: "table", table: 2, sides: [2, 3] },
    ];
    const results = new Map<number, TableResult>([
      // Margins 400 and −100.
      [
        1,
        {
          totals: [700, 400],
          hands: [
            [500, 100],
            [200, 300],
          ],
        },
      ],
      // Margins 0 and 0. Means: 200 and −50.
      [
        2,
        {
          totals: [400, 400],
          hands: [
            [300, 300],
            [100, 100],
          ],
        },
      ],
    ]);
    expect(duplicateMargins(tables, results)).toEqual(
      new Map([
        [1, 150],
        [2, -150],
      ]),
    );
    const rows = standings([0, 1, 2, 3], [{ pairings: tables, results }]);
    expect(Object.fromEntries(rows.map((r) => [r.entry, r.duplicate]))).toEqual({ 0: 150, 1: -150, 2: -150, 3: 150 });
  });
});
