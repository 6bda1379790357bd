import type { HostSeat } from "../../shared/wire/api";
import type { SeatRow } from "../db/room-rows";
import type { Failure } from "../reply";
import { playerAbsences } from "./player-absences";
import { absenceSpans, goneVerdict, hostSeat, type Verdict } from "./reissue";
import type { Room } from "./room";
import { reissueSeat } from "./seats";
import { connected } from "./sockets";
import type { Storage } from "./storage";

/**
 * The seats as the game's creator manages them with the host secret: each
 * seat, opened or not, and whether it may get a fresh link now; and a fresh
 * link for one nobody has opened, or one whose player is gone (reissue.ts),
 * from what the room and D1 know of its player.
 */

/** Each seat as the creator sees it. */
export async function hostSeats(db: D1Database, ctx: DurableObjectState, room: Room, now: number): Promise<HostSeat[]> {
  const verdicts = await goneVerdicts(db, ctx, room, room.seats, now);
  return room.seats.map((row, i) => hostSeat(room.table, row, verdicts[i]!));
}

/**
 * A fresh link for `seat`, its old one stopping (seats.ts, `reissueSeat`). An opened seat freed for it is logged,
 * for everyone at the table, and its player is told; the caller then writes as after any seat's change.
 */
export async function freshSeatLink(
  storage: Storage,
  db: D1Database,
  ctx: DurableObjectState,
  room: Room,
  seat: number,
  name: string | null | undefined,
  now: number,
): Promise<{ seat: number; token: string } | Failure> {
  const row = room.seats[seat];
  const verdicts = row?.taken ? await goneVerdicts(db, ctx, room, [row], now) : [];
  const issued = reissueSeat(storage, room.seats, seat, name, () => verdicts[0]!);
  if ("ok" in issued) return issued;
  if (issued.reopened) room.append([{ body: { type: "seatReissued", seat, ...issued.reopened } }], now);
  return { seat: issued.seat, token: issued.token };
}

/** Whether each seat's player is gone now (reissue.ts), from what the room and D1 know of them. */
function goneVerdicts(db: D1Database, ctx: DurableObjectState, room: Room, rows: readonly SeatRow[], now: number): Promise<Verdict[]> {
  const table = room.table;
  // Seats opened before the room kept when it saw them count as seen at the table's latest entry.
  const latest = table.lastAt;
  return Promise.all(
    rows.map(async (row) => {
      const logged = table.clock?.absences[row.seat] ?? [];
      const seen = row.seenAt ?? latest;
      const declared = row.playerHash && row.taken ? absenceSpans(await playerAbsences(db, row.playerHash, seen)) : [];
      const presence = { now, seen, connected: connected(ctx, row.seat), absences: [...logged, ...declared] };
      return goneVerdict(table, row.seat, presence);
    }),
  );
}
