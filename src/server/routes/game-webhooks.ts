import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
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
import type { AppEnv, GameTarget } from "../env";
import { limitBody } from "../http";
import { notifyConfig } from "../notify/config";
import { fanOut } from "../notify/fanout";
import {
  deleteGameWebhook,
  gameWebhook,
  gameWebhooks,
  languageOf,
  MAX_GAME_WEBHOOKS,
  TESTS_PER_HOUR,
  withDeliveries,
} from "../notify/manage";
import { createSubscription } from "../notify/subscriptions";
import { done, type Failure, fail } from "../reply";
import { errorsWith, json, serve } from "./define";
import { refusalOf, testSend } from "./subscription-replies";

/**
 * A game's own webhooks: a group chat (Discord, Slack, any Standard
 * Webhooks receiver) that hears every turn of one game. They are the game
 * creator's to attach, list and remove.
 *
 * The creator is whoever holds the game's invitation token: the service
 * keeps no account, and the invitation is the one credential that only the
 * creator holds when the game is made (seat tokens go each to their
 * player). Whoever the creator forwards the invitation link to may manage
 * the game's webhooks too; a seat's token may not. The room checks the
 * token: it answers its public snapshot to the invitation (viewer null) and
 * a seat's own to a seat, and refuses a token it does not know — so the
 * check needs nothing from the room beyond what every read already does.
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

const CREATOR = [{ inviteToken: [] }];
const LISTED_ATTEMPTS = 10;

const NOT_CREATOR =
  "AUTH_REQUIRED (no token) or BAD_TOKEN (a token this game does not know). 403 FORBIDDEN: a seat's token, not the creator's.";
const BAD_KEY = "BAD_PLAYER_KEY: a malformed X-Player-Key header.";
const NO_WEBHOOK = "GAME_NOT_FOUND, or SUBSCRIPTION_NOT_FOUND: the game has no webhook with that id.";

/** Refuses anyone but the game's creator (see above); null when the caller is the creator. */
async function refuseAllButCreator({ room, caller }: GameTarget): Promise<Failure | null> {
  if (caller.tokenHash === null)
    return fail(401, "AUTH_REQUIRED", "A game's webhooks are its creator's: send Authorization: Bearer <invitation token>.");
  // The player key plays no part here: the room is asked only who the token is.
  const seen = await room.snapshot({ ...caller, playerId: null, sealedToken: null });
  if (!seen.ok) return seen;
  const { viewer } = JSON.parse(seen.body) as { viewer: number | null };
  if (viewer !== null)
    return fail(
      403,
      "FORBIDDEN",
      "A seat's token does not manage the game's webhooks: use the invitation token the game was created with.",
    );
  return null;
}

const noWebhook = () => fail(404, "SUBSCRIPTION_NOT_FOUND", "This game has no webhook with that id.");

/** Served on the games API, whose middleware resolves the game and the caller. */
export function serveGameWebhooks(gamesApi: OpenAPIHono<AppEnv>): void {
  serve(
    gamesApi,
    createRoute({
      method: "get",
      path: "/{id}/webhooks",
      tags: ["notifications"],
      summary: "A game's webhooks",
      description: `Listed to the game's creator only (Bearer: the invitation token), each with its latest ${LISTED_ATTEMPTS} delivery attempts and its URL cut short.`,
      security: CREATOR,
      request: { params: GameParams },
      responses: {
        200: json(GameWebhooksResponse, "The game's webhooks, oldest first."),
        ...errorsWith({ 400: BAD_KEY, 401: NOT_CREATOR, 403: "FORBIDDEN: a seat's token.", 404: "GAME_NOT_FOUND.", 429: "RATE_LIMITED." }),
      },
    }),
    async (c) => {
      const refused = await refuseAllButCreator(c.get("game"));
      if (refused) return refused;
      const views = await gameWebhooks(c.env.DB, c.get("game").id);
      return done({ webhooks: await withDeliveries(c.env.DB, views, LISTED_ATTEMPTS) });
    },
  );

  serve(
    gamesApi,
    createRoute({
      method: "post",
      path: "/{id}/webhooks",
      tags: ["notifications"],
      summary: "Attach a webhook to a game",
      description: `The creator (Bearer: the invitation token) attaches a group chat that hears the game's events: every turn by default. Discord and Slack URLs get chat messages; any other receiver gets signed Standard Webhooks events, whose secret is in this answer only. Never a seat link. At most ${MAX_GAME_WEBHOOKS} per game.`,
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
          429: "RATE_LIMITED.",
        }),
      },
    }),
    async (c) => {
      const refused = await refuseAllButCreator(c.get("game"));
      if (refused) return refused;
      const gameId = c.get("game").id;
      const body = c.req.valid("json");
      if ((await gameWebhooks(c.env.DB, gameId)).length >= MAX_GAME_WEBHOOKS)
        return fail(409, "TOO_MANY_SUBSCRIPTIONS", `A game may have ${MAX_GAME_WEBHOOKS} webhooks: remove one first.`);
      const made = await createSubscription(
        c.env.DB,
        {
          ownerHash: null,
          gameId,
          scope: "game",
          channel: "webhook",
          target: body.url,
          events: body.events ?? GAME_DEFAULT_EVENTS,
          language: body.language ?? languageOf(c.req.header("Accept-Language")),
        },
        notifyConfig(c.env).urlPolicy,
        Date.now(),
      );
      if ("refused" in made) return refusalOf(made, "webhook");
      await c.get("game").room.gameWebhooksChanged(gameId, (await gameWebhooks(c.env.DB, gameId)).length);
      // The creator attached it with the invitation's token: a chat that hears of invitations is sent the invitation now.
      const invite = bearer(c.req.header("Authorization"));
      if (made.subscription.events.includes("invited") && typeof invite === "string") {
        const names = (await c.get("game").room.names(gameId)) ?? [];
        await fanOut(c.env, {
          type: "invited",
          gameId,
          seq: 0,
          at: Date.now(),
          names,
          players: names.map(() => null),
          by: null,
          link: `${notifyConfig(c.env).publicUrl}/game/${gameId}#invite=${invite}`,
        });
      }
      const [view] = await withDeliveries(c.env.DB, [made.subscription], 0);
      return done({ subscription: view!, secret: made.secret }, 201);
    },
  );

  serve(
    gamesApi,
    createRoute({
      method: "delete",
      path: "/{id}/webhooks/{webhookId}",
      tags: ["notifications"],
      summary: "Remove a game's webhook",
      description: "The creator (Bearer: the invitation token) removes it at once.",
      security: CREATOR,
      request: { params: WebhookParams },
      responses: {
        200: json(Deleted, "Removed."),
        ...errorsWith({ 400: BAD_KEY, 401: NOT_CREATOR, 403: "FORBIDDEN: a seat's token.", 404: NO_WEBHOOK, 429: "RATE_LIMITED." }),
      },
    }),
    async (c) => {
      const refused = await refuseAllButCreator(c.get("game"));
      if (refused) return refused;
      const id = c.req.valid("param").webhookId;
      const gameId = c.get("game").id;
      if (!(await deleteGameWebhook(c.env.DB, gameId, id))) return noWebhook();
      await c.get("game").room.gameWebhooksChanged(gameId, (await gameWebhooks(c.env.DB, gameId)).length);
      return done({ deleted: true as const, id });
    },
  );

  serve(
    gamesApi,
    createRoute({
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
          400: BAD_KEY,
          401: NOT_CREATOR,
          403: "FORBIDDEN: a seat's token.",
          404: NO_WEBHOOK,
          409: "SUBSCRIPTION_DISABLED: the webhook was disabled after failing; remove it and attach it again.",
          429: "RATE_LIMITED.",
        }),
      },
    }),
    async (c) => {
      const refused = await refuseAllButCreator(c.get("game"));
      if (refused) return refused;
      const row = await gameWebhook(c.env.DB, c.get("game").id, c.req.valid("param").webhookId);
      if (!row) return noWebhook();
      return testSend(c.env, row, "This webhook was disabled after failing: remove it and attach it again.");
    },
  );
}
