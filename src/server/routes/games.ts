import { type Context, Hono } from "hono";
import { type CreateGameResponse, LIMITS } from "../../shared/api";
import { bearer, bearerFromProtocols, newGameId } from "../auth";
import type { AppEnv } from "../env";
import { callerOf, gameUrl, isFailure, limitBody, readJson, reply, roomOf } from "../http";
import { done, fail, gameNotFound } from "../reply";
import { RateLimiter } from "../room/limits";
import { parseMoveRequest } from "../room/moves";
import { parseClaimRequest, parseCreateRequest } from "../validate";

/** Games: create, view, move, events (long polling and WebSocket), claim a seat, record. */
export const gamesApi = new Hono<AppEnv>();

/** New games per client address, per Worker instance: a brake on floods, not an exact quota. */
const creations = new RateLimiter({ burst: 200, perSecond: 2 });

/** The game named in the path, and the caller as its room will see them. */
function gameOf(c: Context<AppEnv>, token?: string | null) {
  const id = c.req.param("id")!;
  const room = roomOf(c, id);
  if (!room) return gameNotFound();
  const caller = token === undefined ? callerOf(c, id) : callerOf(c, id, token);
  return isFailure(caller) ? caller : { id, room, caller };
}

gamesApi.post("/", limitBody, async (c) => {
  const client = c.req.header("CF-Connecting-IP") ?? "local";
  const wait = creations.take(client);
  if (wait > 0) return reply(c, fail(429, "RATE_LIMITED", `Too many new games: try again in ${wait} s.`, { retryAfter: wait }));
  const body = await readJson(c);
  if (isFailure(body)) return reply(c, body);
  const id = newGameId();
  const init = parseCreateRequest(body.value, id);
  if (isFailure(init)) return reply(c, init);
  const created = await roomOf(c, id)!.create(init);
  if (!created.ok) return reply(c, created);
  const { tokens, invite, version } = created.body;
  const answer: CreateGameResponse = {
    id,
    version,
    seats: tokens.map((token, seat) => ({ seat, token, url: gameUrl(c, id, `seat=${token}`) })),
    invite: { token: invite, url: gameUrl(c, id, `invite=${invite}`) },
    spectatorUrl: gameUrl(c, id),
  };
  return reply(c, done(answer, 201));
});

gamesApi.get("/:id", async (c) => {
  const target = gameOf(c);
  if (isFailure(target)) return reply(c, target);
  const { room, caller } = target;
  return reply(c, await room.snapshot(caller));
});

gamesApi.post("/:id/moves", limitBody, async (c) => {
  const target = gameOf(c);
  if (isFailure(target)) return reply(c, target);
  const { room, caller } = target;
  if (caller.tokenHash === null)
    return reply(c, fail(401, "AUTH_REQUIRED", "Playing needs the seat's link (Authorization: Bearer <seat token>)."));
  const body = await readJson(c);
  if (isFailure(body)) return reply(c, body);
  const request = parseMoveRequest(body.value, c.req.header("Idempotency-Key") ?? null);
  if (isFailure(request)) return reply(c, request);
  return reply(c, await room.move(caller, request));
});

gamesApi.get("/:id/events", async (c) => {
  const target = gameOf(c);
  if (isFailure(target)) return reply(c, target);
  const { room, caller } = target;
  const since = Number(c.req.query("since") ?? "0");
  const wait = Number(c.req.query("wait") ?? "0");
  if (!Number.isSafeInteger(since) || since < 0)
    return reply(c, fail(400, "BAD_REQUEST", "since must be a version (a whole number, 0 or more)."));
  if (!Number.isFinite(wait) || wait < 0)
    return reply(c, fail(400, "BAD_REQUEST", `wait must be a number of seconds from 0 to ${LIMITS.waitSeconds}.`));
  return reply(c, await room.events(caller, since, Math.min(wait, LIMITS.waitSeconds)));
});

gamesApi.get("/:id/ws", async (c) => {
  const token = bearer(c.req.header("Authorization")) ?? bearerFromProtocols(c.req.header("Sec-WebSocket-Protocol"));
  const target = gameOf(c, token);
  if (isFailure(target)) return reply(c, target);
  const { room, caller } = target;
  if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
    return reply(c, fail(426, "UPGRADE_REQUIRED", "This endpoint speaks WebSocket: send Upgrade: websocket."));
  }
  const headers = new Headers(c.req.raw.headers);
  headers.delete("Authorization"); // the room gets the token's hash only
  headers.set("x-caller", JSON.stringify(caller));
  return room.fetch(new Request(c.req.raw.url, { headers }));
});

gamesApi.post("/:id/claim", limitBody, async (c) => {
  const target = gameOf(c);
  if (isFailure(target)) return reply(c, target);
  const { id, room, caller } = target;
  const body = await readJson(c);
  if (isFailure(body)) return reply(c, body);
  const request = parseClaimRequest(body.value);
  if (isFailure(request)) return reply(c, request);
  const claimed = await room.claim(caller, request);
  if (!claimed.ok) return reply(c, claimed);
  const { seat, token } = claimed.body;
  return reply(c, done({ seat, token, url: gameUrl(c, id, `seat=${token}`) }));
});

gamesApi.get("/:id/record", async (c) => {
  const target = gameOf(c);
  if (isFailure(target)) return reply(c, target);
  const { room, caller } = target;
  return reply(c, await room.record(caller));
});
