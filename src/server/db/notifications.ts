import { sql } from "drizzle-orm";
import { index, integer, sqliteTable, text, uniqueIndex } from "drizzle-orm/sqlite-core";
import { LANGUAGES } from "../../shared/language";
import { ATTEMPT_STATUSES, DIGESTS, NOTIFY_CHANNELS, SUBSCRIPTION_SCOPES, WEBHOOK_FORMATS } from "../../shared/wire/notifications";
import { deliveryColumns } from "./delivery-columns";

/** Notification subscriptions (migrations/0004_notifications.sql says what each column holds). */
export const subscriptions = sqliteTable(
  "notification_subscriptions",
  {
    id: text("id").primaryKey(),
    ownerHash: text("owner_hash"),
    gameId: text("game_id"),
    scope: text("scope", { enum: SUBSCRIPTION_SCOPES }).notNull(),
    channel: text("channel", { enum: NOTIFY_CHANNELS }).notNull(),
    target: text("target").notNull(),
    format: text("format", { enum: WEBHOOK_FORMATS }),
    pushP256dh: text("push_p256dh"),
    pushAuth: text("push_auth"),
    /** JSON array of events. */
    events: text("events").notNull(),
    language: text("language", { enum: LANGUAGES }).notNull().default("en"),
    digest: text("digest", { enum: DIGESTS }).notNull().default("none"),
    timeZone: text("time_zone"),
    lastDigest: text("last_digest"),
    confirmed: integer("confirmed", { mode: "boolean" }).notNull().default(false),
    confirmHash: text("confirm_hash"),
    unsubscribeToken: text("unsubscribe_token").notNull(),
    secret: text("secret"),
    failures: integer("failures").notNull().default(0),
    disabledAt: integer("disabled_at"),
    disabledReason: text("disabled_reason"),
    createdAt: integer("created_at").notNull(),
    updatedAt: integer("updated_at").notNull(),
    /** Push: the SHA-256 of the key of the device that made it (removing the device removes it). */
    deviceHash: text("device_hash"),
  },
  (t) => [
    index("notification_subscriptions_by_owner").on(t.ownerHash),
    index("notification_subscriptions_by_game").on(t.gameId),
    // One subscription per owner, game, scope, channel and target (an absent owner or game counts as one value).
    uniqueIndex("notification_subscriptions_unique").on(
      sql`IFNULL(owner_hash, '')`,
      sql`IFNULL(game_id, '')`,
      t.scope,
      t.channel,
      t.target,
    ),
    uniqueIndex("notification_subscriptions_by_unsubscribe").on(t.unsubscribeToken),
  ],
);

export type SubscriptionRow = typeof subscriptions.$inferSelect;

/**
 * One row per delivery in the main database (deliveries of no game:
 * confirmations, sign-in links, tests, digests; and those of games from
 * before the log shards), by idempotency key. A game's deliveries are in
 * its log shard (`shardDeliveries`, db/log-shard.ts); `Delivery.shard`
 * says where a delivery's row is.
 */
export const deliveries = sqliteTable("notification_deliveries", { ...deliveryColumns(), key: text("key").primaryKey() }, (t) => [
  index("notification_deliveries_by_time").on(t.createdAt),
  index("notification_deliveries_waiting").on(t.nextAt).where(sql`state IN ('pending', 'failed')`),
  index("notification_deliveries_leased").on(t.leaseUntil).where(sql`state = 'sending'`),
  // A subscription's sent messages, for its delivery log (notices are few: this costs no move anything).
  index("notification_deliveries_by_subscription").on(t.subscriptionId),
]);

export type DeliveryRow = typeof deliveries.$inferSelect;

/** The log of every attempt, beside its delivery (the main database or the game's log shard). */
export const attempts = sqliteTable(
  "notification_attempts",
  {
    id: integer("id").primaryKey({ autoIncrement: true }),
    deliveryKey: text("delivery_key").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    event: text("event").notNull(),
    attempt: integer("attempt").notNull(),
    status: text("status", { enum: ATTEMPT_STATUSES }).notNull(),
    httpStatus: integer("http_status"),
    error: text("error"),
    at: integer("at").notNull(),
  },
  (t) => [index("notification_attempts_by_subscription").on(t.subscriptionId, t.at), index("notification_attempts_by_time").on(t.at)],
);

export type AttemptRow = typeof attempts.$inferSelect;

/**
 * The sending limits' counts (migrations/0009; notify/send-limits.ts): one
 * row per counted action, in the bucket of what it is limited by.
 */
export const sendLimits = sqliteTable(
  "send_limits",
  {
    bucket: text("bucket").notNull(),
    at: integer("at").notNull(),
  },
  (t) => [index("send_limits_by_bucket").on(t.bucket, t.at)],
);
