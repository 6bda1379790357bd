-- Migration number: 0023 	 Rated play (docs/ratings.md, "Who plays rated"): established players and the mailboxes that
-- establish them, each seat's own turns in a match's result, and the network a seek was published and each of its seats taken from.
-- A player is established once they meet every condition (src/server/ratings/standing.ts), and stays so: losing one later
-- (an address removed) undoes nothing, so that nobody escapes a rating that way.
ALTER TABLE players ADD COLUMN established_at INTEGER;

-- A mailbox (the SHA-256 of the address as notify/send-limits.ts's mailboxOf reads it) establishes the first player to confirm
-- it, for good: the primary key lets one mailbox stand for one player only, however often it is confirmed again elsewhere.
CREATE TABLE IF NOT EXISTS player_mailboxes (
  mailbox TEXT PRIMARY KEY NOT NULL,
  player_id TEXT NOT NULL,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS player_mailboxes_by_player ON player_mailboxes (player_id);

-- The turns the seat's player played themselves (not the computer for them); null in results from before it was kept.
ALTER TABLE match_results ADD COLUMN turns INTEGER;

-- The network (src/server/network.ts, a hash; null where it tells nothing) a seek was published from and each seat taken from:
-- the lobby's limits count open seeks per network, and a rated seek refuses a seat from a network already at its table.
-- `device`: the SHA-256 of the key of the device that took the seat, so that a device later linked to an opponent's player
-- tells the match's end that both seats were one person's (src/server/ratings/verdict.ts).
ALTER TABLE seeks ADD COLUMN network TEXT;
ALTER TABLE seek_seats ADD COLUMN network TEXT;
ALTER TABLE seek_seats ADD COLUMN device TEXT;
CREATE INDEX IF NOT EXISTS seeks_by_network ON seeks (network, status);
