import { playerRow } from "../db/player-queries";
import type { SeatRow } from "../db/room-rows";
import type { Storage } from "./storage";

/**
 * A seat nobody named (an invited seat, a seek's from before names were
 * asked) takes its player's own name when its player opens it: everyone at
 * the table, in every message and on every page, then reads that name, not
 * "Player 2". Asked of D1 only while the seat has no name and is opened by
 * its own player. Returns whether the seat was named.
 */
export async function nameSeat(d1: D1Database, storage: Storage, seats: SeatRow[], seat: number, player: string | null): Promise<boolean> {
  const row = seats[seat]!;
  if (row.name !== null || player === null || row.playerHash !== player) return false;
  const name = (await playerRow(d1, player))?.name ?? null;
  if (!name || seats[seat]!.name !== null) return false;
  const next = { ...seats[seat]!, name };
  storage.atomically(() => storage.writeSeat(next));
  seats[seat] = next;
  return true;
}
