import { describe, expect, it } from "vitest";
import { parseLogBody } from "../../src/server/db/log-body";

/**
 * A stored log entry (D1's game_events.body, the R2 archive) is read through
 * its schema (src/server/db/log-body.ts): what the room writes comes back
 * as written, and a row changed into something else is named, never
 * replayed. Pure, so it runs in Node; the D1 and archive paths are played
 * whole in test/server/durability.test.ts and archive.test.ts.
 */

const deal = {
  dealer: 1,
  hands: [
    ["AH", "2S"],
    ["3D", "JK"],
  ],
  pozzetti: [["4C"], ["5H"]],
  discard: ["6S"],
  stock: ["7D", "8C"],
};

const written = [
  {
    type: "created",
    id: "g",
    rules: { preset: "classic", target: 1505 },
    players: 2,
    names: ["Anna", null],
    firstDealer: 0,
    deals: [deal],
    clock: { kind: "perMove", perMove: 86_400_000, timeout: "claim" },
    computers: [null, "club"],
    hostHash: "h",
    rated: true,
  },
  { type: "created", id: "old", rules: { preset: "chiuso" }, players: 4, names: [null, null, null, null], firstDealer: 3, deals: [] },
  { type: "dealt", hand: 0, deal, commitment: "c", salt: "s", prepared: true },
  { type: "move", seat: 1, move: { type: "draw" }, id: null },
  { type: "move", seat: 0, move: { type: "discard", card: "AH" }, id: "key", request: "r", by: "computer" },
  { type: "seatReissued", seat: 1 },
  { type: "reminder", seat: 0, which: "80%", live: false },
  { type: "timedOut", seat: 0, action: "computer" },
  { type: "claimed", seat: 1, late: 5 },
  { type: "aborted", late: 0 },
  { type: "absence", seat: 0, from: 1, until: 2 },
  { type: "absenceCancelled", seat: 0, from: 1, at: 2 },
  { type: "computer", seat: 1, on: true, reason: "handover", level: "expert" },
  // A field a later version adds passes through untouched.
  { type: "seatReissued", seat: 0, note: "later" },
];

describe("a stored log entry", () => {
  it.each(written.map((body) => [body.type, body] as const))("comes back as the room wrote it: %s", (_, body) => {
    expect(parseLogBody(JSON.stringify(body), "test")).toEqual(body);
  });

  it.each([
    ["not JSON", "{", /test: a log entry is not JSON/],
    ["an unknown kind", JSON.stringify({ type: "teleported", seat: 0 }), /test: a log entry is not one/],
    ["a seat out of range", JSON.stringify({ type: "move", seat: 7, move: { type: "draw" }, id: null }), /seat/],
    ["a move of another shape", JSON.stringify({ type: "move", seat: 0, move: { type: "draw", cards: ["AH"] }, id: null }), /move/],
    ["a deal without its stock", JSON.stringify({ ...written[2], deal: { ...deal, stock: undefined } }), /deal/],
  ])("is refused, named, when it holds %s", (_, text, error) => {
    expect(() => parseLogBody(text, "test")).toThrow(error);
  });
});
