-- Migration number: 0002 	 Games: the index, seats, and every game's event log (filled by each game's outbox).
CREATE TABLE IF NOT EXISTS games (
  id TEXT PRIMARY KEY NOT NULL,
  players INTEGER NOT NULL,
  rules TEXT NOT NULL,
  names TEXT NOT NULL,
  status TEXT NOT NULL,
  turn INTEGER,
  version INTEGER NOT NULL,
  prepared INTEGER NOT NULL DEFAULT 0,
  invite_hash TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);

CREATE TABLE IF NOT EXISTS seats (
  game_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  token_hash TEXT NOT NULL,
  taken INTEGER NOT NULL DEFAULT 0,
  name TEXT,
  player_hash TEXT,
  PRIMARY KEY (game_id, seat)
);
CREATE INDEX IF NOT EXISTS seats_by_player ON seats (player_hash);

CREATE TABLE IF NOT EXISTS game_events (
  game_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  at INTEGER NOT NULL,
  UNIQUE (game_id, seq)
);

UPDATE meta SET value = '2' WHERE key = 'schema_version';
