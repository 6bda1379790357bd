import type { IndexRow, SeatRow } from "../db/room-rows";
import { indexTimes } from "./due";
import type { Table } from "./table";

/**
 * The game index row (D1's `games`) as the room's table stands now: the room
 * knows its clock's times, so it makes the row and the data layer only writes it.
 */
export function indexRow(table: Table, seatRows: readonly SeatRow[], inviteHash: string): IndexRow {
  const hand = table.state.hand;
  return {
    id: table.id,
    players: table.created.players,
    rules: JSON.stringify(table.created.rules),
    names: JSON.stringify(seatRows.map((s) => s.name)),
    status: table.state.over ? ("over" as const) : ("playing" as const),
    turn: hand && hand.end === null && !table.state.over ? hand.turn : null,
    version: table.version,
    prepared: table.created.deals.length > 0,
    inviteHash,
    createdAt: table.createdAt,
    updatedAt: table.lastAt,
    ...indexTimes(table),
  };
}

/**
 * What the index row shows, as one string to compare drains by: the main
 * database takes the row only when this changes (a turn passed, a name, the
 * clock's times, the game's end), not on every drain. A move inside a turn
 * (a draw, a meld) changes only `version` and `updatedAt`, which "my games"
 * and the digest then give as of the last change they show: when the turn
 * passed. A finished game's row is kept exact (the archive checks its
 * version against the log: db/archive.ts), so there every field counts.
 */
export function shownOf(row: IndexRow, clockOffset: number, logShard: string | null): string {
  const { version: _version, updatedAt: _updatedAt, ...shown } = row;
  return JSON.stringify([row.status === "over" ? row : shown, clockOffset, logShard]);
}
