import { describe, expect, it } from "vitest";
import type { GameSnapshot, HandView, WireEvent } from "../../src/shared/api";
import {
  fitHand,
  fitMelds,
  handHeight,
  meldsHeight,
  meldWidth,
  READABLE,
  rowHeight,
  rowsFor,
  type Side,
  shareHeight,
  squeezeHand,
} from "../../web/src/table/fit";
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
    const fit = fitMelds(shapes, 340, 160);
    expect(fit.fits).toBe(true);
    const rows = rowsFor(shapes, 340, fit.card, fit.step);
    expect(rows * (fit.card * 1.82 + 8) + (rows - 1) * 6).toBeLessThanOrEqual(160);
    for (const s of shapes) expect(meldWidth(s, fit.card, fit.step)).toBeLessThanOrEqual(340);
    // A box twice as tall takes larger cards.
    expect(fitMelds(shapes, 340, 320).card).toBeGreaterThan(fit.card);
  });

  it("shows a closed burraco narrower than the same cards fanned", () => {
    expect(meldWidth({ cards: 9, closed: true }, 40, 20)).toBeLessThan(meldWidth({ cards: 9, closed: false }, 40, 20));
  });

  it("keeps a closed burraco as wide as its kind, so that 'semipulito' is never cut", () => {
    // 6.5 ems of the badge's font (0.6rem at least): wider than a stack of 7 readable cards.
    const stack = meldWidth({ cards: 7, closed: true }, READABLE, 13);
    const named = meldWidth({ cards: 7, closed: true, label: 6.5 }, READABLE, 13);
    expect(named).toBeGreaterThanOrEqual(6.5 * 9.6 + 8);
    expect(named).toBeGreaterThan(stack);
  });

  it("never shrinks meld cards below the readable: the box scrolls instead", () => {
    const shapes = Array.from({ length: 12 }, () => ({ cards: 5, closed: false }));
    const fit = fitMelds(shapes, 340, 60);
    expect(fit).toMatchObject({ card: READABLE, fits: false });
    expect(fitMelds(shapes.slice(0, 2), 340, 200).fits).toBe(true);
  });

  it("counts the line a burraco's kind takes under an open burraco with a wild", () => {
    const plain = meldsHeight([{ cards: 8, closed: false }], 340, 30);
    expect(meldsHeight([{ cards: 8, closed: false, label: 6, tall: true }], 340, 30)).toBeCloseTo(plain + 30 * 0.42);
  });

  it("shares the felt by what each side needs: a lone meld across the table keeps its row beside a dozen", () => {
    const lone: Side = { need: (card) => 20 + rowHeight(card), least: 20 + rowHeight(READABLE) };
    const dozen: Side = { need: (card) => 20 + 4 * rowHeight(card) + 18, least: 20 + rowHeight(READABLE) };
    // Room for both at the readable size: each gets what it needs, the rest shared.
    const roomy = shareHeight([lone, dozen], 400);
    expect(roomy[0]! + roomy[1]!).toBeCloseTo(400);
    expect(roomy[0]).toBeGreaterThanOrEqual(lone.need(READABLE));
    // Too little room: the lone meld keeps its first row, the dozen scroll.
    const tight = shareHeight([lone, dozen], 200);
    expect(tight[0]).toBeGreaterThanOrEqual(lone.least - 0.01);
    expect(tight[0]! + tight[1]!).toBeCloseTo(200);
    // Not even first rows fit: shared by what each needs at the least.
    const tiny = shareHeight([lone, dozen], 100);
    expect(tiny[0]).toBeCloseTo(50);
  });

  it("makes a long hand shorter for the melds, never under 40 px cards, nor taller than it was", () => {
    const hand = { count: 22, width: 344, max: 60, good: 52 };
    const fit = fitHand(22, 344, 60, 52);
    const squeezed = squeezeHand(fit, 200, hand);
    expect(squeezed.card).toBe(40);
    expect(handHeight(squeezed)).toBeLessThan(handHeight(fit));
    expect(squeezeHand(fit, 0, hand)).toBe(fit);
    // An 11-card hand in one row would only grow taller in two rows of 40 px: it stays in one row, of 40 px cards.
    const one = fitHand(11, 374, 60);
    expect(squeezeHand(one, 100, { count: 11, width: 374, max: 60, good: 52 })).toEqual({ card: 40, rows: 1 });
    // Two cards: one short row, however much the melds ask.
    expect(squeezeHand(fitHand(2, 344, 60), 500, { count: 2, width: 344, max: 60, good: 52 })).toEqual({ card: 40, rows: 1 });
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
