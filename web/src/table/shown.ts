import type { GameSnapshot, WireEvent } from "../../../src/shared/api";
import { seatName } from "../describe";
import { t } from "../i18n/index";
import type { SeatView } from "./hand";
import type { Highlights } from "./highlights";
import type { Frame } from "./replay-steps";

/** The table as a playback's frame shows it, and the moves worth saying out loud. */

/** The player's seat as a frame of a playback shows it: the table then, and not yet their turn. */
export function seatShown(seat: SeatView | null, frame: Frame | null): SeatView | null {
  if (!seat || !frame) return seat;
  const hand = frame.snap.view.hand;
  return hand ? { ...seat, snap: frame.snap, hand, myTurn: false } : seat;
}

/** What a frame highlights: the meld just made or added to, the card just discarded. */
export function frameFresh(frame: Frame, fresh: Highlights): Highlights {
  const e = frame.event;
  return {
    cards: fresh.cards,
    melds: new Set(e?.type === "melded" || e?.type === "attached" ? [e.meld.id] : []),
    discard: e?.type === "discarded",
  };
}

/** "Bruno made a clean burraco!" when a meld becomes a burraco (or is laid as one). */
export function burracoMade(e: WireEvent, previous: GameSnapshot | null): string | null {
  if ((e.type !== "melded" && e.type !== "attached") || !e.meld.burraco) return null;
  const before = previous?.view.hand?.melds.find((m) => m.id === e.meld.id);
  if (before?.burraco) return null;
  const seats = previous?.seats ?? [];
  return t.board.burracoMade(seats.length ? seatName(seats, e.seat) : "", t.burraco[e.meld.burraco]);
}
