import { sumPoints } from "./cards.js";
import { burracoBonus, burracoOf } from "./meld.js";
import type { Rules } from "./rules.js";
import { teamHasTakenPozzetto } from "./rulings.js";
import { type PlayerCount, seatsOf, type Team, teamCount } from "./seats.js";
import type { HandState, TeamScore } from "./state.js";

/** Scores an ended hand per docs/rules.md §9, one entry per team. */
export function scoreHand(hand: HandState, rules: Rules, players: PlayerCount): TeamScore[] {
  const teams = teamCount(players);
  const anyTaken = Array.from({ length: teams }, (_, t) => teamHasTakenPozzetto(hand, t)).some(Boolean);
  const scores: TeamScore[] = [];
  for (let team = 0; team < teams; team++) {
    const melds = hand.melds.filter((m) => m.team === team);
    const meldPoints = melds.reduce((sum, m) => sum + sumPoints(m.cards, rules.values), 0);
    let held = 0;
    for (const seat of seatsOf(team, players)) held += sumPoints(hand.hands[seat]!, rules.values);
    if (rules.doubleIfNoMelds && melds.length === 0) held *= 2;
    const handPoints = 0 - held;
    const burraco = melds.reduce((sum, m) => sum + burracoBonus(burracoOf(m, rules), rules), 0);
    const closing = hand.end?.reason === "closed" && closingTeam(hand, players) === team ? 100 : 0;
    const pozzetto = 0 - pozzettoPenalty(hand, team, rules, anyTaken);
    const base = burraco + closing + pozzetto;
    const points = meldPoints + handPoints;
    scores.push({ team, meldPoints, handPoints, burraco, closing, pozzetto, base, points, total: base + points });
  }
  return scores;
}

function closingTeam(hand: HandState, players: PlayerCount): Team | null {
  const seat = hand.end?.closedBy;
  return seat === null || seat === undefined ? null : players === 4 ? seat % 2 : seat;
}

function pozzettoPenalty(hand: HandState, team: Team, rules: Rules, anyTaken: boolean): number {
  const status = hand.pozzetti[team];
  if (!teamHasTakenPozzetto(hand, team)) {
    return anyTaken || rules.pozzettoPenaltyIfNoneTaken ? rules.penalty.noPozzetto : 0;
  }
  // Taken on the discard and the hand ended before its taker's next turn.
  if (status && status !== "stock" && !status.direct && hand.unseen[status.seat]) return rules.penalty.unusedPozzetto;
  return 0;
}

/**
 * FIBur's 4-hand table turning a match's point difference into victory
 * points (20 in all): 0–100 is 10–10, then one more per 200 (105–300 is
 * 11–9 … 1505–1700 is 18–2), 1705–2000 is 19–1 and over 2000 is 20–0.
 */
export function victoryPoints(totals: readonly number[]): number[] | null {
  if (totals.length !== 2) return null;
  const diff = Math.abs(totals[0]! - totals[1]!);
  const step = diff <= 100 ? 0 : diff > 2000 ? 10 : Math.min(9, Math.ceil((diff - 100) / 200));
  const high = 10 + step,
    low = 10 - step;
  return totals[0]! >= totals[1]! ? [high, low] : [low, high];
}
