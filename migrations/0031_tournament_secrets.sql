-- Migration number: 0031 	 A tournament's sealed links (docs/tournaments.md, "A room rebuilt"): the invitation link's token and each
-- pair's partner link token, sealed with the service's key (seal.ts) as the tournament's room keeps them, copied here by its drain so
-- that a room whose storage is lost, rebuilt from D1's copy of its log, still shows them to the organiser and to the pair's first player.
-- `key` is the room's own: `invite`, or `partner:<entry>`. Never read but by the tournament's room.
CREATE TABLE IF NOT EXISTS tournament_secrets (
  tournament_id TEXT NOT NULL,
  key TEXT NOT NULL,
  value TEXT NOT NULL,
  PRIMARY KEY (tournament_id, key)
);
