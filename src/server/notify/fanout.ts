import { parseEvents } from "../db/columns";
import { deliveryRow } from "../db/deliveries";
import type { SubscriptionRow } from "../db/notifications";
import { subscriptionsFor } from "../db/subscription-queries";
import type { Env } from "../env";
import { deliveryDatabase, insertDeliveries, type NewDelivery } from "./store";
import { type SubscriptionView, viewOf } from "./subscriptions";
import type { Delivery, GameNotification, Notice } from "./types";

/**
 * Fan-out: one game notification becomes one delivery per subscription that
 * wants it, each with the idempotency key `gameId/seq/kind/subscriptionId`,
 * all in one queue message on the DELIVERIES queue (the first holds the
 * message's lease, the others ride in `more`: store.ts). Nothing is written
 * to D1 here: the consumer writes each delivery as it claims or settles it
 * (in the game's log shard), and the room keeps the notification in its
 * outbox until the queue has the message (room/outbox.ts). Calling this
 * twice for the same notification — an outbox drained again after a
 * failure — is harmless: the second message finds the first's lease, and
 * sends nothing that was sent (store.ts).
 */

/** Lets the caller leave out a subscription (say, no email while the player has the table open live). */
export type SkipDelivery = (subscription: SubscriptionView, notification: GameNotification) => boolean | Promise<boolean>;

export interface FanOutOptions {
  readonly skip?: SkipDelivery;
  /** The game's log shard (db/shards.ts), where its deliveries are kept; absent or null: the main database. */
  readonly shard?: string | null;
}

/** Whether a subscription wants to hear of a notification, before the caller's own predicate. */
export function wants(sub: SubscriptionRow, n: GameNotification): boolean {
  if (sub.disabledAt !== null) return false;
  const events = parseEvents(sub.events);
  // A tournament round's reminder is heard by whoever hears reminders; a round sat out by whoever hears games start.
  if (!events.includes(n.type === "roundReminder" ? "reminder" : n.type === "roundBye" ? "started" : n.type)) return false;
  // A match claimed on time is told once: by the claim, to whoever hears of claims, else as the match's end.
  if (n.type === "gameOver" && n.ending?.reason === "timeout" && events.includes("claimed")) return false;
  if (sub.channel === "email" && !sub.confirmed) return false;
  // A daily digest stands in for the per-turn messages (and their reminders).
  if (sub.channel === "email" && sub.digest === "daily" && (n.type === "turn" || n.type === "reminder")) return false;
  // Words at the table go to each reader on their own: an email only as the hourly digest, push and webhooks once per message; never to a game's group chat.
  if (n.type === "message") {
    if (n.digest !== (sub.channel === "email")) return false;
    if (sub.scope === "game" || (sub.gameId !== null && sub.gameId !== n.gameId)) return false;
    return n.players[n.seat] === sub.ownerHash;
  }
  if (sub.scope === "game") return sub.gameId === n.gameId;
  if (sub.gameId !== null && sub.gameId !== n.gameId) return false;
  // A player hears of their own turn, not of everyone's; of their own seat's fresh link, not of another's.
  if (n.type === "turn" || n.type === "reminder" || n.type === "seatReissued") return n.players[n.seat] === sub.ownerHash;
  return sub.ownerHash !== null && n.players.includes(sub.ownerHash);
}

/** One entry may notify twice (a hand and the match ending on one discard): the kind is part of the key. */
export function deliveryKey(n: { gameId: string; seq: number; type: string }, subscriptionId: string): string {
  return `${n.gameId}/${n.seq}/${n.type}/${subscriptionId}`;
}

/**
 * Writes deliveries to D1 (to `shard`, a game's log shard, or else the main
 * database), each with its queue message (so that the cron can queue it
 * again if this copy is lost: requeue.ts), and queues those never
 * attempted. Returns how many were queued.
 */
export async function enqueue(
  env: Env,
  items: readonly { row: Omit<NewDelivery, "message">; notice: Notice; createdAt: number }[],
  now: number,
  shard: string | null = null,
): Promise<number> {
  const made = items.map((i) => ({
    row: i.row,
    body: {
      key: i.row.key,
      subscriptionId: i.row.subscriptionId,
      notice: i.notice,
      createdAt: i.createdAt,
      ...(shard === null ? {} : { shard }),
    } satisfies Delivery,
  }));
  const pending = await insertDeliveries(
    deliveryDatabase(env, shard),
    made.map((m) => ({ ...m.row, message: JSON.stringify(m.body) })),
    now,
  );
  const messages = made.filter((m) => pending.has(m.row.key)).map((m): { body: Delivery } => ({ body: m.body }));
  // A Queue takes at most 100 messages per sendBatch.
  for (let i = 0; i < messages.length; i += 100) await env.DELIVERIES.sendBatch(messages.slice(i, i + 100));
  return messages.length;
}

/**
 * Which delivery of a message holds its lease and goes last (store.ts): an
 * email's if any, then a webhook's — a push, the message a phone shows at
 * once, is never the one kept waiting for the others' answers — and among
 * equals the subscription that sorts first, so that a notification fanned
 * out again finds the same lease.
 */
const LEASE_ORDER: Record<SubscriptionRow["channel"], number> = { email: 0, webhook: 1, push: 2 };

/** Fans one game notification out to the subscriptions that want it: one queue message, however many deliveries. */
export async function fanOut(
  env: Env,
  notification: GameNotification,
  options: FanOutOptions = {},
): Promise<{ queued: number; skipped: number }> {
  const owners = [...new Set(notification.players.filter((p): p is string => p !== null))];
  const candidates = (await subscriptionsFor(env.DB, notification.gameId, owners)).filter((s) => wants(s, notification));
  const chosen: SubscriptionRow[] = [];
  for (const sub of candidates) if (!(await options.skip?.(viewOf(sub), notification))) chosen.push(sub);
  const skipped = candidates.length - chosen.length;
  if (chosen.length === 0) return { queued: 0, skipped };
  chosen.sort((a, b) => LEASE_ORDER[a.channel] - LEASE_ORDER[b.channel] || (a.id < b.id ? -1 : a.id > b.id ? 1 : 0));
  const [lease, ...others] = chosen.map((sub) => ({ key: deliveryKey(notification, sub.id), subscriptionId: sub.id }));
  // Fanned out before (an outbox drained again): once the lease has a row, its message was taken, and it or the cron
  // sees every delivery through (store.ts). One read, so that a drain retried late queues no message for nothing.
  if (await deliveryRow(deliveryDatabase(env, options.shard), lease!)) return { queued: 0, skipped };
  const message: Delivery = {
    ...lease!,
    ...(others.length > 0 ? { more: others } : {}),
    notice: { type: "game", notification },
    createdAt: notification.at,
    ...(options.shard ? { shard: options.shard } : {}),
  };
  await env.DELIVERIES.send(message);
  return { queued: chosen.length, skipped };
}

/** Queues one notice for one subscription outside any game event: an address confirmation, a test. */
export async function enqueueNotice(
  env: Env,
  subscriptionId: string,
  notice: Exclude<Notice, { type: "game" }>,
  key: string,
  now: number,
): Promise<boolean> {
  const queued = await enqueue(env, [{ row: { key, subscriptionId }, notice, createdAt: now }], now);
  return queued > 0;
}
