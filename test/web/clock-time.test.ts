import { beforeAll, describe, expect, it } from "vitest";

/** The clock's dates in each language (the client's own formatting, run in Node with the two catalogs). */

let time: typeof import("../../web/src/clock/time");
let i18n: typeof import("../../web/src/i18n/index");

beforeAll(async () => {
  // The catalogs mark the page's language on <html>: Node has no page, so a stand-in takes the mark.
  (globalThis as { document?: unknown }).document = { documentElement: { lang: "" } };
  i18n = await import("../../web/src/i18n/index");
  time = await import("../../web/src/clock/time");
});

describe("a holiday's dates", () => {
  it("write the first of a month as Italian does, and every other day as a number", async () => {
    await i18n.setLanguage("it");
    expect(time.day("2027-05-01T12:00:00Z")).toBe("1º maggio");
    expect(time.day("2027-05-12T12:00:00Z")).toBe("12 maggio");
    expect(time.day("2027-05-11T12:00:00Z")).toBe("11 maggio");
    await i18n.setLanguage("en");
    expect(time.day("2027-05-01T12:00:00Z")).toBe("May 1");
  });
});
