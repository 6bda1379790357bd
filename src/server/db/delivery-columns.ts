import { integer, text } from "drizzle-orm/sqlite-core";

/** The states a delivery goes through (notify/store.ts). */
export const DELIVERY_STATES = ["pending", "sending", "sent", "failed", "dead", "skipped"] as const;

/**
 * A delivery's columns, the same in the main database (db/notifications.ts)
 * and in each log shard (db/log-shard.ts): what idempotency and the
 * re-queueing of lost messages need (migrations/0015), and what the delivery
 * log shows of a delivery that was sent (migrations/0026: a success writes
 * no attempt row of its own). A function: each table builds its own columns.
 */
export function deliveryColumns() {
  return {
    key: text("key").notNull(),
    subscriptionId: text("subscription_id").notNull(),
    state: text("state", { enum: DELIVERY_STATES }).notNull(),
    attempts: integer("attempts").notNull().default(0),
    nextAt: integer("next_at").notNull(),
    leaseUntil: integer("lease_until"),
    lastError: text("last_error"),
    createdAt: integer("created_at").notNull(),
    /** The live queue message's generation: the cron re-queues a lost one with the next (migration 0009). */
    generation: integer("generation").notNull().default(0),
    /** The queue message as JSON (a lease's whole batch: notify/store.ts), to put on the queue again; null once the delivery is over. */
    message: text("message"),
    /** The event (or notice) it tells, its last answer's HTTP status, and when it was settled: the delivery log's line for a success. */
    event: text("event"),
    httpStatus: integer("http_status"),
    settledAt: integer("settled_at"),
  };
}
