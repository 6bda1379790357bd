import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { languageOf } from "../../shared/language";
import {
  JoinedSeek,
  JoinSeekRequest,
  MySeeks,
  PlayNowRequest,
  PublishSeekRequest,
  SEEK_LIMITS,
  SeekFilters,
  SeekList,
} from "../../shared/wire/seeks";
import { z } from "../../shared/wire/z";
import { bearer, hashToken } from "../auth";
import { openSeeks, seekById, seeksOf, withdrawSeek } from "../db/seek-queries";
import type { AppEnv } from "../env";
import { clientOf, identityOf, limitBody } from "../http";
import { identify } from "../players/identity";
import { RateLimiter } from "../rate-limiter";
import { done, fail, isFailure, rateLimited } from "../reply";
import { joinedView, joinSeek, playNow, publishSeek, SEEK_ID, type Context as SeekContext, seekNotFound } from "../seeks/service";
import { seekViews } from "../seeks/view";
import { validationHook } from "../validation";
import { errorsWith, json, serve } from "./define";

/** The lobby's seeks (docs/seeks.md): list, publish, join, withdraw, "play now". */
export const seeksApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const PLAYER_KEY: Record<string, string[]>[] = [{ playerKey: [] }];
const OPTIONAL_PLAYER_KEY: Record<string, string[]>[] = [{}, { playerKey: [] }];

/** Seeks published and seats taken per client address, per Worker instance: a brake on floods, not an exact quota. */
const writes = new RateLimiter({ burst: 200, perSecond: 2 });

const SeekParams = z.object({
  seekId: z
    .string()
    .regex(SEEK_ID, "a seek id is 16 base64url characters")
    .openapi({ param: { name: "seekId", in: "path" }, example: "Qm3vB7nK2mPa9TzR" }),
});

const AUTH = "AUTH_REQUIRED (no player key), BAD_TOKEN (a malformed one) or DEVICE_REMOVED.";

/** The request's player, and what the seek functions need; or why not. */
async function seekContext(c: Context<AppEnv>) {
  const wait = writes.take(clientOf(c));
  if (wait > 0) return rateLimited(wait, "seeks");
  const who = await identityOf(c);
  if (isFailure(who)) return who;
  const ctx: SeekContext = {
    env: c.env,
    who,
    origin: new URL(c.req.url).origin,
    now: Date.now(),
    language: languageOf(c.req.header("Accept-Language")),
    network: clientOf(c),
  };
  return ctx;
}

serve(
  seeksApi,
  createRoute({
    method: "get",
    path: "/",
    tags: ["seeks"],
    summary: "The open seeks",
    description: `The lobby's list: open seeks, those of established players first (docs/ratings.md), then the newest first (at most ${SEEK_LIMITS.listed}, and of them at most ${SEEK_LIMITS.listedPerPlayer} of one publisher and ${SEEK_LIMITS.listedPerNetwork} from one network), filtered by preset, number of players, pace, rated or language; each seat taken with its player's name, rating in the seek's pool (with deviation), matches finished and lost on time. With a player key (optional) each says whether the caller published or joined it.`,
    security: OPTIONAL_PLAYER_KEY,
    request: {
      query: SeekFilters,
    },
    responses: {
      200: json(SeekList, "The open seeks."),
      ...errorsWith({ 400: "BAD_REQUEST: an unknown filter value.", 401: AUTH }),
    },
  }),
  async (c) => {
    const q = c.req.valid("query");
    let viewer: string | null = null;
    const key = bearer(c.req.header("Authorization"));
    if (key === "malformed") return fail(401, "BAD_TOKEN", "Authorization must be `Bearer <player key>`, 22 to 128 base64url characters.");
    if (key !== null) {
      const who = await identify(c.env.DB, hashToken(key));
      if (isFailure(who)) return who;
      viewer = who.player;
    }
    const list = await openSeeks(
      c.env.DB,
      { ...q, rated: q.rated === undefined ? undefined : q.rated === "true" },
      Date.now(),
      SEEK_LIMITS.listed,
      { perPlayer: SEEK_LIMITS.listedPerPlayer, perNetwork: SEEK_LIMITS.listedPerNetwork },
    );
    return done({ seeks: await seekViews(c.env.DB, list, viewer) });
  },
);

serve(
  seeksApi,
  createRoute({
    method: "post",
    path: "/",
    tags: ["seeks"],
    summary: "Publish a seek",
    description: `A game for anyone to join from the lobby: preset, number of players, clock (required), rated or not, an optional rating range and the language. The publisher holds its first seat. It stays open ${SEEK_LIMITS.defaultExpiry} unless \`expiresIn\` says otherwise; when its last seat is taken the game is made with its clock, each seat its player's.`,
    security: PLAYER_KEY,
    middleware: [limitBody] as const,
    request: { body: { content: { "application/json": { schema: PublishSeekRequest } }, required: true } },
    responses: {
      201: json(JoinedSeek, "The seek, open."),
      ...errorsWith({
        400: "BAD_JSON or BAD_REQUEST: a malformed seek (an unknown preset, a bad name, a rating range upside down …).",
        401: AUTH,
        409: `TOO_MANY_SEEKS: the player has ${SEEK_LIMITS.openPerPlayer} open seeks.`,
        413: "BODY_TOO_LARGE.",
        415: "UNSUPPORTED_MEDIA_TYPE.",
        422: "BAD_CLOCK (no clock, `none`, or a clock out of its limits) or BAD_SEEK (expiresIn out of its limits).",
        429: "RATE_LIMITED: wait Retry-After seconds.",
      }),
    },
  }),
  async (c) => {
    const ctx = await seekContext(c);
    if (isFailure(ctx)) return ctx;
    return publishSeek(ctx, c.req.valid("json"));
  },
);

serve(
  seeksApi,
  createRoute({
    method: "get",
    path: "/mine",
    tags: ["seeks"],
    summary: "My seeks",
    description:
      "The seeks the player holds a seat in: open ones, and those that became a game in the last day, each with the player's seat in it (its token, as in GET /api/me/games).",
    security: PLAYER_KEY,
    responses: { 200: json(MySeeks, "The player's seeks."), ...errorsWith({ 401: AUTH }) },
  }),
  async (c) => {
    const who = await identityOf(c);
    if (isFailure(who)) return who;
    const ctx: SeekContext = {
      env: c.env,
      who,
      origin: new URL(c.req.url).origin,
      now: Date.now(),
      language: "en",
      network: clientOf(c),
    };
    const list = await seeksOf(c.env.DB, who.player, ctx.now);
    return done({ seeks: await Promise.all(list.map((seek) => joinedView(ctx, seek))) });
  },
);

serve(
  seeksApi,
  createRoute({
    method: "post",
    path: "/play-now",
    tags: ["seeks"],
    summary: "Play now against someone",
    description: `The quick pairing: joins the oldest open live seek the player may join (same preset, players and rated, rating in range), else returns the player's own waiting one, else publishes a live seek of theirs that stays open ${SEEK_LIMITS.playNowMinutes} minutes (then offer the computer). Live: at most two hours per turn or bank.`,
    security: PLAYER_KEY,
    middleware: [limitBody] as const,
    request: { body: { content: { "application/json": { schema: PlayNowRequest } }, required: true } },
    responses: {
      200: json(JoinedSeek, "A seek joined (with its game if that filled it) or the player's own, waiting."),
      201: json(JoinedSeek, "A new seek of the player's, waiting."),
      ...errorsWith({
        400: "BAD_JSON or BAD_REQUEST.",
        401: AUTH,
        409: "TOO_MANY_SEEKS.",
        413: "BODY_TOO_LARGE.",
        415: "UNSUPPORTED_MEDIA_TYPE.",
        422: "BAD_CLOCK: a clock out of its limits, or not a live one.",
        429: "RATE_LIMITED: wait Retry-After seconds.",
      }),
    },
  }),
  async (c) => {
    const ctx = await seekContext(c);
    if (isFailure(ctx)) return ctx;
    return playNow(ctx, c.req.valid("json"));
  },
);

serve(
  seeksApi,
  createRoute({
    method: "post",
    path: "/{seekId}/join",
    tags: ["seeks"],
    summary: "Join a seek",
    description:
      "Takes the next free seat. Taking the last one makes the game (with the seek's clock; every seat its player's) and answers with the caller's seat in it; the other players find it in GET /api/seeks/mine and GET /api/me/games. Of players racing for the last seat exactly one gets it.",
    security: PLAYER_KEY,
    middleware: [limitBody] as const,
    request: { params: SeekParams, body: { content: { "application/json": { schema: JoinSeekRequest } } } },
    responses: {
      200: json(JoinedSeek, "The seat taken: the seek, and its game if this filled it."),
      ...errorsWith({
        400: "BAD_JSON or BAD_REQUEST.",
        401: AUTH,
        403: "RATING_OUT_OF_RANGE: the player's rating in the seek's pool is outside its range.",
        404: "SEEK_NOT_FOUND: no open seek with this id (withdrawn, expired).",
        409: "SEEK_FULL (every seat is taken) or ALREADY_JOINED (the player holds a seat in it).",
        413: "BODY_TOO_LARGE.",
        415: "UNSUPPORTED_MEDIA_TYPE.",
        429: "RATE_LIMITED: wait Retry-After seconds.",
      }),
    },
  }),
  async (c) => {
    const ctx = await seekContext(c);
    if (isFailure(ctx)) return ctx;
    const body = c.req.valid("json") as { name?: string | null } | undefined;
    return joinSeek(ctx, c.req.valid("param").seekId, body?.name);
  },
);

serve(
  seeksApi,
  createRoute({
    method: "delete",
    path: "/{seekId}",
    tags: ["seeks"],
    summary: "Withdraw a seek",
    description: "The publisher withdraws an open seek: it leaves the lobby, with any seats taken in it. A full seek is a game already.",
    security: PLAYER_KEY,
    request: { params: SeekParams },
    responses: {
      200: json(z.object({ withdrawn: z.literal(true) }).openapi("SeekWithdrawn"), "Withdrawn."),
      ...errorsWith({
        400: "BAD_REQUEST: not a seek id.",
        401: AUTH,
        403: "FORBIDDEN: the seek is another player's.",
        404: "SEEK_NOT_FOUND.",
        409: "SEEK_FULL: its game is made already.",
        429: "RATE_LIMITED: wait Retry-After seconds.",
      }),
    },
  }),
  async (c) => {
    const ctx = await seekContext(c);
    if (isFailure(ctx)) return ctx;
    const id = c.req.valid("param").seekId;
    if (await withdrawSeek(c.env.DB, id, ctx.who.player)) return done({ withdrawn: true as const });
    const seek = await seekById(c.env.DB, id);
    if (!seek || (seek.status === "open" && seek.expiresAt <= ctx.now)) return seekNotFound();
    if (seek.playerId !== ctx.who.player) return fail(403, "FORBIDDEN", "Only the seek's publisher may withdraw it.");
    return fail(409, "SEEK_FULL", "Every seat of this seek is taken: it is a game already.");
  },
);
