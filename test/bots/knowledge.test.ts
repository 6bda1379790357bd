import { describe, expect, it } from "vitest";
import type { SeenEvent } from "../../src/bots/index.js";
import { knowledgeOf } from "../../src/bots/knowledge.js";
import { sampleState } from "../../src/bots/sample.js";
import {
  botMove,
  type Card,
  checkMove,
  dealFromSeed,
  discardable,
  eventFor,
  type GameState,
  newGame,
  type PlayerCount,
  PRESET_NAMES,
  PRESETS,
  type PresetName,
  seededRandom,
  startHand,
  stockSize,
  viewFor,
} from "../../src/engine/index.js";
import { conservationProblem } from "../engine/invariants.js";
import { BOUNDED_WORK_TIMEOUT, size } from "../sizes.js";

const sorted = (cards: readonly Card[]) => cards.slice().sort((a, b) => a - b);

function isSubset(part: readonly Card[], whole: readonly Card[]): boolean {
  const rest = whole.slice();
  for (const card of part) {
    const at = rest.indexOf(card);
    if (at < 0) return false;
    rest.splice(at, 1);
  }
  return true;
}

/** The cards `seat` cannot see on the real table. */
function realHidden(state: GameState, seat: number, known: readonly (readonly Card[])[]): Card[] {
  const hand = state.hand!;
  const out: Card[] = [];
  hand.hands.forEach((cards, s) => {
    if (s === seat) return;
    const rest = cards.slice();
    for (const card of known[s]!) rest.splice(rest.indexOf(card), 1);
    out.push(...rest);
  });
  out.push(...hand.stock.slice(hand.stockTop));
  for (let p = hand.nextPozzetto; p < hand.deal.pozzetti.length; p++) out.push(...hand.deal.pozzetti[p]!);
  return out;
}

/** Plays a random hand; before every move, checks what the seat to play knows against the real table. */
function checkHand(preset: PresetName, players: PlayerCount, seed: number): { checks: number; known: number } {
  const rules = PRESETS[preset];
  const started = startHand(newGame(rules, players), dealFromSeed(`k${seed}`, players, seed % players, rules.jokers));
  if (!started.ok) throw new Error(started.error);
  let state = started.value.state;
  const histories = Array.from({ length: players }, () => [] as (SeenEvent | null)[]);
  const feed = (events: readonly Parameters<typeof eventFor>[0][]) => {
    for (const event of events) {
      histories.forEach((h, s) => {
        h.push(eventFor(event, s, rules));
      });
    }
  };
  feed(started.value.events);
  const random = seededRandom(`play ${seed}`);
  let checks = 0;
  let known = 0;
  for (let step = 0; !state.hand!.end && step < 3000; step++) {
    const seat = state.hand!.turn;
    const k = knowledgeOf({ view: viewFor(state, seat), history: histories[seat]! });
    expect(k).not.toBeNull();
    const hand = state.hand!;
    known += k!.known.flat().length;
    k!.known.forEach((cards, s) => {
      expect(isSubset(cards, hand.hands[s]!), `known cards of seat ${s}`).toBe(true);
    });
    expect(k!.melds).toEqual(hand.melds);
    expect(k!.pile).toEqual(hand.pile);
    expect(sorted(k!.hidden)).toEqual(sorted(realHidden(state, seat, k!.known)));
    const sample = sampleState(k!, seededRandom(step));
    expect(conservationProblem(sample)).toBeNull();
    expect(viewFor(sample, seat).hand).toEqual({ ...viewFor(state, seat).hand!, number: hand.number });
    expect(stockSize(sample.hand!)).toBe(stockSize(hand));
    expect(sample.hand!.idleTurns).toBe(hand.idleTurns);
    expect(sample.hand!.turnIdle).toBe(hand.turnIdle);
    expect(sample.hand!.unseen).toEqual(hand.unseen.map((u, s) => u && s !== seat));
    for (const card of discardable(state, seat)) expect(checkMove(sample, seat, { type: "discard", card })).toBeNull();
    const { move, outcome } = botMove(state, random);
    expect(checkMove(sample, seat, move)).toBeNull();
    checks++;
    state = outcome.state;
    feed(outcome.events);
  }
  return { checks, known };
}

/** Hands per player count: a few in `npm test`, more in `npm run test:long`. */
const SEEDS = size(3, 6);

describe("what a seat knows", { timeout: BOUNDED_WORK_TIMEOUT }, () => {
  it.each(PRESET_NAMES)("%s: known cards are really held, the hidden pool is exact, a sampled table plays like the real one", (preset) => {
    let checks = 0;
    let known = 0;
    for (const players of [2, 3, 4] as const) {
      for (let seed = 0; seed < SEEDS; seed++) {
        const seen = checkHand(preset, players, seed);
        checks += seen.checks;
        known += seen.known;
      }
    }
    expect(checks).toBeGreaterThan(25 * 3 * SEEDS);
    expect(known, "picked-up cards were tracked").toBeGreaterThan(0);
  });
});
