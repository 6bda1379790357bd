import { type Card, isWildCard, parseCard, rankOf, suitOf } from "../../../src/engine/cards";
import type { MoveCode } from "../../../src/engine/errors";
import { extendMeld, type MeldShape, type MeldView, shapeMeld, viewMeld, type WildEnd } from "../../../src/engine/meld";
import type { Rules } from "../../../src/engine/rules";

/**
 * Local previews of plays, with the engine's own pure functions: how
 * selected cards would lie as a new meld or on a team meld, and whether the
 * player has a choice of end for a wild. The server stays the judge.
 */

/** A refusal carries the engine's code, shown in the player's language. */
export type Preview = { readonly ok: true; readonly meld: MeldView } | { readonly ok: false; readonly code: MoveCode };

export interface PlayOption {
  readonly preview: Preview;
  /** Both ends are possible and give different tables: the player may choose. */
  readonly endChoice: boolean;
}

function cardsOf(texts: readonly string[]): Card[] | null {
  const cards: Card[] = [];
  for (const text of texts) {
    const card = parseCard(text);
    if (card === undefined) return null;
    cards.push(card);
  }
  return cards;
}

/** A meld of the view as the engine's shape, so that additions can be previewed. */
export function shapeOfView(meld: MeldView): MeldShape | null {
  const cards = cardsOf(meld.cards);
  if (!cards) return null;
  const wildAt = meld.wild?.index ?? -1;
  const naturals = cards.map((card, i) => ({ card, i })).filter(({ card, i }) => i !== wildAt && !(isWildCard(card) && rankOf(card) !== 2));
  if (meld.kind === "set") {
    const natural = naturals.find(({ card }) => !isWildCard(card));
    return natural ? { kind: "set", rank: rankOf(natural.card), cards, wildAt } : null;
  }
  // A natural card whose place is certain gives the run's position: any but an ace.
  const anchor = naturals.find(({ card }) => rankOf(card) !== 1);
  let lo: number;
  if (anchor) lo = rankOf(anchor.card) - anchor.i;
  else if (naturals[0]) lo = naturals[0].i === 0 ? 1 : 14 - (cards.length - 1);
  else return null;
  const suitCard = naturals[0]!.card;
  return { kind: "sequence", suit: suitOf(suitCard), lo, cards, wildAt };
}

function option(run: (hint?: WildEnd) => ReturnType<typeof shapeMeld>, rules: Rules, hint: WildEnd | null): PlayOption {
  const plain = run();
  const low = run("low");
  const high = run("high");
  const endChoice = low.ok && high.ok && JSON.stringify(low.value.cards) !== JSON.stringify(high.value.cards);
  const chosen = endChoice && hint ? (hint === "low" ? low : high) : plain;
  return {
    preview: chosen.ok ? { ok: true, meld: viewMeld(chosen.value, rules) } : { ok: false, code: chosen.error.code },
    endChoice,
  };
}

/** The selected cards as a new meld. */
export function previewNewMeld(selected: readonly string[], rules: Rules, hint: WildEnd | null): PlayOption {
  const cards = cardsOf(selected);
  if (!cards) return { preview: { ok: false, code: "CARD_NOT_IN_HAND" }, endChoice: false };
  return option((end) => shapeMeld(cards, rules, end), rules, hint);
}

/** The selected cards added to a meld on the table. */
export function previewAttach(meld: MeldView, selected: readonly string[], rules: Rules, hint: WildEnd | null): PlayOption {
  const shape = shapeOfView(meld);
  const cards = cardsOf(selected);
  if (!shape || !cards || cards.length === 0) return { preview: { ok: false, code: "INVALID_MELD" }, endChoice: false };
  return option((end) => extendMeld(shape, cards, rules, end), rules, hint);
}

/** The `wild` field to send: only when the player really has that choice. */
export function wildField(choice: PlayOption, hint: WildEnd | null): { wild?: WildEnd } {
  return choice.endChoice && hint ? { wild: hint } : {};
}
