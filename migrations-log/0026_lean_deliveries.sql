-- Migration number: 0026 	 Fewer rows written per move and per notification (src/server/notify/store.ts, docs/scale.md): the log and the deliveries become WITHOUT ROWID tables keyed as they are read, so that a row written is one row billed (a separate index on the key made each entry two), and a delivery's row also keeps what the delivery log shows of a success (a sent delivery writes no attempt row).
-- The log: keyed by game and seq (what UNIQUE (game_id, seq) indexed apart).
CREATE TABLE game_events_keyed (
  game_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq)
) WITHOUT ROWID;
INSERT INTO game_events_keyed (game_id, seq, kind, body, at) SELECT game_id, seq, kind, body, at FROM game_events;
DROP TABLE game_events;
ALTER TABLE game_events_keyed RENAME TO game_events;

-- The deliveries: keyed by subscription then key (a subscription's delivery log is a range of the key), with only the two
-- partial indexes the cron's requeue reads: a delivery enters them only while it waits for a retry or holds a lease. The
-- index by time went (the daily pruning reads the table through). A delivery sent at its first attempt is written once,
-- or, when it holds its batch's lease, claimed and settled (store.ts).
CREATE TABLE notification_deliveries_keyed (
  key TEXT NOT NULL,
  subscription_id TEXT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'dead', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  lease_until INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  generation INTEGER NOT NULL DEFAULT 0,
  message TEXT,
  -- What the delivery log shows of the delivery's last attempt when it was sent: its event, HTTP status and time.
  event TEXT,
  http_status INTEGER,
  settled_at INTEGER,
  PRIMARY KEY (subscription_id, key)
) WITHOUT ROWID;
INSERT INTO notification_deliveries_keyed (key, subscription_id, state, attempts, next_at, lease_until, last_error, created_at, generation, message)
  SELECT key, subscription_id, state, attempts, next_at, lease_until, last_error, created_at, generation, message FROM notification_deliveries;
DROP TABLE notification_deliveries;
ALTER TABLE notification_deliveries_keyed RENAME TO notification_deliveries;
CREATE INDEX notification_deliveries_waiting ON notification_deliveries (next_at) WHERE state IN ('pending', 'failed');
CREATE INDEX notification_deliveries_leased ON notification_deliveries (lease_until) WHERE state = 'sending';
