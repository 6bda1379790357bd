-- Migration number: 0030 	 Tournaments (docs/tournaments.md): each tournament's Durable Object is the single writer of its log and
-- copies it here, with the rows the lobby, "my tournaments" and "my games" read. `tournaments` is the index (public ones are
-- listed by status; `next_due` lets the cron wake a tournament whose alarm did not fire; `clock_offset` as for games, 0 but in
-- local tests' time travel). `tournament_players` names each player's place (their entry), so that a player's tournaments are
-- one look-up. `tournament_tables` names each table's game, its round and the round's deadline, for "my games". The log
-- (`tournament_events`) is private: a round's deals are in it.
CREATE TABLE IF NOT EXISTS tournaments (
  id TEXT PRIMARY KEY,
  name TEXT NOT NULL,
  organiser_id TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('registration', 'running', 'over')),
  visibility TEXT NOT NULL CHECK (visibility IN ('public', 'invitation')),
  format TEXT NOT NULL CHECK (format IN ('pairs', 'individual')),
  preset TEXT NOT NULL,
  rounds INTEGER NOT NULL,
  round INTEGER NOT NULL DEFAULT 0,
  entries INTEGER NOT NULL DEFAULT 0,
  registration_until INTEGER,
  version INTEGER NOT NULL,
  next_due INTEGER,
  clock_offset INTEGER NOT NULL DEFAULT 0,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tournaments_listed ON tournaments (visibility, status, created_at);
CREATE INDEX IF NOT EXISTS tournaments_by_organiser ON tournaments (organiser_id, status);
CREATE INDEX IF NOT EXISTS tournaments_by_next_due ON tournaments (next_due) WHERE next_due IS NOT NULL;

CREATE TABLE IF NOT EXISTS tournament_players (
  tournament_id TEXT NOT NULL,
  player_id TEXT NOT NULL,
  entry INTEGER NOT NULL,
  PRIMARY KEY (tournament_id, player_id)
);
CREATE INDEX IF NOT EXISTS tournament_players_by_player ON tournament_players (player_id);

CREATE TABLE IF NOT EXISTS tournament_tables (
  game_id TEXT PRIMARY KEY,
  tournament_id TEXT NOT NULL,
  round INTEGER NOT NULL,
  table_no INTEGER NOT NULL,
  deadline INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS tournament_tables_by_tournament ON tournament_tables (tournament_id, round);

CREATE TABLE IF NOT EXISTS tournament_events (
  tournament_id TEXT NOT NULL,
  seq INTEGER NOT NULL,
  kind TEXT NOT NULL,
  body TEXT NOT NULL,
  at INTEGER NOT NULL,
  UNIQUE (tournament_id, seq)
);
