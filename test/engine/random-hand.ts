/**
 * One random legal hand played by the engine's bot, with every property of
 * the rules checked at every step (see random-hands.*.test.ts).
 */
import { expect } from "vitest";
import {
  botMove,
  dealFromSeed,
  eventFor,
  type GameEvent,
  type GameState,
  makeCards,
  makeRecord,
  newGame,
  type PlayerCount,
  PRESETS,
  type PresetName,
  parseRecord,
  replayRecord,
  seededRandom,
  startHand,
  viewFor,
} from "../../src/engine/index.js";
import { conservationProblem, duplicateSetProblem, meldProblem, viewLeak } from "./invariants.js";

/** What an event shows `viewer` beyond the public table, checked against who may see it (docs/rules.md §12). */
function eventLeak(event: GameEvent, viewer: number | null, state: GameState): string | null {
  const shown = eventFor(event, viewer, state.rules) as Record<string, unknown> | null;
  const mine = (seat: number) => viewer === seat;
  switch (event.type) {
    case "handStarted":
      return viewer === null
        ? "myHand" in shown!
          ? "a spectator sees a hand"
          : null
        : JSON.stringify(shown!.myHand) === JSON.stringify(makeCards(event.deal.hands[viewer]!))
          ? null
          : "a dealt hand goes to the wrong seat";
    case "drew":
      return !mine(event.seat) && "card" in shown! ? "a drawn card is shown to another seat" : null;
    case "pickedUp":
      return state.rules.discardPile === "closed" && !mine(event.seat) && "cards" in shown! ? "a closed pile is shown" : null;
    case "pozzettoTaken":
      return "cards" in shown! && !(event.direct && mine(event.seat)) ? "a pozzetto's cards are shown" : null;
    case "pozzettoSeen":
      return shown !== null && !mine(event.seat) ? "a pozzetto is shown to another seat" : null;
    default:
      return null;
  }
}

function check(problem: string | null, context: string): void {
  if (problem) throw new Error(`${context}: ${problem}`);
}

/** Plays one random hand, checking every invariant at every step. */
export function randomHand(preset: PresetName, players: PlayerCount, seed: number): void {
  const rules = PRESETS[preset];
  const viewers = [null, ...Array.from({ length: players }, (_, s) => s)];
  const started = startHand(newGame(rules, players), dealFromSeed(`deal ${seed}`, players, seed % players, rules.jokers));
  if (!started.ok) throw new Error(started.error);
  let state = started.value.state;
  const random = seededRandom(`play ${seed}`);
  const checked = new WeakSet<object>();
  for (let step = 0; !state.hand!.end; step++) {
    if (step > 3000) throw new Error("the hand never ends");
    const { outcome } = botMove(state, random);
    for (const event of outcome.events)
      for (const viewer of viewers) check(eventLeak(event, viewer, outcome.state), `${event.type} for ${viewer}`);
    state = outcome.state;
    check(conservationProblem(state), `step ${step}`);
    // Melds are never changed in place: one that was checked before is the same object, unchanged.
    for (const meld of state.hand!.melds) {
      if (checked.has(meld)) continue;
      check(meldProblem(meld, rules), `meld ${meld.id} at step ${step}`);
      checked.add(meld);
    }
    check(duplicateSetProblem(state), `step ${step}`);
    // Scrambling hidden cards is dearer than the rest: one viewer in turn, every third step.
    const viewer = viewers[Math.floor(step / 3) % viewers.length];
    if (step % 3 === 0 && !state.hand!.end) check(viewLeak(state, viewer!, `${seed}/${step}`), `step ${step}`);
  }
  const record = parseRecord(JSON.parse(JSON.stringify(makeRecord(state))));
  if (!record.ok) throw new Error(record.error);
  const replayed = replayRecord(record.value).state;
  expect(replayed.totals).toEqual(state.totals);
  expect(replayed.hand!.scores).toEqual(state.hand!.scores);
  expect(viewFor(replayed, null)).toEqual(viewFor(state, null));
  expect(replayed.hand!.hands).toEqual(state.hand!.hands);
}
