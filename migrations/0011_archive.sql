-- Migration number: 0011 	 Finished games archived to R2 (src/server/db/archive.ts): when, and the index the cron looks them up by.
ALTER TABLE games ADD COLUMN archived_at INTEGER;
CREATE INDEX IF NOT EXISTS games_to_archive ON games (updated_at) WHERE status = 'over' AND archived_at IS NULL;
