import { sql } from "drizzle-orm";
import { index, primaryKey, sqliteTable } from "drizzle-orm/sqlite-core";
import { deliveryColumns } from "./delivery-columns";

/**
 * What a log shard holds beside its games' log (db/schema.ts `gameEvents`)
 * and the attempts' log (db/notifications.ts `attempts`): its games'
 * notification deliveries (migrations-log/0026). The same columns as the
 * main database's, keyed by subscription then key, so that a
 * subscription's delivery log is a range of the key itself (no index
 * written per delivery), WITHOUT ROWID (one b-tree: one row written per row
 * billed), with only the two partial indexes the cron's requeue reads,
 * which a delivery enters only while it waits for a retry or holds a lease
 * (notify/store.ts).
 */
export const shardDeliveries = sqliteTable("notification_deliveries", deliveryColumns(), (t) => [
  primaryKey({ columns: [t.subscriptionId, t.key] }),
  index("notification_deliveries_waiting").on(t.nextAt).where(sql`state IN ('pending', 'failed')`),
  index("notification_deliveries_leased").on(t.leaseUntil).where(sql`state = 'sending'`),
]);
