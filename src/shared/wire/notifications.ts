import { fromBase64url } from "../base64url";
import { LANGUAGES } from "../language";
import { holdsForbidden } from "../text";
import { isTimeZone } from "../time-zone";
import { list } from "./common";
import { z } from "./z";

/**
 * Notification subscriptions over HTTP: a player's own (`/api/me/notifications`,
 * by player key), a game's own webhooks (`/api/games/{id}/webhooks`, by the
 * game creator's credential), and the links an email carries (confirm,
 * one-click unsubscribe).
 */

/**
 * The events a subscription may choose (the server's NOTIFY_EVENTS is this
 * list).
 */
export const NOTIFY_EVENT_NAMES = [
  "turn",
  "reminder",
  "timedOut",
  "claimed",
  "handEnded",
  "gameOver",
  "invited",
  "message",
  "started",
  "seatReissued",
] as const;

/** How a subscription is reached. */
export const NOTIFY_CHANNELS = ["email", "webhook", "push"] as const;
export type NotifyChannel = (typeof NOTIFY_CHANNELS)[number];

/** Whose a subscription is: a player's own, or a game's own webhook (a group chat's). */
export const SUBSCRIPTION_SCOPES = ["player", "game"] as const;
export type SubscriptionScope = (typeof SUBSCRIPTION_SCOPES)[number];

/** How a webhook receiver is spoken to, decided from its URL when it is subscribed (server/notify/webhook.ts). */
export const WEBHOOK_FORMATS = ["standard", "discord", "slack"] as const;
export type WebhookFormat = (typeof WEBHOOK_FORMATS)[number];

/** How an email subscription hears of its turns: a message each, or one daily digest. */
export const DIGESTS = ["none", "daily"] as const;

/** How one delivery attempt ended, as the delivery log shows it. */
export const ATTEMPT_STATUSES = ["sent", "failed", "gone", "refused", "dead"] as const;

/**
 * Events a player's subscription hears when it names none. A timeout and a
 * claim decide what becomes of the player's own seat and match, like the
 * turn and its reminders: they are on by default (and were added to every
 * player subscription that heard of turns or reminders when they came in:
 * migrations/0007_timeout_events.sql). `started` (a seek's or a rematch's
 * game has begun) is on for new subscriptions and off in those made before it.
 */
export const PLAYER_DEFAULT_EVENTS = ["turn", "reminder", "timedOut", "claimed", "gameOver", "invited", "started", "seatReissued"] as const;
/** Events a game's own webhook hears when it names none: the table's life, for a group chat. */
export const GAME_DEFAULT_EVENTS = ["invited", "turn", "reminder", "timedOut", "claimed", "handEnded", "gameOver"] as const;

/**
 * The one pattern the service takes an email address by: a local part of at
 * most 64 characters made of dot-separated atoms (no empty one: `a..b` and
 * `.a` are not addresses), no space, control or special character; a domain
 * of non-empty labels of letters, digits and inner hyphens (`b..test` is
 * not one), ending in a top-level name of letters.
 */
export const EMAIL_ADDRESS =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: control characters are what the local part must not hold.
  /^(?=[^@]{1,64}@)[^\s\u0000-\u001f\u007f@<>()[\]\\",;:.]+(?:\.[^\s\u0000-\u001f\u007f@<>()[\]\\",;:.]+)*@(?:[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?\.)+[A-Za-z]{2,63}$/;

/**
 * An email address as the API takes one: EMAIL_ADDRESS, and nothing a player's text may not hold (src/shared/text.ts:
 * no lone surrogate, bidirectional override, noncharacter or line separator), which the pattern alone lets through
 * in the local part, open to any script (RFC 6531). A refinement, since the pattern stays one a JSON Schema validator
 * without Unicode property escapes can read.
 */
export const EmailAddress = z
  .string()
  .max(254)
  .regex(EMAIL_ADDRESS, "address must be an email address")
  .refine((address) => !holdsForbidden(address), "address must be an email address");

export const NotifyEventName = z.enum(NOTIFY_EVENT_NAMES).openapi({
  description:
    "`turn` (it is your move), `reminder` (the clock's reminders), `timedOut` (a seat ran out of time: the computer plays it, or its opponents may claim the match), `claimed` (a match was claimed on time), `handEnded`, `gameOver`, `invited` (someone invites you to a game), `message` (a message at your table: never by default; at most one email per game and hour, never while you have the table open; docs/chat.md), `started` (a game that came with its players began), `seatReissued` (the game's creator gave your seat a fresh link after you missed a turn and stayed away: the link you had no longer opens it).",
});

const Events = z
  .array(NotifyEventName)
  .min(1, "events must name at least one of turn, reminder, timedOut, claimed, handEnded, gameOver, invited, message")
  .max(NOTIFY_EVENT_NAMES.length * 2);

export const NotifyLanguage = z.enum(LANGUAGES).openapi({ description: "The language of every message: English or Italian." });

export const Digest = z.enum(DIGESTS).openapi({
  description:
    "Email only: `daily` sends one message at 08:00 in `timeZone` listing the games awaiting your move, instead of turn messages.",
});

export const TimeZone = z
  .string()
  .max(64)
  .refine(isTimeZone, { message: "not a time zone (an IANA name such as Europe/Rome)" })
  .openapi({ description: "An IANA time zone, e.g. Europe/Rome.", example: "Europe/Rome" });

/** A game id's shape; whether the service made it is checked on the server. */
export const GameIdField = z
  .string()
  .regex(/^[A-Za-z0-9_-]{24}$/, "gameId must be a game's id (24 base64url characters)")
  .openapi({ description: "One game only; left out or null: every game of the player.", example: "Xq3vB7nK2mPa9TzRw4Lc8Hs1" });

const HttpsUrl = z.string().min(1).max(2048);

/** A browser's PushSubscription key, base64url, decoding to `bytes` bytes. */
function pushKey(bytes: number, what: string) {
  return z
    .string()
    .max(200)
    .refine((text) => fromBase64url(text)?.length === bytes, { message: `must be the subscription's ${what} (${bytes} bytes, base64url)` });
}

const Common = {
  events: Events.optional().openapi({
    description: "Left out: `turn`, `reminder`, `timedOut`, `claimed`, `gameOver` and `invited`.",
  }),
  language: NotifyLanguage.optional().openapi({ description: "Left out: Italian if the request's Accept-Language says so, else English." }),
  gameId: GameIdField.nullish(),
};

export const CreateSubscriptionRequest = z
  .discriminatedUnion("channel", [
    z.strictObject({
      channel: z.literal("email"),
      address: EmailAddress.openapi({ description: "Gets only a confirmation message until its link is used (double opt-in)." }),
      digest: Digest.optional(),
      timeZone: TimeZone.nullish(),
      ...Common,
    }),
    z.strictObject({
      channel: z.literal("webhook"),
      url: HttpsUrl.openapi({
        description:
          "An https URL on a public address. Discord and Slack incoming-webhook URLs get chat messages; any other receiver gets signed Standard Webhooks events.",
      }),
      ...Common,
    }),
    z.strictObject({
      channel: z.literal("push"),
      endpoint: HttpsUrl.openapi({ description: "The browser's PushSubscription endpoint." }),
      expirationTime: z.number().nullish().openapi({ description: "As PushSubscription.toJSON() gives it; not used." }),
      keys: z.strictObject({ p256dh: pushKey(65, "P-256 public key"), auth: pushKey(16, "auth secret") }),
      ...Common,
    }),
  ])
  .openapi("NewSubscription", {
    description: 'By channel. A browser\'s push subscription can be sent as `{"channel": "push", ...subscription.toJSON()}`.',
    example: { channel: "email", address: "anna@example.org", events: ["turn", "gameOver"], language: "it" },
  });

export const UpdateSubscriptionRequest = z
  .strictObject({
    events: Events.optional(),
    language: NotifyLanguage.optional(),
    digest: Digest.optional(),
    timeZone: TimeZone.nullable().optional(),
    gameId: GameIdField.nullable().optional().openapi({ description: "A game id: only that game; null: every game of the player." }),
    enabled: z
      .literal(true)
      .optional()
      .openapi({ description: "`true` turns a disabled subscription on again (its failures start from zero)." }),
  })
  .refine((r) => Object.keys(r).length > 0, { message: "name at least one of events, language, digest, timeZone, gameId, enabled" })
  .openapi("SubscriptionChanges", { example: { digest: "daily", timeZone: "Europe/Rome" } });

export const GameWebhookRequest = z
  .strictObject({
    url: HttpsUrl.openapi({
      description: "A group chat's incoming webhook (Discord, Slack) or any Standard Webhooks receiver: an https URL on a public address.",
    }),
    events: Events.optional().openapi({ description: "Left out: `turn`, `reminder`, `handEnded` and `gameOver`." }),
    language: NotifyLanguage.optional(),
  })
  .openapi("NewGameWebhook", { example: { url: "https://discord.com/api/webhooks/123456789/abcDEF-ghi", language: "it" } });

const Instant = z.string().openapi({ description: "ISO 8601 time." });

export const DeliveryAttempt = z
  .object({
    key: z.string().openapi({ description: "The delivery's idempotency key (a webhook's `webhook-id`)." }),
    event: z.string().openapi({ description: "A notify event, or `confirm`, `digest`, `test`." }),
    attempt: z.int(),
    status: z.enum(ATTEMPT_STATUSES),
    httpStatus: z.int().nullable(),
    error: z.string().nullable(),
    at: Instant,
  })
  .openapi("DeliveryAttempt");

export const SubscriptionView = z
  .object({
    id: z.string(),
    scope: z.enum(SUBSCRIPTION_SCOPES).openapi({ description: "A player's own, or a game's own webhook." }),
    gameId: z.string().nullable(),
    channel: z.enum(NOTIFY_CHANNELS),
    target: z.string().openapi({
      description: "The address, webhook URL or push endpoint; a game's webhook URL is shown shortened (it may itself be a secret).",
    }),
    format: z.enum(WEBHOOK_FORMATS).nullable().openapi({ description: "How a webhook is spoken to." }),
    events: list(NotifyEventName),
    language: NotifyLanguage,
    digest: Digest,
    timeZone: z.string().nullable(),
    confirmed: z.boolean().openapi({ description: "Email: its confirmation link has been used. Always true for the other channels." }),
    failures: z.int().openapi({ description: "Failed attempts in a row." }),
    disabled: z
      .object({ at: Instant, reason: z.string() })
      .nullable()
      .openapi({ description: "Why deliveries stopped (a receiver gone, retries spent); turn it on again with `enabled: true`." }),
    createdAt: Instant,
    deliveries: list(DeliveryAttempt).openapi({ description: "The latest attempts, newest first (the log keeps 30 days)." }),
  })
  .openapi("Subscription");

export const SubscriptionsResponse = z.object({ subscriptions: list(SubscriptionView) }).openapi("Subscriptions");

export const CreatedSubscription = z
  .object({
    subscription: SubscriptionView,
    secret: z.string().nullable().openapi({
      description: "A standard webhook's signing secret (`whsec_…`), shown only in this answer; null for every other channel.",
    }),
  })
  .openapi("CreatedSubscription");

export const GameWebhooksResponse = z.object({ webhooks: list(SubscriptionView) }).openapi("GameWebhooks");

export const Deleted = z.object({ deleted: z.literal(true), id: z.string() }).openapi("Deleted");

export const TestSent = z
  .object({
    key: z.string().openapi({ description: "The test delivery's key: a fresh one on every call (a webhook's `webhook-id`)." }),
    left: z.int().openapi({ description: "Test messages this subscription may still be sent this hour." }),
  })
  .openapi("TestSent");

const LinkToken = z
  .string()
  .regex(/^[A-Za-z0-9_-]{22,128}$/, "token must be the link's token (22 to 128 base64url characters)")
  .openapi({ example: "q1w2e3r4t5y6u7i8o9p0aa" });

export const ConfirmRequest = z
  .strictObject({ token: LinkToken.openapi({ description: "The `token` of the confirmation link's fragment." }) })
  .openapi("ConfirmRequest", { example: { token: "q1w2e3r4t5y6u7i8o9p0aa" } });

export const Confirmed = z
  .object({ confirmed: z.literal(true), address: z.string(), gameId: z.string().nullable() })
  .openapi("Confirmed", { description: "The address now gets the notifications it chose." });

export const OneClickForm = z
  .object({
    "List-Unsubscribe": z.literal("One-Click", { error: "the body must be List-Unsubscribe=One-Click (RFC 8058)" }),
  })
  .openapi("OneClickUnsubscribe", { example: { "List-Unsubscribe": "One-Click" } });

export const Unsubscribed = z
  .object({ unsubscribed: z.literal(true) })
  .openapi("Unsubscribed", { description: "Nothing more is sent for this subscription (also when it was already gone)." });

export const UnsubscribeParams = z.object({
  token: LinkToken.openapi({ param: { name: "token", in: "path" }, description: "The token of the message's List-Unsubscribe link." }),
});

export type NotifyEventName = z.infer<typeof NotifyEventName>;
export type Digest = z.infer<typeof Digest>;
export type CreateSubscriptionRequest = z.input<typeof CreateSubscriptionRequest>;
export type UpdateSubscriptionRequest = z.input<typeof UpdateSubscriptionRequest>;
export type GameWebhookRequest = z.input<typeof GameWebhookRequest>;
export type DeliveryAttempt = z.infer<typeof DeliveryAttempt>;
export type SubscriptionView = z.infer<typeof SubscriptionView>;
export type SubscriptionsResponse = z.infer<typeof SubscriptionsResponse>;
export type CreatedSubscription = z.infer<typeof CreatedSubscription>;
export type GameWebhooksResponse = z.infer<typeof GameWebhooksResponse>;
export type TestSent = z.infer<typeof TestSent>;
export type Confirmed = z.infer<typeof Confirmed>;
