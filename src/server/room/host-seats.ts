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

/** Each seat as the creator sees it (`creator`: the player the creator's request speaks for, if any). */
export async function hostSeats(
  db: D1Database,
  ctx: DurableObjectState,
  room: Room,
  now: number,
  creator: string | null,
): Promise<HostSeat[]> {
  const verdicts = await goneVerdicts(db, ctx, room, room.seats, now, creator);
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
  creator: string | null,
): Promise<{ seat: number; token: string } | Failure> {
  const row = room.seats[seat];
  const verdicts = row?.taken ? await goneVerdicts(db, ctx, room, [row], now, creator) : [];
  const issued = reissueSeat(storage, room.seats, seat, name, () => verdicts[0]!);
  if ("ok" in issued) return issued;
  // The creator's own seat given back is logged as any, but tells nobody: its player is the one who asked.
  const reopened = issued.reopened && verdicts[0]?.gone && verdicts[0].yours ? { ...issued.reopened, player: null } : issued.reopened;
  if (reopened) room.append([{ body: { type: "seatReissued", seat, ...reopened } }], now);
  return { seat: issued.seat, token: issued.token };
}

/**
 * Whether each seat's player is gone now (reissue.ts), from what the room and D1 know of them; a seat the creator's own
 * player opened is theirs to give back (`yours`) while its match goes on, unless it is rated.
 */
function goneVerdicts(
  db: D1Database,
  ctx: DurableObjectState,
  room: Room,
  rows: readonly SeatRow[],
  now: number,
  creator: string | null,
): Promise<Verdict[]> {
  const table = room.table;
  // Seats opened before the room kept when it saw them count as seen at the table's latest entry.
  const latest = table.lastAt;
  return Promise.all(
    rows.map(async (row) => {
      const logged = table.clock?.absences[row.seat] ?? [];
      const seen = row.seenAt ?? latest;
      const declared = row.playerHash && row.taken ? absenceSpans(await playerAbsences(db, row.playerHash, seen)) : [];
      const presence = { now, seen, connected: connected(ctx, row.seat), absences: [...logged, ...declared] };
      const verdict = goneVerdict(table, row.seat, presence);
      // Not in a rated match: there one player never holds two seats (ratings/verdict.ts), and a seat given away at once
      // would let a losing position change hands.
      const rated = table.created.rated === true;
      const yours = !rated && creator !== null && row.taken && row.playerHash === creator && !verdict.gone && verdict.why !== "over";
      return yours ? { gone: true, yours: true } : verdict;
    }),
  );
}
