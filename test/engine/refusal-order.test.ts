/**
 * Which refusal a move with several faults gets (docs/rules.md §13, "Which
 * error"): every pair of codes that one move can earn together, produced on
 * a table reached by legal play, and every pair that cannot, with the reason.
 */
import { describe, expect, it } from "vitest";
import { applyMove, type GameState, makeMove, play } from "../../src/engine/index.js";
import { parseLine, position } from "./notation.js";
import { ALONE, BOTH, type Case } from "./refusal-tables.js";

/** docs/rules.md §13: the first fault in this order is the one reported. */
const PRECEDENCE = [
  "BAD_MOVE",
  "HAND_OVER",
  "NOT_YOUR_TURN",
  "MUST_DRAW_FIRST",
  "ALREADY_DREW",
  "MUST_PLAY_PICKED_CARD",
  "CARD_NOT_IN_HAND",
  "CANNOT_DISCARD_PICKED_CARD",
  "UNKNOWN_MELD",
  "NOT_YOUR_MELD",
  "INVALID_MELD",
  "SETS_NOT_ALLOWED",
  "TOO_MANY_WILDS",
  "WILD_CANNOT_MOVE",
  "DUPLICATE_SET",
  "WOULD_EMPTY_HAND",
  "CANNOT_CLOSE_WITHOUT_BURRACO",
  "NO_DISCARD_LEFT",
] as const;
type Code = (typeof PRECEDENCE)[number];

const PLAYS: Code[] = [
  "INVALID_MELD",
  "TOO_MANY_WILDS",
  "WILD_CANNOT_MOVE",
  "WOULD_EMPTY_HAND",
  "CANNOT_CLOSE_WITHOUT_BURRACO",
  "NO_DISCARD_LEFT",
];
const NEW_MELD_ONLY: Code[] = ["SETS_NOT_ALLOWED", "DUPLICATE_SET"];
const MELD_OR_ATTACH: Code[] = ["UNKNOWN_MELD", "NOT_YOUR_MELD", ...PLAYS, ...NEW_MELD_ONLY];

/** Pairs no single move can have, and why. */
const NEVER_TOGETHER: [Code, Code[], string][] = [
  ["MUST_DRAW_FIRST", ["ALREADY_DREW", "MUST_PLAY_PICKED_CARD"], "before taking, or the taking itself"],
  ["MUST_DRAW_FIRST", ["CANNOT_DISCARD_PICKED_CARD"], "a card is picked up only by taking"],
  ["ALREADY_DREW", ["CANNOT_DISCARD_PICKED_CARD"], "a taking is no discard"],
  ["MUST_PLAY_PICKED_CARD", ["CANNOT_DISCARD_PICKED_CARD"], "a taking is no discard"],
  ["MUST_PLAY_PICKED_CARD", ["WOULD_EMPTY_HAND", "CANNOT_CLOSE_WITHOUT_BURRACO"], "the top card left out of the play stays in the hand"],
  ["CARD_NOT_IN_HAND", ["CANNOT_DISCARD_PICKED_CARD"], "the card just picked up is held"],
  [
    "CANNOT_DISCARD_PICKED_CARD",
    MELD_OR_ATTACH,
    "a discard lays nothing (and the play that would leave no card to discard is refused first)",
  ],
  ["UNKNOWN_MELD", ["NOT_YOUR_MELD", ...PLAYS], "cards fit, or not, only a meld that exists"],
  ["UNKNOWN_MELD", NEW_MELD_ONLY, "an addition is no new meld"],
  ["NOT_YOUR_MELD", NEW_MELD_ONLY, "an addition is no new meld"],
  ["WILD_CANNOT_MOVE", NEW_MELD_ONLY, "a wild is displaced only by an addition"],
  ["SETS_NOT_ALLOWED", ["DUPLICATE_SET"], "without sets there is no set to repeat"],
  ["WOULD_EMPTY_HAND", ["NO_DISCARD_LEFT"], "an empty hand, or one card left"],
  ["CANNOT_CLOSE_WITHOUT_BURRACO", ["NO_DISCARD_LEFT"], "an empty hand, or one card left"],
];

const rank = (code: string) => PRECEDENCE.indexOf(code as Code);
const key = (a: string, b: string) => (rank(a) < rank(b) ? `${a} + ${b}` : `${b} + ${a}`);
const exclusive = new Map(NEVER_TOGETHER.flatMap(([a, bs, why]) => bs.map((b) => [key(a, b), why] as const)));

interface Attempt {
  readonly state: GameState;
  readonly seat: number;
  readonly move: unknown;
}

/** The states a case passes through, the last one being where its line is tried. */
function statesOf(c: Case): GameState[] {
  const states = [position(c.spec)];
  for (const line of c.setup) {
    const { seat, move } = parseLine(line);
    const result = play(states.at(-1)!, seat, move);
    if (!result.ok) throw new Error(`${line}: ${result.error.message}`);
    states.push(result.value.state);
  }
  return states;
}

function attempt(c: Case): Attempt {
  const { seat, move } = parseLine(c.line);
  return { state: statesOf(c).at(-1)!, seat, move: makeMove(move) };
}

function codeOf({ state, seat, move }: Attempt): string {
  const before = JSON.stringify(state);
  const result = applyMove(state, seat, move);
  expect(JSON.stringify(state)).toBe(before);
  return result.ok ? "accepted" : result.error.code;
}

/** A gate's fault laid over a case that has fault `second` alone; null where the gate cannot apply. */
function withGate(gate: Code, second: Code, c: Case): Attempt | null {
  const { seat, move } = parseLine(c.line);
  const states = statesOf(c);
  const last = states.at(-1)!;
  const json = makeMove(move);
  const lastWhere = (test: (s: GameState) => boolean) => states.findLast((s) => !s.hand!.end && test(s));
  switch (gate) {
    case "BAD_MOVE":
      return { state: last, seat, move: { ...json, note: "an unknown field" } };
    case "HAND_OVER": {
      const resigned = play(last, 1 - seat, { type: "resign" });
      return resigned.ok ? { state: resigned.value.state, seat, move: json } : null;
    }
    case "NOT_YOUR_TURN": {
      const before = lastWhere((s) => s.hand!.turn !== seat);
      return before ? { state: before, seat, move: json } : null;
    }
    case "MUST_DRAW_FIRST": {
      const before = lastWhere((s) => s.hand!.turn === seat && s.hand!.phase === "take");
      return before && move.type !== "pickup" && move.type !== "draw" ? { state: before, seat, move: json } : null;
    }
    case "ALREADY_DREW": {
      if (move.type === "pickup") {
        const drawn = play(last, seat, { type: "draw" });
        return drawn.ok ? { state: drawn.value.state, seat, move: json } : null;
      }
      return move.type === "meld" || move.type === "attach" ? { state: last, seat, move: { type: "pickup", play: json } } : null;
    }
    case "MUST_PLAY_PICKED_CARD": {
      if (move.type !== "meld" && move.type !== "attach") return null;
      const closed = statesOf({ ...c, spec: { ...c.spec, rules: { ...c.spec.rules, discardPile: "closed" } } });
      const before = closed.findLast((s) => !s.hand!.end && s.hand!.turn === seat && s.hand!.phase === "take");
      return before ? { state: before, seat, move: { type: "pickup", play: json } } : null;
    }
    default:
      throw new Error(`${gate} is no gate (${second})`);
  }
}

const rows: [string, Code, Code, () => Attempt | null, () => Attempt][] = [];
for (const [i, first] of PRECEDENCE.entries()) {
  for (const second of PRECEDENCE.slice(i + 1)) {
    if (exclusive.has(key(first, second))) continue;
    const written = BOTH.find(([a, b]) => a === first && b === second);
    if (written) rows.push([key(first, second), first, second, () => attempt(written[2]), () => attempt(written[3])]);
    else {
      const alone = ALONE[second]!;
      rows.push([key(first, second), first, second, () => withGate(first, second, alone), () => attempt(alone)]);
    }
  }
}

describe("ruling: which refusal a move with two faults gets (docs/rules.md §13)", () => {
  it.each(PRECEDENCE.slice(1).map((code) => [code]))("%s on its own", (code) => {
    expect(codeOf(attempt(ALONE[code]!))).toBe(code);
  });

  it.each(rows)("%s", (_name, first, second, both, withoutFirst) => {
    expect(codeOf(withoutFirst()), "the second fault on its own").toBe(second);
    const move = both();
    expect(move, "a move with both faults").not.toBeNull();
    expect(codeOf(move!)).toBe(first);
  });

  it("every pair of codes is produced above or can never come together", () => {
    const all = PRECEDENCE.flatMap((a, i) => PRECEDENCE.slice(i + 1).map((b) => key(a, b)));
    const produced = rows.map(([name]) => name);
    expect(all.filter((pair) => !produced.includes(pair) && !exclusive.has(pair))).toEqual([]);
    expect(produced.filter((pair) => exclusive.has(pair))).toEqual([]);
    expect(BOTH.filter(([a, b]) => !produced.includes(key(a, b)))).toEqual([]);
    expect(all).toHaveLength(153);
    expect(exclusive.size).toBe(34);
  });
});
