import { applyD1Migrations, type D1Migration } from "cloudflare:test";
import { env } from "cloudflare:workers";
import { shardDatabase, shardNames } from "../../src/server/db/shards";

// Runs before each test file: applies the D1 migrations (idempotent) to the test's main database and to each log shard.
const bindings = env as unknown as { TEST_MIGRATIONS: D1Migration[]; TEST_LOG_MIGRATIONS: D1Migration[] };
await applyD1Migrations(env.DB, bindings.TEST_MIGRATIONS);
for (const name of shardNames(env)) if (name !== "DB") await applyD1Migrations(shardDatabase(env, name), bindings.TEST_LOG_MIGRATIONS);
