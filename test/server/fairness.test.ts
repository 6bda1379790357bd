import { describe, expect, it } from "vitest";
import { dealFromSeed, makeDeal, parseRecord, replayRecord, seededRandom } from "../../src/engine/index";
import { cryptoShuffle } from "../../src/server/room/fairness";
import { call, createGame, move, playRandomMoves, trueTable, view } from "./helpers";

/** docs/fairness.md's check, with WebCrypto: SHA-256 hex of `salt + ":" + JSON.stringify(deal)`. */
async function commitmentOf(salt: string, deal: unknown): Promise<string> {
  const digest = await crypto.subtle.digest("SHA-256", new TextEncoder().encode(`${salt}:${JSON.stringify(deal)}`));
  return Array.from(new Uint8Array(digest), (b) => b.toString(16).padStart(2, "0")).join("");
}

describe("fairness", () => {
  it("commits to each deal when dealing and reveals deal and salt when the hand ends; the record verifies and replays", async () => {
    const game = await createGame({ players: 2, rules: { preset: "classic", hands: 2 } });
    const start = await view(game.id);
    const committed = start.fairness[0]!.commitment;
    expect(start.fairness[0]!.salt).toBeNull();
    // Play the first hand to its end: the next hand is dealt at once, with its own commitment.
    const random = seededRandom("fair");
    while ((await trueTable(game.id)).state.past.length === 0) await playRandomMoves(game, 1, random);
    const between = await view(game.id);
    expect(between.fairness).toHaveLength(2);
    expect(between.fairness[0]!.salt).toMatch(/^[0-9a-f]{32}$/);
    expect(between.fairness[1]!.salt).toBeNull();
    expect(between.view.hand!.number).toBe(1);
    expect(between.view.hand!.end).toBeNull();

    const record = (await call(`/api/games/${game.id}/record`)).body;
    expect(record.hands).toHaveLength(1);
    expect(record.hands[0].commitment).toBe(committed);
    expect(await commitmentOf(record.hands[0].salt, record.hands[0].deal)).toBe(committed);
    // The reveal in the handEnded event verifies too.
    const events = (await call(`/api/games/${game.id}/events?since=0`)).body.events;
    const ended = events.find((e: any) => e.type === "handEnded");
    expect(await commitmentOf(ended.salt, ended.deal)).toBe(committed);
    // Someone else's engine replays the record to the same scores.
    const parsed = parseRecord(record);
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(replayRecord(parsed.value).output.match.totals).toEqual(between.view.match.totals);
    expect(record.hands[0].moves.every((m: any) => typeof m.at === "string")).toBe(true);
  });

  it("plays prepared deals in order, marked as prepared for everyone", async () => {
    const deals = [dealFromSeed("a", 2, 1), dealFromSeed("b", 2, 0)].map(makeDeal);
    const game = await createGame({ players: 2, deals, rules: { hands: 2 } });
    const seat0 = await view(game.id, game.seats[0]!.token);
    expect(seat0.preparedDeals).toBe(true);
    expect(seat0.fairness[0]!.prepared).toBe(true);
    expect(seat0.view.hand!.dealer).toBe(1);
    expect([...seat0.view.hand!.myHand!].sort()).toEqual([...(deals[0]!.hands as string[][])[0]!].sort());
    const resigned = await move(game.id, game.seats[0]!.token, { type: "resign" }, 2);
    expect(resigned.body.view.status).toBe("over");
  });

  it("shuffles uniformly (each card equally likely in each place)", () => {
    const counts = Array.from({ length: 4 }, () => [0, 0, 0, 0]);
    const runs = 8000;
    for (let i = 0; i < runs; i++) for (const [place, card] of cryptoShuffle([0, 1, 2, 3]).entries()) counts[card]![place]!++;
    for (const row of counts) for (const n of row) expect(Math.abs(n - runs / 4)).toBeLessThan(runs / 4 / 8);
  });
});
