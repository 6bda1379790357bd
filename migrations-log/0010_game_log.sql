-- Migration number: 0010 	 A log shard: its games' event logs, entry by entry (each game's log in one shard: src/server/db/shards.ts).
CREATE TABLE IF NOT EXISTS game_events (
  game_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  at INTEGER NOT NULL,
  UNIQUE (game_id, seq)
);
