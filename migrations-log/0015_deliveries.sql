-- Migration number: 0015 	 Notification deliveries and attempts of the shard's games (src/server/notify/store.ts), the same tables as the main database's (migrations/0004, 0009, 0015), which keeps those of no game.
-- One row per delivery, keyed by its idempotency key (game/seq/kind/subscription): claimed before sending and marked
-- sent after, so a redelivered queue message or a repeated fan-out never sends twice.
CREATE TABLE IF NOT EXISTS notification_deliveries (
  key TEXT PRIMARY KEY NOT NULL,
  subscription_id TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'dead', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  lease_until INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  -- The live queue message's generation (the cron re-queues a lost one with the next: notify/requeue.ts).
  generation INTEGER NOT NULL DEFAULT 0,
  -- The queue message itself (JSON), to put on the queue again; cleared once the delivery is over.
  message TEXT
);
-- The daily pruning of finished deliveries.
CREATE INDEX IF NOT EXISTS notification_deliveries_by_time ON notification_deliveries (created_at);
-- What the cron looks for: deliveries due (or whose lease ran out) long ago.
CREATE INDEX IF NOT EXISTS notification_deliveries_waiting ON notification_deliveries (next_at) WHERE state IN ('pending', 'failed');
CREATE INDEX IF NOT EXISTS notification_deliveries_leased ON notification_deliveries (lease_until) WHERE state = 'sending';

-- Every attempt (the delivery log), kept 30 days and at most the 50 latest per subscription in each shard.
CREATE TABLE IF NOT EXISTS notification_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_key TEXT NOT NULL,
  subscription_id TEXT NOT NULL,
  event TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('sent', 'failed', 'gone', 'refused', 'dead')),
  http_status INTEGER,
  error TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS notification_attempts_by_subscription ON notification_attempts (subscription_id, at);
CREATE INDEX IF NOT EXISTS notification_attempts_by_time ON notification_attempts (at);
