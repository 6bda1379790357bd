import { type Card, makeCard, makeCards, parseCard } from "./cards.js";
import type { MoveError } from "./errors.js";
import { err, ok, type Result } from "./result.js";
import type { WildEnd } from "./sequence.js";
import type { MoveText, PlayText } from "./types.js";

/** A play of cards onto the table: a new meld or an addition to a team meld. */
export type Play =
  | { readonly type: "meld"; readonly cards: readonly Card[]; readonly wild?: WildEnd }
  | { readonly type: "attach"; readonly meld: number; readonly cards: readonly Card[]; readonly wild?: WildEnd };

/** The moves of docs/record.md, with cards already parsed. */
export type Move =
  | { readonly type: "draw" }
  | { readonly type: "pickup"; readonly play?: Play }
  | Play
  | { readonly type: "discard"; readonly card: Card }
  | { readonly type: "resign" };

/**
 * The fields of each move as docs/record.md writes it: checked against the
 * move's one definition (MoveText, src/engine/types.ts), which the wire's
 * schema must match too (test/engine/vocabulary.test.ts).
 */
const FIELDS: Record<string, readonly string[]> = {
  draw: ["type"],
  pickup: ["type", "play"],
  meld: ["type", "cards", "wild"],
  attach: ["type", "meld", "cards", "wild"],
  discard: ["type", "card"],
  resign: ["type"],
} satisfies { [K in MoveText["type"]]: readonly (keyof Extract<MoveText, { type: K }>)[] };

const bad = (message: string) => err<MoveError>({ code: "BAD_MOVE", message });

/** A hand never holds more than the whole deck; longer lists are malformed. */
const MAX_CARDS = 108;

function parseCardList(value: unknown): Result<Card[], MoveError> {
  if (!Array.isArray(value) || value.length === 0) return bad("cards must be a non-empty list of cards");
  if (value.length > MAX_CARDS) return bad("too many cards");
  const cards: Card[] = [];
  for (const text of value) {
    const card = parseCard(text);
    if (card === undefined) return bad(`${JSON.stringify(text)} is not a card (write e.g. "10H", "AS", "JK")`);
    cards.push(card);
  }
  return ok(cards);
}

function parseWild(value: unknown): Result<WildEnd | undefined, MoveError> {
  if (value === undefined || value === null) return ok(undefined);
  if (value === "low" || value === "high") return ok(value);
  return bad('wild must be "low" or "high"');
}

/**
 * Checks the shape of a move as a client sent it (docs/record.md §3): any
 * JSON value may arrive, and everything malformed is a BAD_MOVE.
 */
export function parseMove(input: unknown, nested = false): Result<Move, MoveError> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return bad("a move must be an object with a type");
  const raw = input as Record<string, unknown>;
  const type = raw.type;
  if (typeof type !== "string" || !Object.hasOwn(FIELDS, type)) {
    return bad(`unknown move type ${JSON.stringify(type)}; moves are draw, pickup, meld, attach, discard, resign`);
  }
  if (nested && type !== "meld" && type !== "attach") return bad("pickup's play must be a meld or an attach");
  const extra = Object.keys(raw).find((key) => !FIELDS[type]!.includes(key));
  if (extra !== undefined) return bad(`a ${type} move has no field ${JSON.stringify(extra)}`);
  switch (type) {
    case "draw":
    case "resign":
      return ok({ type });
    case "discard": {
      const card = parseCard(raw.card);
      if (card === undefined) return bad(`discard needs a card, e.g. {"type":"discard","card":"9C"}`);
      return ok({ type, card });
    }
    case "pickup": {
      if (raw.play === undefined || raw.play === null) return ok({ type });
      const play = parseMove(raw.play, true);
      if (!play.ok) return play;
      return ok({ type, play: play.value as Play });
    }
    case "meld":
    case "attach": {
      const cards = parseCardList(raw.cards);
      if (!cards.ok) return cards;
      const wild = parseWild(raw.wild);
      if (!wild.ok) return wild;
      const hint = wild.value === undefined ? {} : { wild: wild.value };
      if (type === "meld") return ok({ type, cards: cards.value, ...hint });
      const id = raw.meld;
      if (!Number.isSafeInteger(id) || (id as number) < 0) return bad("attach needs the id of a meld (a whole number)");
      return ok({ type, meld: id as number, cards: cards.value, ...hint });
    }
  }
  return bad("unknown move");
}

/** The move in docs/record.md notation. */
export function makeMove(move: Move): MoveText {
  switch (move.type) {
    case "draw":
    case "resign":
      return { type: move.type };
    case "discard":
      return { type: move.type, card: makeCard(move.card) };
    case "pickup":
      return move.play ? { type: move.type, play: makeMove(move.play) as PlayText } : { type: move.type };
    case "meld":
      return { type: move.type, cards: makeCards(move.cards), ...(move.wild ? { wild: move.wild } : {}) };
    case "attach":
      return { type: move.type, meld: move.meld, cards: makeCards(move.cards), ...(move.wild ? { wild: move.wild } : {}) };
  }
}
