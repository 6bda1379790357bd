import { indexTimes } from "./due";
import type { SeatRow } from "./storage";
import type { Table } from "./table";

/**
 * The game index row (D1's `games`) as the room's table stands now: the room
 * knows its clock's times, so it makes the row and the data layer only writes it.
 */
export function indexRow(table: Table, seatRows: readonly SeatRow[], inviteHash: string) {
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
    createdAt: table.entries[0]!.at,
    updatedAt: table.entries[table.version - 1]!.at,
    ...indexTimes(table),
  };
}
