/**
 * Card sizes that fit the space: the melds of a team in their part of the
 * felt, and the player's hand across the screen. Pure arithmetic on the
 * sizes the page measures, so that the table never needs a scroll bar —
 * cards shrink and overlap instead. Written here because no layout engine
 * (CSS grid or flex) chooses a card size from the space left.
 */

/** A meld as laid out: its number of cards, and whether it is a burraco shown closed (a tight stack). */
export interface MeldShape {
  readonly cards: number;
  readonly closed: boolean;
}

export interface MeldFit {
  /** Card width in pixels (the height is 1.4 times it). */
  readonly card: number;
  /** The part of each card left showing under the next one. */
  readonly step: number;
}

/** Height of a card for its width. */
export const CARD_RATIO = 1.4;
/** The part of a card that must show in a fan: its corner index (rank over suit). */
const STEP = 0.52;
const MIN_STEP = 0.46;
/** A closed burraco: each card under the top one shows only its edge. */
const CLOSED_STEP = 0.12;
/** Below each meld: the wild's "=7♥" and the burraco's kind. */
const LABEL = 0.42;
const GAP = 6;
/** A meld's own padding and border, on both sides. */
const PAD = 8;

export function meldWidth(shape: MeldShape, card: number, step: number): number {
  const each = shape.closed ? card * CLOSED_STEP : step;
  return card + Math.max(0, shape.cards - 1) * each + PAD;
}

/** How many rows the melds take in `width`, laid left to right. */
export function rowsFor(shapes: readonly MeldShape[], width: number, card: number, step: number): number {
  let rows = shapes.length ? 1 : 0;
  let x = 0;
  for (const shape of shapes) {
    const w = meldWidth(shape, card, step);
    if (x > 0 && x + GAP + w > width) {
      rows++;
      x = w;
    } else x += (x > 0 ? GAP : 0) + w;
  }
  return rows;
}

const rowHeight = (card: number) => card * (CARD_RATIO + LABEL) + PAD;

/** The largest cards (up to `max` px wide) whose melds fit `width` × `height`; the smallest when none do. */
export function fitMelds(shapes: readonly MeldShape[], width: number, height: number, max = 64, min = 20): MeldFit {
  const top = Math.max(min, Math.min(max, Math.floor(height / (CARD_RATIO + LABEL))));
  for (let card = top; card >= min; card--) {
    for (const ratio of [STEP, MIN_STEP]) {
      const step = Math.round(card * ratio);
      if (shapes.some((s) => meldWidth(s, card, step) > width)) continue;
      const rows = rowsFor(shapes, width, card, step);
      if (rows * rowHeight(card) + Math.max(0, rows - 1) * GAP <= height) return { card, step };
    }
  }
  return { card: min, step: Math.round(min * MIN_STEP) };
}

export interface HandFit {
  readonly card: number;
  readonly rows: number;
}

/** In a two-row hand the second row covers the first but for its corner. */
export const ROW_SHOWN = 0.55;

/**
 * The hand: one row while its cards can be at least `good` px wide with
 * their corners showing, else two rows, with the largest cards up to `max`
 * that fit `width` (and `height`, when given).
 */
export function fitHand(count: number, width: number, max: number, good = 52, min = 34, height = Number.POSITIVE_INFINITY): HandFit {
  const fits = (card: number, rows: number) => {
    const perRow = Math.ceil(count / rows);
    const tall = card * CARD_RATIO * (1 + (rows - 1) * ROW_SHOWN);
    // More than half of each card shows, so that a tap in its middle is a tap on it.
    return tall <= height && (perRow <= 1 || (width - card) / (perRow - 1) >= card * 0.55);
  };
  if (count <= 1) return { card: max, rows: 1 };
  for (let card = max; card >= good; card--) if (fits(card, 1)) return { card, rows: 1 };
  for (let card = max; card >= min; card--) if (fits(card, 2)) return { card, rows: 2 };
  for (let card = max; card >= min; card--) if (fits(card, 1)) return { card, rows: 1 };
  return { card: min, rows: 2 };
}
