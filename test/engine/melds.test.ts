import { describe, expect, it } from "vitest";
import { extendMeld, type MeldShape, makeCards, shapeMeld, viewMeld, type WildEnd } from "../../src/engine/index.js";
import { cards, rules } from "./notation.js";

type Options = Record<string, unknown>;
const CHIUSO = { preset: "chiuso" };

/** The table written as "3H 4H [JK=5H] 6H": the wild in brackets with what it stands for ("-" for nothing). */
function table(meld: MeldShape, options: Options = {}): string {
  const view = viewMeld(meld, rules(options));
  return view.cards.map((c, i) => (view.wild?.index === i ? `[${c}=${view.wild.as ?? "-"}]` : c)).join(" ");
}

function meld(text: string, options: Options = {}, hint?: WildEnd) {
  return shapeMeld(cards(text), rules(options), hint);
}

function laid(text: string, options: Options = {}): MeldShape {
  const shaped = meld(text, options);
  if (!shaped.ok) throw new Error(`${text}: ${shaped.error.message}`);
  return shaped.value;
}

describe("new melds (docs/rules.md §4.1, §4.2)", () => {
  const valid: [string, string, Options?, WildEnd?][] = [
    ["3H 4H 5H", "3H 4H 5H"],
    ["5H 3H 4H", "3H 4H 5H"],
    ["5H 6H JK", "5H 6H [JK=7H]"],
    ["5H 6H JK", "[JK=4H] 5H 6H", {}, "low"],
    ["5H JK 7H", "5H [JK=6H] 7H"],
    ["5H JK 7H", "5H [JK=6H] 7H", {}, "low"],
    ["QH KH AH", "QH KH AH"],
    ["AH 2H 3H", "AH 2H 3H"],
    ["2H 3H 4H", "2H 3H 4H"],
    ["KD AD 2D", "[2D=QD] KD AD"],
    ["QH KH AH JK", "[JK=JH] QH KH AH"],
    ["AH 2H JK", "AH 2H [JK=3H]"],
    ["2H 4H 5H", "4H 5H [2H=6H]"],
    ["2H 4H 5H", "[2H=3H] 4H 5H", {}, "low"],
    ["2H 3H 5H", "3H [2H=4H] 5H"],
    ["2H 2H 3H 4H", "2H 3H 4H [2H=5H]"],
    ["2H 2H 3H 4H", "[2H=AH] 2H 3H 4H", {}, "low"],
    ["2S 3H 4H", "3H 4H [2S=5H]"],
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH [JK=-]"],
    ["2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH JK", "[JK=-] 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", {}, "low"],
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH [JK=AH]", CHIUSO],
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", CHIUSO],
    ["5H 5S 5D", "5S 5H 5D"],
    ["5H 5S JK", "5S 5H [JK=-]"],
    ["AS AS AH AH AD AD AC AC JK", "AS AS AH AH AD AD AC AC [JK=-]"],
  ];
  it.each(valid)("%s lies as %s", (given, expected, options = {}, hint) => {
    const shaped = meld(given, options, hint);
    expect(shaped.ok && table(shaped.value, options)).toBe(expected);
  });

  const refused: [string, string, Options?, WildEnd?][] = [
    ["5H 6H", "INVALID_MELD"],
    ["5H 6S 7H", "INVALID_MELD"],
    ["5H 5H 6H", "INVALID_MELD"],
    ["KH AH 2H 3H", "INVALID_MELD"],
    ["QH KH AH JK", "INVALID_MELD", {}, "high"],
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "INVALID_MELD"],
    ["AH 2H 4H", "INVALID_MELD"],
    ["5H 9H JK", "INVALID_MELD"],
    ["2C 2D 2S", "INVALID_MELD"],
    ["JK JK 2C", "INVALID_MELD"],
    ["5H JK JK", "TOO_MANY_WILDS"],
    ["5H 2H JK", "TOO_MANY_WILDS"],
    ["2H 2H JK", "INVALID_MELD"],
    ["5H 5S JK 2C", "TOO_MANY_WILDS"],
    ["5H 5S 5D", "SETS_NOT_ALLOWED", { preset: "aperto" }],
    ["5H 5S 5D", "SETS_NOT_ALLOWED", { preset: "chiuso-stcl" }],
  ];
  it.each(refused)("%s is refused with %s", (given, code, options = {}, hint) => {
    const shaped = meld(given, options, hint);
    expect(shaped.ok ? "accepted" : shaped.error.code).toBe(code);
  });
});

describe("adding to melds and moving wilds (docs/rules.md §4.3)", () => {
  const valid: [string, string, string, Options?, WildEnd?][] = [
    ["3H 4H 5H", "6H", "3H 4H 5H 6H"],
    ["3H 4H 5H", "2H", "2H 3H 4H 5H"],
    ["3H 4H 5H", "AH 2H", "AH 2H 3H 4H 5H"],
    ["3H 4H 5H", "JK", "3H 4H 5H [JK=6H]"],
    ["3H 4H 5H", "JK", "[JK=2H] 3H 4H 5H", {}, "low"],
    ["5H 6H JK", "7H", "5H 6H 7H [JK=8H]"],
    ["5H 6H JK", "7H", "[JK=4H] 5H 6H 7H", {}, "low"],
    ["5H 6H JK", "8H", "5H 6H [JK=7H] 8H"],
    ["5H 6H JK", "4H", "4H 5H 6H [JK=7H]"],
    ["5H 6H JK", "7H 8H 9H", "5H 6H 7H 8H 9H [JK=10H]"],
    ["3H 4H 5H 6H 7H 2H 9H", "8H", "2H 3H 4H 5H 6H 7H 8H 9H"],
    ["2D 3D 4D", "6D", "3D 4D [2D=5D] 6D"],
    ["3D 4D 2D 6D", "5D", "2D 3D 4D 5D 6D"],
    ["2D 3D 4D", "JK", "2D 3D 4D [JK=5D]"],
    ["2H 3H 4H", "2H", "2H 3H 4H [2H=5H]"],
    ["3H JK 5H", "2H", "2H 3H [JK=4H] 5H"],
    ["AH JK 3H", "2H", "AH 2H 3H [JK=4H]"],
    ["QH KH JK", "AH", "[JK=JH] QH KH AH"],
    ["3H 4H 5H 6H JK 8H 9H 10H JH QH KH AH", "7H 2H", "[JK=-] 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"],
    ["2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH AH", "7H", "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH [JK=-]"],
    ["3H 4H 5H 6H 7H 8H 9H", "JK", "3H 4H 5H 6H 7H 8H 9H [JK=10H]"],
    ["5H 5S 5D", "5C JK", "5S 5H 5D 5C [JK=-]"],
    ["5H 5S JK", "5H", "5S 5H 5H [JK=-]"],
  ];
  it.each(valid)("%s + %s lies as %s", (base, added, expected, options = {}, hint) => {
    const shaped = extendMeld(laid(base, options), cards(added), rules(options), hint);
    expect(shaped.ok ? table(shaped.value, options) : shaped.error.code).toBe(expected);
  });

  const refused: [string, string, string, Options?, WildEnd?][] = [
    ["3H 4H 5H", "AH", "INVALID_MELD"],
    ["AH 2H 3H", "5H", "INVALID_MELD"],
    ["3H 4H 5H", "3H", "INVALID_MELD"],
    ["3H 4H 5H", "6S", "INVALID_MELD"],
    ["5H 6H JK", "2C", "TOO_MANY_WILDS"],
    ["2D 3D 4D JK", "7D", "TOO_MANY_WILDS"],
    ["QH KH JK", "AH", "WILD_CANNOT_MOVE", {}, "high"],
    ["AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH AH", "7H", "WILD_CANNOT_MOVE", CHIUSO],
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "JK", "INVALID_MELD", CHIUSO],
    ["5H 5S 5D", "6H", "INVALID_MELD"],
    ["5H 5S JK", "2C", "TOO_MANY_WILDS"],
    ["AS AS AH AH AD AD AC AC", "JK 2C", "TOO_MANY_WILDS"],
  ];
  it.each(refused)("%s + %s is refused with %s", (base, added, code, options = {}, hint) => {
    const shaped = extendMeld(laid(base, options), cards(added), rules(options), hint);
    expect(shaped.ok ? `accepted as ${makeCards(shaped.value.cards).join(" ")}` : shaped.error.code).toBe(code);
  });

  it("a wild in a set is never replaced: a natural of the rank joins beside it", () => {
    const shaped = extendMeld(laid("7C 7D 2S"), cards("7S"), rules());
    expect(shaped.ok && table(shaped.value)).toBe("7D 7C 7S [2S=-]");
  });
});

describe("clean, dirty and special burraco (docs/rules.md §4.4)", () => {
  const kinds: [string, string | null, Options?][] = [
    ["3H 4H 5H 6H 7H 8H", null],
    ["3H 4H 5H 6H 7H 8H 9H", "clean"],
    ["3H 4H JK 6H 7H 8H 9H", "dirty"],
    ["2H 3H 4H 5H 6H 7H 8H", "clean"],
    ["7S 7S 7H 7H 7D 7D 7C", "clean"],
    ["7S 7S 7H 7H 7D 7D JK", "dirty"],
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "clean"],
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "royal", CHIUSO],
    ["2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "royal", CHIUSO],
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "ace-to-ace", CHIUSO],
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH", "royal", { preset: "chiuso", bonus: { aceToAce: 0 } }],
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH", "royal", { preset: "aperto-sporco" }],
    ["AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH JK", "dirty", CHIUSO],
    ["3H 4H 5H 6H 7H 8H 9H JK", "semi-clean", { semiClean: true }],
    ["3H 4H 5H 6H 7H 8H JK", "dirty", { semiClean: true }],
    ["3H JK 5H 6H 7H 8H 9H 10H", "dirty", { semiClean: true }],
    ["7S 7S 7H 7H 7D 7D 7C JK", "semi-clean", { semiClean: true }],
    ["7S 7S 7H 7H 7D 7D JK", "dirty", { semiClean: true }],
    ["3H 4H 5H 6H 7H 8H 9H JK", "dirty"],
  ];
  it.each(kinds)("%s is %s", (text, kind, options = {}) => {
    expect(viewMeld(laid(text, options), rules(options)).burraco).toBe(kind);
  });

  it("a clean burraco becomes dirty when a wild is added", () => {
    const clean = laid("3H 4H 5H 6H 7H 8H 9H");
    const dirtied = extendMeld(clean, cards("JK"), rules());
    expect(dirtied.ok && viewMeld(dirtied.value, rules()).burraco).toBe("dirty");
  });
});

describe("ruling: wilds and the ace-to-ace sequence (docs/rules.md §13, aceToAce)", () => {
  const A_TO_K = "AH 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH";
  // Laid as 3H…AH, then the 2H: a new meld would read the ace low.
  const TWO_TO_A = "3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH + 2H";
  const build = (text: string): MeldShape => {
    const [first, ...more] = text.split(" + ");
    let meld = laid(first!, CHIUSO);
    for (const add of more) {
      const next = extendMeld(meld, cards(add), rules(CHIUSO));
      if (!next.ok) throw new Error(`${text}: ${next.error.message}`);
      meld = next.value;
    }
    return meld;
  };
  const added: [string, string, string, WildEnd?][] = [
    // A wild added to a complete 13-rank run stands for the missing ace, at the only end left.
    [A_TO_K, "JK", `${A_TO_K} [JK=AH]`],
    [A_TO_K, "JK", `${A_TO_K} [JK=AH]`, "high"],
    [A_TO_K, "JK", "INVALID_MELD", "low"],
    [A_TO_K, "2C", `${A_TO_K} [2C=AH]`],
    [A_TO_K, "2H", `${A_TO_K} [2H=AH]`],
    [TWO_TO_A, "JK", "[JK=AH] 2H 3H 4H 5H 6H 7H 8H 9H 10H JH QH KH AH"],
    [TWO_TO_A, "JK", "INVALID_MELD", "high"],
    // A sequence already running from ace to ace takes no card at all.
    [`${A_TO_K} AH`, "JK", "INVALID_MELD"],
    [`${A_TO_K} AH`, "2H", "INVALID_MELD"],
    // Its wild can be neither replaced (no end is left for it) nor joined by a second one.
    [`${A_TO_K} JK`, "AH", "WILD_CANNOT_MOVE"],
    [`${A_TO_K} JK`, "AH", "WILD_CANNOT_MOVE", "low"],
    [`${A_TO_K} JK`, "2C", "TOO_MANY_WILDS"],
    ["AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH AH", "7H", "WILD_CANNOT_MOVE"],
    ["AH 2H 3H 4H 5H 6H JK 8H 9H 10H JH QH KH AH", "2S", "TOO_MANY_WILDS"],
  ];
  it.each(added)("%s + %s lies as %s", (base, card, expected, hint) => {
    const shaped = extendMeld(build(base), cards(card), rules(CHIUSO), hint);
    expect(shaped.ok ? table(shaped.value, CHIUSO) : shaped.error.code).toBe(expected);
  });

  const kinds: [string, Options, string][] = [
    [`${A_TO_K} JK`, CHIUSO, "dirty"],
    [`${A_TO_K} JK`, { ...CHIUSO, semiClean: true }, "semi-clean"],
    [`${A_TO_K} AH`, CHIUSO, "ace-to-ace"],
  ];
  it.each(kinds)("%s (%j) is %s: a wild in the run earns no royal or ace-to-ace bonus", (text, options, kind) => {
    expect(viewMeld(laid(text, options), rules(options)).burraco).toBe(kind);
  });
});
