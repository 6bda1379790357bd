import { tablesOf } from "../../tournament/movement";
import { BYE_VP, FORFEIT_VP } from "../../tournament/score";
import type { RoundState, Tournament } from "../../tournament/state";
import type { Pairing, TablePairing, TableResult } from "../../tournament/types";
import { DAY } from "../clock/time";
import { shardFor } from "../db/shards";
import type { Env } from "../env";
import { fanOut } from "../notify/index";
import { type Chore, cursor, SLICE } from "./slices";
import type { MadeTable, TournamentStorage } from "./storage";
import { makeTable, tableToMake } from "./tables";

/**
 * A round's chores, each done in slices across the tournament room's
 * invocations so that none passes the Free plan's 10 ms of CPU, whatever
 * the tournament's size: making its tables, telling the entries that sit
 * it out, closing them at its deadline, reminding the tables still playing
 * before it, and releasing their hands once every table has finished. Each keeps how far it has gone in the
 * room's storage (`<chore>:<round>`); each step is idempotent (a game made
 * twice is the same game, a table settled twice is settled once, a
 * reminder has its delivery key), so a crash in the middle loses nothing
 * and repeats nothing that shows.
 */

export { type Chore, cursor, SLICE } from "./slices";

/** When a round's reminder goes out: a day before its deadline, or a fifth of the round before it for a round shorter than five days. */
export function remindAt(round: RoundState, roundTime: number): number {
  return round.planned.deadline - Math.min(DAY, roundTime / 5);
}

/** The tables of a round, in table order, with the index each chore counts by. */
export function tablesIn(round: RoundState): TablePairing[] {
  return tablesOf(round.planned.pairings);
}

/**
 * Makes the next slice of the round's tables: each table's game id and its
 * seats' links chosen and kept first, then the games made. Returns the
 * tables made, for the room to log (a `tablesMade` entry) with the cursor.
 */
export async function makeSlice(env: Env, storage: TournamentStorage, t: Tournament, round: RoundState): Promise<MadeTable[]> {
  const r = round.planned.round;
  const tables = tablesIn(round);
  const from = storage.number(cursor("make", r));
  const slice = tables.slice(from, from + SLICE.make);
  if (slice.length === 0) return [];
  // A slice tried before (a crash after its links were kept) makes the same games with the same links.
  const known = new Map(storage.made(r).map((m) => [m.table, { made: m, tokens: undefined as (string | null)[] | undefined }]));
  const fresh: MadeTable[] = [];
  for (const pairing of slice) {
    if (known.has(pairing.table)) continue;
    const chosen = await tableToMake(env, t, r, pairing);
    known.set(pairing.table, chosen);
    fresh.push(chosen.made);
  }
  if (fresh.length > 0) storage.atomically(() => storage.writeMade(fresh));
  await Promise.all(
    slice.map((pairing) => {
      const { made, tokens } = known.get(pairing.table)!;
      return makeTable(env, t, round, pairing, made, tokens);
    }),
  );
  return slice.map((p) => known.get(p.table)!.made);
}

/** The tables of `round` still without a result from the chore's cursor on, a slice of them. */
function pendingSlice(storage: TournamentStorage, round: RoundState, chore: Chore): { made: MadeTable[]; next: number } {
  const r = round.planned.round;
  const tables = tablesIn(round);
  const from = storage.number(cursor(chore, r));
  const slice = tables.slice(from, from + SLICE[chore]);
  const made = new Map(storage.made(r).map((m) => [m.table, m]));
  return {
    made: slice.filter((p) => !round.results.has(p.table) && made.has(p.table)).map((p) => made.get(p.table)!),
    next: from + slice.length,
  };
}

/** Whether a chore has been through every table of the round. */
export function choreDone(storage: TournamentStorage, round: RoundState, chore: Chore): boolean {
  return storage.number(cursor(chore, round.planned.round)) >= tablesIn(round).length;
}

/**
 * Closes the next slice of the tables still playing at the round's deadline: each is settled as the clock says.
 * Returns the results of those already over whose result the tournament lacks (lost with its storage: rebuild.ts),
 * for the room to log; the cursor moves on with them (next-chore.ts).
 */
export async function settleSlice(
  env: Env,
  storage: TournamentStorage,
  t: Tournament,
  round: RoundState,
): Promise<{ results: { table: number; result: TableResult }[]; next: number }> {
  const { made, next } = pendingSlice(storage, round, "settle");
  const answers = await Promise.all(
    made.map((m) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(m.game)).settleRound(m.game, t.settings.level)),
  );
  // RPC's types widen a tuple to a list: the result is the game room's tableResult, as it reports it.
  const results = made.flatMap((m, i) => (answers[i] ? [{ table: m.table, result: answers[i] as unknown as TableResult }] : []));
  return { results, next };
}

/** Reminds the players of the next slice of the tables still playing that the round's deadline is near. */
export async function remindSlice(
  env: Env,
  storage: TournamentStorage,
  t: Tournament,
  round: RoundState,
  now: number,
  offset: number,
): Promise<void> {
  const { made, next } = pendingSlice(storage, round, "remind");
  const pairings = new Map(tablesIn(round).map((p) => [p.table, p]));
  for (const m of made) {
    const seats = t.seatsOf(pairings.get(m.table)!);
    await fanOut(
      env,
      {
        type: "roundReminder",
        gameId: m.game,
        // One reminder per table and round: the delivery key is the game's, with no entry of its log.
        seq: 0,
        at: now,
        names: seats.map((s) => s.name),
        players: seats.map((s) => s.player),
        links: m.links,
        ...(offset ? { clockOffset: offset } : {}),
        tournament: { id: t.id, name: t.settings.name, round: round.planned.round, table: m.table, deadline: round.planned.deadline },
      },
      { shard: shardFor(env, m.game) },
    );
  }
  storage.setMeta(cursor("remind", round.planned.round), String(next));
}

/** Releases the next slice of a finished round's tables: anyone may now watch them and read their deals. */
export async function releaseSlice(env: Env, storage: TournamentStorage, round: RoundState): Promise<void> {
  const r = round.planned.round;
  const tables = tablesIn(round);
  const from = storage.number(cursor("release", r));
  const slice = tables.slice(from, from + SLICE.release);
  const games = slice.flatMap((p) => round.games.get(p.table) ?? []);
  await Promise.all(games.map((game) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(game)).releaseTable(game)));
  storage.setMeta(cursor("release", r), String(from + slice.length));
}

/** The entries of a round with no table: a bye, or a round won by forfeit. */
export function sittersOut(round: RoundState): Exclude<Pairing, TablePairing>[] {
  return round.planned.pairings.filter((p): p is Exclude<Pairing, TablePairing> => p.kind !== "table");
}

/** Whether every entry sitting the round out has been told. */
export function toldDone(storage: TournamentStorage, round: RoundState): boolean {
  return storage.number(cursor("tell", round.planned.round)) >= sittersOut(round).length;
}

/**
 * Tells the players of the next slice of the entries sitting the round out
 * (docs/notifications.md, `roundBye`): the round, that they sit it out and
 * what it scores, when the next round starts. Once per entry and round: the
 * delivery's key is the tournament's id, the round and the subscription.
 */
export async function tellSlice(
  env: Env,
  storage: TournamentStorage,
  t: Tournament,
  round: RoundState,
  now: number,
  offset: number,
): Promise<void> {
  const r = round.planned.round;
  const from = storage.number(cursor("tell", r));
  const slice = sittersOut(round).slice(from, from + SLICE.tell);
  for (const p of slice) {
    const members = t.entries[p.entry]!.members;
    if (!members.some((m) => m.player !== null)) continue;
    const forfeit = p.kind === "forfeit" ? t.entries[p.against]!.members.map((m) => m.name) : null;
    await fanOut(env, {
      type: "roundBye",
      gameId: t.id,
      seq: r,
      at: now,
      names: members.map((m) => m.name),
      players: members.map((m) => m.player),
      ...(offset ? { clockOffset: offset } : {}),
      bye: {
        id: t.id,
        name: t.settings.name,
        round: r,
        rounds: t.settings.rounds,
        deadline: round.planned.deadline,
        vp: p.kind === "bye" ? BYE_VP : FORFEIT_VP,
        ...(forfeit ? { forfeit } : {}),
      },
    });
  }
  storage.setMeta(cursor("tell", r), String(from + slice.length));
}
