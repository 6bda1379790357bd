/**
 * The wire format shared by the server and its clients: request and response
 * bodies, WebSocket messages and the error body. Every card here is in
 * docs/record.md notation ("10H", "JK"); every view and event has already been cut
 * down to what its viewer may see (docs/rules.md §12).
 */
import type { MoveCode } from "../engine/errors";
import type { GameView } from "../engine/view";

/** Seat number `0 … players-1`, or null for a spectator. */
export type Viewer = number | null;

// ── Errors ────────────────────────────────────────────────────────────────

/** Codes of the service itself; refused moves use the engine's docs/record.md codes. */
export type ServiceCode =
  | "BAD_JSON"
  | "BAD_REQUEST"
  | "BAD_RULES"
  | "BAD_DEAL"
  | "BAD_PLAYER_KEY"
  | "AUTH_REQUIRED"
  | "BAD_TOKEN"
  | "FORBIDDEN"
  | "NOT_FOUND"
  | "GAME_NOT_FOUND"
  | "STALE_VERSION"
  | "NO_FREE_SEAT"
  | "SEAT_TAKEN"
  | "IDEMPOTENCY_KEY_REUSED"
  | "BODY_TOO_LARGE"
  | "UPGRADE_REQUIRED"
  | "RATE_LIMITED"
  | "INTERNAL";

export type ErrorCode = ServiceCode | MoveCode;

/** Every error answer, HTTP or WebSocket. */
export interface ErrorBody {
  readonly error: {
    readonly code: ErrorCode;
    readonly message: string;
    /** With STALE_VERSION: the game's version now. */
    readonly currentVersion?: number;
    /** With RATE_LIMITED: seconds to wait (also the Retry-After header). */
    readonly retryAfter?: number;
  };
}

// ── Games ─────────────────────────────────────────────────────────────────

/** `POST /api/games` */
export interface CreateGameRequest {
  readonly players: 2 | 3 | 4;
  /** A preset plus overrides (docs/rules.md §11); default `{ "preset": "classic" }`. */
  readonly rules?: Record<string, unknown>;
  /** One name (or null) per seat, at most 40 characters each. */
  readonly names?: readonly (string | null)[];
  /**
   * Prepared deals (docs/record.md `deal`), used for the first hands in order
   * instead of a random deal; for tournaments with the same deals at every
   * table. Such a game is marked `preparedDeals: true` for everyone.
   */
  readonly deals?: readonly unknown[];
}

export interface SeatLink {
  readonly seat: number;
  /** The seat's secret: whoever holds it plays that seat. Shown only once. */
  readonly token: string;
  /** `/game/{id}#seat={token}`: the token stays in the fragment, never sent to a server. */
  readonly url: string;
}

/** Answer to `POST /api/games` (201). */
export interface CreateGameResponse {
  readonly id: string;
  readonly version: number;
  readonly seats: readonly SeatLink[];
  /** Anyone with this link may claim a free seat (and gets a fresh seat token). */
  readonly invite: { readonly token: string; readonly url: string };
  /** The public view: no secret in it. */
  readonly spectatorUrl: string;
}

export interface SeatInfo {
  readonly seat: number;
  readonly name: string | null;
  /** Someone has used this seat's link, or claimed it with the invitation. */
  readonly taken: boolean;
}

/** The commit–reveal of one hand's deal (README "Fairness"). */
export interface HandFairness {
  readonly hand: number;
  /** SHA-256 hex of `salt + ":" + JSON.stringify(deal)`, published when dealt. */
  readonly commitment: string;
  /** Revealed when the hand ends; null while it is in play. */
  readonly salt: string | null;
  /** The deal was supplied by the game's creator, not drawn at random. */
  readonly prepared: boolean;
}

/** A game as one viewer may see it (`GET /api/games/{id}`, and in every update). */
export interface GameSnapshot {
  readonly id: string;
  readonly version: number;
  readonly viewer: Viewer;
  readonly status: "playing" | "over";
  readonly seats: readonly SeatInfo[];
  readonly preparedDeals: boolean;
  readonly fairness: readonly HandFairness[];
  /** The engine's per-viewer view (docs/rules.md §12). */
  readonly view: GameView;
}

/**
 * One engine event as the viewer may see it, with the log position it came
 * from. Several events can share a `seq` (a move and its consequences).
 */
export type WireEvent = { readonly seq: number; readonly at: string; readonly type: string } & Record<string, unknown>;

/** `POST /api/games/{id}/moves` */
export interface MoveRequest {
  /** A docs/record.md move, e.g. `{ "type": "discard", "card": "9C" }`. */
  readonly move: unknown;
  /** The version the move was chosen at; anything else is refused with 409. */
  readonly version: number;
  /** Idempotency key (or the `Idempotency-Key` header): a retry gets the first answer. */
  readonly id?: string;
}

/** Answer to an accepted move, and to `GET /api/games/{id}/events`. */
export interface EventsResponse {
  readonly version: number;
  readonly events: readonly WireEvent[];
  readonly view: GameSnapshot;
}

/** `POST /api/games/{id}/claim` (Bearer invitation token). */
export interface ClaimRequest {
  readonly seat?: number;
  readonly name?: string;
}

export interface ClaimResponse {
  readonly seat: number;
  readonly token: string;
  readonly url: string;
}

/** `GET /api/me/games` (Bearer player key). */
export interface MyGame {
  readonly id: string;
  readonly seat: number;
  readonly players: number;
  readonly names: readonly (string | null)[];
  readonly status: "playing" | "over";
  readonly turn: number | null;
  readonly yourTurn: boolean;
  readonly version: number;
  readonly updatedAt: string;
}

export interface MyGamesResponse {
  readonly games: readonly MyGame[];
}

// ── WebSocket ─────────────────────────────────────────────────────────────

export type ClientMessage =
  | { readonly type: "move"; readonly move: unknown; readonly version: number; readonly id: string }
  | { readonly type: "resume"; readonly since: number };

export type ServerMessage =
  | ({ readonly type: "events" } & EventsResponse)
  | { readonly type: "accepted"; readonly id: string; readonly version: number }
  | ({ readonly type: "error"; readonly id: string | null; readonly status: number } & ErrorBody);

/** The subprotocol a browser offers (with `bearer.<token>`) to authenticate a WebSocket. */
export const WS_PROTOCOL = "burraco";

/** Limits a client should know. */
export const LIMITS = {
  /** Largest request body, in bytes. */
  bodyBytes: 16 * 1024,
  /** Longest long-poll wait, in seconds. */
  waitSeconds: 25,
  nameLength: 40,
  idempotencyKeyLength: 100,
  preparedDeals: 20,
} as const;
