import { describe, expect, it } from "vitest";
import { dealFromSeed, drawForDealer, makeDeck, matchWinner, needsDeal, newGame, nextDealer, startHand } from "../../src/engine/index.js";
import { cards, dealOf, playAll, position, rules, runStockDown } from "./notation.js";

describe("the first dealer and the deal (docs/rules.md §3)", () => {
  const draws: [string, number, number][] = [
    ["3C 3S", 2, 0],
    ["3S 3C", 2, 1],
    ["KS AS 2S JK", 4, 0],
    ["JK 2C AD", 3, 2],
    ["4H 4D 5S", 3, 1],
    ["3C 3C 5H 4D", 2, 1],
    ["JK JK 9S QD", 2, 0],
  ];
  it.each(draws)("drawing %s with %i players: seat %i deals", (text, players, dealer) => {
    expect(drawForDealer(cards(text), players as 2 | 3 | 4)).toBe(dealer);
  });

  it("the deal moves to the left after every hand", () => {
    let state = runStockDown(position({ players: 3, dealer: 1 }));
    expect(nextDealer(state, 1)).toBe(2);
    expect(needsDeal(state)).toBe(true);
    const next = startHand(state, dealFromSeed("next", 3, nextDealer(state, 1)));
    expect(next.ok).toBe(true);
    state = next.ok ? next.value.state : state;
    expect(state.hand!.turn).toBe(0);
    expect(state.hand!.number).toBe(1);
    expect(state.past).toHaveLength(1);
  });

  it("deals are laid out as hands, pozzetti, discard and stock", () => {
    for (const players of [2, 3, 4] as const) {
      const deal = dealFromSeed(players, players, 0);
      expect(deal.hands.map((h) => h.length)).toEqual(new Array(players).fill(11));
      expect(deal.pozzetti.length).toBe(players === 3 ? 3 : 2);
      expect(deal.stock.length).toBe(players === 2 ? 63 : 41);
      expect([...deal.hands.flat(), ...deal.pozzetti.flat(), ...deal.discard, ...deal.stock].sort()).toEqual(makeDeck(true).sort());
    }
    expect(dealFromSeed("x", 2, 0)).toEqual(dealFromSeed("x", 2, 0));
    expect(dealFromSeed("x", 2, 0)).not.toEqual(dealFromSeed("y", 2, 0));
    expect(dealFromSeed("x", 2, 0, false).stock.length).toBe(59);
  });

  it("a deal that is not the rules' deck is refused", () => {
    const good = dealOf({});
    const game = newGame(rules(), 2);
    const swapped = { ...good, stock: [...good.stock.slice(1), good.stock[2]!] };
    expect(startHand(game, swapped)).toMatchObject({ ok: false });
    expect(startHand(newGame(rules({ jokers: false }), 2), good)).toMatchObject({ ok: false });
    expect(startHand(game, { ...good, hands: [good.hands[0]!] })).toMatchObject({ ok: false });
    expect(startHand(game, { ...good, dealer: 2 })).toMatchObject({ ok: false });
    expect(startHand(position({}), good)).toMatchObject({ ok: false, error: "a hand is still in play" });
  });
});

describe("the end of the match (docs/rules.md §10)", () => {
  it("a team reaching the target wins with the highest total", () => {
    expect(matchWinner(rules(), [2004, 1000], 3, 0)).toBeUndefined();
    expect(matchWinner(rules(), [2005, 1000], 3, 1)).toBe(0);
    expect(matchWinner(rules(), [2105, 2200], 3, 0)).toBe(1);
    expect(matchWinner(rules({ target: 3000 }), [2105, 2200], 3, 0)).toBeUndefined();
  });

  it("an exact tie plays another hand, or goes to the starting team", () => {
    expect(matchWinner(rules(), [2100, 2100], 3, 1)).toBeUndefined();
    expect(matchWinner(rules({ tie: "starter" }), [2100, 2100], 3, 1)).toBe(1);
    expect(matchWinner(rules({ tie: "starter" }), [2100, 2100, 2100], 3, 2)).toBe(2);
    expect(matchWinner(rules({ tie: "starter" }), [2100, 2100, 500], 3, 2)).toBeUndefined();
  });

  it("with hands: N the match is exactly N hands", () => {
    expect(matchWinner(rules({ hands: 4 }), [3000, 100], 3, 0)).toBeUndefined();
    expect(matchWinner(rules({ hands: 4 }), [-50, -100], 4, 1)).toBe(0);
    const state = runStockDown(position({ rules: { hands: 1 } }));
    expect(state.over).toBe(true);
    expect(state.winner).toBe(state.totals[0]! > state.totals[1]! ? 0 : state.totals[0] === state.totals[1] ? null : 1);
    expect(needsDeal(state)).toBe(false);
  });

  it("a closing that reaches the target ends the match", () => {
    const spec = {
      rules: { target: 300 },
      hands: ["3H 4H 5H 6H 7H 8H 9H 10C 10D 10S JK"],
      pozzetti: ["4D 5D 6D 7D 8D 9D 10D JD QD KD JK"],
      stock: "10H",
    };
    const state = playAll(
      position(spec),
      "0 draw",
      "0 meld 3H 4H 5H 6H 7H 8H 9H",
      "0 meld 10C 10D 10S 10H JK",
      "0 meld 4D 5D 6D 7D 8D 9D 10D JD QD JK",
      "0 discard KD",
    );
    expect(state).toMatchObject({ over: true, winner: 0 });
    expect(startHand(state, dealOf({}))).toMatchObject({ ok: false, error: "the match is over" });
  });
});

describe("resigning (docs/rules.md §8)", () => {
  it("a player may resign at any time; the other team wins", () => {
    const state = playAll(position({}), "1 resign");
    expect(state.hand!.end).toEqual({ reason: "resigned", closedBy: null });
    expect(state).toMatchObject({ over: true, winner: 0 });
    const four = playAll(position({ players: 4 }), "2 resign");
    expect(four.winner).toBe(1);
  });

  it("with three players the leader of the other two wins", () => {
    const state = playAll(position({ players: 3 }), "0 resign");
    const [, one, two] = state.totals;
    expect(state.winner).toBe(one! >= two! ? 1 : 2);
  });
});
