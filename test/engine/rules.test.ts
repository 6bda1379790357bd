import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { makeRules, PRESET_NAMES, PRESETS, parseRecord, parseRules } from "../../src/engine/index.js";

/** docs/rules.md §11, row by row: classic, aperto, aperto-sporco, chiuso, chiuso-stcl, chiuso-sporco, fibur. */
const TABLE: Record<string, unknown[]> = {
  jokers: [true, false, true, true, true, true, true],
  sets: [true, false, true, true, false, true, true],
  closeRequires: ["any", "clean", "any", "clean", "clean", "any", "any"],
  closeByMelding: [false, true, false, true, true, true, false],
  pozzettoDirect: [true, true, false, true, true, true, true],
  discardPile: ["open", "open", "open", "closed", "closed", "closed", "open"],
  aceToAce: [false, true, false, true, true, true, false],
  "values.two": [20, 10, 20, 10, 10, 10, 20],
  "bonus.royal": [0, 500, 500, 500, 500, 500, 0],
  "bonus.aceToAce": [0, 1000, 0, 1000, 1000, 1000, 0],
  "penalty.unusedPozzetto": [0, 100, 0, 100, 100, 100, 0],
  pozzettoToStock: [false, true, true, true, true, true, false],
  tie: ["extraHand", "starter", "starter", "starter", "starter", "starter", "extraHand"],
  target: [2005, 2000, 2000, 2000, 2000, 2000, 2005],
  semiClean: [false, false, false, false, false, false, true],
  sameRankSets: [true, true, true, true, true, true, false],
  doubleIfNoMelds: [false, false, false, false, false, false, false],
  "penalty.noPozzetto": [100, 100, 100, 100, 100, 100, 100],
  hands: [null, null, null, null, null, null, null],
};
const JOKER_VALUES = { classic: 30, "aperto-sporco": 30, chiuso: 20, "chiuso-stcl": 20, "chiuso-sporco": 20, fibur: 30 };

const get = (rules: object, path: string) => path.split(".").reduce((o, k) => (o as Record<string, unknown>)[k], rules as unknown);

describe("presets (docs/rules.md §11)", () => {
  it("the table has a column for every preset", () => {
    for (const values of Object.values(TABLE)) expect(values).toHaveLength(PRESET_NAMES.length);
  });

  it.each(Object.entries(TABLE))("%s", (option, values) => {
    for (const [i, name] of PRESET_NAMES.entries()) expect(get(PRESETS[name], option), name).toEqual(values[i]);
  });

  it.each(Object.entries(JOKER_VALUES))("values.joker in %s is %i", (name, value) => {
    expect(PRESETS[name as keyof typeof PRESETS].values.joker).toBe(value);
  });
});

describe("rules as preset plus overrides", () => {
  it("a preset alone, or nothing, gives the preset (classic by default)", () => {
    expect(parseRules({ preset: "chiuso" })).toEqual({ ok: true, value: PRESETS.chiuso });
    expect(parseRules({})).toEqual({ ok: true, value: PRESETS.classic });
    expect(parseRules(undefined)).toEqual({ ok: true, value: PRESETS.classic });
  });

  it("overrides replace single options, nested ones key by key", () => {
    const parsed = parseRules({
      preset: "classic",
      semiClean: true,
      sameRankSets: false,
      target: 2000,
      values: { two: 10 },
      hands: 4,
      tie: "starter",
    });
    expect(parsed.ok && parsed.value).toMatchObject({
      semiClean: true,
      sameRankSets: false,
      target: 2000,
      values: { two: 10, joker: 30 },
      hands: 4,
      tie: "starter",
    });
  });

  const refused: unknown[] = [
    { preset: "burraco-reale" },
    { preset: 3 },
    { jokerz: true },
    { jokers: "yes" },
    { closeRequires: "dirty" },
    { discardPile: "half" },
    { target: 0 },
    { target: 1.5 },
    { hands: 0 },
    { values: { three: 5 } },
    { values: { two: -5 } },
    { values: 10 },
    { bonus: { royal: "500" } },
    { penalty: { noPozzetto: null } },
    { tie: "coin" },
    { sameRankSets: "no" },
    { sameRankSets: 0 },
    [],
    "classic",
    42,
    { constructor: "x" },
    { toString: true },
    { hasOwnProperty: 1 },
    JSON.parse('{"__proto__": {"jokers": 1}}'),
    { values: { constructor: 1 } },
  ];
  it.each(refused.map((r) => [JSON.stringify(r), r]))("%s is an error", (_text, input) => {
    expect(parseRules(input).ok).toBe(false);
  });

  it("the error names the unknown option", () => {
    expect(parseRules({ preset: "classic", closeWithMelding: true })).toEqual({
      ok: false,
      error: 'unknown rule option "closeWithMelding"',
    });
  });

  it("makeRules writes only what differs from the preset, and reads back the same", () => {
    const rules = parseRules({ preset: "chiuso", semiClean: true, values: { joker: 25 } });
    if (!rules.ok) throw new Error(rules.error);
    expect(makeRules(rules.value)).toEqual({ preset: "chiuso", semiClean: true, values: { two: 10, joker: 25 } });
    expect(parseRules(makeRules(rules.value))).toEqual(rules);
    const fibur = parseRules({ preset: "fibur", sameRankSets: true });
    expect(fibur.ok && makeRules(fibur.value)).toEqual({ preset: "fibur", sameRankSets: true });
  });

  it("fibur is classic with semi-clean burraco and one set per rank", () => {
    const written = parseRules({ preset: "classic", semiClean: true, sameRankSets: false });
    expect(written.ok && { ...written.value, preset: "fibur" }).toEqual(PRESETS.fibur);
  });
});

describe("any JSON at all", () => {
  it("is read as rules or refused, never thrown on", () => {
    fc.assert(
      fc.property(
        fc.oneof(
          fc.anything(),
          fc.dictionary(fc.constantFrom("preset", "jokers", "values", "__proto__", "constructor", "target"), fc.anything()),
        ),
        (input) => {
          const parsed = parseRules(input);
          expect(typeof parsed.ok).toBe("boolean");
        },
      ),
      { numRuns: 2000 },
    );
  });

  it("is read as a record or refused, never thrown on", () => {
    const keys = fc.constantFrom("format", "rules", "players", "names", "hands", "deal", "moves", "__proto__");
    fc.assert(
      fc.property(fc.oneof(fc.anything(), fc.dictionary(keys, fc.anything())), (input) => {
        expect(typeof parseRecord(input).ok).toBe("boolean");
      }),
      { numRuns: 2000 },
    );
  });
});
