import { describe, expect, it } from "vitest";
import { fromBase64url, toBase64url } from "../../src/shared/base64url";
import { LANGUAGES, LANGUAGES_SHOWN, languageOf } from "../../src/shared/language";

describe("the reader's language from Accept-Language", () => {
  it.each([
    [undefined, "en"],
    ["", "en"],
    ["it-IT,it;q=0.9,en;q=0.8", "it"],
    ["en-GB,en;q=0.9,it;q=0.8", "en"],
    // Quality decides, not the order: a browser may list a preferred language later.
    ["en;q=0.5, it;q=0.9", "it"],
    ["it;q=0, en", "en"],
    ["de-DE,de;q=0.9,it;q=0.7", "it"],
    ["fr, de", "en"],
    ["IT", "it"],
    ["it;q=abc, en;q=0.1", "en"],
  ] as const)("%j → %s", (header, expected) => {
    expect(languageOf(header)).toBe(expected);
  });
});

describe("the languages a player is offered", () => {
  it("are every language once, Italian first", () => {
    expect([...LANGUAGES_SHOWN].sort()).toEqual([...LANGUAGES].sort());
    expect(LANGUAGES_SHOWN[0]).toBe("it");
  });
});

describe("base64url", () => {
  it("round-trips any bytes, without padding or + and /", () => {
    for (let n = 0; n < 70; n++) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 37 + n * 11) % 256);
      const text = toBase64url(bytes);
      expect(text).toMatch(/^[A-Za-z0-9_-]*$/);
      expect(fromBase64url(text)).toEqual(bytes);
    }
  });

  it("reads padded text and refuses what is not base64url", () => {
    expect(fromBase64url("AQI=")).toEqual(Uint8Array.from([1, 2]));
    expect(fromBase64url("a+b/")).toBeNull();
    expect(fromBase64url("A")).toBeNull();
  });
});
