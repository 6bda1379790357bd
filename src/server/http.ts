import type { Context } from "hono";
import { bodyLimit } from "hono/body-limit";
import { LIMITS } from "../shared/api";
import { bearer, GAME_ID, hashToken, isSecret } from "./auth";
import type { AppEnv } from "./env";
import { type Failure, fail, type Reply } from "./reply";
import type { Caller } from "./room/seats";

/** Shared pieces of the HTTP routes: replies, bodies, callers. */

export function reply<T>(c: Context<AppEnv>, r: Reply<T> | Failure): Response {
  return c.json(r.body as object, r.status, r.ok ? undefined : r.headers);
}

/** Refuses bodies over LIMITS.bodyBytes with 413. */
export const limitBody = bodyLimit({
  maxSize: LIMITS.bodyBytes,
  onError: (c) => c.json(fail(413, "BODY_TOO_LARGE", `Request bodies are limited to ${LIMITS.bodyBytes} bytes.`).body, 413),
});

/** The JSON body; an empty body reads as undefined. */
export async function readJson(c: Context<AppEnv>): Promise<{ value: unknown } | Failure> {
  const text = await c.req.text();
  if (text.trim() === "") return { value: undefined };
  try {
    return { value: JSON.parse(text) as unknown };
  } catch {
    return fail(400, "BAD_JSON", "The request body is not valid JSON.");
  }
}

/** The caller as a room sees it: hashes of the bearer token and player key, and the client's address. */
export function callerOf(c: Context<AppEnv>, gameId: string, token = bearer(c.req.header("Authorization"))): Caller | Failure {
  const key = c.req.header("X-Player-Key");
  if (key !== undefined && !isSecret(key))
    return fail(400, "BAD_PLAYER_KEY", "X-Player-Key must be 22 to 128 base64url characters (at least 128 random bits).");
  return {
    gameId,
    tokenHash: token === null ? null : hashToken(token),
    playerKeyHash: key === undefined ? null : hashToken(key),
    client: c.req.header("CF-Connecting-IP") ?? "local",
  };
}

/** The room of a game id; null (answer 404) for anything that cannot be an id. */
export function roomOf(c: Context<AppEnv>, gameId: string) {
  if (!GAME_ID.test(gameId)) return null;
  return c.env.GAME_ROOM.get(c.env.GAME_ROOM.idFromName(gameId));
}

export const isFailure = (v: unknown): v is Failure => typeof v === "object" && v !== null && (v as { ok?: unknown }).ok === false;

/** A seat's, the invitation's or the spectators' page: the secret in the fragment never reaches a server. */
export function gameUrl(c: Context<AppEnv>, gameId: string, fragment?: string): string {
  const origin = new URL(c.req.url).origin;
  return `${origin}/game/${gameId}${fragment ? `#${fragment}` : ""}`;
}
