import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { languageOf } from "../../shared/language";
import {
  CreatedSubscription,
  CreateSubscriptionRequest,
  Deleted,
  GameIdField,
  PLAYER_DEFAULT_EVENTS,
  SubscriptionsResponse,
  SubscriptionView,
  TestSent,
  UpdateSubscriptionRequest,
} from "../../shared/wire/notifications";
import { z } from "../../shared/wire/z";
import { countOwned, ownedSubscription, ownedTarget } from "../db/subscription-queries";
import type { AppEnv } from "../env";
import { clientOf, identityOf, limitBody, playerOf } from "../http";
import { notifyConfig } from "../notify/config";
import {
  CONFIRMATIONS_PER_DAY,
  confirmationWait,
  MAX_PLAYER_SUBSCRIPTIONS,
  renewConfirmation,
  sendConfirmation,
  TESTS_PER_HOUR,
  withDeliveries,
} from "../notify/manage";
import { take } from "../notify/send-limits";
import {
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  type NewSubscription,
  updateSubscription,
  viewOf,
} from "../notify/subscriptions";
import { done, fail, isFailure, rateLimited } from "../reply";
import { validationHook } from "../validation";
import { errorsWith, json, serve } from "./define";
import { checkGame, refusalOf, subscribedAlready, testSend } from "./subscription-replies";

/** A player's own notification subscriptions (`Authorization: Bearer <player key>`). */
export const notificationsApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const PLAYER_KEY = [{ playerKey: [] }];
/** Latest attempts shown per subscription in a list, and for one subscription. */
const LISTED_ATTEMPTS = 10;
const ONE_ATTEMPTS = 50;

const NEEDS_KEY = "AUTH_REQUIRED (no player key) or BAD_TOKEN (a malformed one).";
const SHAPE =
  "BAD_REQUEST (a field missing, of the wrong type or out of its list; an unknown time zone; not an email address) or BAD_JSON.";
const BAD_ID = "BAD_REQUEST: a subscription id longer than 64 characters.";
const NO_SUBSCRIPTION = "SUBSCRIPTION_NOT_FOUND: the player has no subscription with that id.";

const SubscriptionParams = z.object({
  subscriptionId: z
    .string()
    .max(64)
    .openapi({ param: { name: "subscriptionId", in: "path" }, example: "sub_q1w2e3r4t5y6u7i8o9p0aa" }),
});

serve(
  notificationsApi,
  createRoute({
    method: "get",
    path: "/",
    tags: ["notifications"],
    summary: "My subscriptions",
    description: `Each subscription with whether it is confirmed or disabled (and why), and its latest ${LISTED_ATTEMPTS} delivery attempts.`,
    security: PLAYER_KEY,
    request: { query: z.object({ gameId: GameIdField.optional().openapi({ description: "Only the subscriptions for this game." }) }) },
    responses: {
      200: json(SubscriptionsResponse, "The player's subscriptions, oldest first."),
      ...errorsWith({ 400: SHAPE, 401: NEEDS_KEY }),
    },
  }),
  async (c) => {
    const owner = await playerOf(c);
    if (isFailure(owner)) return owner;
    const views = await listSubscriptions(c.env.DB, owner, c.req.valid("query").gameId);
    return done({ subscriptions: await withDeliveries(c.env, views, LISTED_ATTEMPTS) });
  },
);

serve(
  notificationsApi,
  createRoute({
    method: "post",
    path: "/",
    tags: ["notifications"],
    summary: "Subscribe",
    description: `By email (only a confirmation message is sent until its link is used; subscribing an unconfirmed address again sends a fresh link, at most ${CONFIRMATIONS_PER_DAY} a day per address), by webhook (a standard receiver's signing secret is in this answer only) or by Web Push (the browser's PushSubscription). For every game of the player, or for one (\`gameId\`); at most ${MAX_PLAYER_SUBSCRIPTIONS} per player.`,
    security: PLAYER_KEY,
    middleware: [limitBody] as const,
    request: { body: { content: { "application/json": { schema: CreateSubscriptionRequest } }, required: true } },
    responses: {
      201: json(CreatedSubscription, "Subscribed."),
      200: json(CreatedSubscription, "An email address not confirmed yet, subscribed already: a fresh confirmation link was sent."),
      ...errorsWith({
        400: SHAPE,
        401: NEEDS_KEY,
        404: "GAME_NOT_FOUND: `gameId` names no game.",
        409: "SUBSCRIPTION_EXISTS (the same target for the same games) or TOO_MANY_SUBSCRIPTIONS.",
        413: "BODY_TOO_LARGE.",
        415: "UNSUPPORTED_MEDIA_TYPE.",
        422: "WEBHOOK_URL_REFUSED or PUSH_ENDPOINT_REFUSED (not https, or not a public address), BAD_SUBSCRIPTION (e.g. a daily digest without a time zone).",
        429: "RATE_LIMITED: confirmation messages to this mailbox are spent for today, or subscriptions from this client address for the hour.",
      }),
    },
  }),
  async (c) => {
    const who = await identityOf(c);
    if (isFailure(who)) return who;
    const owner = who.player;
    const body = c.req.valid("json");
    const gameId = body.gameId ?? null;
    const unknownGame = checkGame(c.env, gameId);
    if (unknownGame) return unknownGame;
    const now = Date.now();
    const db = c.env.DB;
    // Player keys cost nothing: subscriptions are limited by the client's address (send-limits.ts).
    const wait = await take(db, "subscriptionsPerAddress", clientOf(c), now);
    if (wait > 0) return rateLimited(wait, "subscriptions from this address");
    const common = {
      ownerHash: owner,
      gameId,
      scope: "player" as const,
      events: body.events ?? PLAYER_DEFAULT_EVENTS,
      language: body.language ?? languageOf(c.req.header("Accept-Language")),
    };
    let input: NewSubscription;
    switch (body.channel) {
      case "email": {
        const address = body.address.toLowerCase();
        input = { ...common, channel: "email", target: address, digest: body.digest, timeZone: body.timeZone };
        const existing = await ownedTarget(db, owner, gameId, "email", address);
        if (existing?.confirmed) return subscribedAlready();
        const wait = await confirmationWait(db, address, now);
        if (wait > 0) return rateLimited(wait, "confirmation messages to this address");
        if (existing) {
          // Its confirmation message went astray: a fresh link, the earlier one dead.
          const token = await renewConfirmation(db, owner, existing.id, now);
          if (token === null) return subscribedAlready();
          await sendConfirmation(c.env, existing.id, address, token, now);
          const [view] = await withDeliveries(c.env, [viewOf(existing)], LISTED_ATTEMPTS);
          return done({ subscription: view!, secret: null });
        }
        break;
      }
      case "webhook":
        input = { ...common, channel: "webhook", target: body.url };
        break;
      case "push":
        // A browser's push subscription is its device's: removing the device removes it.
        input = {
          ...common,
          channel: "push",
          target: body.endpoint,
          push: { p256dh: body.keys.p256dh, auth: body.keys.auth },
          deviceHash: who.device,
        };
        break;
    }
    if ((await countOwned(db, owner)) >= MAX_PLAYER_SUBSCRIPTIONS)
      return fail(409, "TOO_MANY_SUBSCRIPTIONS", `A player may have ${MAX_PLAYER_SUBSCRIPTIONS} subscriptions: remove one first.`);
    const made = await createSubscription(db, input, notifyConfig(c.env).urlPolicy, now);
    if ("refused" in made) return refusalOf(made, input.channel);
    if (made.confirmToken) await sendConfirmation(c.env, made.subscription.id, input.target, made.confirmToken, now);
    return done({ subscription: { ...made.subscription, deliveries: [] }, secret: made.secret }, 201);
  },
);

serve(
  notificationsApi,
  createRoute({
    method: "get",
    path: "/{subscriptionId}",
    tags: ["notifications"],
    summary: "One subscription",
    description: `With its latest ${ONE_ATTEMPTS} delivery attempts.`,
    security: PLAYER_KEY,
    request: { params: SubscriptionParams },
    responses: { 200: json(SubscriptionView, "The subscription."), ...errorsWith({ 400: BAD_ID, 401: NEEDS_KEY, 404: NO_SUBSCRIPTION }) },
  }),
  async (c) => {
    const owner = await playerOf(c);
    if (isFailure(owner)) return owner;
    const row = await ownedSubscription(c.env.DB, owner, c.req.valid("param").subscriptionId);
    if (!row) return fail(404, "SUBSCRIPTION_NOT_FOUND", "You have no subscription with that id.");
    const [view] = await withDeliveries(c.env, [viewOf(row)], ONE_ATTEMPTS);
    return done(view!);
  },
);

serve(
  notificationsApi,
  createRoute({
    method: "patch",
    path: "/{subscriptionId}",
    tags: ["notifications"],
    summary: "Change a subscription",
    description:
      "Its events, language, digest and time zone (email), the games it covers (`gameId`, or null for all), or `enabled: true` to turn a disabled subscription on again. The target itself cannot change: subscribe it anew.",
    security: PLAYER_KEY,
    middleware: [limitBody] as const,
    request: {
      params: SubscriptionParams,
      body: { content: { "application/json": { schema: UpdateSubscriptionRequest } }, required: true },
    },
    responses: {
      200: json(SubscriptionView, "The subscription as it now stands."),
      ...errorsWith({
        400: SHAPE,
        401: NEEDS_KEY,
        404: `${NO_SUBSCRIPTION} GAME_NOT_FOUND: \`gameId\` names no game.`,
        409: "SUBSCRIPTION_EXISTS: the same target is subscribed already for those games.",
        413: "BODY_TOO_LARGE.",
        415: "UNSUPPORTED_MEDIA_TYPE.",
        422: "BAD_SUBSCRIPTION: a daily digest without a time zone, or for something other than email.",
      }),
    },
  }),
  async (c) => {
    const owner = await playerOf(c);
    if (isFailure(owner)) return owner;
    const changes = c.req.valid("json");
    const unknownGame = checkGame(c.env, changes.gameId);
    if (unknownGame) return unknownGame;
    const { enabled, ...rest } = changes;
    const updated = await updateSubscription(
      c.env.DB,
      owner,
      c.req.valid("param").subscriptionId,
      { ...rest, enable: enabled === true },
      Date.now(),
    );
    if (updated === null) return fail(404, "SUBSCRIPTION_NOT_FOUND", "You have no subscription with that id.");
    if ("refused" in updated) return refusalOf(updated, "email");
    const [view] = await withDeliveries(c.env, [updated], LISTED_ATTEMPTS);
    return done(view!);
  },
);

serve(
  notificationsApi,
  createRoute({
    method: "delete",
    path: "/{subscriptionId}",
    tags: ["notifications"],
    summary: "Unsubscribe",
    description: "Removed at once: nothing more is sent, not even a delivery already queued.",
    security: PLAYER_KEY,
    request: { params: SubscriptionParams },
    responses: { 200: json(Deleted, "Removed."), ...errorsWith({ 400: BAD_ID, 401: NEEDS_KEY, 404: NO_SUBSCRIPTION }) },
  }),
  async (c) => {
    const owner = await playerOf(c);
    if (isFailure(owner)) return owner;
    const id = c.req.valid("param").subscriptionId;
    if (!(await deleteSubscription(c.env.DB, owner, id)))
      return fail(404, "SUBSCRIPTION_NOT_FOUND", "You have no subscription with that id.");
    return done({ deleted: true as const, id });
  },
);

serve(
  notificationsApi,
  createRoute({
    method: "post",
    path: "/{subscriptionId}/test",
    tags: ["notifications"],
    summary: "Send a test message",
    description: `Queues one test message (event \`test\`) under a fresh key on every call; it shows among the deliveries once attempted. At most ${TESTS_PER_HOUR} an hour per subscription. Not to an unconfirmed address, nor through a disabled subscription.`,
    security: PLAYER_KEY,
    request: { params: SubscriptionParams },
    responses: {
      200: json(TestSent, "Queued."),
      ...errorsWith({
        400: BAD_ID,
        401: NEEDS_KEY,
        404: NO_SUBSCRIPTION,
        409: "EMAIL_NOT_CONFIRMED (the confirmation link has not been used) or SUBSCRIPTION_DISABLED (turn it on first).",
        429: "RATE_LIMITED: test messages are spent for the hour (this subscription's, this client address's or this target's).",
      }),
    },
  }),
  async (c) => {
    const owner = await playerOf(c);
    if (isFailure(owner)) return owner;
    const row = await ownedSubscription(c.env.DB, owner, c.req.valid("param").subscriptionId);
    if (!row) return fail(404, "SUBSCRIPTION_NOT_FOUND", "You have no subscription with that id.");
    return testSend(c.env, clientOf(c), row);
  },
);
