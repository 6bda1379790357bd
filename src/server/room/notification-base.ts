import type { SeatRow } from "../db/room-rows";
import type { Table } from "./table";

/** What every notification of log entry `seq` says of its game: its seats' names, players and links. */
export function notificationBase(table: Table, seats: readonly SeatRow[], seq: number, clockOffset: number) {
  return {
    gameId: table.id,
    seq,
    at: table.entry(seq)!.at,
    names: seats.map((s) => s.name),
    players: seats.map((s) => s.playerHash),
    links: seats.map((s) => s.link ?? null),
    ...(clockOffset ? { clockOffset } : {}),
  };
}
