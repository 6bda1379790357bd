import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { LIMITS } from "../../shared/limits";
import {
  ClaimRequest,
  ClaimResponse,
  CreateGameRequest,
  CreateGameResponse,
  EventsResponse,
  GameRecord,
  MoveRequest,
} from "../../shared/wire/api";
import { GameSnapshot } from "../../shared/wire/view";
import { z } from "../../shared/wire/z";
import { newGameId } from "../auth";
import type { AppEnv } from "../env";
import { clientOf, gameTarget, gameUrl, limitBody } from "../http";
import { pollEvents } from "../long-poll";
import { RateLimiter } from "../rate-limiter";
import { done, fail, isFailure, rateLimited } from "../reply";
import { gameInit } from "../validate";
import { validationHook } from "../validation";
import { serveChat } from "./chat";
import { errors, json, OPTIONAL_TOKEN, SEAT_TOKEN, serve } from "./define";
import { GameParams, PlayerKeyHeader } from "./game-params";
import { serveGameWebhooks } from "./game-webhooks";
import { servePreview } from "./preview";
import { serveRematch } from "./rematch";
import { serveHandover, serveTimeoutClaim } from "./seat-clock";
import { serveSeatLinks } from "./seat-links";

/** Games: create, view, move, events (long polling and WebSocket), claim a seat, record. */
export const gamesApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

gamesApi.use("/:id", gameTarget);
gamesApi.use("/:id/*", gameTarget);

/** New games per client address, per Worker instance: a brake on floods, not an exact quota. */
const creations = new RateLimiter({ burst: 200, perSecond: 2 });

serve(
  gamesApi,
  createRoute({
    method: "post",
    path: "/",
    tags: ["games"],
    summary: "Create a game",
    description:
      "Returns, once, a secret link per person's seat, an invitation link and the public link. A computer player's seat has no link: nobody may see its cards.",
    middleware: [limitBody] as const,
    request: { body: { content: { "application/json": { schema: CreateGameRequest } }, required: true } },
    responses: { 201: json(CreateGameResponse, "The game, with its links."), ...errors(400, 413, 415, 422, 429) },
  }),
  async (c) => {
    const wait = creations.take(clientOf(c));
    if (wait > 0) return rateLimited(wait, "new games");
    const id = newGameId(c.env.GAME_ID_KEY);
    const init = gameInit(c.req.valid("json"), id);
    if (isFailure(init)) return init;
    const created = await c.env.GAME_ROOM.get(c.env.GAME_ROOM.idFromName(id)).create(init);
    if (!created.ok) return created;
    const { tokens, invite, host, version } = created.body;
    return done(
      {
        id,
        version,
        seats: tokens.map((token, seat) => {
          const computer = init.computers?.[seat] ?? null;
          return computer
            ? { seat, token: null, url: null, computer }
            : { seat, token, url: gameUrl(c, id, `seat=${token}`), computer: null };
        }),
        invite: { token: invite, url: gameUrl(c, id, `invite=${invite}`) },
        spectatorUrl: gameUrl(c, id),
        host: { token: host },
      },
      201,
    );
  },
);

serve(
  gamesApi,
  createRoute({
    method: "get",
    path: "/{id}",
    tags: ["games"],
    summary: "The game as the caller may see it",
    description: "With a seat token: that seat's view. Without one: the public view (never a hand, the stock or an unrevealed pozzetto).",
    security: OPTIONAL_TOKEN,
    request: { params: GameParams, headers: PlayerKeyHeader },
    responses: { 200: json(GameSnapshot, "The game."), ...errors(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const { room, caller } = c.get("game");
    return room.snapshot(caller);
  },
);

serve(
  gamesApi,
  createRoute({
    method: "post",
    path: "/{id}/moves",
    tags: ["games"],
    summary: "Play a move",
    description:
      "A docs/record.md move at the version it was chosen at. A retry with the same idempotency key gets the first answer; a stale version is refused with 409; a refused move changes nothing.",
    security: SEAT_TOKEN,
    middleware: [limitBody] as const,
    request: {
      params: GameParams,
      headers: PlayerKeyHeader.extend({
        "idempotency-key": z.string().min(1).max(LIMITS.idempotencyKeyLength).optional().openapi({ description: "Or `id` in the body." }),
      }),
      body: { content: { "application/json": { schema: MoveRequest } }, required: true },
    },
    responses: {
      200: json(EventsResponse, "Accepted: the move's events and the game after it."),
      ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429),
    },
  }),
  async (c) => {
    const { room, caller } = c.get("game");
    if (caller.tokenHash === null) return fail(401, "AUTH_REQUIRED", "Playing needs the seat's link (Authorization: Bearer <seat token>).");
    const body = c.req.valid("json");
    return room.move(caller, { move: body.move, version: body.version, key: body.id ?? c.req.valid("header")["idempotency-key"] ?? null });
  },
);

serve(
  gamesApi,
  createRoute({
    method: "get",
    path: "/{id}/events",
    tags: ["games"],
    summary: "Events since a version (long polling)",
    description: `With \`wait\`, waits up to that many seconds (at most ${LIMITS.waitSeconds}) for something new. Catch-up history never shows a card a later discard has covered on a closed pile.`,
    security: OPTIONAL_TOKEN,
    request: {
      params: GameParams,
      headers: PlayerKeyHeader,
      query: z.object({
        since: z.coerce.number().int("since must be a version (a whole number, 0 or more)").min(0).default(0),
        wait: z.coerce.number().min(0, `wait must be a number of seconds from 0 to ${LIMITS.waitSeconds}`).default(0),
      }),
    },
    responses: {
      200: json(EventsResponse, "The events after `since` and the game as it stands."),
      ...errors(400, 401, 403, 404, 409, 429),
    },
  }),
  async (c) => {
    const { room, caller } = c.get("game");
    const { since, wait } = c.req.valid("query");
    // The wait is the Worker's, on a socket the room may sleep through (long-poll.ts).
    if (wait > 0) return pollEvents(room, caller, since, Math.min(wait, LIMITS.waitSeconds), c.req.raw.url);
    return room.events(caller, since);
  },
);

serve(
  gamesApi,
  createRoute({
    method: "get",
    path: "/{id}/ws",
    tags: ["games"],
    summary: "Follow and play the game over a WebSocket",
    description:
      'Authenticate with Authorization: Bearer <token> or, from a browser, the subprotocols `burraco, bearer.<token>` (and `key.<player key>` for X-Player-Key). A seat\'s socket opened without a key is closed with 4003 once a player\'s device opens the seat. The server sends {"type":"events",…} messages; the client sends {"type":"move","move":…,"version":N,"id":"…"} or {"type":"resume","since":N}.',
    security: OPTIONAL_TOKEN,
    request: { params: GameParams, headers: PlayerKeyHeader },
    responses: { 101: { description: "Switching to the WebSocket protocol." }, ...errors(400, 401, 403, 404, 409, 426, 429) },
  }),
  async (c) => {
    const { room, caller } = c.get("game");
    if (c.req.header("Upgrade")?.toLowerCase() !== "websocket") {
      return fail(426, "UPGRADE_REQUIRED", "This endpoint speaks WebSocket: send Upgrade: websocket.");
    }
    const headers = new Headers(c.req.raw.headers);
    headers.delete("Authorization"); // the room gets the token's hash only
    headers.set("x-caller", JSON.stringify(caller));
    return room.fetch(new Request(c.req.raw.url, { headers }));
  },
);

serve(
  gamesApi,
  createRoute({
    method: "post",
    path: "/{id}/claim",
    tags: ["games"],
    summary: "Claim a free seat with the invitation",
    description: "Bearer: the invitation token. The seat gets a fresh token (its old link stops working).",
    security: [{ inviteToken: [] }],
    middleware: [limitBody] as const,
    request: { params: GameParams, headers: PlayerKeyHeader, body: { content: { "application/json": { schema: ClaimRequest } } } },
    responses: { 200: json(ClaimResponse, "The claimed seat and its fresh link."), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
  }),
  async (c) => {
    const { id, room, caller } = c.get("game");
    const claimed = await room.claim(caller, c.req.valid("json"));
    if (!claimed.ok) return claimed;
    const { seat, token } = claimed.body;
    return done({ seat, token, url: gameUrl(c, id, `seat=${token}`) });
  },
);

serve(
  gamesApi,
  createRoute({
    method: "get",
    path: "/{id}/record",
    tags: ["games"],
    summary: "The game record (docs/record.md)",
    description:
      "The hands that have ended, each with its deal, commitment and salt, and every move with its time. A hand in play is left out.",
    security: OPTIONAL_TOKEN,
    request: { params: GameParams, headers: PlayerKeyHeader },
    responses: { 200: json(GameRecord, "The record."), ...errors(400, 401, 403, 404, 409, 429) },
  }),
  async (c) => {
    const { room, caller } = c.get("game");
    return room.record(caller);
  },
);

serveTimeoutClaim(gamesApi);

serveGameWebhooks(gamesApi);

serveHandover(gamesApi);

serveSeatLinks(gamesApi);
serveChat(gamesApi);
serveRematch(gamesApi);
servePreview(gamesApi);
