-- Migration number: 0026 	 The same log table as each log shard's (migrations-log/0026: keyed by game and seq, WITHOUT ROWID; this database's holds the games from before the shards), and what the delivery log shows of a sent delivery kept in its row (a success writes no attempt row: src/server/notify/store.ts).
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

-- The deliveries of no game (confirmations, sign-in links, tests, digests) keep their shape; each also says what its last
-- attempt was, for the delivery log, and is found by subscription (these are few: no move writes one).
ALTER TABLE notification_deliveries ADD COLUMN event TEXT;
ALTER TABLE notification_deliveries ADD COLUMN http_status INTEGER;
ALTER TABLE notification_deliveries ADD COLUMN settled_at INTEGER;
CREATE INDEX IF NOT EXISTS notification_deliveries_by_subscription ON notification_deliveries (subscription_id);
