/** Refusal codes of docs/record.md. */
export const MOVE_CODES = [
  "BAD_MOVE",
  "HAND_OVER",
  "NOT_YOUR_TURN",
  "MUST_DRAW_FIRST",
  "ALREADY_DREW",
  "CARD_NOT_IN_HAND",
  "INVALID_MELD",
  "TOO_MANY_WILDS",
  "SETS_NOT_ALLOWED",
  "DUPLICATE_SET",
  "UNKNOWN_MELD",
  "NOT_YOUR_MELD",
  "WILD_CANNOT_MOVE",
  "WOULD_EMPTY_HAND",
  "NO_DISCARD_LEFT",
  "CANNOT_CLOSE_WITHOUT_BURRACO",
  "CANNOT_DISCARD_PICKED_CARD",
  "MUST_PLAY_PICKED_CARD",
] as const;

export type MoveCode = (typeof MOVE_CODES)[number];

/** A refused move: a stable code and a message a player can read. */
export interface MoveError {
  readonly code: MoveCode;
  readonly message: string;
}

export function refuse(code: MoveCode, message: string): { ok: false; error: MoveError } {
  return { ok: false, error: { code, message } };
}
