/**
 * Notifications: email, webhooks (Discord, Slack, any Standard Webhooks
 * receiver) and Web Push, through the DELIVERIES queue. The interface the
 * rest of the service uses:
 *
 * - `fanOut(env, notification, { skip })` — a game event (turn, reminder,
 *   timeout, claim, hand or match end, invitation) to every subscription
 *   that wants it.
 *   Idempotent per (game, seq, subscription).
 * - `handleDeliveries(batch, env)` / `handleDeadDeliveries(batch, env)` —
 *   the consumers of the DELIVERIES queue and of its dead-letter queue.
 * - `queueDigests(env, now)` — hourly, from a Cron Trigger.
 * - `pruneDeliveryLog(env, now)` — daily, in the main database and every log
 *   shard: the log keeps 30 days and 50 attempts a subscription; finished
 *   deliveries' rows 14 days (idempotency).
 * - subscriptions: `createSubscription`, `confirmEmail`, `unsubscribe`,
 *   `listSubscriptions`, `updateSubscription`, `deleteSubscription`,
 *   `recentAttempts`, and `enqueueNotice` for confirmation and test messages.
 * - `publicMove(seat, events)` — a turn's public facts for a notification.
 */
export { links, type NotifyConfig, notifyConfig } from "./config";
export { type Decision, type DeliveryOptions, deliver, handleDeadDeliveries, handleDeliveries } from "./deliver";
export { DIGEST_HOUR, type GamesAwaiting, gamesAwaitingFromIndex, queueDigests } from "./digest";
export { publicMove } from "./facts";
export { deliveryKey, enqueueNotice, type FanOutOptions, fanOut, type SkipDelivery } from "./fanout";
export { recentAttempts } from "./manage";
export { RETRY_SCHEDULE_SECONDS } from "./schedule";
export { ATTEMPTS_KEPT, DELIVERY_KEEP_DAYS, LOG_DAYS, pruneDeliveryLog } from "./store";
export {
  checkSubscription,
  confirmEmail,
  createSubscription,
  deleteSubscription,
  listSubscriptions,
  type NewSubscription,
  type SubscriptionChanges,
  type SubscriptionView,
  unsubscribe,
  updateSubscription,
} from "./subscriptions";
export * from "./types";
export { checkUrl, dohResolver, type Resolver, staticResolver, type UrlPolicy } from "./url-policy";
