/**
 * Tables for the order of refusal codes (refusal-order.test.ts): positions
 * reached by legal play where seat 0 is to move, and one faulty move each.
 */
import type { PositionSpec } from "./notation.js";

/** A position (a deal and the lines played from it) and the line to try there. */
export interface Case {
  readonly spec: PositionSpec;
  readonly setup: readonly string[];
  readonly line: string;
}

type Options = Record<string, unknown>;

/**
 * Table P: seat 0 holds AH AS 5H 6H 6S 2C 9S 9C 2D after drawing, in its
 * second turn. Team 1 has meld 0 (3S 4S 2D as 5S) and meld 1 (QS KS JK as
 * AS); team 0 has meld 2 (QH KH JK as AH).
 */
export function atP(line: string, rules: Options = {}): Case {
  return {
    spec: {
      rules,
      dealer: 0,
      hands: ["QH KH JK AH AS 5H 6H 6S 2C 9S 9C", "3S 4S 2D QS KS JK KC"],
      discard: "10D",
      stock: "7D 4C 7C 2D",
    },
    setup: [
      ...["1 draw", "1 meld 3S 4S 2D", "1 meld QS KS JK", "1 discard KC"],
      ...["0 draw", "0 meld QH KH JK", "0 discard 4C", "1 draw", "1 discard 7C", "0 draw"],
    ],
    line,
  };
}

/** Table P before seat 0 takes in its second turn. */
export function atPBeforeTaking(line: string, rules: Options = {}): Case {
  const p = atP(line, rules);
  return { ...p, setup: p.setup.slice(0, -1) };
}

/**
 * Table E: seat 0 has taken its pozzetto al volo and holds `cards` plus the
 * `drawn` card in a later turn; its team has no burraco. Team 1 has meld 0
 * (3D 4D 5D); team 0 has meld 1 (3D 4D 5D), 2 (8C…KC), 3 (QH KH JK as AH),
 * 4 (6S 7S 8S, or with `nines` 5S…8S) and 5 (JS QS KS AS, or with `nines` the
 * set 9S 9H 9D).
 */
export function atE(cards: string, drawn: string, line: string, rules: Options = {}, nines = false): Case {
  const short = cards.split(" ").length === 2;
  const filler = nines ? "9S 9H 9D JC QC KC 5S" : `JS QS KS AS JC QC KC${short ? " 10S" : ""}`;
  const laid = nines
    ? ["0 meld 9S 9H 9D", "0 attach 2 JC QC KC", "0 attach 4 5S"]
    : ["0 meld JS QS KS AS", "0 attach 2 JC QC KC", ...(short ? ["0 attach 5 10S"] : [])];
  return {
    spec: {
      rules,
      dealer: 0,
      hands: ["3D 4D 5D 8C 9C 10C QH KH JK 6S 7S", "3D 4D 5D KD"],
      pozzetti: [`${cards} 4C ${filler}`],
      discard: "4H",
      stock: `7H 8S 7C ${drawn}`,
    },
    setup: [
      ...["1 draw", "1 meld 3D 4D 5D", "1 discard KD"],
      ...["0 draw", "0 meld 3D 4D 5D", "0 meld 8C 9C 10C", "0 meld QH KH JK", "0 meld 6S 7S 8S", ...laid, "0 discard 4C"],
      ...["1 draw", "1 discard 7C", "0 draw"],
    ],
    line,
  };
}

/** Seat 0's first turn, an 11-card run in hand and a single 5C on the pile. */
export function atQ(line: string, rules: Options = {}): Case {
  return { spec: { rules, hands: ["3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"], discard: "5C" }, setup: [], line };
}

const CBM = { closeByMelding: true };
const NO_SETS = { sets: false };
const FIBUR = { preset: "fibur" };
const RUN = ["6D 7D 8D", "9D"] as const;
const SIXES = ["6D 6S 6H", "6C"] as const;
const NINES = ["9S 9H 9D", "9C"] as const;
const TWO_WILDS = ["9S 9H JK", "2C"] as const;
const ONE_WILD = ["9S 9H 9D", "JK"] as const;
const HEARTS = ["JH AH", "10H"] as const;

/** One move for each code that gives that code alone: the base every "gate" code is tried on. */
export const ALONE: Readonly<Record<string, Case>> = {
  HAND_OVER: { ...atP("0 discard 9S"), setup: [...atP("").setup, "1 resign"] },
  NOT_YOUR_TURN: atP("1 draw"),
  MUST_DRAW_FIRST: atPBeforeTaking("0 discard 9S"),
  ALREADY_DREW: atP("0 draw"),
  MUST_PLAY_PICKED_CARD: atPBeforeTaking("0 pickup", { discardPile: "closed" }),
  CARD_NOT_IN_HAND: atP("0 meld 7H 8H 9H"),
  CANNOT_DISCARD_PICKED_CARD: { ...atP("0 discard KC"), setup: ["1 pickup", "1 discard KC", "0 pickup"] },
  UNKNOWN_MELD: atP("0 attach 9 9S"),
  NOT_YOUR_MELD: atP("0 attach 0 6S"),
  INVALID_MELD: atP("0 meld 5H 6S 6H"),
  SETS_NOT_ALLOWED: atP("0 meld 9S 9C 2C", NO_SETS),
  TOO_MANY_WILDS: atP("0 attach 2 2C"),
  WILD_CANNOT_MOVE: atP("0 attach 2 AH high"),
  DUPLICATE_SET: atE(...NINES, "0 meld 9S 9H 9D", FIBUR, true),
  WOULD_EMPTY_HAND: atE(...RUN, "0 meld 6D 7D 8D 9D"),
  CANNOT_CLOSE_WITHOUT_BURRACO: atE(...RUN, "0 meld 6D 7D 8D 9D", CBM),
  NO_DISCARD_LEFT: atE(...RUN, "0 meld 6D 7D 8D"),
};

/**
 * Pairs of faults after the gates (shape, turn, phase), each as a move with
 * both faults and the same move, or its nearest neighbour, without the first.
 */
export const BOTH: readonly [first: string, second: string, both: Case, withoutFirst: Case][] = [
  ["CARD_NOT_IN_HAND", "UNKNOWN_MELD", atP("0 attach 9 8D"), atP("0 attach 9 9S")],
  ["CARD_NOT_IN_HAND", "NOT_YOUR_MELD", atP("0 attach 0 6S 7S"), atP("0 attach 0 6S")],
  ["CARD_NOT_IN_HAND", "INVALID_MELD", atP("0 meld 5H 6S 7H"), atP("0 meld 5H 6S 6H")],
  ["CARD_NOT_IN_HAND", "SETS_NOT_ALLOWED", atP("0 meld 9S 9C 9D", NO_SETS), atP("0 meld 9S 9C 2C", NO_SETS)],
  ["CARD_NOT_IN_HAND", "TOO_MANY_WILDS", atP("0 attach 2 2C 2H"), atP("0 attach 2 2C")],
  ["CARD_NOT_IN_HAND", "WILD_CANNOT_MOVE", atP("0 attach 2 JH AH high"), atP("0 attach 2 AH high")],
  ["CARD_NOT_IN_HAND", "DUPLICATE_SET", atE(...NINES, "0 meld 9S 9H 9D 9D", FIBUR, true), atE(...NINES, "0 meld 9S 9H 9D", FIBUR, true)],
  ["CARD_NOT_IN_HAND", "WOULD_EMPTY_HAND", atE(...RUN, "0 meld 6D 7D 8D 9D 10D"), atE(...RUN, "0 meld 6D 7D 8D 9D")],
  ["CARD_NOT_IN_HAND", "CANNOT_CLOSE_WITHOUT_BURRACO", atE(...RUN, "0 meld 6D 7D 8D 9D 10D", CBM), atE(...RUN, "0 meld 6D 7D 8D 9D", CBM)],
  ["CARD_NOT_IN_HAND", "NO_DISCARD_LEFT", atE(...RUN, "0 meld 5D 6D 7D 8D"), atE(...RUN, "0 meld 6D 7D 8D")],
  ["NOT_YOUR_MELD", "INVALID_MELD", atP("0 attach 0 9S"), atP("0 attach 2 9S")],
  ["NOT_YOUR_MELD", "TOO_MANY_WILDS", atP("0 attach 0 2C"), atP("0 attach 2 2C")],
  ["NOT_YOUR_MELD", "WILD_CANNOT_MOVE", atP("0 attach 1 AS high"), atP("0 attach 2 AH high")],
  ["NOT_YOUR_MELD", "WOULD_EMPTY_HAND", atE(...RUN, "0 attach 0 6D 7D 8D 9D"), atE(...RUN, "0 attach 1 6D 7D 8D 9D")],
  ["NOT_YOUR_MELD", "CANNOT_CLOSE_WITHOUT_BURRACO", atE(...RUN, "0 attach 0 6D 7D 8D 9D", CBM), atE(...RUN, "0 meld 6D 7D 8D 9D", CBM)],
  ["NOT_YOUR_MELD", "NO_DISCARD_LEFT", atE(...RUN, "0 attach 0 6D 7D 8D"), atE(...RUN, "0 attach 1 6D 7D 8D")],
  ["INVALID_MELD", "SETS_NOT_ALLOWED", atP("0 meld 9S 9C 2C 6S", NO_SETS), atP("0 meld 9S 9C 2C", NO_SETS)],
  ["INVALID_MELD", "TOO_MANY_WILDS", atP("0 attach 2 9S 2C"), atP("0 attach 2 2C")],
  ["INVALID_MELD", "WILD_CANNOT_MOVE", atP("0 attach 2 AH 9S high"), atP("0 attach 2 AH high")],
  ["INVALID_MELD", "DUPLICATE_SET", atE(...NINES, "0 meld 9S 9H", FIBUR, true), atE(...NINES, "0 meld 9S 9H 9D", FIBUR, true)],
  ["INVALID_MELD", "WOULD_EMPTY_HAND", atE(...RUN, "0 attach 2 6D 7D 8D 9D"), atE(...RUN, "0 meld 6D 7D 8D 9D")],
  ["INVALID_MELD", "CANNOT_CLOSE_WITHOUT_BURRACO", atE(...RUN, "0 attach 2 6D 7D 8D 9D", CBM), atE(...RUN, "0 meld 6D 7D 8D 9D", CBM)],
  ["INVALID_MELD", "NO_DISCARD_LEFT", atE(...RUN, "0 attach 2 6D 7D 8D"), atE(...RUN, "0 meld 6D 7D 8D")],
  ["SETS_NOT_ALLOWED", "TOO_MANY_WILDS", atP("0 meld 9S 9C 2C 2D", NO_SETS), atP("0 meld 9S 9C 2C 2D")],
  ["SETS_NOT_ALLOWED", "WOULD_EMPTY_HAND", atE(...SIXES, "0 meld 6D 6S 6H 6C", NO_SETS), atE(...SIXES, "0 meld 6D 6S 6H 6C")],
  [
    "SETS_NOT_ALLOWED",
    "CANNOT_CLOSE_WITHOUT_BURRACO",
    atE(...SIXES, "0 meld 6D 6S 6H 6C", { ...NO_SETS, ...CBM }),
    atE(...SIXES, "0 meld 6D 6S 6H 6C", CBM),
  ],
  ["SETS_NOT_ALLOWED", "NO_DISCARD_LEFT", atE(...SIXES, "0 meld 6D 6S 6H", NO_SETS), atE(...SIXES, "0 meld 6D 6S 6H")],
  ["TOO_MANY_WILDS", "WILD_CANNOT_MOVE", atP("0 attach 2 AH 2C high"), atP("0 attach 2 AH high")],
  [
    "TOO_MANY_WILDS",
    "DUPLICATE_SET",
    atE(...TWO_WILDS, "0 meld 9S 9H JK 2C", FIBUR, true),
    atE(...TWO_WILDS, "0 meld 9S 9H JK", FIBUR, true),
  ],
  ["TOO_MANY_WILDS", "WOULD_EMPTY_HAND", atE(...TWO_WILDS, "0 meld 9S 9H JK 2C"), atE(...ONE_WILD, "0 meld 9S 9H 9D JK")],
  [
    "TOO_MANY_WILDS",
    "CANNOT_CLOSE_WITHOUT_BURRACO",
    atE(...TWO_WILDS, "0 meld 9S 9H JK 2C", CBM),
    atE(...ONE_WILD, "0 meld 9S 9H 9D JK", CBM),
  ],
  ["TOO_MANY_WILDS", "NO_DISCARD_LEFT", atE(...TWO_WILDS, "0 meld 9S JK 2C"), atE(...TWO_WILDS, "0 meld 9S 9H JK")],
  ["WILD_CANNOT_MOVE", "WOULD_EMPTY_HAND", atE(...HEARTS, "0 attach 3 10H JH AH high"), atE(...HEARTS, "0 attach 3 10H JH AH")],
  [
    "WILD_CANNOT_MOVE",
    "CANNOT_CLOSE_WITHOUT_BURRACO",
    atE(...HEARTS, "0 attach 3 10H JH AH high", CBM),
    atE(...HEARTS, "0 attach 3 10H JH AH", CBM),
  ],
  ["WILD_CANNOT_MOVE", "NO_DISCARD_LEFT", atE(...HEARTS, "0 attach 3 JH AH high"), atE(...HEARTS, "0 attach 3 JH AH")],
  ["DUPLICATE_SET", "WOULD_EMPTY_HAND", atE(...NINES, "0 meld 9S 9H 9D 9C", FIBUR, true), atE(...NINES, "0 meld 9S 9H 9D 9C", {}, true)],
  [
    "DUPLICATE_SET",
    "CANNOT_CLOSE_WITHOUT_BURRACO",
    atE(...NINES, "0 meld 9S 9H 9D 9C", { ...FIBUR, ...CBM }, true),
    atE(...NINES, "0 meld 9S 9H 9D 9C", CBM, true),
  ],
  ["DUPLICATE_SET", "NO_DISCARD_LEFT", atE(...NINES, "0 meld 9S 9H 9D", FIBUR, true), atE(...NINES, "0 meld 9S 9H 9D", {}, true)],
  ["WOULD_EMPTY_HAND", "CANNOT_CLOSE_WITHOUT_BURRACO", atE(...RUN, "0 meld 6D 7D 8D 9D"), atE(...RUN, "0 meld 6D 7D 8D 9D", CBM)],
  [
    "MUST_PLAY_PICKED_CARD",
    "NO_DISCARD_LEFT",
    atQ("0 pickup meld 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", { discardPile: "closed" }),
    atQ("0 pickup meld 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH"),
  ],
];
