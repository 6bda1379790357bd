import { deliveryRow } from "../db/deliveries";
import type { SubscriptionRow } from "../db/notifications";
import type { Env } from "../env";
import { attempt, defaultSenders, type Senders } from "./channels";
import { notifyConfig } from "./config";
import type { Outcome } from "./outcome";
import { hopSeconds, retryDelayMs } from "./schedule";
import { type Attempt, claim, deliveryDatabase, type Place, recordDead, recordFailed, recordSent, recordSkipped } from "./store";
import type { Delivery } from "./types";
import type { Resolver } from "./url-policy";

/**
 * The DELIVERIES queue's consumer. Each message is one delivery: it is
 * claimed in D1 (store.ts: in its game's log shard, or the main database), attempted once through its channel, and then
 * acknowledged (sent, or ended for good) or put back on the queue for its
 * next attempt (schedule.ts). When the schedule is spent it is moved to the
 * dead-letter queue, whose consumer (`handleDeadDeliveries`) records it and
 * disables the subscription with the reason.
 */

export interface DeliveryOptions {
  /** The clock (tests and benchmarks move it). */
  readonly now?: () => number;
  readonly senders?: Partial<Senders>;
  /** Resolver for webhook host names; default: DNS over HTTPS at DNS_RESOLVER_URL, none when unset. */
  readonly resolver?: Resolver | null;
}

/** What became of one message. */
export type Decision = { readonly ack: string } | { readonly retrySeconds: number } | { readonly deadLetter: string };

function skipReason(sub: SubscriptionRow | null, delivery: Delivery): string | null {
  if (!sub) return "the subscription was removed";
  if (sub.disabledAt !== null) return `the subscription is disabled: ${sub.disabledReason ?? ""}`;
  if (sub.channel === "email" && !sub.confirmed && delivery.notice.type !== "confirm") return "the address is not confirmed";
  return null;
}

function attemptRecord(delivery: Delivery, sub: SubscriptionRow, number: number, outcome: Outcome): Attempt {
  const failed = outcome.kind !== "sent";
  return {
    key: delivery.key,
    subscriptionId: sub.id,
    event: delivery.notice.type === "game" ? delivery.notice.notification.type : delivery.notice.type,
    attempt: number,
    status: outcome.kind,
    httpStatus: outcome.status,
    error: failed ? outcome.error : null,
  };
}

/** One message: claim, attempt, record. Throws only when D1 fails (the queue then tries the message again). */
export async function deliver(env: Env, delivery: Delivery, options: DeliveryOptions = {}): Promise<Decision> {
  const now = options.now ?? Date.now;
  const at: Place = { deliveries: deliveryDatabase(env, delivery.shard), main: env.DB };
  const claimed = await claim(at, delivery.key, delivery.subscriptionId, now(), delivery.generation ?? 0);
  if ("done" in claimed) return { ack: claimed.done };
  if ("waitMs" in claimed) return { retrySeconds: hopSeconds(claimed.waitMs) };
  const sub = claimed.subscription;
  const skip = skipReason(sub, delivery);
  if (skip !== null || !sub) {
    await recordSkipped(at.deliveries, delivery.key, skip ?? "");
    return { ack: "skipped" };
  }
  const cfg = notifyConfig(env, options.resolver);
  const senders = { ...defaultSenders(env), ...options.senders };
  const outcome = await attempt(delivery, sub, cfg, senders, now());
  const record = attemptRecord(delivery, sub, claimed.claimed, outcome);
  const when = now();
  switch (outcome.kind) {
    case "sent":
      await recordSent(at, record, when, sub.failures);
      return { ack: "sent" };
    case "gone":
      await recordDead(at, record, when, `the receiver is gone (${outcome.error})`);
      return { ack: "gone" };
    case "refused":
      await recordDead(at, record, when, `the target is not allowed (${outcome.error})`);
      return { ack: "refused" };
    case "failed": {
      const wait = retryDelayMs(claimed.claimed, cfg.delayScale);
      if (wait === null) {
        await recordDead(at, record, when, null);
        return { deadLetter: outcome.error };
      }
      await recordFailed(at, record, when, when + wait);
      return { retrySeconds: hopSeconds(wait) };
    }
  }
}

/** The consumer for the DELIVERIES queue: every message of the batch at once, each settled on its own. */
export async function handleDeliveries(batch: MessageBatch<Delivery>, env: Env, options: DeliveryOptions = {}): Promise<void> {
  await Promise.all(
    batch.messages.map(async (message) => {
      try {
        const decision = await deliver(env, message.body, options);
        if ("retrySeconds" in decision) message.retry({ delaySeconds: decision.retrySeconds });
        else if ("deadLetter" in decision) {
          await env.DEAD_DELIVERIES.send(message.body);
          message.ack();
        } else message.ack();
      } catch (error) {
        // D1 or the queue failed: the message comes back (and, past max_retries, reaches the dead-letter queue).
        console.error(`delivery ${message.body.key}: ${(error as Error).message}`);
        message.retry({ delaySeconds: 30 });
      }
    }),
  );
}

/**
 * The dead-letter queue's consumer: a delivery whose retries are spent (or
 * that kept crashing the consumer) is marked dead and its subscription is
 * disabled, with the reason its owner will read in the preferences.
 */
export async function handleDeadDeliveries(batch: MessageBatch<Delivery>, env: Env, options: DeliveryOptions = {}): Promise<void> {
  const now = options.now ?? Date.now;
  for (const message of batch.messages) {
    const delivery = message.body;
    const at: Place = { deliveries: deliveryDatabase(env, delivery.shard), main: env.DB };
    const row = await deliveryRow(at.deliveries, delivery.key);
    if (row && row.state !== "sent" && row.state !== "skipped") {
      const reason = `gave up after ${row.attempts} failed attempts${row.lastError ? `; last error: ${row.lastError}` : ""}`;
      await recordDead(
        at,
        {
          key: delivery.key,
          subscriptionId: delivery.subscriptionId,
          event: delivery.notice.type === "game" ? delivery.notice.notification.type : delivery.notice.type,
          attempt: row.attempts,
          status: "dead",
          httpStatus: null,
          error: reason,
        },
        now(),
        reason,
      );
    }
    message.ack();
  }
}
