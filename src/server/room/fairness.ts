import {
  type Card,
  type Deal,
  dealFromOrder,
  drawForDealer,
  type GameState,
  makeDeal,
  makeDeck,
  nextDealer,
  type PlayerCount,
  parseDeal,
} from "../../engine/index";
import { commitmentText } from "../../shared/fairness";
import { randomBytes, sha256Hex } from "../auth";
import type { CreatedBody, DealtBody } from "../db/log-entry";

/**
 * Fair deals: a uniformly random permutation from the platform's
 * cryptographic source, committed to when dealt and revealed when the hand
 * ends (docs/rules.md §3, docs/fairness.md).
 */

/** A uniform whole number in [0, n), by rejection sampling (no modulo bias). */
function cryptoInt(n: number): number {
  const limit = Math.floor(0x1_0000_0000 / n) * n;
  const word = new Uint32Array(1);
  for (;;) {
    crypto.getRandomValues(word);
    if (word[0]! < limit) return word[0]! % n;
  }
}

/** Fisher–Yates with cryptographic randomness. */
export function cryptoShuffle<T>(items: readonly T[]): T[] {
  const out = items.slice();
  for (let i = out.length - 1; i > 0; i--) {
    const j = cryptoInt(i + 1);
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

/** The first dealer, drawn as at the table: everyone draws a card, lowest deals. */
export function drawFirstDealer(players: PlayerCount): number {
  return drawForDealer(cryptoShuffle(makeDeck(true)), players) ?? cryptoInt(players);
}

export function commitmentOf(salt: string, deal: Record<string, unknown>): string {
  return sha256Hex(commitmentText(salt, deal));
}

function hex(bytes: Uint8Array): string {
  return Array.from(bytes, (b) => b.toString(16).padStart(2, "0")).join("");
}

/** Commits to a deal: a fresh 128-bit salt and the hash. */
export function dealtEntry(hand: number, deal: Deal, prepared: boolean): DealtBody {
  const written = makeDeal(deal);
  const salt = hex(randomBytes(16));
  return { type: "dealt", hand, deal: written, salt, commitment: commitmentOf(salt, written), prepared };
}

/**
 * The next hand's deal: the creator's next prepared deal if one is left,
 * otherwise a fresh random deal, dealt by the next dealer in turn.
 */
export function nextDeal(created: CreatedBody, state: GameState, hand: number): DealtBody {
  const prepared = created.deals[hand];
  if (prepared) {
    const deal = parseDeal(prepared, state.players, state.rules.jokers);
    if (!deal.ok) throw new Error(`prepared deal ${hand} does not parse: ${deal.error}`);
    return dealtEntry(hand, deal.value, true);
  }
  const order: Card[] = cryptoShuffle(makeDeck(state.rules.jokers));
  return dealtEntry(hand, dealFromOrder(order, state.players, nextDealer(state, created.firstDealer)), false);
}
