import type { Context, MiddlewareHandler } from "hono";
import { bodyLimit } from "hono/body-limit";
import { LIMITS } from "../shared/limits";
import { bearer, bearerFromProtocols, hashToken, isGameId, isSecret, keyFromProtocols } from "./auth";
import type { Caller } from "./caller";
import type { AppEnv } from "./env";
import { networkOf } from "./network";
import { type Identity, identify } from "./players/identity";
import { RateLimiter } from "./rate-limiter";
import { type Failure, fail, gameNotFound, isFailure, rateLimited, render } from "./reply";
import { seal } from "./seal";

/** What every route shares: the caller, the game it names, bodies, validation failures. */

/**
 * The client's network, for rate limits and the ratings' same-person check
 * (network.ts): its IPv4 address, or its IPv6 address's /64 (Cloudflare sets
 * the address; local runs have none: "local").
 */
export const clientOf = (c: Context): string => networkOf(c.req.header("CF-Connecting-IP"));

/**
 * Refused requests per client address (unknown games, bad tokens), per
 * Worker instance: a client that keeps knocking on doors that are not
 * there is told to wait before anything is opened for it.
 */
const refusals = new RateLimiter({ burst: 60, perSecond: 2 });
const COUNTED = new Set([401, 403, 404]);

/**
 * The caller as a room sees it: the hash of the bearer token, the device of
 * `X-Player-Key` (or, on a WebSocket, of the `key.<player key>` subprotocol)
 * and the player it belongs to (players/identity.ts; read only where
 * `readsPlayerKey`), and the client's address.
 */
export async function callerOf(
  c: Context<AppEnv>,
  gameId: string,
  token: string | null | "malformed",
  readsPlayerKey = true,
): Promise<Caller | Failure> {
  if (token === "malformed") {
    return fail(
      401,
      "BAD_TOKEN",
      "Authorization must be `Bearer <token>`, the token of a seat or invitation link (22 or more base64url characters).",
    );
  }
  const tokenHash = token === null ? null : hashToken(token);
  const client = clientOf(c);
  const key =
    c.req.header("X-Player-Key") ?? (c.req.path.endsWith("/ws") ? keyFromProtocols(c.req.header("Sec-WebSocket-Protocol")) : null);
  // Where the key is not read, a malformed one is not even looked at; a well-formed one is hashed (no database):
  // the room tells whether it is a device of the seat's player (room/seat-devices.ts, cut-devices.ts).
  if (!readsPlayerKey) return { gameId, tokenHash, playerId: null, device: key != null && isSecret(key) ? hashToken(key) : null, client };
  if (key != null && !isSecret(key)) {
    return fail(400, "BAD_PLAYER_KEY", "X-Player-Key must be 22 to 128 base64url characters (at least 128 random bits).");
  }
  let playerId: string | null = null;
  const device = key == null ? null : hashToken(key);
  if (device !== null) {
    const who = await identify(c.env.DB, device);
    if (isFailure(who)) return who;
    playerId = who.player;
  }
  return { gameId, tokenHash, playerId, device, client };
}

/**
 * A move and a long poll do not look `X-Player-Key` up here, so the move
 * path reaches no D1 database (the device's lookup is a D1 read, and a write
 * every ten minutes): the key's hash goes to the room, which knows the
 * devices of its seats' players (room/seat-devices.ts) and refuses a seat
 * its player opened to any other. The key is looked up where a seat is
 * opened (the game's view, its WebSocket), claimed or carried on (rematch,
 * handover, the clock's claim), and on /api/me.
 */
const KEYLESS = /\/(moves|events)$/;

/**
 * Resolves `/games/{id}…` once for every route under it: refuses ids this
 * service never made and clients with too many refusals, before any room
 * is touched; then reads the caller (the WebSocket route also takes the
 * token from the subprotocol a browser offers).
 */
export const gameTarget: MiddlewareHandler<AppEnv> = async (c, next) => {
  const client = clientOf(c);
  const wait = refusals.wait(client);
  if (wait > 0) return render(c, rateLimited(wait));
  const id = c.req.param("id") ?? "";
  let failure: Failure | null = null;
  if (!isGameId(id, c.env.GAME_ID_KEY)) failure = gameNotFound();
  else {
    const header = c.req.header("Authorization");
    const token =
      header === undefined && c.req.path.endsWith("/ws") ? bearerFromProtocols(c.req.header("Sec-WebSocket-Protocol")) : bearer(header);
    const caller = await callerOf(c, id, token, !KEYLESS.test(c.req.path));
    if (isFailure(caller)) failure = caller;
    else {
      const sealedToken =
        caller.playerId && typeof token === "string" ? await sealedOnce(token, caller.tokenHash!, c.env.GAME_ID_KEY) : null;
      c.set("game", { id, room: c.env.GAME_ROOM.get(c.env.GAME_ROOM.idFromName(id)), caller: { ...caller, sealedToken } });
    }
  }
  if (failure) {
    if (COUNTED.has(failure.status)) refusals.take(client);
    return render(c, failure);
  }
  await next();
  if (COUNTED.has(c.res.status)) refusals.take(client);
};

/** Tokens sealed by this Worker instance, by their hash: a player's requests seal their token once. */
const sealed = new Map<string, Promise<string>>();

function sealedOnce(token: string, tokenHash: string, key: string | undefined): Promise<string> {
  let made = sealed.get(tokenHash);
  if (!made) {
    if (sealed.size >= 10_000) sealed.clear();
    made = seal(token, key);
    sealed.set(tokenHash, made);
  }
  return made;
}

/** Refuses bodies over LIMITS.bodyBytes with 413. */
export const limitBody = bodyLimit({
  maxSize: LIMITS.bodyBytes,
  onError: (c) => render(c, fail(413, "BODY_TOO_LARGE", `Request bodies are limited to ${LIMITS.bodyBytes} bytes.`)),
});

/** The device a request comes from and the player it speaks for (`Authorization: Bearer <player key>`). */
export async function identityOf(c: Context<AppEnv>): Promise<Identity | Failure> {
  const key = bearer(c.req.header("Authorization"));
  if (key === null) return fail(401, "AUTH_REQUIRED", "Send your player key: Authorization: Bearer <player key>.");
  if (key === "malformed") return fail(401, "BAD_TOKEN", "Authorization must be `Bearer <player key>`, 22 to 128 base64url characters.");
  return identify(c.env.DB, hashToken(key));
}

/** The player a request speaks for (players/identity.ts): their id. */
export async function playerOf(c: Context<AppEnv>): Promise<string | Failure> {
  const who = await identityOf(c);
  return isFailure(who) ? who : who.player;
}

/** A seat's, the invitation's or the spectators' page: the secret in the fragment never reaches a server. */
export function gameUrl(c: Context, gameId: string, fragment?: string): string {
  const origin = new URL(c.req.url).origin;
  return `${origin}/game/${gameId}${fragment ? `#${fragment}` : ""}`;
}
