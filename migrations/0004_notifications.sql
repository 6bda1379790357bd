-- Migration number: 0004 	 Notifications: subscriptions (email, webhook, push), one row per delivery (its state), and the log of every attempt.
CREATE TABLE IF NOT EXISTS notification_subscriptions (
  id TEXT PRIMARY KEY NOT NULL,
  -- SHA-256 of the owner's player key; null only for a game's own webhook made without one.
  owner_hash TEXT,
  -- null: all the owner's games; else one game (scope 'player') or the game's own webhook (scope 'game').
  game_id TEXT,
  scope TEXT NOT NULL CHECK (scope IN ('player', 'game')),
  channel TEXT NOT NULL CHECK (channel IN ('email', 'webhook', 'push')),
  -- Email address, webhook URL or push endpoint.
  target TEXT NOT NULL,
  -- Webhooks: 'standard' (signed JSON), 'discord' or 'slack'.
  format TEXT,
  -- Push: the browser's keys (base64url).
  push_p256dh TEXT,
  push_auth TEXT,
  -- JSON array of 'turn', 'reminder', 'handEnded', 'gameOver', 'invited'.
  events TEXT NOT NULL,
  language TEXT NOT NULL DEFAULT 'en' CHECK (language IN ('en', 'it')),
  -- Email: 'none' (a message per event) or 'daily' (one morning digest instead of turn messages).
  digest TEXT NOT NULL DEFAULT 'none' CHECK (digest IN ('none', 'daily')),
  time_zone TEXT,
  last_digest TEXT,
  -- Email: nothing is sent before the address is confirmed by its one-time link (SHA-256 of the token).
  confirmed INTEGER NOT NULL DEFAULT 0,
  confirm_hash TEXT,
  -- One-click unsubscribe link token (RFC 8058): it can only remove this subscription.
  unsubscribe_token TEXT NOT NULL,
  -- Webhooks: the signing secret (whsec_...), shown once to the owner.
  secret TEXT,
  -- Failed attempts in a row; reset by a success.
  failures INTEGER NOT NULL DEFAULT 0,
  disabled_at INTEGER,
  disabled_reason TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS notification_subscriptions_by_owner ON notification_subscriptions (owner_hash);
CREATE INDEX IF NOT EXISTS notification_subscriptions_by_game ON notification_subscriptions (game_id);
CREATE UNIQUE INDEX IF NOT EXISTS notification_subscriptions_unique
  ON notification_subscriptions (IFNULL(owner_hash, ''), IFNULL(game_id, ''), scope, channel, target);
CREATE UNIQUE INDEX IF NOT EXISTS notification_subscriptions_by_unsubscribe ON notification_subscriptions (unsubscribe_token);

-- One row per delivery, keyed by its idempotency key (game/seq/subscription):
-- claimed before sending and marked sent after, so a redelivered queue
-- message or a repeated fan-out never sends twice.
CREATE TABLE IF NOT EXISTS notification_deliveries (
  key TEXT PRIMARY KEY NOT NULL,
  subscription_id TEXT NOT NULL,
  event TEXT NOT NULL,
  game_id TEXT,
  seq INTEGER,
  state TEXT NOT NULL CHECK (state IN ('pending', 'sending', 'sent', 'failed', 'dead', 'skipped')),
  attempts INTEGER NOT NULL DEFAULT 0,
  next_at INTEGER NOT NULL,
  lease_until INTEGER,
  last_error TEXT,
  created_at INTEGER NOT NULL,
  sent_at INTEGER
);
CREATE INDEX IF NOT EXISTS notification_deliveries_by_subscription ON notification_deliveries (subscription_id, created_at);
CREATE INDEX IF NOT EXISTS notification_deliveries_by_time ON notification_deliveries (created_at);

-- Every attempt, kept 30 days.
CREATE TABLE IF NOT EXISTS notification_attempts (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  delivery_key TEXT NOT NULL,
  subscription_id TEXT NOT NULL,
  event TEXT NOT NULL,
  attempt INTEGER NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('sent', 'failed', 'gone', 'refused', 'dead')),
  http_status INTEGER,
  error TEXT,
  at INTEGER NOT NULL
);
CREATE INDEX IF NOT EXISTS notification_attempts_by_subscription ON notification_attempts (subscription_id, at);
CREATE INDEX IF NOT EXISTS notification_attempts_by_time ON notification_attempts (at);
