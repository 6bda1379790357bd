import fc from "fast-check";
import { describe, expect, it } from "vitest";
import {
  applyMove,
  botMove,
  type Card,
  dealFromSeed,
  type GameState,
  makeCard,
  makeDeck,
  newGame,
  PRESET_NAMES,
  PRESETS,
  parseCard,
  parseMove,
  seededRandom,
  startHand,
} from "../../src/engine/index.js";
import { BOUNDED_WORK_TIMEOUT, size } from "../sizes.js";

/** Random situations per check: fewer in `npm test`, the full count in `npm run test:long`. */
const RUNS = size(80, 300);

/** A hand of `preset` after `steps` random legal moves (or at its end, if sooner). */
function midHand(preset: (typeof PRESET_NAMES)[number], players: 2 | 3 | 4, seed: number, steps: number): GameState {
  const rules = PRESETS[preset];
  const started = startHand(newGame(rules, players), dealFromSeed(seed, players, seed % players, rules.jokers));
  if (!started.ok) throw new Error(started.error);
  let state = started.value.state;
  const random = seededRandom(seed);
  for (let i = 0; i < steps && !state.hand!.end; i++) state = botMove(state, random).outcome.state;
  return state;
}

const situations = fc.record({
  preset: fc.constantFrom(...PRESET_NAMES),
  players: fc.constantFrom(2 as const, 3 as const, 4 as const),
  seed: fc.nat(),
  steps: fc.nat(400),
});

function refusedWith(state: GameState, seat: unknown, move: unknown): string {
  const before = JSON.stringify(state);
  const result = applyMove(state, seat, move);
  expect(JSON.stringify(state)).toBe(before);
  return result.ok ? "accepted" : result.error.code;
}

const notHeld = (state: GameState, seat: number): Card[] => {
  const hand = state.hand!.hands[seat]!;
  return [...new Set(makeDeck(true))].filter((c) => !hand.includes(c));
};

describe("illegal moves are refused with the right code and change nothing", { timeout: BOUNDED_WORK_TIMEOUT }, () => {
  it("any move out of turn: NOT_YOUR_TURN (or HAND_OVER once the hand has ended)", () => {
    fc.assert(
      fc.property(situations, fc.nat(), fc.constantFrom("draw", "pickup", "discard", "meld"), (s, pick, type) => {
        const state = midHand(s.preset, s.players, s.seed, s.steps);
        const seat = (state.hand!.turn + 1 + (pick % (s.players - 1))) % s.players;
        const card = makeCard(state.hand!.hands[seat]![0] ?? 0);
        const move = type === "discard" ? { type, card } : type === "meld" ? { type, cards: [card, card, card] } : { type };
        expect(refusedWith(state, seat, move)).toBe(state.hand!.end ? "HAND_OVER" : "NOT_YOUR_TURN");
      }),
      { numRuns: RUNS },
    );
  });

  it("wrong phase: melding or discarding before taking, taking twice", () => {
    fc.assert(
      fc.property(situations, (s) => {
        const state = midHand(s.preset, s.players, s.seed, s.steps);
        const { turn, phase, end } = state.hand!;
        const card = makeCard(state.hand!.hands[turn]![0]!);
        const expected = end ? "HAND_OVER" : phase === "take" ? "MUST_DRAW_FIRST" : "ALREADY_DREW";
        const moves =
          phase === "take"
            ? [
                { type: "discard", card },
                { type: "meld", cards: [card, card, card] },
                { type: "attach", meld: 0, cards: [card] },
              ]
            : [{ type: "draw" }, { type: "pickup" }];
        for (const move of moves) expect(refusedWith(state, turn, move)).toBe(expected);
      }),
      { numRuns: RUNS },
    );
  });

  it("cards not held: CARD_NOT_IN_HAND", () => {
    fc.assert(
      fc.property(
        situations.filter((s) => s.steps > 0),
        fc.nat(),
        (s, pick) => {
          let state = midHand(s.preset, s.players, s.seed, s.steps);
          if (state.hand!.end) return;
          const random = seededRandom(pick);
          while (state.hand!.phase === "take") state = botMove(state, random).outcome.state;
          if (state.hand!.end) return;
          const seat = state.hand!.turn;
          const missing = notHeld(state, seat);
          const card = makeCard(missing[pick % missing.length]!);
          expect(refusedWith(state, seat, { type: "discard", card })).toBe("CARD_NOT_IN_HAND");
          expect(refusedWith(state, seat, { type: "meld", cards: [card, makeCard(state.hand!.hands[seat]![0]!), card] })).toBe(
            "CARD_NOT_IN_HAND",
          );
        },
      ),
      { numRuns: RUNS },
    );
  });

  it("malformed JSON shapes: BAD_MOVE", () => {
    fc.assert(
      fc.property(situations, fc.anything(), (s, junk) => {
        fc.pre(!parseMove(junk).ok);
        const state = midHand(s.preset, s.players, s.seed, s.steps);
        expect(refusedWith(state, state.hand!.turn, junk)).toBe("BAD_MOVE");
      }),
      { numRuns: RUNS },
    );
  });

  it("moves with bad card text: BAD_MOVE", () => {
    const junkCard = fc
      .oneof(fc.string(), fc.constantFrom("1H", "11S", "AX", "jk", "10", "H10", " 3H", "3H ", "JOKER"))
      .filter((t) => parseCard(t) === undefined);
    fc.assert(
      fc.property(situations, junkCard, (s, text) => {
        const state = midHand(s.preset, s.players, s.seed, s.steps);
        for (const move of [
          { type: "discard", card: text },
          { type: "meld", cards: ["3H", text, "5H"] },
          { type: "attach", meld: 0, cards: [text] },
        ]) {
          expect(refusedWith(state, state.hand!.turn, move)).toBe("BAD_MOVE");
        }
      }),
      { numRuns: RUNS },
    );
  });
});
