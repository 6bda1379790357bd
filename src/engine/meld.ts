import { type Card, isWildCard, makeCard, makeCards, rankOf, suitOf } from "./cards.js";
import { err, ok, type Result } from "./result.js";
import type { Rules } from "./rules.js";
import { arrangeSequence, type MeldFault, type SequenceShape, type WildEnd, wildStandsFor } from "./sequence.js";
import type { BurracoKind, MeldView, TableMeld } from "./types.js";

export type { MeldFault, WildEnd } from "./sequence.js";
/** How a meld is written in views and in the replay output (docs/record.md). */
export type { MeldView, TableMeld } from "./types.js";

export interface SetShape {
  readonly kind: "set";
  readonly rank: number;
  /** Natural cards first, the wild (if any) last. */
  readonly cards: readonly Card[];
  readonly wildAt: number;
}

export type MeldShape = SequenceShape | SetShape;

/** A meld on the table: a shape that belongs to a team, with its id in the hand. */
export type Meld = MeldShape & { readonly id: number; readonly team: number };

export type { BurracoKind } from "./types.js";

export type MeldRules = Pick<Rules, "sets" | "aceToAce" | "semiClean" | "bonus">;

const fault = (code: MeldFault["code"], message: string) => err<MeldFault>({ code, message });

/** Reads a selection of cards as a new set or sequence (docs/rules.md §4). */
export function shapeMeld(cards: readonly Card[], rules: MeldRules, hint?: WildEnd): Result<MeldShape, MeldFault> {
  if (cards.length < 3) return fault("INVALID_MELD", "a meld needs at least 3 cards");
  const naturals = cards.filter((c) => !isWildCard(c));
  if (naturals.length === 0) return fault("INVALID_MELD", "a meld needs natural cards; 2s and jokers alone are not a meld");
  const rank = rankOf(naturals[0]!);
  const oneRank = naturals.every((c) => rankOf(c) === rank);
  if (oneRank && naturals.length >= 2) {
    if (!rules.sets) return fault("SETS_NOT_ALLOWED", "these rules allow sequences only");
    return shapeSet(null, cards, rank);
  }
  const suit = suitOf(naturals[0]!);
  const stray = naturals.find((c) => suitOf(c) !== suit);
  if (stray !== undefined) return fault("INVALID_MELD", "a sequence's cards must all be of one suit");
  return arrangeSequence(suit, null, cards, rules.aceToAce, hint);
}

/** Adds cards from a hand to a meld on the table, moving its wild where the rules say. */
export function extendMeld(meld: MeldShape, added: readonly Card[], rules: MeldRules, hint?: WildEnd): Result<MeldShape, MeldFault> {
  if (added.length === 0) return fault("INVALID_MELD", "nothing to add");
  if (meld.kind === "set") return shapeSet(meld, added, meld.rank);
  return arrangeSequence(meld.suit, meld, added, rules.aceToAce, hint);
}

function shapeSet(base: SetShape | null, added: readonly Card[], rank: number): Result<SetShape, MeldFault> {
  const naturals = base ? base.cards.filter((_, i) => i !== base.wildAt) : [];
  const wilds = base && base.wildAt >= 0 ? [base.cards[base.wildAt]!] : [];
  for (const card of added) {
    if (isWildCard(card)) wilds.push(card);
    else if (rankOf(card) !== rank)
      return fault("INVALID_MELD", `${makeCard(card)} does not belong in a set of ${makeCard(naturals[0] ?? card).slice(0, -1)}s`);
    else naturals.push(card);
  }
  if (wilds.length > 1) return fault("TOO_MANY_WILDS", "a meld may hold only one wild card");
  if (naturals.length + wilds.length > 9) return fault("INVALID_MELD", "a set holds at most 9 cards");
  if (!base) naturals.sort((a, b) => a - b);
  return ok({ kind: "set", rank, cards: [...naturals, ...wilds], wildAt: wilds.length ? naturals.length : -1 });
}

/** Clean, dirty, semi-clean, royal or ace-to-ace once a meld has 7 cards (docs/rules.md §4.4). */
export function burracoOf(meld: MeldShape, rules: MeldRules): BurracoKind | null {
  const n = meld.cards.length;
  if (n < 7) return null;
  if (meld.wildAt < 0) {
    if (meld.kind === "sequence") {
      if (n === 14 && rules.bonus.aceToAce > 0) return "ace-to-ace";
      if (n >= 13 && rules.bonus.royal > 0) return "royal";
    }
    return "clean";
  }
  if (rules.semiClean) {
    if (meld.kind === "sequence" && (meld.wildAt === 0 || meld.wildAt === n - 1) && n >= 8) return "semi-clean";
    if (meld.kind === "set" && n === 8) return "semi-clean";
  }
  return "dirty";
}

export function burracoBonus(kind: BurracoKind | null, rules: MeldRules): number {
  switch (kind) {
    case null:
      return 0;
    case "clean":
      return 200;
    case "dirty":
      return 100;
    case "semi-clean":
      return 150;
    case "royal":
      return rules.bonus.royal;
    case "ace-to-ace":
      return rules.bonus.aceToAce;
  }
}

/** Clean enough for `closeRequires: "clean"`: royal and ace-to-ace count, semi-clean does not. */
export function isCleanBurraco(kind: BurracoKind | null): boolean {
  return kind === "clean" || kind === "royal" || kind === "ace-to-ace";
}

export function viewMeld(meld: MeldShape & { id?: number; team?: number }, rules: MeldRules): MeldView {
  let wild: MeldView["wild"] = null;
  if (meld.wildAt >= 0) {
    // A set's wild stands for its rank, not for one particular card.
    const as = meld.kind === "sequence" ? wildStandsFor(meld, rules.aceToAce) : null;
    wild = { index: meld.wildAt, as: as === null ? null : makeCard(as) };
  }
  const head = meld.id === undefined ? {} : { id: meld.id, team: meld.team };
  return { ...head, kind: meld.kind, cards: makeCards(meld.cards), wild, burraco: burracoOf(meld, rules) };
}

/** A meld on the table as views and events write it: with its id and team. */
export function viewTableMeld(meld: Meld, rules: MeldRules): TableMeld {
  return { ...viewMeld(meld, rules), id: meld.id, team: meld.team };
}
