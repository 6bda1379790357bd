-- Migration number: 0014 	 Seeks (docs/seeks.md): games published to the lobby for anyone to join, and the seats taken in them.
-- A seek is open until its last seat is taken (then `status` is 'full', `game_id` names the game made for it and `started_at`
-- says when its room was made), withdrawn (deleted) or expired (deleted by the cron). `pace` is the clock's speed for the lobby's
-- filter: 'live' (an hour or two per turn or bank) or 'correspondence'. A seat is taken by one conditional insert (db/seeks.ts):
-- the primary key (seek, seat) and UNIQUE (seek, player) let exactly one of two players racing for the last seat have it, and
-- keep a player from taking two seats of one seek. Each seat keeps its game seat's token sealed (src/server/seal.ts) from the
-- moment it is taken, so that the game made from the seek is the same whoever makes it and however often it is tried.
CREATE TABLE IF NOT EXISTS seeks (
  id TEXT PRIMARY KEY,
  player_id TEXT NOT NULL,
  preset TEXT NOT NULL,
  players INTEGER NOT NULL CHECK (players IN (2, 3, 4)),
  clock TEXT NOT NULL,
  pace TEXT NOT NULL CHECK (pace IN ('live', 'correspondence')),
  rated INTEGER NOT NULL DEFAULT 0,
  language TEXT NOT NULL CHECK (language IN ('en', 'it')),
  min_rating INTEGER,
  max_rating INTEGER,
  status TEXT NOT NULL DEFAULT 'open' CHECK (status IN ('open', 'full')),
  game_id TEXT,
  started_at INTEGER,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS seeks_open ON seeks (status, created_at);
CREATE INDEX IF NOT EXISTS seeks_by_expiry ON seeks (expires_at);
CREATE INDEX IF NOT EXISTS seeks_by_player ON seeks (player_id);

CREATE TABLE IF NOT EXISTS seek_seats (
  seek_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  player_id TEXT NOT NULL,
  name TEXT,
  link_sealed TEXT NOT NULL,
  joined_at INTEGER NOT NULL,
  PRIMARY KEY (seek_id, seat),
  UNIQUE (seek_id, player_id)
);
CREATE INDEX IF NOT EXISTS seek_seats_by_player ON seek_seats (player_id);
