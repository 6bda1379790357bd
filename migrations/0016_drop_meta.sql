-- Migration number: 0016 	 The `meta` table goes: migrations 0001 and 0002 kept a schema version in it that nothing reads (the schema version is the newest migration applied, from D1's own d1_migrations: src/server/db/version.ts).
DROP TABLE IF EXISTS meta;
