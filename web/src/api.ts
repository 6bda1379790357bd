import type { ErrorBody, ErrorCode } from "../../src/shared/api";
import { type Answer, type AnyInput, apiUrl, type InputArgument, type Method, type Route, type Schema } from "./api-url";
import { takeFirstSnapshot } from "./first-snapshot";
import { playerKey } from "./store";

/**
 * The JSON API under /api. Secrets travel only in the Authorization header
 * (seat and invitation tokens, the player key for "my games") and in
 * X-Player-Key: never in a URL.
 */

/** The answers' and requests' parts the pages keep, by the names the OpenAPI document gives them (api-paths.ts). */
export type CreateGameRequest = Schema<"CreateGame">;
export type CreateGameResponse = Schema<"CreatedGame">;
export type MyGame = Schema<"MyGame">;
export type HostSeat = Schema<"HostSeat">;
export type Player = Schema<"Player">;
export type LinkCode = Schema<"LinkCode">;
export type LinkPreview = Schema<"LinkPreview">;
export type RecoveryCode = Schema<"RecoveryCode">;
export type SubscriptionView = Schema<"Subscription">;
export type CreatedSubscription = Schema<"CreatedSubscription">;
export type DeliveryAttempt = Schema<"DeliveryAttempt">;
export type NotifyChannel = SubscriptionView["channel"];
export type NotifyEventName = SubscriptionView["events"][number];
export type Absences = Schema<"Absences">;
export type ClockRequest = Schema<"ClockRequest">;
export type ClockControl = Schema<"ClockControl">;
export type Seek = Schema<"Seek">;
export type SeekPlayer = Schema<"SeekPlayer">;
export type JoinedSeek = Schema<"JoinedSeek">;
export type PublishSeekRequest = Schema<"PublishSeek">;
export type PublicPlayer = Schema<"PublicPlayer">;
export type Leaderboard = Schema<"Leaderboard">;
export type Standing = Schema<"Standing">;
export type Tournament = Schema<"Tournament">;
export type TournamentListItem = Schema<"TournamentList">["tournaments"][number];
export type CreateTournamentRequest = Schema<"CreateTournament">;
export type StandingView = Schema<"TournamentStandings">["standings"][number];

/** A refused or failed request: the server's code (shown to players through the catalogs, never its English message). */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    readonly code: ErrorCode | "NETWORK",
    message: string,
    readonly body: ErrorBody["error"] | null = null,
  ) {
    super(message);
  }
}

/** How a call travels, besides what its route declares (api-url.ts's Input: the path's parameters, the query, the body). */
interface Via {
  /** Bearer token: a seat or invitation token, or the player key. */
  readonly token?: string | null;
  readonly signal?: AbortSignal;
  /** The answer to this very request, already asked for (first-snapshot.ts). */
  readonly early?: Promise<Response> | null;
}

/**
 * One JSON request to a route of the API, named by its method and its path as the OpenAPI document writes it:
 * `call("POST", "/api/games/{id}/moves", { params: { id }, body, token })`. tsc checks the route, its parameters,
 * query and body, and types the answer as its success body (api-url.ts). `withPlayerKey` sends the player key as
 * X-Player-Key (seat requests and claims, so that "my games" lists the seat), where the route reads it.
 */
export async function call<M extends Method, P extends Route<M>>(
  method: M,
  path: P,
  ...[input]: InputArgument<M, P, Via>
): Promise<Answer<M, P>>;
export async function call(method: Method, path: string, options: AnyInput & Via = {}): Promise<unknown> {
  const headers: Record<string, string> = { Accept: "application/json" };
  if (options.token) headers.Authorization = `Bearer ${options.token}`;
  if (options.withPlayerKey) headers["X-Player-Key"] = playerKey();
  let body: string | undefined;
  if (options.body !== undefined) {
    body = JSON.stringify(options.body);
    headers["Content-Type"] = "application/json";
  }
  let response: Response;
  try {
    response = await (options.early ??
      fetch(apiUrl(method, path as never, options as never), {
        method,
        headers,
        body,
        signal: options.signal,
        cache: "no-store",
      }));
  } catch (error) {
    if ((error as Error).name === "AbortError") throw error;
    throw new ApiError(0, "NETWORK", "network");
  }
  let parsed: unknown = null;
  try {
    parsed = await response.json();
  } catch {
    // Not JSON: handled below.
  }
  if (response.ok && parsed !== null) return parsed;
  const error = (parsed as ErrorBody | null)?.error;
  if (error && typeof error.code === "string") throw new ApiError(response.status, error.code, error.message, error);
  throw new ApiError(response.status, "INTERNAL", `The server answered ${response.status}.`);
}

export const api = {
  createGame: (request: Schema<"CreateGame">) => call("POST", "/api/games", { body: request }),

  snapshot: (id: string, token: string | null) =>
    call("GET", "/api/games/{id}", { params: { id }, token, withPlayerKey: token !== null, early: takeFirstSnapshot(id, token) }),

  // A move and a long poll are the seat token's (the server looks no player key up on them: no database on a move's way);
  // the key goes along so that a room told this device was removed refuses it.
  move: (id: string, token: string, request: Schema<"MoveRequest">) =>
    call("POST", "/api/games/{id}/moves", { params: { id }, token, body: request, withPlayerKey: true }),

  events: (id: string, token: string | null, since: number, wait: number, signal?: AbortSignal) =>
    call("GET", "/api/games/{id}/events", { params: { id }, query: { since, wait }, token, signal, withPlayerKey: token !== null }),

  claim: (id: string, inviteToken: string, request: Schema<"ClaimRequest">) =>
    call("POST", "/api/games/{id}/claim", { params: { id }, token: inviteToken, body: request, withPlayerKey: true }),

  /** The seats as the creator sees them: which may get a fresh link now (the creator's secret). */
  hostSeats: (id: string, hostToken: string) =>
    call("GET", "/api/games/{id}/seats", { params: { id }, token: hostToken, withPlayerKey: true }),

  seatLink: (id: string, hostToken: string, seat: number, request: Schema<"SeatLinkRequest"> = {}) =>
    call("POST", "/api/games/{id}/seats/{seat}/link", { params: { id, seat }, token: hostToken, body: request, withPlayerKey: true }),

  rematch: (id: string, seatToken: string) =>
    call("POST", "/api/games/{id}/rematch", { params: { id }, token: seatToken, withPlayerKey: true }),

  chat: (id: string, token: string | null) => call("GET", "/api/games/{id}/chat", { params: { id }, token, withPlayerKey: token !== null }),

  say: (id: string, token: string, request: Schema<"ChatRequest">) =>
    call("POST", "/api/games/{id}/chat", { params: { id }, token, body: request, withPlayerKey: true }),

  mute: (id: string, token: string, seat: number, muted: boolean) =>
    call("POST", "/api/games/{id}/chat/mutes", { params: { id }, token, body: { seat, muted }, withPlayerKey: true }),

  chatAudience: (id: string, token: string, open: boolean) =>
    call("POST", "/api/games/{id}/chat/audience", { params: { id }, token, body: { open }, withPlayerKey: true }),

  report: (id: string, token: string, seq: number) =>
    call("POST", "/api/games/{id}/chat/{seq}/report", { params: { id, seq }, token, body: {}, withPlayerKey: true }),

  /** With a seat's token, the record holds that seat's chat too (docs/record.md). */
  record: (id: string, token: string | null = null) =>
    call("GET", "/api/games/{id}/record", { params: { id }, token, withPlayerKey: token !== null }),

  myGames: () => call("GET", "/api/me/games", { token: playerKey() }),
};
