/** Limits and constants a client should know. No schema library here: the web client imports this at run time. */

export const LIMITS = {
  /** Largest request body, in bytes. */
  bodyBytes: 16 * 1024,
  /** Longest long-poll wait, in seconds. */
  waitSeconds: 25,
  nameLength: 40,
  idempotencyKeyLength: 100,
  preparedDeals: 20,
} as const;

/** The subprotocol a browser offers (with `bearer.<token>`) to authenticate a WebSocket. */
export const WS_PROTOCOL = "burraco";

/** The close code of a seat's WebSocket whose device was removed from the seat's player: the client stops reconnecting. */
export const WS_DEVICE_REMOVED = 4001;

/**
 * The close code of a seat's WebSocket opened without a device of the player who then opened the seat (a link used
 * with no player key, before its player came): the seat is theirs now, and the client stops reconnecting.
 */
export const WS_SEAT_BOUND = 4003;
