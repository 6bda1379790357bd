import { describe, expect, it } from "vitest";
import { botMove } from "../../src/engine/bot";
import { dealFromSeed } from "../../src/engine/deal";
import { needsDeal, newGame, startHand } from "../../src/engine/game";
import { seededRandom } from "../../src/engine/random";
import { makeRecord } from "../../src/engine/record";
import { parseRules } from "../../src/engine/rules";
import type { PlayerCount } from "../../src/engine/seats";
import { teamCount } from "../../src/engine/seats";
import type { GameState } from "../../src/engine/state";
import { eventFor, viewFor } from "../../src/engine/view";
import type { WireEvent } from "../../src/shared/api";
import { eventHand, recordHands } from "../../web/src/replay/positions";

/**
 * The replay viewer agrees with the engine: a finished hand replayed from
 * its record gives the engine's own positions, and the hand in play rebuilt
 * from a seat's events matches that seat's view after every move.
 */

function playHand(preset: string, players: PlayerCount, seed: string, moves: number) {
  const rules = parseRules({ preset });
  if (!rules.ok) throw new Error(rules.error);
  let state: GameState = newGame(rules.value, players);
  const random = seededRandom(seed);
  const dealt = startHand(state, dealFromSeed(seed, players, 0, rules.value.jokers));
  if (!dealt.ok) throw new Error(dealt.error);
  state = dealt.value.state;
  const history: { state: GameState; events: typeof dealt.value.events }[] = [{ state, events: dealt.value.events }];
  for (let i = 0; i < moves && !needsDeal(state); i++) {
    const chosen = botMove(state, random);
    state = chosen.outcome.state;
    history.push({ state, events: chosen.outcome.events });
  }
  return { state, history, rules: rules.value };
}

describe("the replay", () => {
  for (const [preset, players] of [
    ["classic", 2],
    ["chiuso", 4],
    ["aperto", 3],
  ] as const) {
    it(`rebuilds the hand in play from a seat's events as the engine sees it (${preset}, ${players} players)`, () => {
      const { history, rules } = playHand(preset, players, `replay-${preset}`, 400);
      for (const viewer of [0, null]) {
        const events: WireEvent[] = history.flatMap((step, seq) =>
          step.events
            .map((e) => eventFor(e, viewer, rules))
            .filter((e) => e !== null)
            .map((e) => ({ ...e, seq: seq + 1, at: "2026-01-01T00:00:00.000Z" }) as WireEvent),
        );
        const hand = eventHand(events, viewer, players, teamCount(players));
        expect(hand).not.toBeNull();
        const ended = history.at(-1)!.state.hand!.end !== null;
        // A position per log entry: the deal, then each move (the last, when it ends the hand, carries the end).
        expect(hand!.positions.length).toBe(history.length);
        history.forEach((step, i) => {
          if (ended && i === history.length - 1) return;
          const view = viewFor(step.state, viewer).hand!;
          const position = hand!.positions[i]!;
          expect(position.hand.melds, `move ${i}`).toEqual(view.melds);
          expect(position.hand.handSizes, `move ${i}`).toEqual(view.handSizes);
          expect(position.hand.stock, `move ${i}`).toBe(view.stock);
          expect(position.hand.turn, `move ${i}`).toBe(view.turn);
          expect(position.hand.discardPile.top, `move ${i}`).toBe(view.discardPile.top);
          // An open pile shows each position's own cards, not those discarded after it.
          expect(position.hand.discardPile.count, `move ${i}`).toBe(view.discardPile.count);
          if (position.hand.discardPile.cards) expect(position.hand.discardPile.cards, `move ${i}`).toHaveLength(view.discardPile.count);
          expect(position.hand.pozzetti, `move ${i}`).toEqual(view.pozzetti);
          if (viewer !== null && view.myHand) expect([...position.hands[viewer]!].sort(), `move ${i}`).toEqual([...view.myHand].sort());
        });
      }
    });
  }

  it("replays a finished hand from its record with the engine, to its score", () => {
    const { state, history } = playHand("classic", 2, "replay-record", 2000);
    expect(state.hand!.end).not.toBeNull();
    const record = makeRecord(state);
    const hands = recordHands(record);
    expect(hands).toHaveLength(1);
    expect(hands[0]!.positions).toHaveLength(history.length);
    expect(hands[0]!.scores).toEqual(state.hand!.scores);
    const last = hands[0]!.positions.at(-1)!;
    expect(last.hand.melds).toEqual(viewFor(state, null).hand!.melds);
    expect(last.hands.map((h) => [...h!].sort())).toEqual(viewFor(state, 0).hand!.revealed!.hands.map((h) => [...h].sort()));
  });
});
