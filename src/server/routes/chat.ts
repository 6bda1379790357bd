import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import {
  AudienceRequest,
  ChatRequest,
  ChatResponse,
  ChatState,
  MuteRequest,
  PostedMessage,
  ReportRequest,
  ReportResponse,
} from "../../shared/wire/chat";
import { z } from "../../shared/wire/z";
import { keepReport } from "../db/chat";
import type { AppEnv } from "../env";
import { limitBody } from "../http";
import { done, fail } from "../reply";
import { errors, errorsWith, json, OPTIONAL_TOKEN, SEAT_TOKEN, serve } from "./define";

/**
 * The table's chat (docs/chat.md): read it, write (text or a quick phrase),
 * mute a seat for yourself, open it to spectators or close it, report a
 * message. Served on the games API, whose middleware resolves the game and
 * the caller; the room (room/chat-actions.ts) decides.
 */

const Params = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "The game's id." }),
});
const PlayerKey = z.object({ "x-player-key": z.string().optional().openapi({ description: "The browser's player key." }) });
const needsSeat = "Writing at the table needs a seat's link (Authorization: Bearer <seat token>).";

const CHAT_ERRORS = errorsWith({
  400: "BAD_JSON or BAD_REQUEST: the request is malformed (an unknown quick phrase, a seat that is not another of this game's).",
  401: "AUTH_REQUIRED (no token) or BAD_TOKEN.",
  403: "FORBIDDEN: only seated players write, mute, open the chat or report; the invitation and the creator's secret cannot.",
  404: "GAME_NOT_FOUND, or MESSAGE_NOT_FOUND for a report.",
  409: "SEAT_TAKEN: the seat belongs to another player than the X-Player-Key device's.",
  413: "BODY_TOO_LARGE.",
  415: "UNSUPPORTED_MEDIA_TYPE.",
  422: "BAD_MESSAGE (empty, a character no player text may hold, or your own message reported) or MESSAGE_TOO_LONG.",
  429: "RATE_LIMITED: too many messages from this seat; wait Retry-After seconds.",
});

/** The routes, as the OpenAPI document shows them; `serveChat` below says what each does. */
const readChat = createRoute({
  method: "get",
  path: "/{id}/chat",
  tags: ["chat"],
  summary: "The table's chat as the caller may read it",
  description:
    "A seat reads every message but those of the seats it muted; a spectator (no token) reads only while every seat lets spectators read, and only what was written while they could. New messages then come as `message` events on every channel.",
  security: OPTIONAL_TOKEN,
  request: { params: Params, headers: PlayerKey },
  responses: {
    200: json(ChatResponse, "The messages, oldest first, and where the chat stands."),
    ...errors(400, 401, 403, 404, 409, 429),
  },
});

const writeChat = createRoute({
  method: "post",
  path: "/{id}/chat",
  tags: ["chat"],
  summary: "Write at the table",
  description:
    "Free text (at most 300 characters, checked like every player text) or a quick phrase's code, shown in each reader's language. Paced per seat: 6 at once, then one every 5 seconds, at most 120 an hour. An `id` makes a retry post once.",
  security: SEAT_TOKEN,
  middleware: [limitBody] as const,
  request: {
    params: Params,
    headers: PlayerKey,
    body: { content: { "application/json": { schema: ChatRequest } }, required: true },
  },
  responses: {
    201: json(PostedMessage, "The message, in its place in the log."),
    200: json(PostedMessage, "A retry: the message posted the first time."),
    ...CHAT_ERRORS,
  },
});

const muteSeat = createRoute({
  method: "post",
  path: "/{id}/chat/mutes",
  tags: ["chat"],
  summary: "Mute or unmute another seat's messages, for yourself",
  description:
    "The mute belongs to the caller's seat, that is to its player on every device; the muted seat's messages disappear for the caller on every channel (and from their notifications) until unmuted. Nobody else learns of it.",
  security: SEAT_TOKEN,
  middleware: [limitBody] as const,
  request: { params: Params, headers: PlayerKey, body: { content: { "application/json": { schema: MuteRequest } }, required: true } },
  responses: { 200: json(ChatState, "Where the chat stands for the caller."), ...CHAT_ERRORS },
});

const openToSpectators = createRoute({
  method: "post",
  path: "/{id}/chat/audience",
  tags: ["chat"],
  summary: "Let spectators read the chat, or stop letting them",
  description:
    "The chat is public (spectators and embeds read it) only while every seat lets it be: any seated player closes it at once; opening it needs every seat. The creator's choice (`spectatorChat`) is every seat's starting point. Messages written among players stay among players.",
  security: SEAT_TOKEN,
  middleware: [limitBody] as const,
  request: {
    params: Params,
    headers: PlayerKey,
    body: { content: { "application/json": { schema: AudienceRequest } }, required: true },
  },
  responses: { 200: json(ChatState, "Where the chat stands."), ...CHAT_ERRORS },
});

const reportMessage = createRoute({
  method: "post",
  path: "/{id}/chat/{seq}/report",
  tags: ["chat"],
  summary: "Report a message to the operator",
  description:
    "A seat reports another seat's message at the table, muted writers' too; the message is kept as written in D1 (`chat_reports`) for the operator. Reporting twice keeps one report.",
  security: SEAT_TOKEN,
  middleware: [limitBody] as const,
  request: {
    params: Params.extend({
      seq: z.coerce
        .number()
        .int()
        .min(1)
        .openapi({ param: { name: "seq", in: "path" }, description: "The message's seq." }),
    }),
    headers: PlayerKey,
    body: { content: { "application/json": { schema: ReportRequest } }, required: true },
  },
  responses: { 201: json(ReportResponse, "Reported."), ...CHAT_ERRORS },
});

export function serveChat(gamesApi: OpenAPIHono<AppEnv>): void {
  serve(gamesApi, readChat, async (c) => {
    const { room, caller } = c.get("game");
    return room.chat(caller);
  });
  serve(gamesApi, writeChat, async (c) => {
    const { room, caller } = c.get("game");
    if (caller.tokenHash === null) return fail(401, "AUTH_REQUIRED", needsSeat);
    return room.say(caller, c.req.valid("json"));
  });
  serve(gamesApi, muteSeat, async (c) => {
    const { room, caller } = c.get("game");
    if (caller.tokenHash === null) return fail(401, "AUTH_REQUIRED", needsSeat);
    const { seat, muted } = c.req.valid("json");
    return room.mute(caller, seat, muted);
  });
  serve(gamesApi, openToSpectators, async (c) => {
    const { room, caller } = c.get("game");
    if (caller.tokenHash === null) return fail(401, "AUTH_REQUIRED", needsSeat);
    return room.chatAudience(caller, c.req.valid("json").open);
  });
  serve(gamesApi, reportMessage, async (c) => {
    const { room, caller } = c.get("game");
    if (caller.tokenHash === null) return fail(401, "AUTH_REQUIRED", needsSeat);
    const { seq } = c.req.valid("param");
    const reason = c.req.valid("json").reason || null;
    const found = await room.reported(caller, seq);
    if (!found.ok) return found;
    await keepReport(c.env.DB, found.body, reason, Date.now());
    return done({ reported: true as const, seq }, 201);
  });
}
