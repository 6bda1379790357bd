import type { Tournament, TournamentLog } from "../../tournament/state";
import type { Env } from "../env";
import { choreDone, cursor, makeSlice, releaseSlice, remindAt, remindSlice, settleSlice, tellSlice, toldDone } from "./chores";
import type { TournamentStorage } from "./storage";
import { plannedRound } from "./tables";

/**
 * Which of the rounds' chores (chores.ts) comes next, and its next slice:
 * releasing a finished round's hands, telling the players of a new round,
 * making its tables, closing it at its deadline and settling the tables
 * still playing, the reminder, then the next round or the end. One slice
 * an invocation (the room's `work`, writer.ts).
 */

/** What the tournament's room lends its chores: its bindings, storage and clock, and its way to append. */
export interface ChoreParts {
  readonly env: Env;
  readonly storage: TournamentStorage;
  clockOffset(): number;
  append(bodies: readonly TournamentLog[], alsoInTransaction?: () => void): Promise<void>;
  /** A table was just made (a local test's room sets its clock to the tournament's). */
  tableMade(game: string): Promise<void>;
}

/** The next slice of whatever is due; true when something was done (more may follow at once). */
export async function nextChore(parts: ChoreParts, t: Tournament, now: number): Promise<boolean> {
  const { env, storage } = parts;
  for (const round of t.rounds) {
    if (!t.finished(round) || choreDone(storage, round, "release")) continue;
    // A finished round releases its hands only once all its tables exist.
    if (!choreDone(storage, round, "make")) break;
    await releaseSlice(env, storage, round);
    return true;
  }
  const cur = t.current();
  if (cur && t.status === "running" && !toldDone(storage, cur)) {
    await tellSlice(env, storage, t, cur, now, parts.clockOffset());
    return true;
  }
  if (cur && !choreDone(storage, cur, "make")) {
    const made = await makeSlice(env, storage, t, cur);
    const round = cur.planned.round;
    const from = storage.number(cursor("make", round));
    await parts.append([{ type: "tablesMade", round, tables: made.map((m) => ({ table: m.table, game: m.game })) }], () =>
      storage.setMeta(cursor("make", round), String(from + made.length)),
    );
    for (const m of made) await parts.tableMade(m.game);
    return true;
  }
  if (cur && !t.finished(cur)) {
    if (!cur.closed && now >= cur.planned.deadline) {
      await parts.append([{ type: "roundClosed", round: cur.planned.round }]);
      return true;
    }
    if (cur.closed && !choreDone(storage, cur, "settle")) {
      const round = cur.planned.round;
      const { results, next } = await settleSlice(env, storage, t, cur);
      const fresh = results.filter((r) => !cur.results.has(r.table));
      const moveOn = () => storage.setMeta(cursor("settle", round), String(next));
      if (fresh.length === 0) moveOn();
      else
        await parts.append(
          fresh.map((r) => ({ type: "tableEnded", round, table: r.table, result: r.result })),
          moveOn,
        );
      return true;
    }
    if (!cur.closed && now >= remindAt(cur, t.settings.roundTime) && !choreDone(storage, cur, "remind")) {
      await remindSlice(env, storage, t, cur, now, parts.clockOffset());
      return true;
    }
    return false;
  }
  // Every table of the round has finished (or none is planned yet): the next round, or the end.
  if (t.status !== "running") return false;
  if (t.rounds.length >= t.settings.rounds) {
    await parts.append([{ type: "ended", reason: "complete" }]);
    return true;
  }
  // A Danish round is paired from the standings: they are ranked in an invocation of their own first (kept in memory
  // for the next, at once; a room woken cold in between ranks them again, and pairs the same).
  if (t.pairsFromStandings() && !t.standingsReady()) {
    t.standings();
    return true;
  }
  // The next round (tables.ts): its pairings by the movement, a game id per table, its deadline and its deals.
  await parts.append([plannedRound(t, now)]);
  return true;
}
