import { describe, expect, it } from "vitest";
import { cardPoints, type GameState, makeCard, sumPoints, victoryPoints } from "../../src/engine/index.js";
import { cards, playAll, position, rules, runStockDown } from "./notation.js";

const held = (state: GameState, seat: number) => sumPoints(state.hand!.hands[seat]!, state.rules.values);

describe("card points (docs/rules.md §1)", () => {
  const table: [string, number, number][] = [
    ["3S 4H 5D 6C 7S", 5, 5],
    ["8S 9H 10D JC QS KH", 10, 10],
    ["AS", 15, 15],
    ["2H", 20, 10],
    ["JK", 30, 20],
  ];
  it.each(table)("%s: %i each in classic, %i in chiuso", (text, classic, chiuso) => {
    for (const card of cards(text)) {
      expect(cardPoints(card, rules().values)).toBe(classic);
      expect(cardPoints(card, rules({ preset: "chiuso" }).values)).toBe(chiuso);
    }
  });
});

describe("scoring a hand (docs/rules.md §9)", () => {
  it("cards held count against, and a team that never took its pozzetto loses 100", () => {
    const state = runStockDown(position({}));
    expect(state.hand!.end?.reason).toBe("stock");
    for (const team of [0, 1]) {
      expect(state.hand!.scores![team]).toEqual({
        team,
        meldPoints: 0,
        handPoints: -held(state, team),
        burraco: 0,
        closing: 0,
        pozzetto: -100,
        base: -100,
        points: -held(state, team),
        total: -100 - held(state, team),
      });
    }
  });

  it("pozzettoPenaltyIfNoneTaken: false waives the penalty when no team took a pozzetto", () => {
    const state = runStockDown(position({ rules: { pozzettoPenaltyIfNoneTaken: false } }));
    expect(state.hand!.scores!.map((s) => s.pozzetto)).toEqual([0, 0]);
  });

  it("doubleIfNoMelds doubles the cards held by a team that laid no meld", () => {
    const state = runStockDown(position({ rules: { doubleIfNoMelds: true } }));
    expect(state.hand!.scores!.map((s) => s.handPoints)).toEqual([-2 * held(state, 0), -2 * held(state, 1)]);
  });

  it("burraco bonuses: clean 200, dirty 100 in classic", () => {
    const spec = { hands: ["3H 4H 5H 6H 7H 8H 9H 3S 4S JK 6S", "3D 4D 5D 6D 7D 8D 9D 10D JD QD KD"], stock: "7S 8S 9S" };
    let state = playAll(position(spec), "0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H", "0 meld 3S 4S JK 6S", "0 discard 7S");
    state = runStockDown(state);
    expect(state.hand!.scores![0]).toMatchObject({ burraco: 200, meldPoints: 45 + 15 + 30, pozzetto: 0 });
    const dirty = runStockDown(
      playAll(
        position({ ...spec, hands: ["3H 4H 5H 6H 7H 8H 2S 3S 4S JK 6S", spec.hands[1]!] }),
        "0 draw",
        "0 meld 3H 4H 5H 6H 7H 8H 2S",
        "0 discard 7S",
      ),
    );
    expect(dirty.hand!.scores![0]!.burraco).toBe(100);
  });

  it("a pozzetto taken on the discard that its taker never played costs unusedPozzetto", () => {
    const spec = {
      rules: { preset: "chiuso", discardPile: "open", pozzettoToStock: false },
      hands: ["3H 4H 5H 6H 7H 8H 9H 10C 10D 10S 10H"],
      pozzetti: ["4D 5D 6D 7D 8D 9D 10D JD QD KD AD"],
    };
    let state = runStockDown(position(spec), 3);
    expect(state.hand!.turn).toBe(0);
    state = playAll(state, "0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H", "0 meld 10C 10D 10S 10H");
    state = playAll(state, `0 discard ${makeCard(state.hand!.hands[0]![0]!)}`);
    expect(state.hand!.end?.reason).toBe("stock");
    expect(state.hand!.scores![0]).toMatchObject({ pozzetto: -100, handPoints: -(4 * 5 + 6 * 10 + 15), burraco: 200 });
    expect(state.hand!.scores![1]!.pozzetto).toBe(-100);
  });
});

describe("victory points (docs/rules.md §10, FIBur 4-hand table)", () => {
  const table: [number, number, number[]][] = [
    [1000, 1000, [10, 10]],
    [1100, 1000, [10, 10]],
    [1105, 1000, [11, 9]],
    [1000, 1300, [9, 11]],
    [1305, 1000, [12, 8]],
    [2700, 1000, [18, 2]],
    [2705, 1000, [19, 1]],
    [3000, 1000, [19, 1]],
    [3005, 1000, [20, 0]],
    [-500, 2000, [0, 20]],
  ];
  it.each(table)("%i to %i gives %j", (a, b, expected) => {
    expect(victoryPoints([a, b])).toEqual(expected);
  });
});
