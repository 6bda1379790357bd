-- Migration number: 0009 	 Sending limits that hold across Worker instances, and the re-queueing of deliveries whose queue message was lost.

-- One row per counted action (a subscription made, a test or invitation posted): the
-- bucket says by what it is limited (a client address, a mailbox, a target host) and
-- the limit is how many rows one bucket holds within its window (notify/send-limits.ts).
CREATE TABLE IF NOT EXISTS send_limits (
  bucket TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS send_limits_by_bucket ON send_limits (bucket, at);

-- Which queue message of a delivery is the live one: the cron re-queues a delivery whose
-- message was lost with the next generation, and a copy of an older one is dropped.
ALTER TABLE notification_deliveries ADD COLUMN generation INTEGER NOT NULL DEFAULT 0;
-- The queue message itself (JSON), to put on the queue again; cleared once the delivery is over.
ALTER TABLE notification_deliveries ADD COLUMN message TEXT;
-- What the cron looks for: deliveries due (or whose lease ran out) long ago.
CREATE INDEX IF NOT EXISTS notification_deliveries_waiting ON notification_deliveries (next_at) WHERE state IN ('pending', 'failed');
CREATE INDEX IF NOT EXISTS notification_deliveries_leased ON notification_deliveries (lease_until) WHERE state = 'sending';
