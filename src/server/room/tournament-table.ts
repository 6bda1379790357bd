import { type Team, teamOf } from "../../engine/index";
import type { ComputerLevel } from "../../shared/wire/common";
import type { TableResult } from "../../tournament/types";
import type { Env } from "../env";
import { type Failure, fail } from "../reply";
import type { NewEntry } from "./clock-actions";
import type { Room } from "./room";
import type { Table } from "./table";

/**
 * A game that is a tournament's table (docs/tournaments.md): the tournament
 * made it, closes it at its round's deadline, hears its result, and
 * releases its hands once every table of the round has played them. Until
 * then a duplicate table's hands are its seats' alone: nobody else may watch
 * it (the same deals are being played at other tables), and its seats see no
 * deal but their own cards, however a hand ended.
 */

/** Storage marks: the round is closed (no more moves by people), the result was reported, the hands were released. */
const CLOSED = "tournament_closed";
const REPORTED = "tournament_reported";
const RELEASED = "tournament_released";

/** Whether the table's deals are still secret: a duplicate table not yet released by its tournament. */
export function sealed(room: Room): boolean {
  return room.table.created.tournament?.duplicate === true && room.storage.getMeta(RELEASED) !== "1";
}

export function release(room: Room): boolean {
  if (!room.table.created.tournament || room.storage.getMeta(RELEASED) === "1") return false;
  room.storage.setMeta(RELEASED, "1");
  return true;
}

/** The round's deadline passed: people no longer move at this table (the computer finishes it, or it was settled). */
export function roundClosed(room: Room): boolean {
  return room.storage.getMeta(CLOSED) === "1";
}

/** A person's move or handover at a table whose round is closed. */
export const roundIsClosed = (): Failure => fail(409, "ROUND_CLOSED", "The round's time is over: this table is being settled.");

/**
 * Settles a table still playing at its round's deadline, as the clock says:
 * with `claim` the seat to play loses the match on time (its opponents
 * claim it: the hand in play is scored, the late team loses); with
 * `computer` the computer takes every seat and plays the match out at once.
 * Nothing when the match is over.
 */
function settleEntries(room: Room, level: ComputerLevel): NewEntry[] {
  const table = room.table;
  const hand = table.state.hand;
  if (table.state.over || !hand || hand.end !== null) return [];
  const players = table.state.players;
  if ((table.created.clock?.timeout ?? "claim") === "claim") {
    const late = hand.turn;
    return [{ body: { type: "timedOut", seat: late, action: "claim" } }, { body: { type: "claimed", seat: (late + 1) % players, late } }];
  }
  const out: NewEntry[] = [];
  for (let seat = 0; seat < players; seat++)
    if (table.computers[seat] === null) out.push({ body: { type: "computer", seat, on: true, reason: "handover", level } });
  return out;
}

/** The round's deadline: the table closes to people's moves (once), and the entries that settle a match still in play. */
export function closeRound(room: Room, level: ComputerLevel): NewEntry[] {
  if (!roundClosed(room)) room.storage.setMeta(CLOSED, "1");
  return settleEntries(room, level);
}

/** A withdrawn entry's seats at a table in play: resigned for its opponents (forfeit), or handed to the computer. */
export function withdrawEntries(room: Room, seats: readonly number[], mode: "forfeit" | "computer", level: ComputerLevel): NewEntry[] {
  const table = room.table;
  const hand = table.state.hand;
  if (table.state.over || !hand || hand.end !== null || seats.length === 0) return [];
  if (mode === "forfeit") return [{ body: { type: "move", seat: seats[0]!, move: { type: "resign" }, id: null } }];
  return seats
    .filter((seat) => table.computers[seat] === null)
    .map((seat) => ({ body: { type: "computer", seat, on: true, reason: "handover", level } }) as const);
}

/** The table's result as the tournament counts it: totals and each hand played out per side, and a side that lost outside play. */
export function tableResult(table: Table): TableResult {
  const state = table.state;
  const totals: [number, number] = [state.totals[0] ?? 0, state.totals[1] ?? 0];
  const hands: [number, number][] = [];
  let lost: TableResult["lost"];
  for (const hand of [...state.past, ...(state.hand ? [state.hand] : [])]) {
    const end = hand.end?.reason;
    if (hand.scores && (end === "closed" || end === "stock" || end === "stalemate"))
      hands.push([hand.scores[0]!.total, hand.scores[1]!.total]);
  }
  const ending = state.ending;
  if (ending?.reason === "timeout") lost = { side: side(ending.team), reason: "timeout" };
  else if (ending?.reason === "aborted") {
    const aborted = table.entries.findLast((e) => e.body.type === "aborted")?.body;
    if (aborted?.type === "aborted") lost = { side: side(teamOf(aborted.late, state.players)), reason: "aborted" };
  } else {
    const resigned = table.entries.flatMap((e) => e.events).findLast((e) => e.type === "resigned");
    if (resigned?.type === "resigned") lost = { side: side(resigned.team), reason: "resigned" };
  }
  return { totals, hands, ...(lost ? { lost } : {}) };
}

const side = (team: Team): 0 | 1 => (team === 0 ? 0 : 1);

/**
 * Once D1 has the match's last entry: tells the tournament the table's
 * result (once; the tournament ignores a result it has). Called from the
 * room's drain, so that a failure is tried again with the drain.
 */
export async function reportResult(env: Env, room: Room): Promise<void> {
  const of = room.table.created.tournament;
  if (!of || !room.table.state.over || room.storage.getMeta(REPORTED) === "1") return;
  const stub = env.TOURNAMENT.get(env.TOURNAMENT.idFromName(of.id));
  await stub.tableEnded({ tournament: of.id, round: of.round, table: of.table, game: room.table.id, result: tableResult(room.table) });
  room.storage.setMeta(REPORTED, "1");
}

/**
 * The result of a match that is over and whose tournament was told it (once
 * D1 had it), for the tournament asking again at its round's deadline: a
 * tournament rebuilt from D1 (tournaments/rebuild.ts) may have lost it.
 * Null otherwise (a match still in play, or not yet reported: its drain
 * reports it).
 */
export function reportedResult(room: Room): TableResult | null {
  return room.table.state.over && room.storage.getMeta(REPORTED) === "1" ? tableResult(room.table) : null;
}
