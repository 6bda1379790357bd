-- Migration number: 0021 	 Recovery codes (docs/identity.md, "A recovery code"): a player's way back when their only device is lost.
-- One row per player: the player's one recovery code, as the SHA-256 of the code (never the code), and what became of it.
-- `code_hash` is null once the code no longer works: spent (`used_at`, and `used_by`: the SHA-256 of the key of the device
-- it linked), or voided when one of the player's devices was removed (`voided_at`). Making a new code rewrites the row, so
-- the old one stops working at once.
CREATE TABLE IF NOT EXISTS recovery_codes (
  player_id TEXT PRIMARY KEY NOT NULL,
  code_hash TEXT,
  created_at INTEGER NOT NULL,
  used_at INTEGER,
  used_by TEXT,
  voided_at INTEGER
);
CREATE UNIQUE INDEX IF NOT EXISTS recovery_codes_by_hash ON recovery_codes (code_hash);
