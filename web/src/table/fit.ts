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
  /**
   * A burraco's kind ("semipulito") on a line of its own under the meld, in ems of its badge's font: the meld is at
   * least as wide, so that the word is never cut. Under a closed stack it takes the labels' line; under an open
   * burraco with a wild (whose "=7♥" takes that line) a line more (`tall`).
   */
  readonly label?: number;
  readonly tall?: boolean;
}

export interface MeldFit {
  /** Card width in pixels (the height is 1.4 times it). */
  readonly card: number;
  /** The part of each card left showing under the next one. */
  readonly step: number;
  /** False when even the smallest readable cards do not fit: the box then scrolls. */
  readonly fits: boolean;
}

/**
 * The narrowest card of a meld that a player reads at arm's length (its corner's font is 0.37 of it, 10 px here):
 * where the melds do not fit at this size, their box scrolls rather than shrinking them further.
 */
export const READABLE = 28;
/** The badge's font: 0.3 of a card's width, never under 0.6rem (table.css). */
const labelFont = (card: number) => Math.max(9.6, card * 0.3);

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
  const cards = card + Math.max(0, shape.cards - 1) * each;
  return Math.max(cards, (shape.label ?? 0) * labelFont(card)) + PAD;
}

/** The melds in rows, laid left to right in `width` (a meld wider than the box takes a row of its own). */
function rowsOf(shapes: readonly MeldShape[], width: number, card: number, step: number): MeldShape[][] {
  const rows: MeldShape[][] = [];
  let x = 0;
  for (const shape of shapes) {
    const w = meldWidth(shape, card, step);
    const row = rows.at(-1);
    if (row && x + GAP + w <= width) {
      row.push(shape);
      x += GAP + w;
    } else {
      rows.push([shape]);
      x = w;
    }
  }
  return rows;
}

/** How many rows the melds take in `width`, laid left to right. */
export function rowsFor(shapes: readonly MeldShape[], width: number, card: number, step: number): number {
  return rowsOf(shapes, width, card, step).length;
}

/** The height of one row of melds with cards `card` px wide (the labels below them included). */
export const rowHeight = (card: number) => card * (CARD_RATIO + LABEL) + PAD;

function heightOf(rows: readonly MeldShape[][], card: number): number {
  const each = rows.map((row) => rowHeight(card) + (row.some((s) => s.tall) ? card * LABEL : 0));
  return each.reduce((a, b) => a + b, 0) + Math.max(0, rows.length - 1) * GAP;
}

/**
 * The height the melds take in `width` with cards `card` px wide, their fans as open as fits (a meld wider than
 * the box takes a row of its own, and the box scrolls across).
 */
export function meldsHeight(shapes: readonly MeldShape[], width: number, card: number): number {
  let best = heightOf(rowsOf(shapes, width, card, Math.round(card * MIN_STEP)), card);
  const step = Math.round(card * STEP);
  if (!shapes.some((s) => meldWidth(s, card, step) > width)) best = Math.min(best, heightOf(rowsOf(shapes, width, card, step), card));
  return best;
}

/**
 * The largest cards (up to `max` px wide) whose melds fit `width` × `height`; when none down to `min` do, cards of
 * `min` in a box that scrolls.
 */
export function fitMelds(shapes: readonly MeldShape[], width: number, height: number, max = 64, min = READABLE): MeldFit {
  const top = Math.max(min, Math.min(max, Math.floor(height / (CARD_RATIO + LABEL))));
  for (let card = top; card >= min; card--) {
    for (const ratio of [STEP, MIN_STEP]) {
      const step = Math.round(card * ratio);
      if (shapes.some((s) => meldWidth(s, card, step) > width)) continue;
      if (heightOf(rowsOf(shapes, width, card, step), card) <= height) return { card, step, fits: true };
    }
  }
  return { card: min, step: Math.round(min * MIN_STEP), fits: false };
}

/** One side of the table as the page measured it. */
export interface Side {
  /** The height it needs with cards `card` px wide. */
  need(card: number): number;
  /** The least it should get: its title and a first row of readable cards. */
  readonly least: number;
}

/**
 * The height of each side of the table (the other teams' melds, the player's team's) out of `total`: the largest
 * cards, down to `min`, at which both sides fit, the room left shared by what each needs; when they do not fit at
 * `min`, each side first gets its first row (a lone meld across the table stays readable beside a dozen of the
 * player's), the rest by what each still needs (those sides then scroll).
 */
export function shareHeight(sides: readonly Side[], total: number, max = 64, min = READABLE): number[] {
  const sum = (values: readonly number[]) => values.reduce((a, b) => a + b, 0);
  const share = (base: readonly number[], weights: readonly number[], room: number) => {
    const all = sum(weights);
    return base.map((b, i) => b + (all > 0 ? (room * weights[i]!) / all : room / base.length));
  };
  for (let card = max; card >= min; card--) {
    const needs = sides.map((s) => s.need(card));
    if (sum(needs) <= total) return share(needs, needs, total - sum(needs));
  }
  const needs = sides.map((s) => s.need(min));
  const first = sides.map((s, i) => Math.min(needs[i]!, s.least));
  if (sum(first) >= total)
    return share(
      sides.map(() => 0),
      first,
      total,
    );
  return share(
    first,
    needs.map((n, i) => n - first[i]!),
    total - sum(first),
  );
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
/** Whether `count` cards `card` px wide lie in `rows` rows across `width` with more than half of each showing. */
function acrossFits(count: number, width: number, card: number, rows: number): boolean {
  const perRow = Math.ceil(count / rows);
  // More than half of each card shows, so that a tap in its middle is a tap on it.
  return perRow <= 1 || (width - card) / (perRow - 1) >= card * 0.55;
}

export function fitHand(count: number, width: number, max: number, good = 52, min = 34, height = Number.POSITIVE_INFINITY): HandFit {
  const fits = (card: number, rows: number) => handHeight({ card, rows }) <= height && acrossFits(count, width, card, rows);
  if (count <= 1) return { card: max, rows: 1 };
  for (let card = max; card >= good; card--) if (fits(card, 1)) return { card, rows: 1 };
  for (let card = max; card >= min; card--) if (fits(card, 2)) return { card, rows: 2 };
  for (let card = max; card >= min; card--) if (fits(card, 1)) return { card, rows: 1 };
  return { card: min, rows: 2 };
}

/** The height a hand's cards take. */
export const handHeight = (fit: HandFit): number => fit.card * CARD_RATIO * (1 + (fit.rows - 1) * ROW_SHOWN);

/**
 * The hand made up to `by` px shorter, its cards never under `floor` px, when the melds need the room (late in a
 * hand on a small phone): the same hand as before when that would not make it shorter.
 */
export function squeezeHand(
  fit: HandFit,
  by: number,
  hand: { count: number; width: number; max: number; good: number },
  floor = 40,
): HandFit {
  if (by <= 0) return fit;
  const cap = handHeight(fit) - by;
  const least = Math.min(floor, fit.card);
  const best = fitHand(hand.count, hand.width, hand.max, hand.good, least, cap);
  // Short of the height asked for: the shortest hand of `floor` px cards that lies across the width.
  const squeezed =
    handHeight(best) <= cap
      ? best
      : ([1, 2] as const)
          .map((rows) => ({ card: least, rows }))
          .filter((f) => acrossFits(hand.count, hand.width, f.card, f.rows))
          .sort((a, b) => handHeight(a) - handHeight(b))[0];
  return squeezed && handHeight(squeezed) < handHeight(fit) - 0.5 ? squeezed : fit;
}
