import { describe, expect, it } from "vitest";
import { applyMove, stockSize, viewFor } from "../../src/engine/index.js";
import { expectRefused, handOf, idleDraw, playAll, position, runStockDown } from "./notation.js";

describe("turn order and taking (docs/rules.md §2, §5)", () => {
  it("the seat after the dealer plays first and play passes to the left", () => {
    let state = position({ players: 4, dealer: 2 });
    expect(state.hand!.turn).toBe(3);
    for (const seat of [3, 0, 1, 2, 3]) {
      expectRefused(state, `${(seat + 1) % 4} draw`, "NOT_YOUR_TURN");
      state = idleDraw(state, seat);
    }
    expect(state.hand!.turn).toBe(0);
  });

  it("melding, adding or discarding before taking is refused", () => {
    const state = position({ hands: ["3H 4H 5H 9C"] });
    expectRefused(state, "0 meld 3H 4H 5H", "MUST_DRAW_FIRST");
    expectRefused(state, "0 attach 0 6H", "MUST_DRAW_FIRST");
    expectRefused(state, "0 discard 9C", "MUST_DRAW_FIRST");
  });

  it("taking twice is refused", () => {
    const state = playAll(position({}), "0 draw");
    expectRefused(state, "0 draw", "ALREADY_DREW");
    expectRefused(state, "0 pickup", "ALREADY_DREW");
  });

  it("cards not held are refused", () => {
    const state = playAll(position({ hands: ["3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"], stock: "KS" }), "0 draw");
    expectRefused(state, "0 meld 3S 4S 5S", "CARD_NOT_IN_HAND");
    expectRefused(state, "0 discard AC", "CARD_NOT_IN_HAND");
    expectRefused(state, "0 meld 3H 3H 4H", "CARD_NOT_IN_HAND");
  });

  it("picking up takes the whole pile into the hand", () => {
    let state = position({ hands: ["3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "3S 4S 5S 6S 7S 8S 9S 10S JS QS KS"], discard: "AC", stock: "2C" });
    state = playAll(state, "0 draw", "0 discard 3H", "1 pickup");
    expect(handOf(state, 1)).toEqual(["3S", "4S", "5S", "6S", "7S", "8S", "9S", "10S", "JS", "QS", "KS", "AC", "3H"]);
    expect(state.hand!.pile).toEqual([]);
    // A pile of two or more may be discarded from freely, its top card included.
    playAll(state, "1 discard 3H");
  });
});

describe("the single-card pickup (docs/rules.md §5)", () => {
  const spec = { hands: ["3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "3S 4S 5S 6S 7S 8S 9S 10S JS QS JK"], discard: "AC" };

  it("the one card picked up may not be discarded in the same turn", () => {
    const state = playAll(position(spec), "0 pickup");
    expectRefused(state, "0 discard AC", "CANNOT_DISCARD_PICKED_CARD");
    const next = playAll(state, "0 discard 3H");
    expect(next.hand!.turn).toBe(1);
  });

  it("unless the player already held an identical card", () => {
    const state = playAll(position({ ...spec, hands: ["AC 4H 5H 6H 7H 8H 9H 10H JH QH KH"] }), "0 pickup");
    playAll(state, "0 discard AC");
  });

  it("a picked-up joker may be discarded only by a player who held a joker", () => {
    const hands = ["3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "3S 4S 5S 6S 7S 8S 9S 10S JS QS JK"];
    const passJoker = ["0 pickup", "0 discard 3H", "1 pickup", "1 discard JK", "0 pickup"];
    expectRefused(playAll(position({ hands, discard: "9D" }), ...passJoker), "0 discard JK", "CANNOT_DISCARD_PICKED_CARD");
    const held = ["JK 4H 5H 6H 7H 8H 9H 10H JH QH KH", hands[1]!];
    playAll(position({ hands: held, discard: "9D" }), "0 pickup", "0 discard 4H", "1 pickup", "1 discard JK", "0 pickup", "0 discard JK");
  });
});

describe("a play that would leave no card to discard (docs/rules.md §5)", () => {
  // A lone joker picked up, the hand laid down al volo to the pozzetto, which holds two more jokers: with
  // everything else laid, both jokers are "the card picked up" this turn, and the turn could not end.
  const spec = { hands: ["3H 4H 5H 6H 7H 8H 9H 10C 10D 10S 10H"], pozzetti: ["JK JK 4D 5D 6D QS QS QH 3C 4C 5C"], discard: "JK" };
  const toPozzetto = ["0 pickup", "0 meld 3H 4H 5H 6H 7H 8H 9H JK", "0 meld 10C 10D 10S 10H", "0 meld 4D 5D 6D", "0 meld QS QS QH"];

  it("is refused when every card left would be the single card just picked up", () => {
    const state = playAll(position(spec), ...toPozzetto);
    expect(handOf(state, 0).sort()).toEqual(["3C", "4C", "5C", "JK", "JK"]);
    const message = expectRefused(state, "0 meld 3C 4C 5C", "NO_DISCARD_LEFT");
    expect(message).toMatch(/JK/);
    // Keeping a card that may be discarded is fine: the jokers go on a meld, and 5C is thrown.
    playAll(state, "0 meld 3C 4C JK", "0 discard 5C");
  });
});

describe("the closed discard pile (docs/rules.md §5, discardPile: closed)", () => {
  const closed = { rules: { preset: "chiuso" }, hands: ["QH QC 3S 4S 6D 7D 8D 9D 10D JD KC"], discard: "QS" };

  it("picking up without playing the top card at once is refused", () => {
    const state = position(closed);
    expectRefused(state, "0 pickup", "MUST_PLAY_PICKED_CARD");
    expectRefused(state, "0 pickup meld 7D 8D 9D", "MUST_PLAY_PICKED_CARD");
  });

  it("the pickup carries the play of the top card", () => {
    const state = playAll(position(closed), "0 pickup meld QS QH QC");
    expect(state.hand!.melds[0]!.cards.length).toBe(3);
    expect(state.hand!.hands[0]!.length).toBe(11 + 1 - 3);
  });

  it("an invalid play refuses the whole pickup", () => {
    expectRefused(position(closed), "0 pickup meld QS 3S 4S", "INVALID_MELD");
  });

  it("the top card may go onto a team meld", () => {
    let state = position({ ...closed, stock: "2H", discard: "5D" });
    state = playAll(state, "0 draw", "0 meld 6D 7D 8D", "0 discard 2H", "1 draw");
    state = playAll(state, `1 discard ${handOf(state, 1).find((c) => c !== "5D")}`);
    expectRefused(state, "0 pickup attach 0 5D", "MUST_PLAY_PICKED_CARD");
  });

  it("only the top card and the pile's size are shown", () => {
    const view = viewFor(position(closed), 1);
    expect(view.hand!.discardPile).toEqual({ count: 1, top: "QS" });
  });
});

describe("melds belong to a team (docs/rules.md §4)", () => {
  it("adding to an opponent's meld or to a missing meld is refused", () => {
    let state = position({ hands: ["3H 4H 5H 9C 9D 9S 2C KD KD QC JC", "6H 7H 2S 4C 5C 8D 8S AS 10C JH QD"] });
    state = playAll(state, "0 draw", "0 meld 3H 4H 5H", `0 discard QC`, "1 draw");
    expectRefused(state, "1 attach 0 6H", "NOT_YOUR_MELD");
    expectRefused(state, "1 attach 7 6H", "UNKNOWN_MELD");
    state = playAll(state, "1 meld 6H 7H 2S");
    expect(state.hand!.melds[1]!.team).toBe(1);
  });
});

describe("malformed moves (docs/record.md)", () => {
  const shapes: unknown[] = [
    null,
    7,
    "draw",
    [],
    {},
    { type: "fly" },
    { type: "discard" },
    { type: "discard", card: "1H" },
    { type: "discard", card: "10h" },
    { type: "meld" },
    { type: "meld", cards: [] },
    { type: "meld", cards: "3H 4H 5H" },
    { type: "meld", cards: ["3H", "4H", "XX"] },
    { type: "meld", cards: ["3H", "4H", "5H"], wild: "middle" },
    { type: "attach", cards: ["3H"] },
    { type: "attach", meld: -1, cards: ["3H"] },
    { type: "attach", meld: "0", cards: ["3H"] },
    { type: "pickup", play: { type: "discard", card: "3H" } },
    { type: "draw", extra: 1 },
  ];
  it.each(shapes.map((s) => [JSON.stringify(s), s]))("%s is BAD_MOVE", (_text, shape) => {
    const state = position({});
    const result = applyMove(state, 0, shape);
    expect(result.ok ? "accepted" : result.error.code).toBe("BAD_MOVE");
  });

  it("a seat that does not exist is BAD_MOVE", () => {
    for (const seat of [-1, 2, 1.5, "0", null]) {
      const result = applyMove(position({}), seat, { type: "draw" });
      expect(result.ok ? "accepted" : result.error.code).toBe("BAD_MOVE");
    }
  });
});

describe("the end of the stock (docs/rules.md §8)", () => {
  it("the player who leaves two cards in the stock ends the hand with the discard", () => {
    let state = runStockDown(position({}), 3);
    const seat = state.hand!.turn;
    state = playAll(state, `${seat} draw`);
    expect(stockSize(state.hand!)).toBe(2);
    expect(viewFor(state, 0).hand!.lastTurn).toBe(true);
    state = playAll(state, `${seat} discard ${handOf(state, seat)[0]}`);
    expect(state.hand!.end).toEqual({ reason: "stock", closedBy: null });
    expect(state.hand!.scores!.every((s) => s.closing === 0)).toBe(true);
    expectRefused(state, `${1 - seat} draw`, "HAND_OVER");
  });

  it("with pozzettoToStock the untaken pozzetti go under the stock and play goes on", () => {
    let state = runStockDown(position({ rules: { pozzettoToStock: true } }), 3);
    state = idleDraw(state, state.hand!.turn);
    expect(state.hand!.end).toBeNull();
    expect(stockSize(state.hand!)).toBe(2 + 22);
    expect(state.hand!.stock.slice(state.hand!.stockTop + 2)).toEqual([...state.hand!.deal.pozzetti[0]!, ...state.hand!.deal.pozzetti[1]!]);
    expect(viewFor(state, null).hand!.pozzetti).toEqual(["stock", "stock"]);
    state = runStockDown(state);
    expect(state.hand!.end?.reason).toBe("stock");
    expect(state.hand!.scores!.map((s) => s.pozzetto)).toEqual([-100, -100]);
  });
});

describe("stalemate (docs/rules.md §8)", () => {
  it("3 × players turns of only picking up a one-card pile and discarding end the hand", () => {
    let state = position({ hands: ["3H 5H 7H 9H JH KH 4D 6D 8D 10D QD", "3S 5S 7S 9S JS KS 4C 6C 8C 10C QC"], discard: "AC" });
    const discards = [
      ["3H", "3S"],
      ["5H", "5S"],
      ["7H", "7S"],
    ];
    for (const [mine, theirs] of discards) {
      expect(state.hand!.end).toBeNull();
      state = playAll(state, "0 pickup", `0 discard ${mine}`, "1 pickup", `1 discard ${theirs}`);
    }
    expect(state.hand!.end).toEqual({ reason: "stalemate", closedBy: null });
  });

  it("a stock draw, or a pile of two cards, starts the count again", () => {
    let state = position({ hands: ["3H 5H 7H 9H JH KH 4D 6D 8D 10D QD", "3S 5S 7S 9S JS KS 4C 6C 8C 10C QC"], discard: "AC" });
    state = playAll(state, "0 pickup", "0 discard 3H", "1 pickup", "1 discard 3S", "0 draw", "0 discard 5H", "1 pickup", "1 discard 5S");
    state = playAll(state, "0 pickup", "0 discard 7H", "1 pickup", "1 discard 7S", "0 pickup", "0 discard 9H");
    state = playAll(state, "1 pickup", "1 discard 9S", "0 pickup", "0 discard JH");
    expect(state.hand!.end).toBeNull();
    state = playAll(state, "1 pickup", "1 discard JS");
    expect(state.hand!.end?.reason).toBe("stalemate");
  });
});
