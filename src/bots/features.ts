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
    bonus = 0,
    clean6 = 0,
    clean5 = 0,
    dirty6 = 0,
    dirty5 = 0,
    clean4 = 0;
  for (const meld of hand.melds) {
    if (meld.team !== team) continue;
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
    smallest = 99;
  for (const seat of seatsOf(team, state.players)) {
    const held: readonly Card[] = hand.hands[seat]!;
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
  ];
  for (let i = 0; i < values.length; i++) out[offset + i] = values[i]!;
}
