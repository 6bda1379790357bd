import { afterEach, describe, expect, it } from "vitest";
import type { TableResult } from "../../src/tournament/types";
import { DAY, realTime, setTime, T0 } from "./clock-helpers";
import { call } from "./helpers";
import {
  createTournament,
  playerKey,
  recordOf,
  register,
  runTournament,
  standingsOf,
  tournament,
  tournamentStub,
} from "./tournament-helpers";

/**
 * The standings the tournament's room publishes, against examples worked
 * by hand: each table's result as its game reports it (here sent straight
 * to the room, as a game's drain sends it), turned into FIBur victory
 * points, ranked by VP, then points difference, then head to head; a
 * Danish round paired from them.
 */

afterEach(realTime);

async function danish(rounds: number) {
  setTime(T0 + Math.floor(Math.random() * 1000) * DAY);
  const organiser = playerKey();
  const made = await createTournament(organiser, { movement: "danish", rounds });
  for (const name of ["Anna", "Bruno", "Carla", "Dario"]) await register(made.id, playerKey(), name);
  await call(`/api/tournaments/${made.id}/start`, { token: organiser, method: "POST" });
  await runTournament(made.id);
  const order = (await recordOf(made.id)).order!;
  return { id: made.id, order };
}

/** Reports table `table` of `round` as its game would: totals per side. */
async function report(id: string, round: number, table: number, totals: [number, number], lost?: TableResult["lost"]) {
  const view = await tournament(id);
  const game = view.rounds[round]!.tables.find((t) => t.table === table)!.game!;
  const result: TableResult = { totals, hands: [totals], ...(lost ? { lost } : {}) };
  return tournamentStub(id).tableEnded({ tournament: id, round, table, game, result });
}

describe("standings", () => {
  it("rank by victory points, and a Danish round is paired from them (worked by hand)", async () => {
    const { id, order } = await danish(2);
    const [o0, o1, o2, o3] = order as [number, number, number, number];
    // Round 1 (the draw): o0–o1 300 apart (11–9), o2–o3 100 apart the other way (10–10).
    expect((await tournament(id)).rounds[0]!.tables.map((t) => t.sides)).toEqual([
      [o0, o1],
      [o2, o3],
    ]);
    expect(await report(id, 0, 1, [1500, 1200])).toBe(true);
    expect(await report(id, 0, 2, [900, 1000])).toBe(true);
    await runTournament(id);
    const after1 = await standingsOf(id);
    expect(after1.standings.map((s) => [s.rank, s.entry, s.vp, s.diff])).toEqual([
      [1, o0, 11, 300],
      [2, o3, 10, 100],
      [3, o2, 10, -100],
      [4, o1, 9, -300],
    ]);
    // Danish: first plays second, third plays fourth.
    const round2 = (await tournament(id)).rounds[1]!;
    expect(round2.tables.map((t) => t.sides)).toEqual([
      [o0, o3],
      [o2, o1],
    ]);
    // Round 2: o3 wins by 1050 (15–5), o2 by 2100 (20–0).
    await report(id, 1, 1, [800, 1850]);
    await report(id, 1, 2, [2300, 200]);
    await runTournament(id);
    const final = await standingsOf(id);
    expect(final.status).toBe("over");
    expect(final.standings.map((s) => [s.rank, s.entry, s.vp, s.for, s.against])).toEqual([
      [1, o2, 30, 3200, 1200],
      [2, o3, 25, 2850, 1700],
      [3, o0, 16, 2300, 3050],
      [4, o1, 9, 1400, 3800],
    ]);
  });

  it("break ties by points difference, then head to head", async () => {
    const { id, order } = await danish(2);
    const [o0, o1, o2, o3] = order as [number, number, number, number];
    // Round 1: o0 beats o1 by 300 (11–9); o2 and o3 draw (10–10).
    await report(id, 0, 1, [1300, 1000]);
    await report(id, 0, 2, [1000, 1000]);
    await runTournament(id);
    // Ranking o0 11, then o2 and o3 tied on 10 VP and 0 difference: equal head to head (they drew), by entry number.
    const tied = [o2, o3].sort((a, b) => a - b) as [number, number];
    const pairs = (await tournament(id)).rounds[1]!.tables.map((t) => t.sides);
    expect(pairs).toEqual([
      [o0, tied[0]],
      [tied[1], o1],
    ]);
    // Round 2: o0 loses to tied[0] by 300 (9–11); o1 beats tied[1] by 300 (11–9).
    await report(id, 1, 1, [1000, 1300]);
    await report(id, 1, 2, [1000, 1300]);
    await runTournament(id);
    const rows = (await standingsOf(id)).standings;
    // tied[0]: 21 VP. o0 and o1: 20 VP, 0 difference each; o0 beat o1 (11–9) head to head. tied[1]: 19.
    expect(rows.map((s) => [s.rank, s.entry, s.vp, s.diff, s.headToHead])).toEqual([
      [1, tied[0], 21, 300, 0],
      [2, o0, 20, 0, 11],
      [3, o1, 20, 0, 9],
      [4, tied[1], 19, -300, 0],
    ]);
  });

  it("takes each table's result once, and only from its own game", async () => {
    const { id } = await danish(1);
    const view = await tournament(id);
    const [t1, t2] = view.rounds[0]!.tables;
    const stub = tournamentStub(id);
    // Another table's game, or a game of no table: ignored.
    const wrong = { tournament: id, round: 0, table: 1, game: t2!.game!, result: { totals: [2000, 0], hands: [] } as TableResult };
    expect(await stub.tableEnded(wrong)).toBe(false);
    expect(await stub.tableEnded({ ...wrong, round: 5 })).toBe(false);
    expect(await report(id, 0, 1, [1500, 1000])).toBe(true);
    // Reported again (a drain retried): the first result stands.
    await stub.tableEnded({ ...wrong, game: t1!.game! });
    expect((await tournament(id)).rounds[0]!.tables[0]!.result!.totals).toEqual([1500, 1000]);
    // The standings are served as one text per version of the tournament.
    const a = await call(`/api/tournaments/${id}/standings`);
    const b = await call(`/api/tournaments/${id}/standings`);
    expect(a.text).toBe(b.text);
  });
});
