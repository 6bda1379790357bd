import { teamCount as engineTeamCount, teamOf as engineTeamOf, type PlayerCount, seatsOf } from "../../src/engine/seats";
import type { SeatInfo, WireEvent } from "../../src/shared/api";
import type { HandEnd, TeamScore } from "../../src/shared/wire/common";
import { cardShort, shortList } from "./cards";
import { day } from "./clock/time";
import { t } from "./i18n/index";

/** Names, teams and events in the player's words. */

/** A seat's name: the player's own, "Computer · club" for an unnamed computer seat, else "Player 2". */
export function seatName(
  seats: readonly SeatInfo[] | readonly { name: string | null; computer?: SeatInfo["computer"] }[],
  seat: number,
): string {
  const info = seats[seat];
  if (info?.name) return info.name;
  if (info?.computer) return t.board.computerName(t.board.computerLevel[info.computer]);
  return t.common.player(seat + 1);
}

// The engine's seating (src/engine/seats.ts); views give the player count as a plain number.
export const teamCount = (players: number): number => engineTeamCount(players as PlayerCount);
export const teamOf = (seat: number, players: number): number => engineTeamOf(seat, players as PlayerCount);
export const seatsOfTeam = (team: number, players: number): number[] => seatsOf(team, players as PlayerCount);
export const teamLetter = (team: number) => String.fromCharCode(65 + team);

export function teamName(seats: readonly { name: string | null }[], team: number, players: number): string {
  return seatsOfTeam(team, players)
    .map((s) => seatName(seats, s))
    .join(t.common.and);
}

export function endText(end: HandEnd, seats: readonly { name: string | null }[]): string {
  switch (end.reason) {
    case "closed":
      return t.end.closed(end.closedBy === null ? null : seatName(seats, end.closedBy));
    case "stock":
      return t.end.stock;
    case "stalemate":
      return t.end.stalemate;
    case "resigned":
      return t.end.resigned;
    case "timeout":
      return t.end.timeout;
    case "aborted":
      return t.end.aborted;
  }
}

export const SCORE_PARTS: readonly (keyof TeamScore)[] = [
  "meldPoints",
  "handPoints",
  "burraco",
  "closing",
  "pozzetto",
  "base",
  "points",
  "total",
];

export function scorePartName(part: keyof TeamScore): string {
  return part === "total" ? t.scores.handTotal : part === "team" ? "" : t.scores[part];
}

/** One event as a line of the table's log; null for those not worth a line. */
export function describeEvent(
  event: WireEvent,
  seats: readonly { name: string | null }[],
  viewer: number | null,
  players: number,
): string | null {
  const who = (seat: number) => (seat === viewer ? t.events.you : seatName(seats, seat));
  const e = event;
  switch (e.type) {
    case "handStarted":
      return t.events.handStarted(e.hand + 1, seatName(seats, e.dealer));
    case "drew":
      return t.events.drew(who(e.seat), e.card !== undefined ? cardShort(e.card) : null);
    case "pickedUp":
      return t.events.pickedUp(who(e.seat), e.count);
    case "melded":
      return t.events.melded(who(e.seat), shortList(e.cards));
    case "attached":
      return t.events.attached(who(e.seat), shortList(e.cards));
    case "pozzettoTaken":
      return t.events.pozzettoTaken(who(e.seat), e.direct);
    case "pozzettoSeen":
      return t.events.pozzettoSeen(who(e.seat));
    case "discarded":
      return t.events.discarded(who(e.seat), e.card === null ? null : cardShort(e.card));
    case "pozzettiToStock":
      return t.events.pozzettiToStock;
    case "handEnded":
      return t.events.handEnded(e.hand + 1, endText(e.end, seats));
    case "matchEnded":
      return t.events.matchEnded(e.winner === null ? null : teamName(seats, e.winner, players));
    case "resigned":
      return t.events.resigned(who(e.seat));
    // The clock's and the computer's entries.
    case "reminder":
      return e.live ? null : t.clock.reminder(seatName(seats, e.seat), t.clock.reminderWhich[e.which] ?? e.which);
    case "timedOut":
      if (e.action === "adjourn") return t.clock.timedOutAdjourned(who(e.seat));
      return e.once ? t.clock.timedOutOnce(who(e.seat)) : t.clock.timedOut(who(e.seat));
    case "claimed":
      return t.clock.claimedBy(who(e.seat), seatName(seats, e.late));
    case "aborted":
      return t.clock.aborted(seatName(seats, e.late));
    case "absence":
      return t.clock.absence(who(e.seat), day(e.from), day(e.until));
    case "absenceCancelled":
      return t.clock.absenceCancelled(who(e.seat));
    case "computer":
      return e.on ? t.clock.computerOn(seatName(seats, e.seat)) : t.clock.computerOff(seatName(seats, e.seat));
    case "seatReissued":
      return t.events.seatReissued(seatName(seats, e.seat));
    case "chatAudience":
      return t.chat.audienceLine(who(e.seat), e.open, e.audience === "everyone");
    default:
      return null;
  }
}
