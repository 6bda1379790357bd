import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import type { TournamentRoom } from "../../src/server/tournaments/room";
import { checkRecord } from "../../src/tournament/record";
import { snapshotOf } from "../../src/tournament/snapshot";
import { Tournament, type TournamentLog } from "../../src/tournament/state";
import { laterDay, realTime, setTime } from "./clock-helpers";
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
 * A cold tournament room reads its latest checkpoint and folds only the
 * log's entries after it (src/server/tournaments/checkpoint.ts): the same
 * tournament as its whole log folds to, going on as it would have. Its
 * standings page, while nothing changed, is answered from the copy it kept,
 * without folding anything.
 */

afterEach(realTime);

interface Inside {
  t: Tournament | null;
  storage: { setMeta(k: string, v: string): void; readLog(): { body: TournamentLog }[]; lastSeq(): number };
}

const inside = (room: TournamentRoom) => room as unknown as Inside;

/** The checkpoint the room keeps: the log's entry it stands at, and its parts' names. */
async function checkpointOf(id: string): Promise<{ seq: number; parts: string[] } | null> {
  return runInDurableObject(tournamentStub(id), (_, state) => {
    const held = state.storage.sql.exec("SELECT 1 FROM sqlite_master WHERE name = 'checkpoint'").toArray().length > 0;
    if (!held) return null;
    const parts = state.storage.sql.exec<{ part: string }>("SELECT part FROM checkpoint ORDER BY part").toArray();
    if (parts.length === 0) return null;
    const seq = state.storage.sql.exec<{ value: string }>("SELECT value FROM meta WHERE key = 'checkpoint_seq'").one().value;
    return { seq: Number(seq), parts: parts.map((p) => p.part) };
  });
}

/** Makes a checkpoint due (as if the log had grown by CHECKPOINT_EVERY entries) and runs the alarm: returns the log's last entry. */
async function checkpointNow(id: string): Promise<number> {
  const seq = await runInDurableObject(tournamentStub(id), async (room: TournamentRoom, state) => {
    inside(room).storage.setMeta("checkpoint_seq", "-1000");
    await state.storage.setAlarm(Date.now());
    return inside(room).storage.lastSeq();
  });
  expect(await runDurableObjectAlarm(tournamentStub(id))).toBe(true);
  return seq;
}

describe("a tournament's checkpoint", () => {
  it("is written by an alarm of its own once due, and a cold room goes on from it as from its whole log", async () => {
    setTime(laterDay());
    const organiser = playerKey();
    const { id } = await createTournament(organiser, { rounds: 2, roundTime: "2d" });
    const keys = ["Anna", "Bruno", "Carla", "Dario", "Elena"].map(() => playerKey());
    for (const [i, key] of keys.entries()) await register(id, key, `Giocatore ${i + 1}`);
    expect((await call(`/api/tournaments/${id}/start`, { token: organiser, method: "POST" })).status).toBe(200);
    await runTournament(id);
    const [first, second] = (await tournament(id)).rounds[0]!.tables;
    await resignAtTable(first!.game!, first!.sides, keys);
    await runTournament(id);
    expect(await checkpointOf(id)).toBeNull();

    // Due: the alarm writes it (every part: the room had none), and does nothing else.
    const seq = await checkpointNow(id);
    expect(await checkpointOf(id)).toEqual({ seq, parts: ["entries:0", "head", "round:0"] });

    // More happens after it: the round ends, the next is planned and made; a second checkpoint, then a table ends.
    await resignAtTable(second!.game!, second!.sides, keys);
    await runTournament(id);
    const next = (await tournament(id)).rounds[1]!.tables;
    const later = await checkpointNow(id);
    expect(await checkpointOf(id)).toEqual({ seq: later, parts: ["entries:0", "head", "round:0", "round:1"] });
    await resignAtTable(next[0]!.game!, next[0]!.sides, keys);
    await runTournament(id);
    const before = { view: await tournament(id), standings: await standingsOf(id), record: await recordOf(id) };
    expect(before.view.rounds).toHaveLength(2);

    // A cold room answers the standings from the copy it kept: nothing folded.
    await evictDurableObject(tournamentStub(id));
    const cold = await runInDurableObject(tournamentStub(id), async (room: TournamentRoom) => {
      const answer = await room.standings(id);
      return { answer, folded: inside(room).t !== null };
    });
    expect(cold.folded).toBe(false);
    expect(cold.answer.ok && JSON.parse(cold.answer.body)).toEqual(before.standings);

    // Read from the checkpoint and the entries after it, the room holds what the whole log folds to.
    await evictDurableObject(tournamentStub(id));
    expect(await tournament(id)).toEqual(before.view);
    const same = await runInDurableObject(tournamentStub(id), (room: TournamentRoom) => {
      const whole = Tournament.fold(
        inside(room)
          .storage.readLog()
          .map((r) => r.body),
      );
      return snapshotOf(inside(room).t!) === snapshotOf(whole);
    });
    expect(same).toBe(true);
    expect(await recordOf(id)).toEqual(before.record);

    // And it goes on: the last round's tables end, the tournament with them; its record replays to its standings.
    await evictDurableObject(tournamentStub(id));
    for (const t of before.view.rounds[1]!.tables.slice(1)) await resignAtTable(t.game!, t.sides, keys);
    await runTournament(id);
    const over = await tournament(id);
    expect(over.status).toBe("over");
    const record = await recordOf(id);
    const games: Record<string, unknown> = {};
    for (const r of record.rounds) for (const t of r.tables) games[t.game!] = (await call(`/api/games/${t.game}/record`)).body;
    const check = checkRecord({ ...record, games });
    expect(check.problems).toEqual([]);
    expect(check.standings).toEqual(record.standings);
    const shown = (await standingsOf(id)).standings.map((s) => [s.rank, s.entry, s.vp]);
    expect(record.standings.map((s) => [s.rank, s.entry, s.vp])).toEqual(shown);
  });
});
