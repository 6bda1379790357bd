import { describe, expect, it } from "vitest";
import type { GameSnapshot, HandView, WireEvent } from "../../src/shared/api";
import { fitHand, fitMelds, meldWidth, rowsFor } from "../../web/src/table/fit";
import { backward, forward, framesBack, playable } from "../../web/src/table/replay-steps";

describe("card sizes that fit (web/src/table/fit.ts)", () => {
  it("gives an 11-card hand on a 390 px phone cards of at least 52 px in one row, with more than half of each showing", () => {
    const fit = fitHand(11, 374, 60);
    expect(fit.rows).toBe(1);
    expect(fit.card).toBeGreaterThanOrEqual(52);
    expect((374 - fit.card) / 10).toBeGreaterThanOrEqual(fit.card * 0.55);
  });

  it("lays 34 cards in two rows rather than shrinking them below the readable", () => {
    const fit = fitHand(34, 374, 60);
    expect(fit.rows).toBe(2);
    expect(fit.card).toBeGreaterThanOrEqual(34);
  });

  it("keeps a hand within the height given (a phone on its side)", () => {
    const fit = fitHand(34, 600, 52, 44, 34, 84);
    expect(fit.card * 1.4 * (1 + (fit.rows - 1) * 0.55)).toBeLessThanOrEqual(84);
  });

  it("finds the largest meld cards whose rows fit the box, and every meld within its width", () => {
    const shapes = Array.from({ length: 7 }, (_, i) => ({ cards: 3 + (i % 3), closed: false }));
    const fit = fitMelds(shapes, 340, 120);
    const rows = rowsFor(shapes, 340, fit.card, fit.step);
    expect(rows * (fit.card * 1.82 + 8) + (rows - 1) * 6).toBeLessThanOrEqual(120);
    for (const s of shapes) expect(meldWidth(s, fit.card, fit.step)).toBeLessThanOrEqual(340);
    // A box twice as tall takes larger cards.
    expect(fitMelds(shapes, 340, 240).card).toBeGreaterThan(fit.card);
  });

  it("shows a closed burraco narrower than the same cards fanned", () => {
    expect(meldWidth({ cards: 9, closed: true }, 40, 20)).toBeLessThan(meldWidth({ cards: 9, closed: false }, 40, 20));
  });
});

const at = "2026-01-01T00:00:00.000Z";
const ev = (e: object, seq: number) => ({ ...e, seq, at }) as unknown as WireEvent;
const meld = (id: number, cards: string[], burraco: string | null = null) => ({
  id,
  team: 1,
  kind: "sequence",
  cards,
  wild: null,
  burraco,
});

function hand(over: Partial<HandView> = {}): HandView {
  return {
    number: 0,
    dealer: 1,
    turn: 0,
    phase: "take",
    myHand: ["3H", "4H"],
    myHandHidden: false,
    handSizes: [11, 10],
    melds: [],
    discardPile: { count: 1, top: "QS", cards: ["QS"] },
    stock: 60,
    pozzettiLeft: 2,
    pozzetti: [null, null],
    lastTurn: false,
    picked: null,
    end: null,
    scores: null,
    revealed: null,
    ...over,
  } as HandView;
}

const snap = (h: HandView, version: number) => ({ version, view: { hand: h } }) as unknown as GameSnapshot;

describe("others' moves one at a time (web/src/table/replay-steps.ts)", () => {
  const turn = [
    ev({ type: "drew", seat: 1, stockLeft: 59 }, 5),
    ev({ type: "melded", seat: 1, meld: meld(3, ["3S", "4S", "5S"]), cards: ["3S", "4S", "5S"] }, 6),
    ev({ type: "discarded", seat: 1, card: "AH" }, 7),
    ev({ type: "turn", seat: 0 }, 8),
  ];

  it("plays back only other seats' moves, never the viewer's own or a hand's end", () => {
    expect(playable(turn, 0)).toBe(true);
    expect(playable(turn, 1)).toBe(false);
    expect(playable([...turn, ev({ type: "handEnded", hand: 0 }, 9)], 0)).toBe(false);
  });

  it("steps forward and back to the same table", () => {
    const before = hand({ turn: 1, handSizes: [11, 11] });
    let h = before;
    for (const e of turn) h = forward(h, e);
    expect(h.handSizes).toEqual([11, 8]);
    expect(h.stock).toBe(59);
    expect(h.melds.map((m) => m.id)).toEqual([3]);
    expect(h.discardPile).toEqual({ count: 2, top: "AH", cards: ["QS", "AH"] });
    expect(h.turn).toBe(0);
    for (const e of turn.slice().reverse()) h = backward(h, e);
    expect(h.handSizes).toEqual(before.handSizes);
    expect(h.stock).toBe(60);
    expect(h.melds).toEqual([]);
    expect(h.discardPile).toEqual(before.discardPile);
  });

  it("works the frames back from the table now for a player coming back, the last one the table now", () => {
    const now = snap(
      hand({
        handSizes: [11, 9],
        stock: 59,
        melds: [meld(3, ["3S", "4S", "5S"])] as HandView["melds"],
        discardPile: { count: 2, top: "AH", cards: ["QS", "AH"] },
      }),
      8,
    );
    const frames = framesBack(now, turn);
    expect(frames.map((f) => f.event?.type ?? null)).toEqual([null, "drew", "melded", "discarded"]);
    expect(frames[0]!.snap.view.hand!.stock).toBe(60);
    expect(frames[2]!.snap.view.hand!.melds).toHaveLength(1);
    expect(frames.at(-1)!.snap).toBe(now);
  });
});
