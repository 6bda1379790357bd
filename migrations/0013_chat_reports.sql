-- Migration number: 0013 	 The table's chat (docs/chat.md): messages players reported, kept for the operator.
-- The messages themselves are log entries (game_events, in each game's log shard); a report copies the message as
-- written, so that it stays readable whatever happens to the game. One report per message and reporting seat.
CREATE TABLE IF NOT EXISTS chat_reports (
  game_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  reporter_seat INTEGER NOT NULL,
  reporter_player TEXT,
  author_seat INTEGER NOT NULL,
  author_name TEXT,
  author_player TEXT,
  text TEXT,
  phrase TEXT,
  reason TEXT,
  written_at INTEGER NOT NULL,
  reported_at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seq, reporter_seat)
);
CREATE INDEX IF NOT EXISTS chat_reports_by_time ON chat_reports (reported_at);
