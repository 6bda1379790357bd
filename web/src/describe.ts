import type { MeldView } from "../../src/engine/meld";
import { teamCount as engineTeamCount, teamOf as engineTeamOf, type PlayerCount, seatsOf } from "../../src/engine/seats";
import type { HandEnd, TeamScore } from "../../src/engine/state";
import type { SeatInfo, WireEvent } from "../../src/shared/api";
import { shortList } from "./cards";

/** Names, teams and events in plain words. */

export function seatName(seats: readonly SeatInfo[], seat: number): string {
  return seats[seat]?.name ?? `Player ${seat + 1}`;
}

// The engine's seating (src/engine/seats.ts); views give the player count as a plain number.
export const teamCount = (players: number): number => engineTeamCount(players as PlayerCount);
export const teamOf = (seat: number, players: number): number => engineTeamOf(seat, players as PlayerCount);
export const seatsOfTeam = (team: number, players: number): number[] => seatsOf(team, players as PlayerCount);

export function teamName(seats: readonly SeatInfo[], team: number, players: number): string {
  return seatsOfTeam(team, players)
    .map((s) => seatName(seats, s))
    .join(" & ");
}

export function endText(end: HandEnd, seats: readonly SeatInfo[]): string {
  switch (end.reason) {
    case "closed":
      return end.closedBy === null ? "closed" : `${seatName(seats, end.closedBy)} closed`;
    case "stock":
      return "the stock ran out";
    case "stalemate":
      return "a stalemate (only one-card pickups, round after round)";
    case "resigned":
      return "a resignation";
    case "timeout":
      return "a player ran out of time";
    case "aborted":
      return "the game was aborted, with no result";
  }
}

export const BURRACO_NAMES: Record<NonNullable<MeldView["burraco"]>, string> = {
  clean: "Clean burraco",
  dirty: "Dirty burraco",
  "semi-clean": "Semi-clean burraco",
  royal: "Royal burraco",
  "ace-to-ace": "Ace-to-ace burraco",
};

export const SCORE_PARTS: readonly [keyof TeamScore, string][] = [
  ["meldPoints", "Cards melded"],
  ["handPoints", "Cards in hand"],
  ["burraco", "Burraco bonuses"],
  ["closing", "Closing"],
  ["pozzetto", "Pozzetto"],
  ["base", "Base"],
  ["points", "Points"],
  ["total", "Hand total"],
];

/** One event as a line of the table's log; null for those not worth a line. */
export function describeEvent(event: WireEvent, seats: readonly SeatInfo[], viewer: number | null, players: number): string | null {
  const who = (seat: number) => (seat === viewer ? "You" : seatName(seats, seat));
  const e = event;
  switch (e.type) {
    case "handStarted":
      return `Hand ${e.hand + 1} dealt by ${seatName(seats, e.dealer)}.`;
    case "drew":
      return `${who(e.seat)} drew from the stock${e.card !== undefined ? ` (${shortList([e.card])})` : ""}.`;
    case "pickedUp":
      return `${who(e.seat)} picked up the discard pile (${e.count} card${e.count === 1 ? "" : "s"}).`;
    case "melded":
      return `${who(e.seat)} laid ${shortList(e.cards)}.`;
    case "attached":
      return `${who(e.seat)} added ${shortList(e.cards)} to a meld.`;
    case "pozzettoTaken":
      return `${who(e.seat)} took the pozzetto ${e.direct ? "at once (al volo)" : "on the discard, face down"}.`;
    case "pozzettoSeen":
      return `${who(e.seat)} turned the pozzetto over.`;
    case "discarded":
      return e.card === null ? `${who(e.seat)} discarded a card, since covered.` : `${who(e.seat)} discarded ${shortList([e.card])}.`;
    case "pozzettiToStock":
      return "The untaken pozzetti went under the stock.";
    case "handEnded":
      return `Hand ${e.hand + 1} ended: ${endText(e.end, seats)}.`;
    case "matchEnded":
      return e.winner === null ? "The match is over." : `The match is over: ${teamName(seats, e.winner, players)} won.`;
    case "resigned":
      return `${who(e.seat)} resigned.`;
    default:
      return null;
  }
}
