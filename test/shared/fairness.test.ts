import { describe, expect, it } from "vitest";
import { dealFromSeed, makeDeal } from "../../src/engine/index.js";
import { dealtEntry } from "../../src/server/room/fairness";
import { verifyDeal } from "../../web/src/fairness";

describe("a deal's commitment", () => {
  it("made by the game room is confirmed by the browser's check, whatever order the deal's keys arrive in", async () => {
    const deal = dealFromSeed("commitment", 4, 1);
    const entry = dealtEntry(0, deal, false);
    const { stock, dealer, discard, pozzetti, hands } = makeDeal(deal);
    const reordered = { stock, discard, pozzetti, hands, dealer };
    expect(await verifyDeal(entry.salt, reordered, entry.commitment, undefined)).toEqual({ ok: true, text: "ok" });
    // One card moved is another deal: the check fails.
    const moved = { ...reordered, stock: [...stock.slice(1), stock[0]!] };
    expect(await verifyDeal(entry.salt, moved, entry.commitment, undefined)).toEqual({ ok: false, text: "mismatch" });
  });
});
