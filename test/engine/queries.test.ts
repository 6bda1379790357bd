import { describe, expect, it } from "vitest";
import { checkMove, closeStatus, discardable, makeCards, meldTargets, previewMeld } from "../../src/engine/index.js";
import { cards, playAll, position } from "./notation.js";

describe("questions a table asks (UI and bots)", () => {
  const spec = {
    hands: ["3H 4H 5H 6H 7H 8H 9H 10C 10D 10S JK", "3S 4S 5S 9C 9C 9S KC KD QC QS 2S"],
    pozzetti: ["4D 5D 6D 7D 8D 9D 10D JD QD KD JK"],
    stock: "10H AC",
  };

  it("previews how a selection would lie on the table, or why it is no meld", () => {
    const state = position(spec);
    expect(previewMeld(state, cards("6H 5H JK"), "low")).toEqual({
      ok: true,
      value: { kind: "sequence", cards: ["JK", "5H", "6H"], wild: { index: 0, as: "4H" }, burraco: null },
    });
    expect(previewMeld(state, cards("6H 5S JK"))).toMatchObject({ ok: false, error: { code: "INVALID_MELD" } });
  });

  it("lists the team melds that would take a card, and how", () => {
    let state = playAll(position(spec), "0 draw", "0 meld 3H 4H 5H", "0 meld 10C 10D 10S");
    expect(meldTargets(state, 0, cards("6H"))).toEqual([{ meld: 0, result: expect.objectContaining({ cards: ["3H", "4H", "5H", "6H"] }) }]);
    expect(meldTargets(state, 0, cards("JK")).map((t) => [t.meld, t.result.cards])).toEqual([
      [0, ["3H", "4H", "5H", "JK"]],
      [1, ["10S", "10D", "10C", "JK"]],
    ]);
    expect(meldTargets(state, 1, cards("6H"))).toEqual([]);
    state = playAll(state, "0 discard 10H");
    expect(meldTargets(state, 0, cards("9C"))).toEqual([]);
  });

  it("lists the cards that may be discarded now", () => {
    let state = position({ ...spec, discard: "AC" });
    expect(discardable(state, 0)).toEqual([]);
    state = playAll(state, "0 pickup");
    const allowed = makeCards(discardable(state, 0));
    expect(allowed).not.toContain("AC");
    expect(allowed).toHaveLength(11);
    expect(discardable(state, 1)).toEqual([]);
  });

  it("says whether a team may close, and why not", () => {
    let state = position(spec);
    expect(closeStatus(state, 0)).toEqual({ canClose: false, reason: "your team has not taken its pozzetto" });
    state = playAll(state, "0 draw", "0 meld 10C 10D 10S 10H JK", "0 meld 3H 4H 5H 6H 7H 8H");
    expect(closeStatus(state, 0)).toEqual({ canClose: false, reason: "your team has not taken its pozzetto" });
    state = playAll(state, "0 discard 9H");
    expect(closeStatus(state, 0)).toEqual({ canClose: false, reason: "your team has no burraco" });
    const closing = playAll(position(spec), "0 draw", "0 meld 3H 4H 5H 6H 7H 8H 9H", "0 meld 10C 10D 10S 10H JK");
    expect(closeStatus(closing, 0)).toEqual({ canClose: true, reason: null });
    expect(closeStatus(closing, 1).canClose).toBe(false);
  });

  it("checks a whole move without making it", () => {
    const state = position(spec);
    expect(checkMove(state, 0, { type: "draw" })).toBeNull();
    expect(checkMove(state, 1, { type: "draw" })).toMatchObject({ code: "NOT_YOUR_TURN" });
    expect(state.hand!.phase).toBe("take");
  });
});
