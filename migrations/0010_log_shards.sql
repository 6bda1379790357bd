-- Migration number: 0010 	 Each game's log shard (a D1 binding's name; null: this database's own game_events, for games from before the shards).
ALTER TABLE games ADD COLUMN log_shard TEXT;
