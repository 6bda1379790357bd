import { type Card, isWildCard, makeCard } from "./cards.js";
import type { MoveError } from "./errors.js";
import { burracoOf, isCleanBurraco, type Meld, type SetShape } from "./meld.js";
import type { Rules } from "./rules.js";
import { type PlayerCount, type Seat, type Team, teamOf } from "./seats.js";
import type { HandState } from "./state.js";

/** Questions about a hand in play that several moves (and the UI) ask. */

export function teamHasTakenPozzetto(hand: HandState, team: Team): boolean {
  const status = hand.pozzetti[team];
  return status !== null && status !== "stock" && status !== undefined;
}

/** The team has not taken a pozzetto, may still take one, and one is left. */
export function pozzettoWaiting(hand: HandState, team: Team): boolean {
  return hand.pozzetti[team] === null && hand.nextPozzetto < hand.deal.pozzetti.length;
}

/** The burraco docs/rules.md §7 asks for before closing (a clean one with `closeRequires: "clean"`). */
export function hasRequiredBurraco(hand: HandState, team: Team, rules: Rules): boolean {
  for (const meld of hand.melds) {
    if (meld.team !== team) continue;
    const kind = burracoOf(meld, rules);
    if (kind !== null && (rules.closeRequires === "any" || isCleanBurraco(kind))) return true;
  }
  return false;
}

/**
 * The set of `rank` the team already has on the table, which under
 * `sameRankSets: false` is the only one it may hold (docs/rules.md §4.1).
 */
export function teamSetOf(hand: HandState, team: Team, rank: number): (Meld & SetShape) | undefined {
  return hand.melds.find((meld): meld is Meld & SetShape => meld.team === team && meld.kind === "set" && meld.rank === rank);
}

function burracoNeeded(rules: Rules): string {
  return rules.closeRequires === "clean" ? "a clean burraco" : "a burraco";
}

/**
 * Why `seat` may not discard `card` now (null when they may), assuming they
 * hold it. Discarding a last card either takes the pozzetto on the discard
 * or closes the hand, and closing has conditions (docs/rules.md §5–7).
 */
export function discardBlock(hand: HandState, seat: Seat, card: Card, rules: Rules, players: PlayerCount): MoveError | null {
  if (hand.picked === card) {
    return {
      code: "CANNOT_DISCARD_PICKED_CARD",
      message: `${makeCard(card)} was the single card you picked up: you may not discard it this turn`,
    };
  }
  if (hand.hands[seat]!.length !== 1) return null;
  const team = teamOf(seat, players);
  if (pozzettoWaiting(hand, team)) return null;
  if (!teamHasTakenPozzetto(hand, team)) {
    return { code: "NO_DISCARD_LEFT", message: "your team cannot take a pozzetto any more, so you cannot close: keep two cards" };
  }
  if (!hasRequiredBurraco(hand, team, rules)) {
    return { code: "CANNOT_CLOSE_WITHOUT_BURRACO", message: `you cannot close before your team has ${burracoNeeded(rules)}` };
  }
  if (isWildCard(card)) return { code: "NO_DISCARD_LEFT", message: "you may not close by discarding a wild card" };
  return null;
}

/**
 * After a meld or an addition, the hand must keep a card the player may
 * discard, or their turn could not end (docs/rules.md §5). With one card
 * left, that card; with more, only the single card picked up can be barred,
 * so the hand is stuck only when every card left is that card (a pile's lone
 * joker picked up, the pozzetto taken al volo with another, and everything
 * else laid).
 */
export function lastCardBlock(hand: HandState, seat: Seat, rules: Rules, players: PlayerCount): MoveError | null {
  const cards = hand.hands[seat]!;
  if (cards.length > 1) {
    if (hand.picked === null || cards.some((c) => c !== hand.picked)) return null;
    return {
      code: "NO_DISCARD_LEFT",
      message: `every card left would be ${makeCard(hand.picked)}, the single card you picked up, which you may not discard this turn`,
    };
  }
  const last = cards[0]!;
  const block = discardBlock(hand, seat, last, rules, players);
  if (!block) return null;
  let why: string;
  if (block.code === "CANNOT_DISCARD_PICKED_CARD")
    why = `your last card would be ${makeCard(last)}, which you just picked up and may not discard`;
  else if (isWildCard(last) && teamHasTakenPozzetto(hand, teamOf(seat, players)))
    why = `your last card would be a lone wild (${makeCard(last)}), which may not be discarded to close`;
  else why = `your last card would be a lone ${makeCard(last)} while your team cannot close (${block.message})`;
  return { code: "NO_DISCARD_LEFT", message: why };
}

/**
 * When a meld or addition empties the hand: take the pozzetto al volo, close
 * by melding, or refuse. Returns what happens, or the refusal.
 */
export function emptyHandRuling(hand: HandState, seat: Seat, rules: Rules, players: PlayerCount): "pozzetto" | "close" | MoveError {
  const team = teamOf(seat, players);
  if (pozzettoWaiting(hand, team)) {
    if (rules.pozzettoDirect) return "pozzetto";
    return { code: "WOULD_EMPTY_HAND", message: "these rules take the pozzetto only on the discard: keep a card to discard" };
  }
  if (!teamHasTakenPozzetto(hand, team)) {
    return { code: "WOULD_EMPTY_HAND", message: "no pozzetto is waiting for your team: keep a card to discard" };
  }
  if (!rules.closeByMelding) return { code: "WOULD_EMPTY_HAND", message: "you close by discarding your last card: keep one to discard" };
  if (!hasRequiredBurraco(hand, team, rules)) {
    return { code: "CANNOT_CLOSE_WITHOUT_BURRACO", message: `closing by melding needs ${burracoNeeded(rules)}` };
  }
  return "close";
}
