import { afterEach, describe, expect, it } from "vitest";
import { checkRecord } from "../../src/tournament/record";
import { DAY, laterDay, realTime, setTime } from "./clock-helpers";
import { call, trueTable } from "./helpers";
import { createTournament, drainTable, playerKey, recordOf, register, runTournament, standingsOf, tournament } from "./tournament-helpers";

/**
 * Each movement with 4, 5, 8 and 13 entries, byes and the computer in the
 * vacant place, played round after round through the service: each round's
 * tables are made as game rooms, closed at the round's deadline (the seat to
 * play loses on time), reported, ranked; the next round follows. The
 * record then replays: every round's tables are the movement's from the
 * draw and the standings, every result's victory points the FIBur table's,
 * the standings the same.
 */

afterEach(realTime);

const ROUNDS = 3;

async function play(movement: string, entries: number, odd: "bye" | "computer", format: "individual" | "pairs" = "individual") {
  let now = laterDay();
  setTime(now);
  const organiser = playerKey();
  const made = await createTournament(organiser, { movement, odd, format, rounds: ROUNDS, roundTime: "3d" });
  const players = Array.from({ length: entries * (format === "pairs" ? 2 : 1) }, (_, i) => ({ key: playerKey(), name: `P${i}` }));
  for (let e = 0; e < entries; e++) {
    const first = players[format === "pairs" ? 2 * e : e]!;
    const joined = await register(made.id, first.key, first.name);
    if (format === "pairs") {
      const partner = players[2 * e + 1]!;
      const answer = await call(`/api/tournaments/${made.id}/partner`, {
        token: partner.key,
        body: { token: joined.partner!.token, name: partner.name },
      });
      expect(answer.status).toBe(200);
    }
  }
  expect((await call(`/api/tournaments/${made.id}/start`, { token: organiser, method: "POST" })).status).toBe(200);
  for (let round = 0; round < ROUNDS; round++) {
    await runTournament(made.id);
    const view = await tournament(made.id);
    expect(view.rounds).toHaveLength(round + 1);
    const current = view.rounds[round]!;
    const seated = current.tables.flatMap((t) => t.sides.filter((s): s is number => s !== null));
    // Every entry once: at a table, or sitting out.
    expect([...seated, ...current.byes].sort((a, b) => a - b)).toEqual(Array.from({ length: entries }, (_, i) => i));
    if (entries % 2 === 1) {
      if (odd === "bye") expect(current.byes).toHaveLength(1);
      else expect(current.tables.filter((t) => t.sides.includes(null))).toHaveLength(1);
    }
    for (const table of current.tables) {
      expect(table.game).not.toBeNull();
      const t = await trueTable(table.game!);
      expect(t.created.tournament).toMatchObject({ id: made.id, round, table: table.table });
      const computerSeats = (t.created.computers ?? []).flatMap((c, seat) => (c ? [seat % 2] : []));
      expect(new Set(computerSeats)).toEqual(new Set(table.sides.flatMap((s, side) => (s === null ? [side] : []))));
    }
    // The round's deadline passes with every table still playing: each is settled, reports, and the next round starts.
    now += 3 * DAY + 60_000;
    setTime(now);
    await runTournament(made.id);
    for (const table of current.tables) await drainTable(table.game!);
    await runTournament(made.id);
    const closed = (await tournament(made.id)).rounds[round]!;
    expect(closed.closed).toBe(true);
    expect(closed.finished).toBe(true);
    for (const table of closed.tables) expect(table.result?.lost?.reason).toMatch(/timeout|aborted/);
  }
  const over = await tournament(made.id);
  expect(over.status).toBe("over");
  const record = await recordOf(made.id);
  const check = checkRecord(record);
  expect(check.problems).toEqual([]);
  expect((await standingsOf(made.id)).standings.map((s) => [s.rank, s.entry, s.vp])).toEqual(
    check.standings.map((s) => [s.rank, s.entry, s.vp]),
  );
  // Every round's deals are in the record once its tables have all finished.
  for (const round of record.rounds) expect(round.deals).toHaveLength(1);
  return record;
}

describe("movements through the service", () => {
  for (const [movement, cases] of [
    [
      "mitchell",
      [
        [4, "bye"],
        [5, "bye"],
        [8, "bye"],
        [13, "computer"],
      ],
    ],
    [
      "danish",
      [
        [4, "bye"],
        [5, "computer"],
        [8, "bye"],
        [13, "bye"],
      ],
    ],
    [
      "mitchell-danish",
      [
        [4, "bye"],
        [5, "bye"],
        [8, "bye"],
        [13, "computer"],
      ],
    ],
  ] as const)
    for (const [entries, odd] of cases)
      it(`${movement} with ${entries} entries${entries % 2 ? ` (${odd})` : ""}`, async () => {
        await play(movement, entries, odd);
      });

  it("pairs at tables of four: partners opposite, each pair's two players in their own seats", async () => {
    const record = await play("mitchell", 4, "bye", "pairs");
    const table = await trueTable(record.rounds[0]!.tables[0]!.game!);
    expect(table.created.players).toBe(4);
    const names = table.created.names;
    const [a, b] = record.rounds[0]!.tables[0]!.sides as [number, number];
    expect([names[0], names[2]]).toEqual(record.entries[a]!.names);
    expect([names[1], names[3]]).toEqual(record.entries[b]!.names);
  });
});
