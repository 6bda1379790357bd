import "../core";
import { makeCards } from "../../../src/engine/cards";
import { applyMove, needsDeal, newGame, startHand } from "../../../src/engine/game";
import { viewTableMeld } from "../../../src/engine/meld";
import { parseRecord } from "../../../src/engine/record";
import { handsOf } from "../../../src/engine/state";
import type { GameRecord } from "../../../src/shared/api";

/**
 * A finished hand as the engine replays it from the game record: its final
 * melds, the cards left in each hand, its end and its score. The client
 * never works these out itself, so it can never disagree with the server.
 */
export function finishedHand(record: GameRecord, number: number) {
  const parsed = parseRecord(record);
  if (!parsed.ok) return null;
  let state = newGame(parsed.value.rules, parsed.value.players);
  for (const hand of parsed.value.hands) {
    if (!needsDeal(state)) break;
    const dealt = startHand(state, hand.deal);
    if (!dealt.ok) return null;
    state = dealt.value.state;
    for (const entry of hand.moves) {
      const moved = applyMove(state, entry.seat, entry.move);
      if (!moved.ok) return null;
      state = moved.value.state;
    }
  }
  const hand = handsOf(state)[number];
  if (!hand?.end || !hand.scores) return null;
  return {
    end: hand.end,
    scores: hand.scores,
    hands: hand.hands.map((cards) => makeCards(cards)),
    melds: hand.melds.map((m) => viewTableMeld(m, state.rules)),
  };
}
