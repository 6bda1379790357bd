import { describe, expect, it } from "vitest";
import { expectRefused, handOf, playAll, position } from "./notation.js";

const direct = ["0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H", "0 meld 10C 10D 10S 10H JK"];

describe("closing (docs/rules.md §7)", () => {
  const spec = { hands: ["3H 4H 5H 6H 7H 8H 9H 10C 10D 10S JK"], pozzetti: ["4D 5D 6D 7D 8D 9D 10D JD QD KD JK"], stock: "10H" };

  it("with the pozzetto and a burraco, melding all but one card and discarding it closes", () => {
    let state = playAll(position(spec), ...direct);
    state = playAll(state, "0 meld 4D 5D 6D 7D 8D 9D 10D JD QD JK", "0 discard KD");
    expect(state.hand!.end).toEqual({ reason: "closed", closedBy: 0 });
    expect(state.hand!.scores![0]).toMatchObject({ closing: 100, burraco: 300 });
    expectRefused(state, "1 draw", "HAND_OVER");
  });

  it("a meld that would leave a lone wild is refused: the last discard may not be a wild", () => {
    const state = playAll(position(spec), ...direct);
    const message = expectRefused(state, "0 meld 4D 5D 6D 7D 8D 9D 10D JD QD KD", "NO_DISCARD_LEFT");
    expect(message).toMatch(/wild/);
  });

  it("a meld that would leave one card while the team cannot close is refused", () => {
    const noBurraco = {
      hands: ["3H 4H 5H 6C 7C 8C 9S 10S JS KD KD"],
      pozzetti: ["4D 5D 6D QS QS QH 3C 4C 5C 6C AC"],
      stock: "KC",
    };
    let state = playAll(position(noBurraco), "0 draw", "0 meld 3H 4H 5H", "0 meld 6C 7C 8C", "0 meld 9S 10S JS", "0 meld KD KD KC");
    expect(handOf(state, 0)).toHaveLength(11);
    state = playAll(state, "0 meld 4D 5D 6D", "0 meld QS QS QH");
    const message = expectRefused(state, "0 meld 3C 4C 5C 6C", "NO_DISCARD_LEFT");
    expect(message).toMatch(/burraco/);
  });

  it("closing by melding the last card is refused without closeByMelding", () => {
    const state = playAll(position({ ...spec, stock: "10H 2C 4D" }), ...direct, "0 discard 4D", "1 draw", "1 discard 2C", "0 draw");
    expectRefused(state, "0 meld 4D 5D 6D 7D 8D 9D 10D JD QD KD JK", "WOULD_EMPTY_HAND");
  });

  it("a partner closes once the team has its pozzetto and a burraco", () => {
    const four = {
      players: 4 as const,
      dealer: 3,
      hands: ["3H 4H 5H 6H 7H 8H 9H 10C 10D 10S 10H", "", "5S 6S 7S 8S 9S 10S JS QS KS AS 3C"],
      stock: "QC 2C 4S",
    };
    let state = playAll(position(four), "0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H", "0 meld 10C 10D 10S 10H", "0 discard QC");
    state = playAll(state, "1 draw", "1 discard 2C", "2 draw");
    state = playAll(state, "2 meld 4S 5S 6S 7S 8S 9S 10S JS QS KS AS", "2 discard 3C");
    expect(state.hand!.end).toEqual({ reason: "closed", closedBy: 2 });
    expect(state.hand!.scores!.map((s) => s.closing)).toEqual([100, 0]);
  });
});

describe("closing by melding (closeByMelding, closeRequires)", () => {
  const chiuso = {
    rules: { preset: "chiuso" },
    hands: ["3H 4H 5H 6H 7H 8H 9H 10C 10D 10S JK"],
    pozzetti: ["4D 5D 6D 7D 8D 9D 10D JD QD KD AD"],
    stock: "10H",
  };

  it("melding the last card closes when the team has a clean burraco", () => {
    const state = playAll(position(chiuso), ...direct, "0 meld 4D 5D 6D 7D 8D 9D 10D JD QD KD AD");
    expect(state.hand!.end).toEqual({ reason: "closed", closedBy: 0 });
    expect(state.hand!.scores![0]!.closing).toBe(100);
  });

  const dirtyOnly = {
    hands: ["3H 4H JK 6H 7H 8H 9H 10C 10D 10S 5C", "3S 4S 5S 6S 7S 8S 9S 10S JS 3D KC"],
    pozzetti: ["4D 5D 6D 8C 9C 10C QS QS QH AC AC"],
    stock: "10H KS AS",
  };
  const toPozzetto = [
    "0 draw",
    "0 meld 3H 4H JK 6H 7H 8H 9H",
    "0 meld 10C 10D 10S 10H",
    "0 discard 5C",
    "1 draw",
    "1 discard KS",
    "0 draw",
  ];
  const allButLast = ["0 meld 4D 5D 6D", "0 meld 8C 9C 10C", "0 meld QS QS QH"];

  it("a dirty burraco is not enough where a clean one is required", () => {
    const state = playAll(position({ ...dirtyOnly, rules: { preset: "chiuso", discardPile: "open" } }), ...toPozzetto, ...allButLast);
    expectRefused(state, "0 meld AC AC AS", "CANNOT_CLOSE_WITHOUT_BURRACO");
  });

  it("a dirty burraco is enough with closeRequires any", () => {
    const state = playAll(
      position({ ...dirtyOnly, rules: { preset: "chiuso-sporco", discardPile: "open" } }),
      ...toPozzetto,
      ...allButLast,
      "0 meld AC AC AS",
    );
    expect(state.hand!.end?.reason).toBe("closed");
  });
});
