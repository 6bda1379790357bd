import { describe, expect, it } from "vitest";
import { MOVE_CODES } from "../../src/engine/errors";
import { SERVICE_CODES } from "../../src/shared/wire/api";
import { en as enTable } from "../../web/src/i18n/en";
import { enPages } from "../../web/src/i18n/en-pages";
import { leaves } from "./leaves";
import { en, it as italian } from "./words";

/** The two catalogs hold exactly the same keys, every text is there in both, and every refusal code has its words. */

describe("the catalogs", () => {
  const english = leaves(en);
  const italiano = leaves(italian);

  it("hold exactly the same keys, each a text or a function of the same arguments", () => {
    expect([...italiano.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of english) {
      const other = italiano.get(key);
      expect(typeof other, key).toBe(typeof value);
      if (typeof value === "function") expect((other as (...a: unknown[]) => unknown).length, key).toBe(value.length);
      else expect(String(other).length, key).toBeGreaterThan(0);
    }
  });

  it("keep the table's words and the other pages' apart: no section in both (a page reads them merged)", () => {
    expect(Object.keys(enTable).filter((section) => section in enPages)).toEqual([]);
  });

  it("give every refusal code of the engine and the service its own words in both languages", () => {
    for (const code of [...MOVE_CODES, ...SERVICE_CODES]) {
      expect(en.codes[code], code).toMatch(/\w/);
      expect(italian.codes[code], code).toMatch(/\w/);
      expect(italian.codes[code], code).not.toBe(en.codes[code]);
    }
  });

  it("speak as card players do: counts, plurals and the players' own words", () => {
    expect(en.common.cards(1)).toBe("1 card");
    expect(en.common.cards(34)).toBe("34 cards");
    expect(italian.common.cards(1)).toBe("1 carta");
    expect(italian.common.cards(2)).toBe("2 carte");
    expect(italian.burraco.clean).toBe("Burraco pulito");
    expect(italian.burraco["semi-clean"]).toBe("Burraco semipulito");
    expect(italian.burraco.dirty).toBe("Burraco sporco");
    expect(italian.felt.stock).toBe("Tallone");
    expect(italian.felt.discard).toBe("Scarti");
    expect(italian.codes.TOO_MANY_WILDS).toContain("pinella");
    expect(italian.cards.wild("2 di cuori")).toContain("matta");
    expect(italian.scores.pozzetto).toBe("Pozzetto");
  });
});
