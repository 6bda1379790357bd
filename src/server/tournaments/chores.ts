import { tablesOf } from "../../tournament/movement";
import type { RoundState, Tournament } from "../../tournament/state";
import type { TablePairing } from "../../tournament/types";
import { DAY } from "../clock/time";
import { shardFor } from "../db/shards";
import type { Env } from "../env";
import { fanOut } from "../notify/index";
import type { MadeTable, TournamentStorage } from "./storage";
import { makeTable, sealedLinks } from "./tables";

/**
 * A round's chores, each done in slices across the tournament room's
 * invocations so that none passes the Free plan's 10 ms of CPU, whatever
 * the tournament's size: making its tables, closing them at its deadline,
 * reminding the tables still playing before it, and releasing their hands
 * once every table has finished. Each keeps how far it has gone in the
 * room's storage (`<chore>:<round>`); each step is idempotent (a game made
 * twice is the same game, a table settled twice is settled once, a
 * reminder has its delivery key), so a crash in the middle loses nothing
 * and repeats nothing that shows.
 */

/** Tables per invocation for each chore (npm run bench -- tournaments measures one slice's CPU). */
export const SLICE = { make: 8, settle: 16, remind: 16, release: 24 } as const;

export type Chore = keyof typeof SLICE;

export const cursor = (chore: Chore, round: number) => `${chore}:${round}`;

/** When a round's reminder goes out: a day before its deadline, or a fifth of the round before it for a round shorter than five days. */
export function remindAt(round: RoundState, roundTime: number): number {
  return round.planned.deadline - Math.min(DAY, roundTime / 5);
}

/** The tables of a round, in table order, with the index each chore counts by. */
export function tablesIn(round: RoundState): TablePairing[] {
  return tablesOf(round.planned.pairings);
}

/** Makes the next slice of the round's tables: their seats' links kept first, then their games made. Returns their games. */
export async function makeSlice(env: Env, storage: TournamentStorage, t: Tournament, round: RoundState): Promise<string[]> {
  const r = round.planned.round;
  const tables = tablesIn(round);
  const from = storage.number(cursor("make", r));
  const slice = tables.slice(from, from + SLICE.make);
  if (slice.length === 0) return [];
  const known = new Map(storage.made(r).map((m) => [m.table, m]));
  const fresh: MadeTable[] = [];
  for (const [i, pairing] of slice.entries()) {
    if (known.has(pairing.table)) continue;
    fresh.push({ round: r, table: pairing.table, game: round.planned.games[from + i]!, links: await sealedLinks(env, t, pairing) });
  }
  // The links are kept before the games are made: a retry makes the same games with the same links.
  if (fresh.length > 0) storage.atomically(() => storage.writeMade(fresh));
  for (const m of fresh) known.set(m.table, m);
  await Promise.all(slice.map((pairing) => makeTable(env, t, round, pairing, known.get(pairing.table)!)));
  storage.setMeta(cursor("make", r), String(from + slice.length));
  return slice.map((p) => known.get(p.table)!.game);
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

/** Closes the next slice of the tables still playing at the round's deadline: each is settled as the clock says. */
export async function settleSlice(env: Env, storage: TournamentStorage, t: Tournament, round: RoundState): Promise<void> {
  const { made, next } = pendingSlice(storage, round, "settle");
  await Promise.all(made.map((m) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(m.game)).settleRound(m.game, t.settings.level)));
  storage.setMeta(cursor("settle", round.planned.round), String(next));
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
  const games = slice.map((_, i) => round.planned.games[from + i]!);
  await Promise.all(games.map((game) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(game)).releaseTable(game)));
  storage.setMeta(cursor("release", r), String(from + slice.length));
}
