import { describe, expect, it } from "vitest";
import { botMove, candidatePlays, checkMove, dealFromSeed, newGame, seededRandom, startHand, viewFor } from "../../src/engine/index.js";
import { expectRefused, type PositionSpec, playAll, position, rules } from "./notation.js";

/** One set per rank and team under `sameRankSets: false` (docs/rules.md §4.1). */
const FIBUR = { preset: "fibur" };
const two: PositionSpec = {
  rules: FIBUR,
  hands: ["7S 7S 7H 7D 7C JK 9S 9H 9D 4C KH", "7H 7D 7C 3D 4D 5D 8S 8H 8D QC KC"],
  stock: "QD 10C 5H",
};
const four: PositionSpec = {
  players: 4,
  dealer: 3,
  rules: FIBUR,
  hands: ["7S 7S 7H 9C KH", "7H 7D 7C QC", "7D 7C JK 4C", ""],
  stock: "QD 10C 5H 6S",
};
const runs: PositionSpec = { rules: FIBUR, hands: ["3C 4C 5C 3C 4C 5C 5S 5H 7D 8D KH"], stock: "QD" };

type Row = [what: string, spec: PositionSpec, setup: string[], line: string, expected: string];
const rows: Row[] = [
  [
    "a second set of a rank the team has",
    two,
    ["0 draw", "0 meld 7S 7H 7D", "0 discard KH", "1 draw", "1 discard QC", "0 draw"],
    "0 meld 7S 7C JK",
    "DUPLICATE_SET",
  ],
  ["a second set of one rank in the same turn", two, ["0 draw", "0 meld 7S 7H 7D"], "0 meld 7S 7C JK", "DUPLICATE_SET"],
  ["a second set when the first holds a wild", two, ["0 draw", "0 meld 7S 7H JK"], "0 meld 7S 7D 7C", "DUPLICATE_SET"],
  [
    "a second set of one rank with sameRankSets: true",
    { ...two, rules: { preset: "classic" } },
    ["0 draw", "0 meld 7S 7H 7D"],
    "0 meld 7S 7C JK",
    "accepted",
  ],
  ["the same cards added to the team's set instead", two, ["0 draw", "0 meld 7S 7H 7D"], "0 attach 0 7S 7C JK", "accepted"],
  ["a set of that rank by the other team", two, ["0 draw", "0 meld 7S 7H 7D", "0 discard KH", "1 draw"], "1 meld 7H 7D 7C", "accepted"],
  [
    "a set of a rank the partner laid",
    four,
    ["0 draw", "0 meld 7S 7S 7H", "0 discard KH", "1 draw", "1 discard QC", "2 draw"],
    "2 meld 7D 7C JK",
    "DUPLICATE_SET",
  ],
  [
    "a set of that rank by the other team of four",
    four,
    ["0 draw", "0 meld 7S 7S 7H", "0 discard KH", "1 draw"],
    "1 meld 7H 7D 7C",
    "accepted",
  ],
  ["a second sequence of one suit", runs, ["0 draw", "0 meld 3C 4C 5C"], "0 meld 3C 4C 5C", "accepted"],
  ["a sequence holding a rank the team has a set of", runs, ["0 draw", "0 meld 5C 5S 5H"], "0 meld 3C 4C 5C", "accepted"],
];

describe("the FIBur table: one set per rank (sameRankSets: false)", () => {
  it.each(rows)("%s", (_what, spec, setup, line, expected) => {
    const state = playAll(position(spec), ...setup);
    if (expected === "accepted") expect(() => playAll(state, line)).not.toThrow();
    else expect(expectRefused(state, line, expected)).toMatch(/set of 7s \(meld 0\)/);
  });

  it("a closed pile picked up to lay a second set is refused; picked up onto the set, accepted", () => {
    const spec = { rules: { ...FIBUR, discardPile: "closed" }, hands: ["QH QD QC QH QC 4C 8D 9D 10D KS KS", "QS"], stock: "3H 3S" };
    const state = playAll(position(spec), "0 draw", "0 meld QH QD QC", "0 discard 3H", "1 draw", "1 discard QS");
    expectRefused(state, "0 pickup meld QS QH QC", "DUPLICATE_SET");
    const added = playAll(state, "0 pickup attach 0 QS QH QC");
    expect(viewFor(added, null).hand!.melds.map((m) => m.cards.length)).toEqual([6]);
  });
});

describe("the FIBur table: semi-clean burraco (semiClean: true)", () => {
  // Seat 0 lays a sequence with its wild at an end beside 7 naturals and, from
  // the pozzetto, a set of 8 with its wild, then closes with 3C…8C (its wild inside).
  const spec = {
    hands: ["6H 7H 8H 9H 10H JH QH JK 5S 5S 5H"],
    pozzetti: ["5D 5D 5C 2C 3C 4C JK 6C 7C 8C KD"],
    stock: "5H",
  };
  const lines = [
    "0 draw",
    "0 meld 6H 7H 8H 9H 10H JH QH JK",
    "0 meld 5S 5S 5H 5H",
    "0 attach 1 5D 5D 5C 2C",
    "0 meld 3C 4C JK 6C 7C 8C",
    "0 discard KD",
  ];
  // Cards melded: 6H…QH and a joker 90, seven 5s and a 2 55, 3C…8C and a joker 60.
  const table: [string, (string | null)[], number][] = [
    ["fibur", ["semi-clean", "semi-clean", null], 150 + 150],
    ["classic", ["dirty", "dirty", null], 100 + 100],
  ];
  it.each(table)("%s scores the sequence and the set as %j", (preset, kinds, bonus) => {
    const state = playAll(position({ ...spec, rules: { preset } }), ...lines);
    expect(state.hand!.end).toEqual({ reason: "closed", closedBy: 0 });
    expect(viewFor(state, null).hand!.melds.map((m) => m.burraco)).toEqual(kinds);
    expect(state.hand!.scores![0]).toMatchObject({
      meldPoints: 205,
      handPoints: 0,
      burraco: bonus,
      closing: 100,
      total: 205 + bonus + 100,
    });
  });
});

describe("the random player under sameRankSets: false", () => {
  const tables: [string, Record<string, unknown>][] = [
    ["fibur", FIBUR],
    ["fibur with a closed pile", { ...FIBUR, discardPile: "closed" }],
  ];
  it.each(tables)("%s: never tries a second set of a rank, in 60 hands", (_name, written) => {
    const table = rules(written);
    let offered = 0;
    for (let seed = 0; seed < 60; seed++) {
      const started = startHand(newGame(table, 2), dealFromSeed(`sets ${seed}`, 2, seed % 2, true));
      if (!started.ok) throw new Error(started.error);
      let state = started.value.state;
      const random = seededRandom(`sets ${seed}`);
      while (!state.hand!.end) {
        const { turn, phase, pile, hands } = state.hand!;
        const top = pile[pile.length - 1];
        const taking = phase === "take" && table.discardPile === "closed" && top !== undefined;
        if (phase === "play" || taking) {
          const cards = taking ? [...hands[turn]!, ...pile] : hands[turn]!;
          for (const play of candidatePlays(state, turn, cards, random, undefined, taking ? top : undefined)) {
            offered++;
            const move = taking ? { type: "pickup" as const, play } : play;
            expect(checkMove(state, turn, move)?.code).not.toBe("DUPLICATE_SET");
          }
        }
        state = botMove(state, random).outcome.state;
      }
    }
    expect(offered).toBeGreaterThan(500);
  });
});
