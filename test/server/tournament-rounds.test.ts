import { runDurableObjectAlarm } from "cloudflare:test";
import { afterEach, describe, expect, it } from "vitest";
import { computerToPlay } from "../../src/server/room/due";
import { checkRecord } from "../../src/tournament/record";
import { DAY, laterDay, realTime, setTime } from "./clock-helpers";
import { call, roomStub, seatKey, trueTable } from "./helpers";
import { createTournament, drainTable, playerKey, recordOf, register, runTournament, tournament } from "./tournament-helpers";

/**
 * A round closes at its deadline and a late table never blocks the
 * tournament: a table that finished early is not kept waiting for its
 * result to count, a late one is settled as the clock says (its seat to
 * play loses on time, or the computer plays the match out), and the next
 * round starts. Withdrawals mid-tournament: forfeits, or the computer.
 */

afterEach(realTime);

/** A player's seat token at a game, from their "my games". */
async function seatOf(player: string, game: string): Promise<{ seat: number; token: string }> {
  const mine = await call<{ games: { id: string; seat: number; token: string | null }[] }>("/api/me/games", { token: player });
  const found = mine.body.games.find((g) => g.id === game);
  if (!found?.token) throw new Error(`no seat of this player at ${game}`);
  return { seat: found.seat, token: found.token };
}

/** Four players in an individual tournament, started: the first round's tables made and drained. */
async function started(settings: Record<string, unknown> = {}) {
  let now = laterDay();
  setTime(now);
  const organiser = playerKey();
  const made = await createTournament(organiser, { roundTime: "2d", ...settings });
  const players = ["Anna", "Bruno", "Carla", "Dario"].map((name) => ({ name, key: playerKey() }));
  for (const p of players) await register(made.id, p.key, p.name);
  expect((await call(`/api/tournaments/${made.id}/start`, { token: organiser, method: "POST" })).status).toBe(200);
  await runTournament(made.id);
  const view = await tournament(made.id);
  for (const t of view.rounds[0]!.tables) await drainTable(t.game!);
  const at = (ms: number) => {
    now += ms;
    setTime(now);
  };
  return { id: made.id, organiser, players, view, at };
}

/** Plays the computer's turns at a game until the match is over (each alarm plays within its budget). */
async function computerFinishes(game: string): Promise<void> {
  for (let i = 0; i < 400 && computerToPlay(await trueTable(game)) !== null; i++) await runDurableObjectAlarm(roomStub(game));
}

describe("a round's deadline", () => {
  it("closes the round with a late table settled on the clock; the table that finished early had its result counted at once", async () => {
    const { id, players, view, at } = await started();
    const [early, late] = view.rounds[0]!.tables;
    // The early table ends at once: its seat 0 resigns.
    const resigner = players[early!.sides[0]!]!;
    const { token } = await seatOf(resigner.key, early!.game!);
    const version = (await trueTable(early!.game!)).version;
    expect(
      (await call(`/api/games/${early!.game}/moves`, { token, headers: seatKey(token), body: { move: { type: "resign" }, version } }))
        .status,
    ).toBe(200);
    await drainTable(early!.game!);
    await runTournament(id);
    const midway = await tournament(id);
    expect(midway.rounds[0]!.tables[0]!.result).toMatchObject({ vp: [0, 20], lost: { side: 0, reason: "resigned" } });
    // The standings count it already; the late table does not hold it back, nor is the next round paired without it.
    expect(midway.standings[0]).toMatchObject({ entry: early!.sides[1], vp: 20 });
    expect(midway.rounds).toHaveLength(1);

    // The late table plays a turn, then its next seat sits on its move until the round's deadline.
    const first = await trueTable(late!.game!);
    const mover = players[late!.sides[first.state.hand!.turn % 2]!]!;
    const seat = await seatOf(mover.key, late!.game!);
    const drew = await call(`/api/games/${late!.game}/moves`, {
      token: seat.token,
      headers: seatKey(seat.token),
      body: { move: { type: "draw" }, version: first.version },
    });
    const card = drew.body.events.find((e: { type: string }) => e.type === "drew").card;
    await call(`/api/games/${late!.game}/moves`, {
      token: seat.token,
      headers: seatKey(seat.token),
      body: { move: { type: "discard", card }, version: drew.body.version },
    });
    at(2 * DAY + 60_000);
    await runTournament(id);
    // After the deadline nobody moves there any more.
    const after = await trueTable(late!.game!);
    expect(after.state.over).toBe(true);
    const moved = await call(`/api/games/${late!.game}/moves`, {
      token: seat.token,
      headers: seatKey(seat.token),
      body: { move: { type: "draw" }, version: after.version },
    });
    expect(moved.status).toBe(409);
    expect(moved.body.error.code).toBe("ROUND_CLOSED");
    await drainTable(late!.game!);
    await runTournament(id);
    const next = await tournament(id);
    expect(next.rounds[0]).toMatchObject({ closed: true, finished: true });
    // The seat that was to play when time ran out lost on time.
    expect(next.rounds[0]!.tables[1]!.result!.lost).toEqual({ side: (seat.seat + 1) % 2, reason: "timeout" });
    expect(next.rounds).toHaveLength(2);
    expect(next.rounds[1]!.tables.every((t) => t.game !== null)).toBe(true);
  });

  it("with the computer's timeout, the computer plays a late table out and its result counts; the record replays", async () => {
    const { id, view, at } = await started({ clock: { perMove: "1d", timeout: "computer" }, rounds: 1, hands: 2 });
    at(2 * DAY + 60_000);
    await runTournament(id);
    for (const t of view.rounds[0]!.tables) {
      const table = await trueTable(t.game!);
      expect(table.computers.every((c) => c !== null)).toBe(true);
      await computerFinishes(t.game!);
      expect((await trueTable(t.game!)).state.over).toBe(true);
      await drainTable(t.game!);
    }
    await runTournament(id);
    const next = await tournament(id);
    expect(next.rounds[0]!.finished).toBe(true);
    for (const t of next.rounds[0]!.tables) {
      // Played out: no side lost outside play, and the victory points follow the points.
      expect(t.result!.lost).toBeUndefined();
      expect(t.result!.vp[0]! + t.result!.vp[1]!).toBe(20);
    }
    expect(next.status).toBe("over");
    // The finished tournament's record, with its games' records, replays to the same standings.
    const record = await recordOf(id);
    const games: Record<string, unknown> = {};
    for (const t of record.rounds[0]!.tables) games[t.game!] = (await call(`/api/games/${t.game}/record`)).body;
    const check = checkRecord({ ...record, games });
    expect(check.problems).toEqual([]);
    expect(check.replayed).toBe(2);
    expect(check.standings).toEqual(record.standings);
    // A result changed by hand is caught.
    const forged = structuredClone({ ...record, games });
    const table = forged.rounds[0]!.tables[0]!;
    const result = table.result!;
    Object.assign(table, { result: { ...result, totals: [result.totals[0] + 100, result.totals[1]] } });
    expect(checkRecord(forged).ok).toBe(false);
  });
});

describe("withdrawing mid-tournament", () => {
  it("by forfeit: the table in play is resigned, and the remaining rounds go to the opponents without a table", async () => {
    const { id, players, view } = await started({ rounds: 2 });
    const leaver = players[view.rounds[0]!.tables[0]!.sides[0]!]!;
    const left = await call(`/api/tournaments/${id}`.concat("/entries/mine"), { token: leaver.key, method: "DELETE" });
    expect(left.status).toBe(200);
    const game = view.rounds[0]!.tables[0]!.game!;
    expect((await trueTable(game)).state.over).toBe(true);
    await drainTable(game);
    await drainTable(view.rounds[0]!.tables[1]!.game!);
    const other = view.rounds[0]!.tables[1]!;
    const { token } = await seatOf(players[other.sides[0]!]!.key, other.game!);
    const version = (await trueTable(other.game!)).version;
    await call(`/api/games/${other.game}/moves`, { token, headers: seatKey(token), body: { move: { type: "resign" }, version } });
    await drainTable(other.game!);
    await runTournament(id);
    const next = await tournament(id);
    const entry = view.rounds[0]!.tables[0]!.sides[0]!;
    expect(next.entries.find((e) => e.entry === entry)!.withdrawn).toBe("forfeit");
    expect(next.rounds[1]!.forfeits).toHaveLength(1);
    expect(next.rounds[1]!.forfeits[0]!.against).toBe(entry);
    expect(next.rounds[1]!.tables).toHaveLength(1);
  });

  it("to the computer: it takes the player's seats now and in the rounds to come", async () => {
    const { id, players, view } = await started({ rounds: 2, withdrawal: "computer" });
    const entry = view.rounds[0]!.tables[0]!.sides[0]!;
    expect((await call(`/api/tournaments/${id}/entries/mine`, { token: players[entry]!.key, method: "DELETE" })).status).toBe(200);
    const game = view.rounds[0]!.tables[0]!.game!;
    expect((await trueTable(game)).computers[0]).not.toBeNull();
    const again = await call(`/api/tournaments/${id}/entries/mine`, { token: players[entry]!.key, method: "DELETE" });
    expect(again.status).toBe(409);
  });
});
