-- Migration number: 0017 	 Linking a device never moves another player's holdings unless asked (players/merge.ts).
-- A player merged into another, knowingly, names the player it became: a copy of a seat written after the merge
-- (a room's drain, or a seat opened a moment before it) lands on the kept player, and a room that still names the
-- merged player hands its seat over on the next use. One hop: a later merge of the kept player rewrites these rows.
CREATE TABLE IF NOT EXISTS player_merges (
  from_id TEXT PRIMARY KEY NOT NULL,
  into_id TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS player_merges_by_into ON player_merges (into_id);

-- A device that joined another player and left its own behind (its games, notifications and the rest stay there)
-- remembers that player: removed by the player it joined, it goes back to the one it came from, when that player
-- has no other device to reach it by.
ALTER TABLE devices ADD COLUMN came_from TEXT;
