import { describe, expect, it } from "vitest";
import { eventFor, play, viewFor } from "../../src/engine/index.js";
import { expectRefused, handOf, parseLine, playAll, position } from "./notation.js";

const POZZETTO = "4D 5D 6D 7D 8D 9D 10D JD QD KD JK";

describe("taking the pozzetto directly (docs/rules.md §6)", () => {
  const spec = { hands: ["3H 4H 5H 6H 7H 8H 9H 10C 10D 10S JK"], pozzetti: [POZZETTO], stock: "10H" };

  it("melding every card takes the next pozzetto at once, and the turn goes on", () => {
    const state = playAll(position(spec), "0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H", "0 meld 10C 10D 10S 10H JK");
    expect(handOf(state, 0)).toEqual(POZZETTO.split(" "));
    expect(state.hand!.pozzetti[0]).toEqual({ seat: 0, pozzetto: 0, direct: true });
    expect(state.hand!.turn).toBe(0);
    expect(viewFor(state, 0).hand!.myHand).toEqual(POZZETTO.split(" "));
    expect(viewFor(state, 1).hand!.pozzetti[0]).toEqual({ seat: 0, direct: true });
  });

  it("the taker sees the pozzetto's cards in the event; nobody else does", () => {
    const before = playAll(position(spec), "0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H");
    const { seat, move } = parseLine("0 meld 10C 10D 10S 10H JK");
    const result = play(before, seat, move);
    const taken = result.ok ? result.value.events.find((e) => e.type === "pozzettoTaken")! : null;
    expect(eventFor(taken!, 0, before.rules)).toMatchObject({ direct: true, cards: POZZETTO.split(" ") });
    expect(eventFor(taken!, 1, before.rules)).not.toHaveProperty("cards");
    expect(eventFor(taken!, null, before.rules)).not.toHaveProperty("cards");
  });

  it("with pozzettoDirect off the last card must be discarded", () => {
    const state = playAll(position({ ...spec, rules: { preset: "aperto-sporco" } }), "0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H");
    expectRefused(state, "0 meld 10C 10D 10S 10H JK", "WOULD_EMPTY_HAND");
  });

  it("a team takes one pozzetto: emptying the hand again is a closing, not a second pozzetto", () => {
    let state = playAll(position({ ...spec, stock: "10H 2C 4D" }), "0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H", "0 meld 10C 10D 10S 10H JK");
    state = playAll(state, "0 discard 4D", "1 draw", "1 discard 2C", "0 draw");
    expect(state.hand!.nextPozzetto).toBe(1);
    const message = expectRefused(state, "0 meld 4D 5D 6D 7D 8D 9D 10D JD QD KD JK", "WOULD_EMPTY_HAND");
    expect(message).toMatch(/discard/);
  });
});

describe("taking the pozzetto on the discard (docs/rules.md §6, §12)", () => {
  const spec = {
    hands: ["3H 4H 5H 6H 7H 8H 9H 10C 10D 10S 10H", "3S 4S 5S 6S 7S 8S 9S 10S JS QS KC"],
    pozzetti: [POZZETTO],
    stock: "QC KS",
  };
  const down = ["0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H", "0 meld 10C 10D 10S 10H", "0 discard QC"];

  it("the pozzetto becomes the hand, face down until the taker's next turn", () => {
    let state = playAll(position(spec), ...down);
    expect(state.hand!.pozzetti[0]).toEqual({ seat: 0, pozzetto: 0, direct: false });
    expect(state.hand!.turn).toBe(1);
    for (const viewer of [0, 1, null]) {
      const view = viewFor(state, viewer).hand!;
      expect(view.handSizes[0]).toBe(11);
      if (viewer !== 1) expect(view.myHand).toBeNull();
    }
    expect(viewFor(state, 0).hand!.myHandHidden).toBe(true);
    const { seat, move } = parseLine("1 draw");
    const step = play(state, seat, move);
    state = playAll(state, "1 draw");
    const next = play(state, 1, { type: "discard", card: state.hand!.hands[1]![0]! });
    expect(step.ok && next.ok).toBe(true);
    const seen = next.ok ? next.value.events.find((e) => e.type === "pozzettoSeen")! : null;
    expect(eventFor(seen!, 0, state.rules)).toMatchObject({ cards: POZZETTO.split(" ") });
    expect(eventFor(seen!, 1, state.rules)).toBeNull();
    expect(eventFor(seen!, null, state.rules)).toBeNull();
    state = next.ok ? next.value.state : state;
    expect(viewFor(state, 0).hand!.myHand).toEqual(POZZETTO.split(" "));
    expect(viewFor(state, 0).hand!.myHandHidden).toBe(false);
  });

  it("the last card may be a wild: taking the pozzetto is not a closing", () => {
    const state = playAll(
      position({ ...spec, stock: "JK" }),
      "0 draw",
      "0 meld 3H 4H 5H 6H 7H 8H 9H",
      "0 meld 10C 10D 10S 10H",
      "0 discard JK",
    );
    expect(state.hand!.end).toBeNull();
    expect(state.hand!.pozzetti[0]).toMatchObject({ direct: false });
  });

  it("with three players there are three pozzetti, one per player", () => {
    const three = position({ players: 3, dealer: 2, hands: [spec.hands[0]!], stock: "QC" });
    expect(three.hand!.deal.pozzetti.length).toBe(3);
    expect(three.hand!.stock.length).toBe(41);
    const state = playAll(three, ...down);
    expect(state.hand!.pozzetti).toEqual([{ seat: 0, pozzetto: 0, direct: false }, null, null]);
  });
});
