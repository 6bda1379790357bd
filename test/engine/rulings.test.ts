import { describe, expect, it } from "vitest";
import { type GameEvent, type GameState, makeCard, makeCards, play, stockSize } from "../../src/engine/index.js";
import { expectRefused, handOf, parseLine, playAll, position, runStockDown } from "./notation.js";

/** Plays idle turns to the end of the hand and returns the cards drawn, in order. */
function drawsToTheEnd(state: GameState): { state: GameState; drawn: string[] } {
  const drawn: string[] = [];
  while (!state.hand!.end) {
    const seat = state.hand!.turn;
    for (const line of [`${seat} draw`, null]) {
      const { move } = line ? parseLine(line) : { move: { type: "discard" as const, card: state.hand!.hands[seat]!.at(-1)! } };
      const result = play(state, seat, move);
      if (!result.ok) throw new Error(`${seat}: ${result.error.message}`);
      for (const event of result.value.events as GameEvent[]) if (event.type === "drew") drawn.push(makeCard(event.card));
      state = result.value.state;
    }
  }
  return { state, drawn };
}

describe("ruling: the order of pozzetti put under the stock (pozzettoToStock)", () => {
  it("with three players, after pozzetto 0 was taken: the stock's last two, then pozzetto 1, then pozzetto 2, each as dealt", () => {
    const spec = {
      players: 3 as const,
      dealer: 2,
      rules: { pozzettoToStock: true },
      hands: ["3H 4H 5H 6H 7H 8H 9H 10C 10D 10S 10H"],
      stock: "JK",
    };
    let state = playAll(position(spec), "0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H", "0 meld 10C 10D 10S 10H JK");
    state = playAll(state, `0 discard ${handOf(state, 0)[0]}`);
    state = runStockDown(state, 3);
    const { deal, stock, stockTop } = state.hand!;
    const lastTwo = makeCards(stock.slice(stockTop + 1));
    state = playAll(state, `${state.hand!.turn} draw`, `${state.hand!.turn} discard ${makeCard(stock[stockTop]!)}`);
    expect(state.hand!.pozzetti).toEqual([{ seat: 0, pozzetto: 0, direct: true }, "stock", "stock"]);
    expect(makeCards(state.hand!.stock.slice(state.hand!.stockTop))).toEqual([
      ...lastTwo,
      ...makeCards(deal.pozzetti[1]!),
      ...makeCards(deal.pozzetti[2]!),
    ]);
    const { state: ended, drawn } = drawsToTheEnd(state);
    expect(drawn).toEqual([...lastTwo, ...makeCards(deal.pozzetti[1]!), ...makeCards(deal.pozzetti[2]!).slice(0, 9)]);
    expect(ended.hand!.end?.reason).toBe("stock");
  });
});

describe("ruling: a pozzetto taken on the discard that leaves the stock at two cards (pozzettoToStock)", () => {
  const ready = ["3H 4H 5H 6H 7H 8H 9H 10C 10D 10S 10H"];
  const lastTurn = (state: GameState) => {
    const drawn = makeCard(state.hand!.stock[state.hand!.stockTop]!);
    return playAll(state, "0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H", "0 meld 10C 10D 10S 10H", `0 discard ${drawn}`);
  };

  it("the pozzetto is taken first; then the pozzetti left go under the stock and play goes on", () => {
    const before = runStockDown(position({ rules: { preset: "chiuso" }, hands: ready }), 3);
    expect(before.hand!.turn).toBe(0);
    const state = lastTurn(before);
    expect(state.hand!.end).toBeNull();
    expect(state.hand!.pozzetti).toEqual([{ seat: 0, pozzetto: 0, direct: false }, "stock"]);
    expect(stockSize(state.hand!)).toBe(2 + 11);
    expect(state.hand!.unseen[0]).toBe(true);
  });

  it("when no pozzetto is left to go under the stock, the hand ends with that discard", () => {
    const spec = { rules: { preset: "chiuso" }, hands: [ready[0]!, "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"], stock: "QH KH" };
    let state = playAll(position(spec), "0 draw", "0 discard QH", "1 draw", "1 meld 3S 4S 5S 6S 7S 8S 9S 10S JS QS KS", "1 discard KH");
    state = lastTurn(runStockDown(state, 3));
    expect(state.hand!.end).toEqual({ reason: "stock", closedBy: null });
    expect(state.hand!.pozzetti).toEqual([
      { seat: 0, pozzetto: 1, direct: false },
      { seat: 1, pozzetto: 0, direct: false },
    ]);
  });
});

describe("ruling: closing by melding is judged on the table after the closing meld (closeByMelding)", () => {
  // Seat 0 takes its pozzetto on the discard, then, in its next turn, melds 9H 9S 9C and closes with what is left.
  const opening = ["0 draw", "0 meld 3H 4H 5H 6H", "0 meld 7C 8C 9C", "0 meld 10C 10D 10S 10H", "0 discard QS", "1 draw", "1 discard 5S"];
  const rows: [what: string, preset: string, pozzetto: string, lines: string[], last: string, expected: string][] = [
    [
      "the closing meld is the team's first burraco: it closes",
      "chiuso",
      "4D 5D 6D 7D 8D 9D 10D 9H 9S 9C QD",
      [],
      "0 meld 4D 5D 6D 7D 8D 9D 10D JD QD",
      "closed",
    ],
    [
      "a wild in the closing meld spoils the only clean burraco: refused",
      "chiuso",
      "4D 5D 6D 7D 8D 9D 10D 9H 9S 9C JK",
      ["0 meld 4D 5D 6D 7D 8D 9D 10D"],
      "0 attach 4 JD JK",
      "CANNOT_CLOSE_WITHOUT_BURRACO",
    ],
    [
      "the same where any burraco will do: it closes",
      "chiuso-sporco",
      "4D 5D 6D 7D 8D 9D 10D 9H 9S 9C JK",
      ["0 meld 4D 5D 6D 7D 8D 9D 10D"],
      "0 attach 4 JD JK",
      "closed",
    ],
  ];
  it.each(rows)("%s", (_what, preset, pozzetto, lines, last, expected) => {
    const spec = { rules: { preset }, hands: ["3H 4H 5H 6H 7C 8C 9C 10C 10D 10S 10H"], pozzetti: [pozzetto], stock: "QS 5S JD" };
    const state = playAll(position(spec), ...opening, "0 draw", "0 meld 9H 9S 9C", ...lines);
    expect(state.hand!.end).toBeNull();
    if (expected !== "closed") expectRefused(state, last, expected);
    else {
      const closed = playAll(state, last);
      expect(closed.hand!.end).toEqual({ reason: "closed", closedBy: 0 });
      expect(closed.hand!.scores![0]!.closing).toBe(100);
    }
  });
});
