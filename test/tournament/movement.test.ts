import { describe, expect, it } from "vitest";
import { danishRound, type Field, mitchellRound, movementOf, tablesOf } from "../../src/tournament/movement";
import type { Pairing, Withdrawal } from "../../src/tournament/types";

const field = (n: number, odd: Field["odd"] = "bye", withdrawn: [number, Withdrawal][] = []): Field => ({
  order: Array.from({ length: n }, (_, i) => i),
  odd,
  withdrawn: new Map(withdrawn),
});

/** A round written as `0-2 1-3 bye:4 4-C` (C the computer, F a forfeit won against the entry after it). */
function written(pairings: readonly Pairing[]): string {
  return pairings
    .map((p) =>
      p.kind === "table"
        ? `${p.table}:${p.sides.map((s) => (s === null ? "C" : s)).join("-")}`
        : p.kind === "bye"
          ? `bye:${p.entry}`
          : `${p.entry}F${p.against}`,
    )
    .join(" ");
}

/** Each entry's number of appearances in a round: every entry exactly once. */
function once(pairings: readonly Pairing[]): Map<number, number> {
  const seen = new Map<number, number>();
  const add = (e: number | null) => e !== null && seen.set(e, (seen.get(e) ?? 0) + 1);
  for (const p of pairings) {
    if (p.kind === "table") p.sides.forEach(add);
    else add(p.entry);
  }
  return seen;
}

describe("Mitchell", () => {
  it("4 entries: North-South stay, East-West move one table up", () => {
    expect(written(mitchellRound(field(4), 0))).toBe("1:0-2 2:1-3");
    expect(written(mitchellRound(field(4), 1))).toBe("1:0-3 2:1-2");
    // Past the number of tables the cycle starts again.
    expect(written(mitchellRound(field(4), 2))).toBe("1:0-2 2:1-3");
  });

  it("5 entries: the vacant East-West place gives a bye, each round to another North-South entry", () => {
    expect(written(mitchellRound(field(5), 0))).toBe("1:0-3 2:1-4 bye:2");
    expect(written(mitchellRound(field(5), 1))).toBe("bye:0 2:1-3 3:2-4");
    expect(written(mitchellRound(field(5), 2))).toBe("1:0-4 bye:1 3:2-3");
  });

  it("5 entries with the computer: the vacant place is the computer's", () => {
    expect(written(mitchellRound(field(5, "computer"), 0))).toBe("1:0-3 2:1-4 3:2-C");
  });

  it("8 entries: in four rounds every North-South meets every East-West once", () => {
    const met = new Set<string>();
    for (let r = 0; r < 4; r++) {
      const round = mitchellRound(field(8), r);
      expect([...once(round).values()]).toEqual(new Array(8).fill(1));
      for (const t of tablesOf(round)) met.add(t.sides.join("-"));
    }
    expect(met.size).toBe(16);
    for (const ns of [0, 1, 2, 3]) for (const ew of [4, 5, 6, 7]) expect(met.has(`${ns}-${ew}`)).toBe(true);
  });

  it("13 entries: seven tables, each North-South entry sits out exactly once in seven rounds", () => {
    const byes = new Map<number, number>();
    for (let r = 0; r < 7; r++) {
      const round = mitchellRound(field(13), r);
      expect(once(round).size).toBe(13);
      expect(tablesOf(round)).toHaveLength(6);
      for (const p of round) if (p.kind === "bye") byes.set(p.entry, (byes.get(p.entry) ?? 0) + 1);
    }
    expect([...byes.keys()].sort((a, b) => a - b)).toEqual([0, 1, 2, 3, 4, 5, 6]);
    expect([...byes.values()]).toEqual(new Array(7).fill(1));
  });

  it("a withdrawn entry's rounds go to its opponents by forfeit, or are played by the computer for it", () => {
    expect(written(mitchellRound(field(4, "bye", [[2, "forfeit"]]), 1))).toBe("1:0-3 1F2");
    expect(written(mitchellRound(field(4, "bye", [[2, "computer"]]), 1))).toBe("1:0-3 2:1-2");
    // Withdrawn against the vacant place: nobody to give the round to.
    expect(written(mitchellRound(field(5, "bye", [[2, "forfeit"]]), 0))).toBe("1:0-3 2:1-4");
  });

  it("follows the drawn order, not the entries' numbers", () => {
    expect(written(mitchellRound({ order: [3, 0, 2, 1], odd: "bye", withdrawn: new Map() }, 0))).toBe("1:3-2 2:0-1");
  });
});

describe("Danish", () => {
  it("pairs first with second, third with fourth, by the ranking", () => {
    expect(written(danishRound(field(4), [2, 0, 3, 1], new Set()))).toBe("1:2-0 2:3-1");
  });

  it("5 entries: the lowest placed without a bye yet sits out", () => {
    expect(written(danishRound(field(5), [4, 3, 2, 1, 0], new Set()))).toBe("1:4-3 2:2-1 bye:0");
    expect(written(danishRound(field(5), [4, 3, 2, 1, 0], new Set([0])))).toBe("1:4-3 2:2-0 bye:1");
    // Everyone has had one: the lowest again.
    expect(written(danishRound(field(5), [4, 3, 2, 1, 0], new Set([0, 1, 2, 3, 4])))).toBe("1:4-3 2:2-1 bye:0");
  });

  it("5 entries with the computer: the lowest placed plays it", () => {
    expect(written(danishRound(field(5, "computer"), [0, 1, 2, 3, 4], new Set()))).toBe("1:0-1 2:2-3 3:4-C");
  });

  it("8 and 13 entries: every entry once, tables numbered from the top", () => {
    const eight = danishRound(field(8), [7, 6, 5, 4, 3, 2, 1, 0], new Set());
    expect(written(eight)).toBe("1:7-6 2:5-4 3:3-2 4:1-0");
    const thirteen = danishRound(field(13, "computer"), field(13).order, new Set());
    expect(once(thirteen).size).toBe(13);
    expect(tablesOf(thirteen)).toHaveLength(7);
    expect(tablesOf(thirteen)[6]!.sides).toEqual([12, null]);
  });

  it("leaves out an entry withdrawn by forfeit; one the computer plays for is paired as before", () => {
    expect(written(danishRound(field(4, "bye", [[0, "forfeit"]]), [0, 1, 2, 3], new Set()))).toBe("1:1-2 bye:3");
    expect(written(danishRound(field(4, "bye", [[0, "computer"]]), [0, 1, 2, 3], new Set()))).toBe("1:0-1 2:2-3");
  });
});

describe("the movement of each round", () => {
  it("Mitchell then Danish plays its last round Danish", () => {
    expect([0, 1, 2, 3].map((r) => movementOf("mitchell-danish", r, 4))).toEqual(["mitchell", "mitchell", "mitchell", "danish"]);
    expect(movementOf("mitchell-danish", 0, 1)).toBe("mitchell");
    expect(movementOf("danish", 0, 3)).toBe("danish");
  });
});
