/**
 * Compact notation for rule tests, in the spirit of FEN and SAN in chess
 * libraries: cards as space-separated docs/record.md text, positions as the
 * cards that matter (the rest of the deck filled in from a seed), and moves
 * as one line each, e.g. "0 meld 5H 6H JK low" or "1 attach 2 8H".
 */
import { expect } from "vitest";
import {
  type Card,
  type Deal,
  type GameState,
  HAND_SIZE,
  type Move,
  makeCard,
  makeDeck,
  newGame,
  type PlayerCount,
  parseCard,
  parseRules,
  play,
  type Rules,
  removeCards,
  seededRandom,
  shuffle,
  startHand,
  teamCount,
  type WildEnd,
} from "../../src/engine/index.js";

export function cards(text: string): Card[] {
  return text
    .split(/\s+/)
    .filter(Boolean)
    .map((t) => {
      const card = parseCard(t);
      if (card === undefined) throw new Error(`bad card ${t}`);
      return card;
    });
}

export function rules(overrides: Record<string, unknown> = {}): Rules {
  const parsed = parseRules({ preset: "classic", ...overrides });
  if (!parsed.ok) throw new Error(parsed.error);
  return parsed.value;
}

export interface PositionSpec {
  players?: PlayerCount;
  rules?: Record<string, unknown>;
  dealer?: number;
  /** Cards per seat; each hand is filled up to 11 from the rest of the deck. */
  hands?: string[];
  pozzetti?: string[];
  discard?: string;
  /** Top of the stock first. */
  stock?: string;
  seed?: string;
}

/** A deal with the given cards where they are said to be, the rest shuffled in. */
export function dealOf(spec: PositionSpec): Deal {
  const players = spec.players ?? 2;
  const r = rules(spec.rules);
  const fixedHands = Array.from({ length: players }, (_, i) => cards(spec.hands?.[i] ?? ""));
  const fixedPozzetti = Array.from({ length: teamCount(players) }, (_, i) => cards(spec.pozzetti?.[i] ?? ""));
  const fixedDiscard = cards(spec.discard ?? "");
  const fixedStock = cards(spec.stock ?? "");
  const used = [...fixedHands.flat(), ...fixedPozzetti.flat(), ...fixedDiscard, ...fixedStock];
  const deck = makeDeck(r.jokers);
  for (const card of used) if (!deck.includes(card)) throw new Error(`${makeCard(card)} is used too often`);
  let rest = shuffle(removeCards(deck, used), seededRandom(spec.seed ?? "position"));
  const fill = (pile: Card[], size: number) => {
    const need = size - pile.length;
    const out = [...pile, ...rest.slice(0, need)];
    rest = rest.slice(need);
    return out;
  };
  const hands = fixedHands.map((h) => fill(h, HAND_SIZE));
  const pozzetti = fixedPozzetti.map((p) => fill(p, HAND_SIZE));
  const discard = fill(fixedDiscard, 1);
  return { dealer: spec.dealer ?? players - 1, hands, pozzetti, discard, stock: [...fixedStock, ...rest] };
}

export function position(spec: PositionSpec): GameState {
  const started = startHand(newGame(rules(spec.rules), spec.players ?? 2), dealOf(spec));
  if (!started.ok) throw new Error(started.error);
  return started.value.state;
}

/** Reads "SEAT move ..." lines: draw, pickup [meld|attach ...], meld CARDS [low|high], attach ID CARDS [low|high], discard CARD, resign. */
export function parseLine(line: string): { seat: number; move: Move } {
  const [seatText, type, ...rest] = line.trim().split(/\s+/);
  const seat = Number(seatText);
  const withHint = (words: string[]): { cards: Card[]; wild?: WildEnd } => {
    const last = words[words.length - 1];
    return last === "low" || last === "high"
      ? { cards: cards(words.slice(0, -1).join(" ")), wild: last }
      : { cards: cards(words.join(" ")) };
  };
  switch (type) {
    case "draw":
    case "resign":
      return { seat, move: { type } };
    case "discard":
      return { seat, move: { type, card: cards(rest[0]!)[0]! } };
    case "meld":
      return { seat, move: { type, ...withHint(rest) } };
    case "attach":
      return { seat, move: { type, meld: Number(rest[0]), ...withHint(rest.slice(1)) } };
    case "pickup": {
      if (rest.length === 0) return { seat, move: { type } };
      const inner = parseLine(`${seat} ${rest.join(" ")}`).move;
      return { seat, move: { type, play: inner as Extract<Move, { type: "meld" | "attach" }> } };
    }
  }
  throw new Error(`bad move line ${line}`);
}

/** Plays lines that must all be accepted. */
export function playAll(state: GameState, ...lines: string[]): GameState {
  for (const line of lines) {
    const { seat, move } = parseLine(line);
    const result = play(state, seat, move);
    if (!result.ok) throw new Error(`${line}: refused ${result.error.code} (${result.error.message})`);
    state = result.value.state;
  }
  return state;
}

/** Asserts a line is refused with `code`, and that the refusal changed nothing. */
export function expectRefused(state: GameState, line: string, code: string): string {
  const { seat, move } = parseLine(line);
  const before = JSON.stringify(state);
  const result = play(state, seat, move);
  expect(result.ok ? "accepted" : result.error.code, line).toBe(code);
  expect(JSON.stringify(state)).toBe(before);
  return result.ok ? "" : result.error.message;
}

export function handOf(state: GameState, seat: number): string[] {
  return state.hand!.hands[seat]!.map(makeCard);
}

/** Seat draws the top of the stock and discards that same card. */
export function idleDraw(state: GameState, seat: number): GameState {
  return playAll(state, `${seat} draw`, `${seat} discard ${makeCard(state.hand!.stock[state.hand!.stockTop]!)}`);
}

/** Idle turns (draw, discard the drawn card) until the stock has `left` cards. */
export function runStockDown(state: GameState, left = 2): GameState {
  while (!state.hand!.end && state.hand!.stock.length - state.hand!.stockTop > left) state = idleDraw(state, state.hand!.turn);
  return state;
}
