import { describe, expect, it } from "vitest";
import { en } from "../../web/src/tournaments/words/en";
import { it as italian } from "../../web/src/tournaments/words/it";
import { leaves } from "./leaves";

/** The tournaments' words (web/src/tournaments/words): the same keys in both languages, each a text or a function of the same arguments. */

describe("the tournaments' words", () => {
  it("hold the same keys in English and Italian, each in its own words", () => {
    const english = leaves(en);
    const italiano = leaves(italian);
    expect([...italiano.keys()].sort()).toEqual([...english.keys()].sort());
    for (const [key, value] of english) {
      const other = italiano.get(key);
      expect(typeof other, key).toBe(typeof value);
      if (typeof value === "function") expect((other as (...a: unknown[]) => unknown).length, key).toBe(value.length);
    }
    expect(italian.settings("A coppie", "FIBur", 4, 1)).toBe("A coppie · FIBur · 4 turni da 1 smazzata");
    expect(en.settings("Pairs", "FIBur", 1, 4)).toBe("Pairs · FIBur · 1 round of 4 hands");
  });
});
