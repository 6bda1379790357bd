import type { ErrorBody, ErrorCode } from "../shared/api";

/** What a room answers over RPC; routes turn it into an HTTP response as is. */
export type Reply<T> =
  | { readonly ok: true; readonly status: 200 | 201; readonly body: T }
  | { readonly ok: false; readonly status: ErrorStatus; readonly body: ErrorBody; readonly headers?: Record<string, string> };

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 422 | 426 | 429 | 500;

export type Failure = Extract<Reply<never>, { ok: false }>;

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

export const gameNotFound = (): Failure => fail(404, "GAME_NOT_FOUND", "No game with that id.");
