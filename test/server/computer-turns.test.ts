import { evictDurableObject, runDurableObjectAlarm, runInDurableObject } from "cloudflare:test";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { botMove, type GameEvent, makeMove, parseRecord, replayRecord, seededRandom } from "../../src/engine/index";
import {
  canDecide,
  computerMoves,
  INVOCATION_STEPS,
  invocationMoves,
  JUDGEMENT_STEPS,
  newWork,
  ROLLOUT_STEPS,
  setExpertWarm,
  Thoughts,
  WARM_UP,
  type Work,
} from "../../src/server/room/computer";
import type { Table } from "../../src/server/room/table";
import { clockOf, DAY, publicEvents, realTime, setTime, T0 } from "./clock-helpers";
import { call, computerPlays, move, openSocket, roomStub, trueTable, view } from "./helpers";

/**
 * A computer's turn spread over the room's invocations (src/server/room/computer.ts): each invocation plays
 * within a budget of counted work, each move is its own log entry, a decision itself may span invocations, and
 * a restart in the middle of a turn or of a decision resumes it from the log, with the same moves as a turn
 * played at once. The table: three players (at a closed pile), where the expert thinks ten times its usual work
 * (src/bots/expert.ts, expertBudget), so that its take and its discard each take several invocations.
 */

/** Anna (seat 0) and Bea (seat 2) against the expert (seat 1), chiuso, one hand. */
async function vsExpert(clock?: object) {
  const body = {
    players: 3,
    rules: { preset: "chiuso", hands: 1 },
    seats: [{ name: "Anna" }, { computer: "expert" }, { name: "Bea" }],
    ...(clock ? { clock } : {}),
  };
  const created = await call("/api/games", { body });
  expect(created.status).toBe(201);
  return created.body as { id: string; seats: { token: string | null }[] };
}

/** The hand's events up to the table's version (the whole truth, as the room keeps it). */
function handEvents(table: Table): GameEvent[] {
  const start = table.handStarts.at(-1) ?? 1;
  return table.entries.slice(start - 1).flatMap((e) => e.events);
}

/**
 * The computer's moves from the table at `version` with the work given, as the room chooses them: going on with
 * the decision `thoughts` carries from the invocation before, if any (none: a decision thought from its start).
 */
function movesFrom(table: Table, version: number, work: Work, thoughts = new Thoughts()) {
  const at = table.at(version);
  return computerMoves(at.state, handEvents(at), "expert", (i) => `${table.id}/${version + i}`, work, thoughts).map((m) =>
    makeMove(m.move),
  );
}

/**
 * A budget that never runs out: the turn as one invocation would play it with no limit. Finite, so that each
 * decision still counts its own work from where it starts (an infinite count would make that NaN, and the
 * expert's search would then never stop at its own per-decision budget, as it does in the room).
 */
const unlimited = (): Work => ({ steps: -Number.MAX_SAFE_INTEGER, moves: 0 });

/** The computer's moves logged between two versions (the next hand's deal, if any, left out). */
function logged(table: Table, from: number, to: number) {
  return table.entries.slice(from, to).flatMap((e) => (e.body.type === "move" ? [e.body.move] : []));
}

/** The room plays the computer's turn on, from `start`: the turn played at once, one take, one discard (or the hand's end), nothing twice. */
async function playedOnce(id: string, start: number): Promise<void> {
  await computerPlays(id);
  const table = await trueTable(id);
  expect(table.state.hand!.turn !== 1 || table.state.hand!.end !== null || table.state.over).toBe(true);
  const moves = logged(table, start, table.version);
  expect(moves).toEqual(movesFrom(table, start, unlimited()));
  expect(moves.filter((m) => m.type === "draw" || m.type === "pickup")).toHaveLength(1);
}

/** Anna and Bea play legal random moves until the computer is to play (false: the game is over). */
async function annaPlays(
  game: { id: string; seats: { token: string | null }[] },
  random: ReturnType<typeof seededRandom>,
): Promise<boolean> {
  for (let i = 0; i < 80; i++) {
    const table = await trueTable(game.id);
    if (table.state.over) return false;
    const turn = table.state.hand!.turn;
    if (turn === 1) return true;
    const answer = await move(game.id, game.seats[turn]!.token!, makeMove(botMove(table.state, random).move), table.version);
    expect(answer.status, answer.text).toBe(200);
  }
  throw new Error("the people's turns did not end");
}

describe("a computer's turn over several invocations", () => {
  // Time far ahead of the real clock: no alarm fires on its own, each invocation is the test's. The files share one
  // runtime, whose first expert decision warms up (computer.ts): whichever file comes first, here the isolate is warm.
  beforeEach(() => {
    setTime(T0);
    setExpertWarm(true);
  });
  afterEach(() => {
    realTime();
    setExpertWarm(true);
  });

  it("plays each invocation within the counted budget, spreads an expert's turn, and plays what one invocation would", async () => {
    const game = await vsExpert();
    const random = seededRandom("spread");
    let spread = 0;
    let turns = 0;
    let thinking = 0;
    for (let turn = 0; turn < 6; turn++) {
      if (!(await annaPlays(game, random))) break;
      const start = (await trueTable(game.id)).version;
      // The room's invocations, one by one, beside the same choices made here (carrying a decision as the room does).
      const mirror = new Thoughts();
      let invocations = 0;
      for (let i = 0; i < 30; i++) {
        const from = (await trueTable(game.id)).version;
        await runDurableObjectAlarm(roomStub(game.id));
        const table = await trueTable(game.id);
        invocations++;
        // This invocation's moves are the room's choice from the log at its start, within one invocation's work…
        const work = newWork();
        expect(logged(table, from, table.version)).toEqual(movesFrom(table, from, work, mirror));
        expect(work.steps).toBeLessThanOrEqual(INVOCATION_STEPS + ROLLOUT_STEPS);
        const done = table.state.over || table.state.hand!.turn !== 1 || table.state.hand!.end !== null;
        if (done) break;
        // …and it stopped short of the turn's end only in the middle of a decision, or because the next would not have fitted.
        expect(work.thinking || !canDecide(work)).toBe(true);
        if (table.version === from) thinking++;
      }
      const table = await trueTable(game.id);
      expect(table.state.hand!.turn === 1 && !table.state.hand!.end, "the turn ended").toBe(false);
      // Spread or not, the turn is the one a single unlimited invocation would have played.
      expect(logged(table, start, table.version)).toEqual(movesFrom(table, start, unlimited()));
      if (invocations > 1) spread++;
      turns++;
    }
    expect(turns).toBeGreaterThanOrEqual(3);
    // The expert searches its take and its discard: most of its turns take two invocations or more, and some
    // invocations only think (a decision carried on into the next), logging nothing.
    expect(spread).toBeGreaterThan(turns / 2);
    expect(thinking).toBeGreaterThanOrEqual(1);
  });

  it("resumes a decision cut short by a restart from its start: the same move, the turn once", async () => {
    const game = await vsExpert();
    const random = seededRandom("mid-decision");
    for (let turn = 0; turn < 12; turn++) {
      if (!(await annaPlays(game, random))) break;
      const start = (await trueTable(game.id)).version;
      await runDurableObjectAlarm(roomStub(game.id));
      const mid = await trueTable(game.id);
      // An invocation that logged nothing, the computer still to play: it is in the middle of its decision.
      if (mid.version !== start || mid.state.hand!.turn !== 1) {
        await computerPlays(game.id);
        continue;
      }
      // The platform restarts the room: the decision carried in memory is lost, and thought again from its start.
      await evictDurableObject(roomStub(game.id));
      await playedOnce(game.id, start);
      return;
    }
    throw new Error("no decision of the computer's took two invocations");
  });

  it("resumes a turn cut short by a restart, and by a rebuild from D1, from the log: the same moves, the turn once", async () => {
    const game = await vsExpert();
    const random = seededRandom("crash");
    let restarted = 0;
    let rebuilt = 0;
    for (let turn = 0; turn < 12 && rebuilt === 0; turn++) {
      if (!(await annaPlays(game, random))) break;
      const start = (await trueTable(game.id)).version;
      await runDurableObjectAlarm(roomStub(game.id));
      const mid = await trueTable(game.id);
      const midTurn = mid.state.hand!.turn === 1 && mid.state.hand!.end === null && mid.state.hand!.phase === "play";
      if (midTurn && restarted === 0) {
        // The platform restarts the room between two invocations of the computer's turn.
        await evictDurableObject(roomStub(game.id));
        restarted++;
      } else if (midTurn) {
        // The room's storage is lost: it is rebuilt from D1's copy of the log, as far as it was drained.
        await runInDurableObject(roomStub(game.id), async (instance) => {
          const room = (instance as unknown as { room: unknown }).room;
          const followUp = (instance as unknown as { followUp: { drain(room: unknown, now: number): Promise<void> } }).followUp;
          await followUp.drain(room, Date.now());
        });
        await runInDurableObject(roomStub(game.id), (_, state) => state.storage.deleteAll());
        await evictDurableObject(roomStub(game.id));
        const warned = vi.spyOn(console, "warn").mockImplementation(() => {});
        await view(game.id);
        warned.mockRestore();
        expect((await trueTable(game.id)).version).toBe(mid.version);
        rebuilt++;
      }
      await playedOnce(game.id, start);
    }
    expect(restarted).toBe(1);
    expect(rebuilt).toBe(1);
    const record = (await call(`/api/games/${game.id}/record`)).body;
    const parsed = parseRecord(record);
    expect(parsed.ok && replayRecord(parsed.value).output.moves.every((m) => m.ok)).toBe(true);
  });

  it("charges the clock nothing for the time between its invocations: no timeout, and the person's bank untouched", async () => {
    const game = await vsExpert({ bank: "1d", timeout: "computer" });
    const random = seededRandom("clock");
    for (let turn = 0; turn < 12; turn++) {
      if (!(await annaPlays(game, random))) break;
      const before = await clockOf(game.id);
      await runDurableObjectAlarm(roomStub(game.id));
      const mid = await trueTable(game.id);
      if (mid.state.hand!.turn !== 1 || mid.state.hand!.phase !== "play") continue;
      // The room is slow to come back for the rest of the turn: two days, twice the seat's whole bank.
      setTime(T0 + 2 * DAY);
      await computerPlays(game.id);
      const after = await clockOf(game.id);
      expect((await publicEvents(game.id)).map((e) => e.type)).not.toContain("timedOut");
      expect((await trueTable(game.id)).state.hand!.turn).toBe(2);
      // Its turn was charged up to its first move, at once: its bank is whole; Bea's is as she left it, her turn just begun.
      expect(after.seats[1]!.bank).toBe(DAY);
      expect(after.seats[2]!.bank).toBe(before.seats[2]!.bank);
      expect(after.turn).toMatchObject({ seat: 2, since: new Date(T0 + 2 * DAY).toISOString() });
      return;
    }
    throw new Error("no turn of the computer's took two invocations");
  });

  it("while someone watches live: a pause before its turn, none between its moves, each part sent to the table as played", async () => {
    const game = await vsExpert();
    const anna = game.seats[0]!.token!;
    const random = seededRandom("live");
    const socket = await openSocket(game.id, anna);
    const due = async () =>
      (
        await runInDurableObject(roomStub(game.id), (_, state) =>
          state.storage.sql.exec<{ at: number }>("SELECT at FROM deadlines WHERE kind = 'computer'").toArray(),
        )
      ).map((d) => d.at);
    for (let turn = 0; turn < 12; turn++) {
      if (!(await annaPlays(game, random))) break;
      const before = await trueTable(game.id);
      const last = before.entries.at(-1)!.at;
      // After Anna's move (not at the deal, made before she watched), the computer waits a second.
      if (before.entries.at(-1)!.body.type === "move") expect(await due()).toEqual([last + 1000]);
      setTime(last + 1000);
      await runDurableObjectAlarm(roomStub(game.id));
      const mid = await trueTable(game.id);
      if (mid.state.hand!.turn !== 1 || mid.state.hand!.phase !== "play") continue;
      // Its turn begun, the rest is due at once; the table has the first part already.
      expect(await due()).toEqual([mid.entries.at(-1)!.at]);
      const first = await socket.next((m) => m.type === "events" && m.version === mid.version, 0);
      expect(first.events.some((e: { by?: string }) => e.by === "computer")).toBe(true);
      await computerPlays(game.id);
      const end = await trueTable(game.id);
      expect(end.state.hand!.turn).toBe(2);
      await socket.next((m) => m.type === "events" && m.version === end.version, 0);
      socket.close();
      return;
    }
    throw new Error("no turn of the computer's took two invocations");
  });

  it("in a fresh isolate, warms the expert up first: no move, the alarm back at once, then the moves it would have played", async () => {
    const game = await vsExpert();
    expect(await annaPlays(game, seededRandom("warm-up"))).toBe(true);
    // The room's table itself (the same isolate): its version read now, before it moves on.
    const start = (await trueTable(game.id)).version;
    const dueAt = (await trueTable(game.id)).entries.at(-1)!.at;
    const armed = () =>
      runInDurableObject(roomStub(game.id), async (_, state) => ({
        alarm: await state.storage.getAlarm(),
        due: state.storage.sql.exec<{ at: number }>("SELECT at FROM deadlines WHERE kind = 'computer'").toArray(),
      }));
    setExpertWarm(false);
    expect(WARM_UP.length).toBeGreaterThan(0);
    for (const _ of WARM_UP) {
      await runDurableObjectAlarm(roomStub(game.id));
      // A warm-up plays nothing: the log is as it was, the computer's turn still due, and the alarm set for it (due already).
      const table = await trueTable(game.id);
      expect(table.version).toBe(start);
      expect(table.state.hand!.turn).toBe(1);
      expect(await armed()).toEqual({ alarm: dueAt, due: [{ at: dueAt }] });
    }
    // Then it decides: the moves it would have played with no warm-up (or none yet, its decision going on in the
    // next invocation), and the turn goes on as any.
    await runDurableObjectAlarm(roomStub(game.id));
    const played = await trueTable(game.id);
    const mirror = newWork();
    expect(logged(played, start, played.version)).toEqual(movesFrom(played, start, mirror));
    expect(played.version > start || mirror.thinking).toBe(true);
    await computerPlays(game.id);
    const end = await trueTable(game.id);
    expect(end.state.hand!.turn !== 1 || end.state.hand!.end !== null || end.state.over).toBe(true);
    expect(logged(end, start, end.version)).toEqual(movesFrom(end, start, unlimited()));
  });

  it("warms up for a search alone, each warm-up once: a beginner decides at once, and so does the expert after the warm-ups", async () => {
    const game = await vsExpert();
    expect(await annaPlays(game, seededRandom("club first"))).toBe(true);
    const table = await trueTable(game.id);
    const at = table.at(table.version);
    const events = handEvents(at);
    const seedOf = (i: number) => `${table.id}/${table.version + i}`;
    setExpertWarm(false);
    const beginner = newWork();
    expect(invocationMoves(at.state, events, "beginner", seedOf, beginner, new Thoughts()).length).toBeGreaterThan(0);
    expect(beginner.warmUp).toBeUndefined();
    // A closed pile with three players: the club searches there too (budgetOf), so its decision warms up as well.
    for (const i of WARM_UP.keys()) {
      const work = newWork();
      expect(invocationMoves(at.state, events, i === 0 ? "club" : "expert", seedOf, work, new Thoughts())).toEqual([]);
      // Nothing more is decided in an invocation that warmed up: its work is the warm-up's.
      expect(work).toMatchObject({ warmUp: true, moves: 0 });
      expect(work.steps).toBeGreaterThan(0);
      expect(work.steps).toBeLessThanOrEqual(2 * 100 + JUDGEMENT_STEPS);
      expect(canDecide(work)).toBe(false);
    }
    // Then it decides (and plays, or thinks on in the next invocation when its decision takes more than one).
    const work = newWork();
    const after = invocationMoves(at.state, events, "expert", seedOf, work, new Thoughts()).map((m) => makeMove(m.move));
    expect(work.warmUp).toBeUndefined();
    expect(after.length > 0 || work.thinking).toBe(true);
    expect(after).toEqual(movesFrom(table, table.version, newWork()));
  });
});
