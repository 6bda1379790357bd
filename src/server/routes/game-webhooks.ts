import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { languageOf } from "../../shared/language";
import {
  CreatedSubscription,
  Deleted,
  GAME_DEFAULT_EVENTS,
  GameWebhookRequest,
  GameWebhooksResponse,
  TestSent,
} from "../../shared/wire/notifications";
import { z } from "../../shared/wire/z";
import { bearer } from "../auth";
import { gameShard } from "../db/game-log";
import { deleteGameWebhook, gameWebhook } from "../db/subscription-queries";
import type { AppEnv, Env, GameTarget } from "../env";
import { clientOf, limitBody } from "../http";
import { notifyConfig } from "../notify/config";
import { fanOut } from "../notify/fanout";
import { gameWebhooks, MAX_GAME_WEBHOOKS, TESTS_PER_HOUR, withDeliveries } from "../notify/manage";
import { takeAll, targetOf } from "../notify/send-limits";
import { createSubscription } from "../notify/subscriptions";
import { done, type Failure, fail, isFailure, rateLimited } from "../reply";
import { errorsWith, json, serve } from "./define";
import { refusalOf, testSend } from "./subscription-replies";

/**
 * A game's own webhooks: a group chat (Discord, Slack, any Standard
 * Webhooks receiver) that hears every turn of one game. They are the game
 * creator's to attach, list and remove.
 *
 * The creator is whoever holds the game's invitation token or its host
 * secret: the service keeps no account, and these are the credentials only
 * the creator holds when the game is made (seat tokens go each to their
 * player). Whoever the creator forwards the invitation link to may manage
 * the game's webhooks too; a seat's token may not, and a seat's token
 * refused here is not marked used (the room's `creator`). Only a webhook
 * attached with the invitation is sent the invitation: the host secret
 * never goes into a link.
 *
 * A game's webhook never carries a seat link: a group chat is told of the
 * game by its public link (notify/render.ts gives seat links only to a
 * player's own subscriptions).
 */

const GameParams = z.object({
  id: z.string().openapi({ param: { name: "id", in: "path" }, description: "The game's id.", example: "Xq3vB7nK2mPa9TzRw4Lc8Hs1" }),
});
const WebhookParams = GameParams.extend({
  webhookId: z
    .string()
    .max(64)
    .openapi({ param: { name: "webhookId", in: "path" }, example: "sub_q1w2e3r4t5y6u7i8o9p0aa" }),
});

const CREATOR: Record<string, string[]>[] = [{ inviteToken: [] }, { hostToken: [] }];
const LISTED_ATTEMPTS = 10;

const NOT_CREATOR =
  "AUTH_REQUIRED (no token) or BAD_TOKEN (a token this game does not know). The creator's credential is the invitation token or the host secret.";
const BAD_KEY = "BAD_PLAYER_KEY: a malformed X-Player-Key header.";
const BAD_ID = `${BAD_KEY} BAD_REQUEST: a webhook id longer than 64 characters.`;
const NO_WEBHOOK = "GAME_NOT_FOUND, or SUBSCRIPTION_NOT_FOUND: the game has no webhook with that id.";

/** Refuses anyone but the game's creator (see above); else which of the creator's credentials the caller holds. */
async function refuseAllButCreator({ room, caller }: GameTarget): Promise<Failure | { kind: "invite" | "host" }> {
  if (caller.tokenHash === null)
    return fail(401, "AUTH_REQUIRED", "A game's webhooks are its creator's: send Authorization: Bearer <invitation token or host secret>.");
  // The player key plays no part here: the room is asked only who the token is.
  const seen = await room.creator({ ...caller, playerId: null, sealedToken: null });
  return seen.ok ? seen.body : seen;
}

const noWebhook = () => fail(404, "SUBSCRIPTION_NOT_FOUND", "This game has no webhook with that id.");

/** Served on the games API, whose middleware resolves the game and the caller. */
/** The invitation, told at once to the game's webhooks that hear of invitations (the one just attached among them). */
async function sendInvitation(env: Env, { id: gameId, room }: GameTarget, invite: string): Promise<void> {
  const names = (await room.names(gameId)) ?? [];
  // Kept beside the game's other deliveries, in its log shard (the main database while the index has no row for it yet).
  const shard = (await gameShard(env, gameId))?.logShard ?? null;
  const link = `${notifyConfig(env).publicUrl}/game/${gameId}#invite=${invite}`;
  await fanOut(env, { type: "invited", gameId, seq: 0, at: Date.now(), names, players: names.map(() => null), by: null, link }, { shard });
}

/** The routes, as the OpenAPI document shows them; `serveGameWebhooks` below says what each does. */
const listWebhooks = createRoute({
  method: "get",
  path: "/{id}/webhooks",
  tags: ["notifications"],
  summary: "A game's webhooks",
  description: `Listed to the game's creator only (Bearer: the invitation token or the host secret), each with its latest ${LISTED_ATTEMPTS} delivery attempts and its URL cut short.`,
  security: CREATOR,
  request: { params: GameParams },
  responses: {
    200: json(GameWebhooksResponse, "The game's webhooks, oldest first."),
    ...errorsWith({ 400: BAD_KEY, 401: NOT_CREATOR, 403: "FORBIDDEN: a seat's token.", 404: "GAME_NOT_FOUND.", 429: "RATE_LIMITED." }),
  },
});

const attachWebhook = createRoute({
  method: "post",
  path: "/{id}/webhooks",
  tags: ["notifications"],
  summary: "Attach a webhook to a game",
  description: `The creator (Bearer: the invitation token or the host secret) attaches a group chat that hears the game's events: every turn by default. Discord and Slack URLs get chat messages; any other receiver gets signed Standard Webhooks events, whose secret is in this answer only. Never a seat link; attached with the invitation token and hearing \`invited\`, the chat is sent the invitation at once. At most ${MAX_GAME_WEBHOOKS} per game.`,
  security: CREATOR,
  middleware: [limitBody] as const,
  request: { params: GameParams, body: { content: { "application/json": { schema: GameWebhookRequest } }, required: true } },
  responses: {
    201: json(CreatedSubscription, "Attached."),
    ...errorsWith({
      400: `BAD_REQUEST or BAD_JSON; ${BAD_KEY}`,
      401: NOT_CREATOR,
      403: "FORBIDDEN: a seat's token.",
      404: "GAME_NOT_FOUND.",
      409: "SUBSCRIPTION_EXISTS (this URL is attached already) or TOO_MANY_SUBSCRIPTIONS.",
      413: "BODY_TOO_LARGE.",
      415: "UNSUPPORTED_MEDIA_TYPE.",
      422: "WEBHOOK_URL_REFUSED: not https, or not a public address.",
      429: "RATE_LIMITED: webhooks attached from this client address are spent for the hour, or (with `invited`) posts to this target.",
    }),
  },
});

const removeWebhook = createRoute({
  method: "delete",
  path: "/{id}/webhooks/{webhookId}",
  tags: ["notifications"],
  summary: "Remove a game's webhook",
  description: "The creator (Bearer: the invitation token or the host secret) removes it at once.",
  security: CREATOR,
  request: { params: WebhookParams },
  responses: {
    200: json(Deleted, "Removed."),
    ...errorsWith({ 400: BAD_ID, 401: NOT_CREATOR, 403: "FORBIDDEN: a seat's token.", 404: NO_WEBHOOK, 429: "RATE_LIMITED." }),
  },
});

const testWebhook = createRoute({
  method: "post",
  path: "/{id}/webhooks/{webhookId}/test",
  tags: ["notifications"],
  summary: "Send a test message to a game's webhook",
  description: `Queues one test event under a fresh key on every call; at most ${TESTS_PER_HOUR} an hour per webhook.`,
  security: CREATOR,
  request: { params: WebhookParams },
  responses: {
    200: json(TestSent, "Queued."),
    ...errorsWith({
      400: BAD_ID,
      401: NOT_CREATOR,
      403: "FORBIDDEN: a seat's token.",
      404: NO_WEBHOOK,
      409: "SUBSCRIPTION_DISABLED: the webhook was disabled after failing; remove it and attach it again.",
      429: "RATE_LIMITED: test messages are spent for the hour (this webhook's, this client address's or this target's).",
    }),
  },
});

export function serveGameWebhooks(gamesApi: OpenAPIHono<AppEnv>): void {
  serve(gamesApi, listWebhooks, async (c) => {
    const creator = await refuseAllButCreator(c.get("game"));
    if (isFailure(creator)) return creator;
    const views = await gameWebhooks(c.env.DB, c.get("game").id);
    return done({ webhooks: await withDeliveries(c.env, views, LISTED_ATTEMPTS) });
  });
  serve(gamesApi, attachWebhook, async (c) => {
    const creator = await refuseAllButCreator(c.get("game"));
    if (isFailure(creator)) return creator;
    const gameId = c.get("game").id;
    const body = c.req.valid("json");
    if ((await gameWebhooks(c.env.DB, gameId)).length >= MAX_GAME_WEBHOOKS)
      return fail(409, "TOO_MANY_SUBSCRIPTIONS", `A game may have ${MAX_GAME_WEBHOOKS} webhooks: remove one first.`);
    const events = body.events ?? GAME_DEFAULT_EVENTS;
    // Games cost nothing: attaching is limited by the client's address, and the invitation posted at once by its target.
    const wait = await takeAll(
      c.env.DB,
      [
        ["subscriptionsPerAddress", clientOf(c)],
        ...(events.includes("invited") && creator.kind === "invite" ? [["postsPerTarget", targetOf("webhook", body.url)] as const] : []),
      ],
      Date.now(),
    );
    if (wait > 0) return rateLimited(wait, "webhooks from this address or posts to this target");
    const made = await createSubscription(
      c.env.DB,
      {
        ownerHash: null,
        gameId,
        scope: "game",
        channel: "webhook",
        target: body.url,
        events,
        language: body.language ?? languageOf(c.req.header("Accept-Language")),
      },
      notifyConfig(c.env).urlPolicy,
      Date.now(),
    );
    if ("refused" in made) return refusalOf(made, "webhook");
    await c.get("game").room.gameWebhooksChanged(gameId, (await gameWebhooks(c.env.DB, gameId)).length);
    // The creator attached it with the invitation's token: a chat that hears of invitations is sent the invitation now.
    const invite = bearer(c.req.header("Authorization"));
    if (made.subscription.events.includes("invited") && creator.kind === "invite" && typeof invite === "string")
      await sendInvitation(c.env, c.get("game"), invite);
    const [view] = await withDeliveries(c.env, [made.subscription], 0);
    return done({ subscription: view!, secret: made.secret }, 201);
  });
  serve(gamesApi, removeWebhook, async (c) => {
    const creator = await refuseAllButCreator(c.get("game"));
    if (isFailure(creator)) return creator;
    const id = c.req.valid("param").webhookId;
    const gameId = c.get("game").id;
    if (!(await deleteGameWebhook(c.env.DB, gameId, id))) return noWebhook();
    await c.get("game").room.gameWebhooksChanged(gameId, (await gameWebhooks(c.env.DB, gameId)).length);
    return done({ deleted: true as const, id });
  });
  serve(gamesApi, testWebhook, async (c) => {
    const creator = await refuseAllButCreator(c.get("game"));
    if (isFailure(creator)) return creator;
    const row = await gameWebhook(c.env.DB, c.get("game").id, c.req.valid("param").webhookId);
    if (!row) return noWebhook();
    return testSend(c.env, clientOf(c), row, "This webhook was disabled after failing: remove it and attach it again.");
  });
}
