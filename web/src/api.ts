import type {
  ChatMessage,
  ChatRequest,
  ChatResponse,
  ChatState,
  ClaimRequest,
  ClaimResponse,
  CreateGameRequest,
  CreateGameResponse,
  ErrorBody,
  ErrorCode,
  EventsResponse,
  GameRecord,
  GameSnapshot,
  HostSeatsResponse,
  MoveRequest,
  MyGamesResponse,
  RematchResponse,
  SeatLinkRequest,
} from "../../src/shared/api";
import { takeFirstSnapshot } from "./first-snapshot";
import { playerKey } from "./store";

/**
 * The JSON API under /api. Secrets travel only in the Authorization header
 * (seat and invitation tokens, the player key for "my games") and in
 * X-Player-Key: never in a URL.
 */

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

interface Call {
  readonly method?: "GET" | "POST" | "PATCH" | "DELETE";
  readonly body?: unknown;
  /** Bearer token: a seat or invitation token, or the player key. */
  readonly token?: string | null;
  /** Send the player key as X-Player-Key (seat requests and claims), so that "my games" lists the seat. */
  readonly withPlayerKey?: boolean;
  readonly signal?: AbortSignal;
  /** The answer to this very request, already asked for (first-snapshot.ts). */
  readonly early?: Promise<Response> | null;
}

/** One JSON request; the notifications page's calls (notifications/api.ts) go through it too. */
export async function call<T>(path: string, options: Call = {}): Promise<T> {
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
      fetch(path, {
        method: options.method ?? (body === undefined ? "GET" : "POST"),
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
  if (response.ok && parsed !== null) return parsed as T;
  const error = (parsed as ErrorBody | null)?.error;
  if (error && typeof error.code === "string") throw new ApiError(response.status, error.code, error.message, error);
  throw new ApiError(response.status, "INTERNAL", `The server answered ${response.status}.`);
}

export const api = {
  createGame: (request: CreateGameRequest) => call<CreateGameResponse>("/api/games", { body: request }),

  snapshot: (id: string, token: string | null) =>
    call<GameSnapshot>(`/api/games/${encodeURIComponent(id)}`, {
      token,
      withPlayerKey: token !== null,
      early: takeFirstSnapshot(id, token),
    }),

  // A move and a long poll are the seat token's (the server looks no player key up on them: no database on a move's way);
  // the key goes along so that a room told this device was removed refuses it.
  move: (id: string, token: string, request: MoveRequest) =>
    call<EventsResponse>(`/api/games/${encodeURIComponent(id)}/moves`, { token, body: request, withPlayerKey: true }),

  events: (id: string, token: string | null, since: number, wait: number, signal?: AbortSignal) =>
    call<EventsResponse>(`/api/games/${encodeURIComponent(id)}/events?since=${since}&wait=${wait}`, {
      token,
      signal,
      withPlayerKey: token !== null,
    }),

  claim: (id: string, inviteToken: string, request: ClaimRequest) =>
    call<ClaimResponse>(`/api/games/${encodeURIComponent(id)}/claim`, { token: inviteToken, body: request, withPlayerKey: true }),

  /** The seats as the creator sees them: which may get a fresh link now (the creator's secret). */
  hostSeats: (id: string, hostToken: string) => call<HostSeatsResponse>(`/api/games/${encodeURIComponent(id)}/seats`, { token: hostToken }),

  seatLink: (id: string, hostToken: string, seat: number, request: SeatLinkRequest = {}) =>
    call<ClaimResponse>(`/api/games/${encodeURIComponent(id)}/seats/${seat}/link`, { token: hostToken, body: request }),

  rematch: (id: string, seatToken: string) =>
    call<RematchResponse>(`/api/games/${encodeURIComponent(id)}/rematch`, { method: "POST", token: seatToken, withPlayerKey: true }),

  chat: (id: string, token: string | null) =>
    call<ChatResponse>(`/api/games/${encodeURIComponent(id)}/chat`, { token, withPlayerKey: token !== null }),

  say: (id: string, token: string, request: ChatRequest) =>
    call<{ version: number; message: ChatMessage }>(`/api/games/${encodeURIComponent(id)}/chat`, {
      token,
      body: request,
      withPlayerKey: true,
    }),

  mute: (id: string, token: string, seat: number, muted: boolean) =>
    call<ChatState>(`/api/games/${encodeURIComponent(id)}/chat/mutes`, { token, body: { seat, muted }, withPlayerKey: true }),

  chatAudience: (id: string, token: string, open: boolean) =>
    call<ChatState>(`/api/games/${encodeURIComponent(id)}/chat/audience`, { token, body: { open }, withPlayerKey: true }),

  report: (id: string, token: string, seq: number) =>
    call<{ reported: true; seq: number }>(`/api/games/${encodeURIComponent(id)}/chat/${seq}/report`, {
      token,
      body: {},
      withPlayerKey: true,
    }),

  /** With a seat's token, the record holds that seat's chat too (docs/record.md). */
  record: (id: string, token: string | null = null) =>
    call<GameRecord>(`/api/games/${encodeURIComponent(id)}/record`, { token, withPlayerKey: token !== null }),

  myGames: () => call<MyGamesResponse>("/api/me/games", { token: playerKey() }),
};
