import { evictDurableObject, runInDurableObject } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { afterEach, describe, expect, it, vi } from "vitest";
import { savedTournamentLog } from "../../src/server/db/tournament-queries";
import { checkRecord } from "../../src/tournament/record";
import { DAY, laterDay, realTime, setTime } from "./clock-helpers";
import { call } from "./helpers";
import {
  createTournament,
  playerKey,
  recordOf,
  register,
  resignAtTable,
  runTournament,
  standingsOf,
  tournament,
  tournamentStub,
} from "./tournament-helpers";

/**
 * A tournament's room whose storage is lost is rebuilt from D1's copy of
 * its log (src/server/tournaments/rebuild.ts): the same rounds, tables,
 * results and standings; its tables are never made again with other games;
 * a result reported after the last copy to D1 comes back when the round's
 * deadline settles its table; the invitation's and the partner's links are
 * still there for those who may see them.
 */

afterEach(() => {
  realTime();
  vi.restoreAllMocks();
});

/** The room's storage lost, and the object gone from memory. */
async function lose(id: string): Promise<void> {
  await runInDurableObject(tournamentStub(id), (_, state) => state.storage.deleteAll());
  await evictDurableObject(tournamentStub(id));
}

async function d1Tables(id: string): Promise<number> {
  const row = await env.DB.prepare("SELECT COUNT(*) AS n FROM tournament_tables WHERE tournament_id = ?").bind(id).first<{ n: number }>();
  return row!.n;
}

describe("a tournament rebuilt from D1", () => {
  it("has the same rounds, tables, results and standings, makes no table twice, and gets back a result D1 did not have yet", async () => {
    let now = laterDay();
    setTime(now);
    const organiser = playerKey();
    const { id } = await createTournament(organiser, { rounds: 2, roundTime: "2d" });
    const keys = ["Anna", "Bruno", "Carla", "Dario", "Elena"].map(() => playerKey());
    for (const [i, key] of keys.entries()) await register(id, key, ["Anna", "Bruno", "Carla", "Dario", "Elena"][i]!);
    expect((await call(`/api/tournaments/${id}/start`, { token: organiser, method: "POST" })).status).toBe(200);
    await runTournament(id);
    // Round 1: both tables end (a resignation each); the fifth entry sits out.
    for (const t of (await tournament(id)).rounds[0]!.tables) await resignAtTable(t.game!, t.sides, keys);
    await runTournament(id);
    const second = (await tournament(id)).rounds[1]!;
    expect(second.tables.every((t) => t.game !== null)).toBe(true);
    const [first, late] = second.tables;
    // Round 2: one table ends, and D1 has everything.
    await resignAtTable(first!.game!, first!.sides, keys);
    await runTournament(id);
    const before = { view: await tournament(id), standings: await standingsOf(id), record: await recordOf(id) };
    const log = await savedTournamentLog(env.DB, id);

    await lose(id);
    const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
    expect(await standingsOf(id)).toEqual(before.standings);
    expect(warned).toHaveBeenCalledWith(
      expect.stringContaining(`tournament ${id}: rebuilding the room from D1 (${log.length} log entries)`),
    );
    expect(await tournament(id)).toEqual(before.view);
    expect(await recordOf(id)).toEqual(before.record);
    // The rebuilt room makes no table again, and copies D1 nothing twice.
    await runTournament(id);
    expect(await tournament(id)).toEqual(before.view);
    expect(await savedTournamentLog(env.DB, id)).toEqual(log);
    expect(await d1Tables(id)).toBe(4);

    // The last table ends; its result reaches the room, which loses its storage before copying it to D1.
    await resignAtTable(late!.game!, late!.sides, keys);
    const expected = await standingsOf(id);
    expect((await tournament(id)).rounds[1]!.finished).toBe(true);
    await lose(id);
    const rebuilt = await tournament(id);
    expect(rebuilt.rounds[1]!.tables[1]!.result).toBeNull();
    expect(rebuilt.status).toBe("running");
    // At the round's deadline the table, over, gives its result again: the tournament ends with the same standings.
    now += 2 * DAY + 60_000;
    setTime(now);
    await runTournament(id);
    const over = await tournament(id);
    expect(over.status).toBe("over");
    expect(over.rounds.map((r) => r.tables.map((t) => t.game))).toEqual(before.view.rounds.map((r) => r.tables.map((t) => t.game)));
    expect((await standingsOf(id)).standings).toEqual(expected.standings);
    // The finished tournament's record, with its games', replays to those standings.
    const record = await recordOf(id);
    const games: Record<string, unknown> = {};
    for (const r of record.rounds) for (const t of r.tables) games[t.game!] = (await call(`/api/games/${t.game}/record`)).body;
    const check = checkRecord({ ...record, games });
    expect(check.problems).toEqual([]);
    expect(check.standings).toEqual(record.standings);
    expect(await d1Tables(id)).toBe(4);
  });

  it("keeps the invitation's link for the organiser and the partner's for the pair's first player", async () => {
    setTime(laterDay());
    const organiser = playerKey();
    const made = await createTournament(organiser, { format: "pairs", visibility: "invitation" });
    const anna = playerKey();
    const entered = await call<{ partner: { token: string; url: string } }>(`/api/tournaments/${made.id}/entries`, {
      token: anna,
      body: { name: "Anna", invite: made.invite!.token },
    });
    expect(entered.status).toBe(201);
    await runTournament(made.id);
    await lose(made.id);
    vi.spyOn(console, "warn").mockImplementation(() => {});
    expect((await tournament(made.id, organiser)).you.invite).toEqual(made.invite);
    expect((await tournament(made.id, anna)).you.partner).toEqual(entered.body.partner);
    expect(JSON.stringify(await tournament(made.id))).not.toContain(entered.body.partner.token);
    // The partner joins by the link as before.
    const bruno = playerKey();
    expect(
      (await call(`/api/tournaments/${made.id}/partner`, { token: bruno, body: { token: entered.body.partner.token, name: "Bruno" } }))
        .status,
    ).toBe(200);
  });

  it("answers 404 for a tournament neither the room nor D1 knows", async () => {
    const answer = await call("/api/tournaments/ZZZZZZZZZZZZZZZZZZZZZZZZ");
    expect(answer.status).toBe(404);
  });
});
