import type { Context } from "hono";
import type { ErrorBody, ErrorCode } from "../shared/api";

/**
 * The one failure type of the server: what a room answers over RPC, what
 * middleware and routes refuse with, rendered as `{ "error": { code, message } }`
 * with its HTTP status. Expected refusals are values, never exceptions.
 */
export type Reply<T> = { readonly ok: true; readonly status: 200 | 201; readonly body: T } | Failure;

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 426 | 429 | 500;

export interface Failure {
  readonly ok: false;
  readonly status: ErrorStatus;
  readonly body: ErrorBody;
  readonly headers?: Record<string, string>;
}

/**
 * A JSON body serialised once, where it was built (a game room), so that it
 * crosses the RPC boundary as one string and the Worker sends it as is.
 */
export type Json<T> = string & { readonly __json?: T };

export function toJson<T>(body: T): Json<T> {
  return JSON.stringify(body) as Json<T>;
}

export function done<T>(body: T, status: 200 | 201 = 200): Reply<T> {
  return { ok: true, status, body };
}

export function fail(
  status: ErrorStatus,
  code: ErrorCode,
  message: string,
  extra: Omit<ErrorBody["error"], "code" | "message"> = {},
): Failure {
  const headers = extra.retryAfter !== undefined ? { "Retry-After": String(extra.retryAfter) } : undefined;
  return { ok: false, status, body: { error: { code, message, ...extra } }, ...(headers ? { headers } : {}) };
}

export const isFailure = (v: unknown): v is Failure => typeof v === "object" && v !== null && (v as { ok?: unknown }).ok === false;

export const gameNotFound = (): Failure => fail(404, "GAME_NOT_FOUND", "No game with that id.");

export function rateLimited(wait: number, what = "requests"): Failure {
  return fail(429, "RATE_LIMITED", `Too many ${what}: try again in ${wait} s.`, { retryAfter: wait });
}

/** Renders a reply as the HTTP response. */
export function render(c: Context, r: Reply<unknown>): Response {
  const headers = r.ok ? undefined : r.headers;
  if (r.ok && typeof r.body === "string") {
    return c.body(r.body, r.status, { "Content-Type": "application/json; charset=UTF-8" });
  }
  return c.json(r.body as object, r.status, headers);
}
