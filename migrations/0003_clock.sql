-- Migration number: 0003 	 The correspondence clock: each game's deadline and next due time in the index, and players' absences.
-- When the seat to play runs out of time (ms since the epoch), null without a clock or when nobody is to play.
ALTER TABLE games ADD COLUMN deadline INTEGER;
-- The earliest thing the game's room has due (a timeout, a reminder, a computer's turn): the Cron guard wakes a room past it.
ALTER TABLE games ADD COLUMN next_due INTEGER;
-- The last reminder of the turn in progress ('80%' or '1h'), for "my games".
ALTER TABLE games ADD COLUMN reminder TEXT;
CREATE INDEX IF NOT EXISTS games_by_next_due ON games (next_due) WHERE next_due IS NOT NULL;

-- Absences a player (by player key) declared: their clocks stop from `from_at` until `until_at`.
CREATE TABLE IF NOT EXISTS absences (
  id TEXT PRIMARY KEY NOT NULL,
  player_hash TEXT NOT NULL,
  from_at INTEGER NOT NULL,
  until_at INTEGER NOT NULL,
  created_at INTEGER NOT NULL,
  -- When it was cancelled (before it began it never was; during it, it ended then).
  cancelled_at INTEGER
);
CREATE INDEX IF NOT EXISTS absences_by_player ON absences (player_hash, until_at);
