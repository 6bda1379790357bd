import {
  burracoBonus,
  burracoOf,
  type Card,
  cardPoints,
  type GameState,
  hasRequiredBurraco,
  isWildCard,
  seatsOf,
  stockSize,
  teamCount,
  teamOf,
} from "../engine/index.js";
import { connections, countsOf, extendsNaturally } from "./shapes.js";

/**
 * A hand in play described by a few numbers per team, for the expert's
 * evaluation of where a look-ahead stops. The state is a sampled one: the
 * features may read every hand in it.
 */
export const FEATURE_NAMES = [
  "meldPoints",
  "burracoBonus",
  "clean6",
  "clean5",
  "dirty6",
  "dirty5",
  "clean4",
  "pozzetto",
  "pozzettoLost",
  "handCards",
  "handPoints",
  "handWilds",
  "canClose",
  "lateHandCards",
  "lateHandPoints",
  "latePozzettoMissing",
  "closeReady",
  "bias",
  "pileToTake",
  "fits",
  "connected",
  "burracos",
  "cleanBurracos",
  "melds",
] as const;

export const FEATURES = FEATURE_NAMES.length;

/** Features of `team` written into `out` at `offset`. */
export function teamFeatures(state: GameState, team: number, out: Float64Array, offset: number): void {
  const hand = state.hand!;
  const rules = state.rules;
  const full = rules.jokers ? 108 : 104;
  const initialStock = full - 11 * (state.players + teamCount(state.players)) - 1;
  const late = Math.max(0, Math.min(1, 1 - stockSize(hand) / initialStock));
  let meldPoints = 0,
    burracos = 0,
    cleanBurracos = 0,
    melds = 0,
    bonus = 0,
    clean6 = 0,
    clean5 = 0,
    dirty6 = 0,
    dirty5 = 0,
    clean4 = 0;
  for (const meld of hand.melds) {
    if (meld.team !== team) continue;
    melds++;
    if (meld.cards.length >= 7) {
      burracos++;
      if (meld.wildAt < 0) cleanBurracos++;
    }
    for (const card of meld.cards) meldPoints += cardPoints(card, rules.values);
    const kind = burracoOf(meld, rules);
    if (kind) bonus += burracoBonus(kind, rules);
    else {
      const n = meld.cards.length;
      const clean = meld.wildAt < 0;
      if (n === 6) clean ? clean6++ : dirty6++;
      else if (n === 5) clean ? clean5++ : dirty5++;
      else if (n === 4 && clean) clean4++;
    }
  }
  let cards = 0,
    points = 0,
    wilds = 0,
    fits = 0,
    connected = 0,
    smallest = 99;
  const own = hand.melds.filter((m) => m.team === team);
  for (const seat of seatsOf(team, state.players)) {
    const held: readonly Card[] = hand.hands[seat]!;
    const counts = countsOf(held);
    for (const card of held) {
      if (own.some((m) => extendsNaturally(m, card))) fits++;
      connected += connections(card, counts, rules.sets);
    }
    cards += held.length;
    smallest = Math.min(smallest, held.length);
    for (const card of held) {
      points += cardPoints(card, rules.values);
      if (isWildCard(card)) wilds++;
    }
  }
  const status = hand.pozzetti[team];
  const taken = status !== null && status !== "stock" ? 1 : 0;
  const canClose = taken && hasRequiredBurraco(hand, team, rules) ? 1 : 0;
  // What the team's hands can do next (cards a meld of theirs takes, cards linked to others of the same hand) and
  // what its melds are (burracos, clean ones, how many): with these five, refitted, the expert won +2.4 deals in
  // 100 over the 36 cells of the pool (2, 3 and 4 players, 300 deals each, deals 20000–20299; 28 cells up, aperto
  // with 3 players +10 to +15), the same with the fits made on other hands; each feature times how late the
  // hand is, on top, won nothing more (−0.2), nor did the pile's cards a meld of theirs takes (−0.8).
  // The discard pile the team may take now, if it is to play: the expert's look-ahead stops with an opponent
  // to play, and what lies on the pile for them is what the other features do not show of that turn.
  const toTake = teamOf(hand.turn, state.players) === team && hand.phase === "take" ? hand.pile.length : 0;
  const values = [
    meldPoints / 100,
    bonus / 100,
    clean6,
    clean5,
    dirty6,
    dirty5,
    clean4,
    taken,
    status === "stock" ? 1 : 0,
    cards / 10,
    points / 100,
    wilds,
    canClose,
    (late * cards) / 10,
    (late * points) / 100,
    late * (1 - taken),
    canClose / (1 + smallest),
    1,
    toTake / 10,
    fits / 5,
    connected / 20,
    burracos,
    cleanBurracos,
    melds / 5,
  ];
  for (let i = 0; i < values.length; i++) out[offset + i] = values[i]!;
}
