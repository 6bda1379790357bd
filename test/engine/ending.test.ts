import { describe, expect, it } from "vitest";
import { dealFromSeed, endMatch, makeRecord, newGame, PRESETS, parseRecord, play, replayRecord, startHand } from "../../src/engine/index";

/** A match ended by the service's clock: lost on time, or aborted with no result. */

function started(players: 2 | 3 | 4) {
  const dealt = startHand(newGame(PRESETS.classic, players), dealFromSeed("ending", players, 0));
  if (!dealt.ok) throw new Error(dealt.error);
  return dealt.value.state;
}

describe("a match ended by the clock", () => {
  it("lost on time: the hand in play is scored, the other team wins, and the record replays to the same end", () => {
    let state = started(2);
    const drew = play(state, 1, { type: "draw" });
    if (!drew.ok) throw new Error(drew.error.message);
    state = drew.value.state;
    const ended = endMatch(state, { reason: "timeout", team: 1 });
    expect(ended.ok).toBe(true);
    if (!ended.ok) return;
    const after = ended.value.state;
    expect(after.over).toBe(true);
    expect(after.winner).toBe(0);
    expect(after.hand!.end).toEqual({ reason: "timeout", closedBy: null });
    expect(after.hand!.scores).toHaveLength(2);
    expect(ended.value.events.map((e) => e.type)).toEqual(["handEnded", "matchEnded"]);
    const record = makeRecord(after, { finishedOnly: true });
    expect(record.end).toEqual({ reason: "timeout", team: 1 });
    const parsed = parseRecord(JSON.parse(JSON.stringify(record)));
    if (!parsed.ok) throw new Error(parsed.error);
    const replayed = replayRecord(parsed.value);
    expect(replayed.output.match).toEqual({ totals: after.totals, over: true, winner: 0 });
    expect(replayed.output.hands[0]!.end).toBe("timeout");
  });

  it("lost on time with three players: the leader of the others wins", () => {
    const ended = endMatch(started(3), { reason: "timeout", team: 0 });
    expect(ended.ok && ended.value.state.winner).not.toBe(0);
  });

  it("aborted: no result, no points, and nothing more can be played", () => {
    const state = started(4);
    const ended = endMatch(state, { reason: "aborted" });
    if (!ended.ok) throw new Error(ended.error);
    const after = ended.value.state;
    expect(after).toMatchObject({ over: true, winner: null, totals: [0, 0] });
    expect(after.hand!.end!.reason).toBe("aborted");
    expect(after.hand!.scores!.every((s) => s.total === 0)).toBe(true);
    expect(play(after, after.hand!.turn, { type: "draw" })).toMatchObject({ ok: false, error: { code: "HAND_OVER" } });
    expect(endMatch(after, { reason: "aborted" })).toEqual({ ok: false, error: "the match is over" });
  });

  it("refuses an ending that names no team, and a record whose end is malformed", () => {
    expect(endMatch(started(2), { reason: "timeout", team: 2 })).toEqual({ ok: false, error: "the late team is not a team" });
    const record = { ...makeRecord(started(2)), end: { reason: "timeout" } };
    expect(parseRecord(record)).toMatchObject({ ok: false });
  });
});
