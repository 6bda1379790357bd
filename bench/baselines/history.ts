import type { SeenEvent } from "../../src/engine/index.js";
import { type Card, parseCard } from "../../src/engine/index.js";

/**
 * The public history of the hand as one seat received it: the engine's
 * `eventFor(event, seat, rules)` outputs, in order (nulls may be left in or
 * out). It is read defensively, field by field: a card it cannot read (a
 * closed pile's card covered before the seat caught up) is simply not known.
 */
export type { SeenEvent };

/** What the history adds to the view: the closed pile's cards, cards others are known to hold, the stalemate count. */
export interface Recollection {
  /** The discard pile bottom first, as seen discard by discard; null when the history does not account for it. */
  readonly pile: Card[] | null;
  /** Per seat: cards known to be in that hand because they came from a picked-up pile and have not been played since. */
  readonly known: Card[][];
  /** Per seat: every card that seat discarded this hand. */
  readonly discarded: Card[][];
  /** Per seat: took a pozzetto on the discard and has not started a turn since (so has not seen it). */
  readonly unseen: boolean[];
  /** Per team: the index of the pozzetto it took, in the order they were taken. */
  readonly pozzettoIndex: (number | null)[];
  /** The current turn so far is only a one-card pickup; consecutive such turns before it. */
  readonly turnIdle: boolean;
  readonly idleTurns: number;
}

const num = (value: unknown): number | null => (typeof value === "number" && Number.isInteger(value) ? value : null);

function cardsOf(value: unknown): Card[] | null {
  if (!Array.isArray(value)) return null;
  const out: Card[] = [];
  for (const text of value) {
    const card = parseCard(text);
    if (card === undefined) return null;
    out.push(card);
  }
  return out;
}

function removeFrom(cards: Card[], played: readonly Card[]): void {
  for (const card of played) {
    const at = cards.indexOf(card);
    if (at >= 0) cards.splice(at, 1);
  }
}

/** Reads the events from the last `handStarted` on; events of other kinds or shapes are skipped. */
export function recollect(history: readonly (SeenEvent | null)[], players: number, teams: number): Recollection {
  let start = -1;
  const events = history as readonly (Readonly<Record<string, unknown>> | null)[];
  for (let i = events.length - 1; i >= 0; i--) {
    if (events[i]?.type === "handStarted") {
      start = i;
      break;
    }
  }
  const known: Card[][] = Array.from({ length: players }, () => []);
  const discarded: Card[][] = Array.from({ length: players }, () => []);
  const unseen: boolean[] = new Array(players).fill(false);
  const pozzettoIndex: (number | null)[] = new Array(teams).fill(null);
  let pile: Card[] | null = null;
  let turnIdle = false;
  let idleTurns = 0;
  for (let i = Math.max(0, start); i < events.length; i++) {
    const event = events[i];
    if (!event) continue;
    const seat = num(event.seat);
    const valid = seat !== null && seat >= 0 && seat < players;
    switch (event.type) {
      case "handStarted":
        pile = cardsOf(event.discard);
        break;
      case "drew":
        turnIdle = false;
        break;
      case "pickedUp": {
        const count = num(event.count);
        // An open pile's event shows its cards; a closed one's were seen discard by discard.
        const cards: Card[] | null = cardsOf(event.cards) ?? (pile && pile.length === count ? pile : null);
        if (valid && cards) known[seat].push(...cards);
        turnIdle = count === 1;
        pile = pile || cards ? [] : null;
        break;
      }
      case "melded":
      case "attached": {
        const cards = cardsOf(event.cards);
        if (valid && cards) removeFrom(known[seat], cards);
        turnIdle = false;
        break;
      }
      case "discarded": {
        const card = parseCard(event.card);
        if (valid && card !== undefined) {
          removeFrom(known[seat], [card]);
          discarded[seat].push(card);
          pile?.push(card);
        } else pile = null;
        idleTurns = turnIdle ? idleTurns + 1 : 0;
        turnIdle = false;
        break;
      }
      case "pozzettoTaken": {
        const team = num(event.team);
        if (valid) {
          known[seat] = [];
          if (event.direct === false) unseen[seat] = true;
        }
        if (team !== null && team >= 0 && team < teams) pozzettoIndex[team] = num(event.pozzetto);
        break;
      }
      case "turn":
        if (valid) unseen[seat] = false;
        turnIdle = false;
        break;
    }
  }
  return { pile, known, discarded, unseen, pozzettoIndex, turnIdle, idleTurns };
}
