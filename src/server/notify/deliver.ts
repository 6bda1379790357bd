import { deliveryRow } from "../db/deliveries";
import type { SubscriptionRow } from "../db/notifications";
import type { Env } from "../env";
import { attempt, defaultSenders, type Senders } from "./channels";
import { type NotifyConfig, notifyConfig } from "./config";
import type { Outcome } from "./outcome";
import { hopSeconds, retryDelayMs } from "./schedule";
import {
  type Attempt,
  alone,
  claim,
  deliveriesOf,
  deliveryDatabase,
  type FirstWrite,
  type Place,
  recordDead,
  recordFailed,
  recordSent,
  recordSkipped,
} from "./store";
import { type Delivery, eventOf } from "./types";
import type { Resolver } from "./url-policy";

/**
 * The DELIVERIES queue's consumer. Each message is one notification's
 * deliveries: the message is claimed in D1 (store.ts: in its game's log
 * shard, or the main database), each delivery not settled yet is attempted
 * once through its channel and recorded as it ends, and then the message is
 * acknowledged, or put back on the queue for its first delivery's next
 * attempt (schedule.ts); another delivery that failed goes back on the
 * queue in a message of its own. When the schedule is spent the message is
 * moved to the dead-letter queue, whose consumer (`handleDeadDeliveries`)
 * records it and disables the subscription with the reason.
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

function skipReason(sub: SubscriptionRow | undefined, delivery: Delivery): string | null {
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
    event: eventOf(delivery),
    attempt: number,
    status: outcome.kind,
    httpStatus: outcome.status,
    error: failed ? outcome.error : null,
  };
}

/** What a message's sending needs: where, how, and the clock. */
interface Sending {
  readonly env: Env;
  readonly at: Place;
  readonly cfg: NotifyConfig;
  readonly senders: Senders;
  readonly now: () => number;
}

/**
 * One delivery's attempt, recorded as soon as its receiver has answered.
 * `first`: the delivery has no row yet (one sent under another's lease),
 * which is written now. Answers the wait before its next attempt, if it
 * failed and has one left; "dead" when the schedule is spent.
 */
type Next = null | { readonly wait: number } | { readonly dead: string };

async function attemptOne(s: Sending, delivery: Delivery, sub: SubscriptionRow, number: number, first?: FirstWrite): Promise<Next> {
  const outcome = await attempt(delivery, sub, s.cfg, s.senders, s.now());
  const record = attemptRecord(delivery, sub, number, outcome);
  const when = s.now();
  switch (outcome.kind) {
    case "sent":
      await recordSent(s.at, record, when, sub.failures, first);
      return null;
    case "gone":
      await recordDead(s.at, record, when, `the receiver is gone (${outcome.error})`, first);
      return null;
    case "refused":
      await recordDead(s.at, record, when, `the target is not allowed (${outcome.error})`, first);
      return null;
    case "failed": {
      const wait = retryDelayMs(number, s.cfg.delayScale);
      if (wait === null) {
        await recordDead(s.at, record, when, null, first);
        return { dead: outcome.error };
      }
      await recordFailed(s.at, record, when, when + wait, first);
      return { wait };
    }
  }
}

/**
 * A delivery sent under another's lease: skipped without a trace when its
 * subscription is gone (nothing was attempted), else attempted once and
 * written once; a failure goes back on the queue in a message of its own.
 */
async function sendOther(s: Sending, sub: SubscriptionRow | undefined, own: Delivery): Promise<void> {
  if (skipReason(sub, own) !== null || !sub) return;
  const first: FirstWrite = { event: eventOf(own), createdAt: own.createdAt, message: JSON.stringify(own) };
  // A first attempt always has retries left: a failure waits for the next in a message of its own (it keeps the shard).
  const next = await attemptOne(s, own, sub, 1, first);
  if (next && "wait" in next) await s.env.DELIVERIES.send(own, { delaySeconds: hopSeconds(next.wait) });
}

/** One message: claim, attempt each delivery, record. Throws only when D1 fails (the queue then tries the message again). */
export async function deliver(env: Env, delivery: Delivery, options: DeliveryOptions = {}): Promise<Decision> {
  const now = options.now ?? Date.now;
  const at: Place = { deliveries: deliveryDatabase(env, delivery.shard), main: env.DB };
  const claimed = await claim(at, delivery, now());
  if ("done" in claimed) return { ack: claimed.done };
  if ("waitMs" in claimed) return { retrySeconds: hopSeconds(claimed.waitMs) };
  const s: Sending = {
    env,
    at,
    cfg: notifyConfig(env, options.resolver),
    senders: { ...defaultSenders(env), ...options.senders },
    now,
  };
  // The others first, at once, each recorded as it ends; the lease's own last, so that the lease covers them all.
  await Promise.all(claimed.others.map((id) => sendOther(s, claimed.subscriptions.get(id.subscriptionId), alone(delivery, id))));
  const sub = claimed.subscriptions.get(delivery.subscriptionId);
  const lease = { key: delivery.key, subscriptionId: delivery.subscriptionId };
  const skip = skipReason(sub, delivery);
  if (skip !== null || !sub) {
    await recordSkipped(at.deliveries, lease, skip ?? "");
    return { ack: "skipped" };
  }
  const next = await attemptOne(s, delivery, sub, claimed.claimed);
  if (next === null) return { ack: "done" };
  if ("dead" in next) return { deadLetter: next.dead };
  return { retrySeconds: hopSeconds(next.wait) };
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
 * a message that kept crashing the consumer) is marked dead and its
 * subscription is disabled, with the reason its owner will read in the
 * preferences. Of a message's deliveries, those settled already are left
 * as they are.
 */
export async function handleDeadDeliveries(batch: MessageBatch<Delivery>, env: Env, options: DeliveryOptions = {}): Promise<void> {
  const now = options.now ?? Date.now;
  for (const message of batch.messages) {
    const body = message.body;
    const at: Place = { deliveries: deliveryDatabase(env, body.shard), main: env.DB };
    for (const [i, id] of deliveriesOf(body).entries()) {
      const row = await deliveryRow(at.deliveries, id);
      // Another delivery of the message with a row of its own was settled, or waits for its own retry.
      if (i > 0 && row) continue;
      if (row && (row.state === "sent" || row.state === "skipped")) continue;
      const attempts = row?.attempts ?? 0;
      const reason = `gave up after ${attempts} failed attempts${row?.lastError ? `; last error: ${row.lastError}` : ""}`;
      const own = alone(body, id);
      const record: Attempt = {
        key: id.key,
        subscriptionId: id.subscriptionId,
        event: eventOf(own),
        attempt: attempts,
        status: "dead",
        httpStatus: null,
        error: reason,
      };
      await recordDead(at, record, now(), reason, row ? undefined : { event: eventOf(own), createdAt: own.createdAt, message: "" });
    }
    message.ack();
  }
}
