import type { PlayerCount, Seat, Team } from "./types.js";

export type { PlayerCount, Seat, Team } from "./types.js";

export function isPlayerCount(n: unknown): n is PlayerCount {
  return n === 2 || n === 3 || n === 4;
}

export function teamCount(players: PlayerCount): number {
  return players === 4 ? 2 : players;
}

export function teamOf(seat: Seat, players: PlayerCount): Team {
  return players === 4 ? seat % 2 : seat;
}

export function seatsOf(team: Team, players: PlayerCount): Seat[] {
  return players === 4 ? [team, team + 2] : [team];
}

export function nextSeat(seat: Seat, players: PlayerCount): Seat {
  return (seat + 1) % players;
}
