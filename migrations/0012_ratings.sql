-- Migration number: 0012 	 Ratings (docs/ratings.md): every ended match's result per seat, and Glicko-2 ratings per player, preset and number of players.
-- One row per seat of every match that ended (aborted matches have none): a player's games finished, games lost on time and
-- recent results are counted from here. `player_id` is the player's id (src/server/players/identity.ts), `public_id` the id
-- their public page shows. In a rated match `nth` numbers the player's rated matches in that pool: two matches of one player
-- rated at once cannot both take the same number, so one of the two batches fails and is rated again from the other's result.
CREATE TABLE IF NOT EXISTS match_results (
  game_id TEXT NOT NULL,
  seat INTEGER NOT NULL,
  player_id TEXT,
  public_id TEXT,
  name TEXT,
  preset TEXT NOT NULL,
  players INTEGER NOT NULL,
  result TEXT NOT NULL CHECK (result IN ('win', 'loss', 'draw')),
  how TEXT NOT NULL CHECK (how IN ('play', 'resigned', 'timeout')),
  rated INTEGER NOT NULL DEFAULT 0,
  nth INTEGER,
  rating_before REAL,
  rating_after REAL,
  rd_after REAL,
  at INTEGER NOT NULL,
  PRIMARY KEY (game_id, seat),
  UNIQUE (player_id, preset, players, nth)
);
CREATE INDEX IF NOT EXISTS match_results_by_player ON match_results (public_id, at);

CREATE TABLE IF NOT EXISTS ratings (
  player_id TEXT NOT NULL,
  public_id TEXT NOT NULL,
  preset TEXT NOT NULL,
  players INTEGER NOT NULL,
  rating REAL NOT NULL,
  rd REAL NOT NULL,
  vol REAL NOT NULL,
  games INTEGER NOT NULL,
  rated_at INTEGER NOT NULL,
  PRIMARY KEY (player_id, preset, players)
);
CREATE INDEX IF NOT EXISTS ratings_board ON ratings (preset, players, rating);
CREATE INDEX IF NOT EXISTS ratings_by_public_id ON ratings (public_id);
