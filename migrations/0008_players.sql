-- Migration number: 0008 	 Players and their devices: a player (a person) owns seats, subscriptions, absences and "my games"; devices (player keys) belong to a player.
-- A player's id is what `seats.player_hash`, `absences.player_hash` and `notification_subscriptions.owner_hash` hold
-- (docs/api.md, "Players and devices"): a player who began on one device has the SHA-256 of that device's key as id,
-- so every row written before players existed already names its player.
CREATE TABLE IF NOT EXISTS players (
  id TEXT PRIMARY KEY NOT NULL,
  name TEXT,
  language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'it')),
  time_zone TEXT,
  created_at INTEGER NOT NULL
);

-- One row per player key ever linked: a removed device keeps its row (removed_at) so that its key never opens anything again.
CREATE TABLE IF NOT EXISTS devices (
  key_hash TEXT PRIMARY KEY NOT NULL,
  player_id TEXT NOT NULL,
  label TEXT,
  created_at INTEGER NOT NULL,
  seen_at INTEGER,
  removed_at INTEGER
);
CREATE INDEX IF NOT EXISTS devices_by_player ON devices (player_id);

-- One-time codes that link a device to a player: 'code' (shown on a device in use) or 'email' (a sign-in link to a confirmed address).
-- Only the SHA-256 of the code is kept; a code is spent by its first use.
CREATE TABLE IF NOT EXISTS device_links (
  code_hash TEXT PRIMARY KEY NOT NULL,
  player_id TEXT NOT NULL,
  kind TEXT NOT NULL CHECK (kind IN ('code', 'email')),
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  used_at INTEGER
);
CREATE INDEX IF NOT EXISTS device_links_by_player ON device_links (player_id, created_at);

-- A push subscription belongs to the device that made it: removing the device removes it.
ALTER TABLE notification_subscriptions ADD COLUMN device_hash TEXT;
UPDATE notification_subscriptions SET device_hash = owner_hash WHERE channel = 'push';

-- Today's player keys become one-device players.
INSERT OR IGNORE INTO players (id, created_at)
  SELECT player_hash, CAST(strftime('%s', 'now') AS INTEGER) * 1000 FROM seats WHERE player_hash IS NOT NULL
  UNION SELECT player_hash, created_at FROM absences
  UNION SELECT owner_hash, created_at FROM notification_subscriptions WHERE owner_hash IS NOT NULL;
-- Their language and time zone: those of their latest subscription, if any.
UPDATE players SET
  language = COALESCE((SELECT language FROM notification_subscriptions s WHERE s.owner_hash = players.id ORDER BY updated_at DESC LIMIT 1), 'en'),
  time_zone = (SELECT time_zone FROM notification_subscriptions s WHERE s.owner_hash = players.id AND time_zone IS NOT NULL ORDER BY updated_at DESC LIMIT 1);
INSERT OR IGNORE INTO devices (key_hash, player_id, created_at) SELECT id, id, created_at FROM players;
