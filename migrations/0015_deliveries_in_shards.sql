-- Migration number: 0015 	 Notification deliveries and attempts move to each game's log shard (migrations-log/0015): this database keeps those of no game (address confirmations, sign-in links, tests, digests) and the ones made before.
-- A delivery's row keeps only what idempotency and the re-queueing of lost messages need: its key (game, seq, kind and
-- subscription are in it), subscription, state, attempts, times, generation and message. What the delivery log shows is in
-- notification_attempts. The index by subscription served nothing and cost a row written per delivery.
DROP INDEX IF EXISTS notification_deliveries_by_subscription;
ALTER TABLE notification_deliveries DROP COLUMN event;
ALTER TABLE notification_deliveries DROP COLUMN game_id;
ALTER TABLE notification_deliveries DROP COLUMN seq;
ALTER TABLE notification_deliveries DROP COLUMN sent_at;
