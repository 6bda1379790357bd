import { teamOf } from "../../engine/index";
import { seatRefusal } from "../ratings/verdict";
import type { Failure } from "../reply";
import type { Room } from "./room";
import type { SeatOrigin } from "./seats";

/**
 * A seat of a rated match about to get its player (opened with their
 * device, or claimed with the invitation): refused when the player may not
 * play it rated (ratings/verdict.ts: not established, or the same person as
 * an opponent already seated). Said before the first card, not discovered
 * at the match's end. Nothing to check in an unrated match.
 */
export async function ratedSeatRefusal(
  d1: D1Database,
  room: Room,
  seat: number | null,
  player: string,
  origin: SeatOrigin,
  now: number,
): Promise<Failure | null> {
  const { created, state } = room.table;
  if (created.rated !== true || state.over) return null;
  const n = created.players;
  const others = room.seats.filter((s) => s.seat !== seat && s.playerHash !== null);
  const sitter = (s: (typeof others)[number]) => ({ player: s.playerHash!, network: s.network ?? null, device: s.device ?? null });
  // A claim that names no seat takes one of the first free: partners are told apart once it is known.
  const opponent = (s: (typeof others)[number]) => seat === null || teamOf(s.seat, n) !== teamOf(seat, n);
  return seatRefusal(d1, { player, ...origin }, others.filter(opponent).map(sitter), others.filter((s) => !opponent(s)).map(sitter), now);
}
