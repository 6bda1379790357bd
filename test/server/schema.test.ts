import { env } from "cloudflare:workers";
import { getTableConfig, type SQLiteTable } from "drizzle-orm/sqlite-core";
import { describe, expect, it } from "vitest";
import * as logShard from "../../src/server/db/log-shard";
import * as notifications from "../../src/server/db/notifications";
import * as players from "../../src/server/db/players";
import * as ratings from "../../src/server/db/ratings";
import * as schema from "../../src/server/db/schema";
import * as seeks from "../../src/server/db/seeks";
import { shardDatabase, shardNames } from "../../src/server/db/shards";
import * as tournaments from "../../src/server/db/tournaments";
import { schemaVersion } from "../../src/server/db/version";

/**
 * The D1 database is made by migrations/*.sql; the code reads it through
 * drizzle's tables (src/server/db). Here the migrations, applied in order as
 * wrangler applies them, must produce exactly the tables, columns, keys and
 * indexes drizzle declares, and no table it does not.
 */

const tables: SQLiteTable[] = [
  ...Object.values(schema),
  ...Object.values(notifications),
  ...Object.values(players),
  ...Object.values(ratings),
  ...Object.values(seeks),
  ...Object.values(tournaments),
];

interface Column {
  name: string;
  type: string;
  notnull: number;
  pk: number;
}

async function columnsOf(table: string, d1: D1Database = env.DB): Promise<Column[]> {
  return (await d1.prepare('SELECT name, type, "notnull", pk FROM pragma_table_info(?)').bind(table).all<Column>()).results;
}

/** Tables that are not ours: D1's record of the migrations applied, SQLite's own (AUTOINCREMENT's counters), Cloudflare's. */
const theirs = (name: string) => name === "d1_migrations" || name.startsWith("sqlite_") || name.startsWith("_cf_");

/**
 * The declared tables as the migrations made them in `d1`: exactly those tables (one no drizzle table declares
 * is caught), each with the same columns, types, nulls and keys, and the same indexes.
 */
function sameTables(d1: () => D1Database, list: readonly SQLiteTable[]) {
  it("has exactly the declared tables, and no other", async () => {
    const made = await d1().prepare("SELECT name FROM sqlite_master WHERE type = 'table'").all<{ name: string }>();
    expect(
      made.results
        .map((r) => r.name)
        .filter((name) => !theirs(name))
        .sort(),
    ).toEqual(list.map((t) => getTableConfig(t).name).sort());
  });

  it.each(list.map((t) => [getTableConfig(t).name, t] as const))("%s: the same columns, types, nulls and keys", async (name, table) => {
    const config = getTableConfig(table);
    const composite = config.primaryKeys[0]?.columns.map((c) => c.name) ?? [];
    const declared = config.columns
      .map((c) => ({
        name: c.name,
        type: c.getSQLType().toUpperCase(),
        notnull: c.notNull || c.primary ? 1 : 0,
        key: c.primary || composite.includes(c.name),
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    const migrated = (await columnsOf(name, d1()))
      .map((c) => ({
        name: c.name,
        type: c.type.toUpperCase(),
        // A primary key never holds null in drizzle's eyes (SQLite's pragma says 0 for one not written NOT NULL).
        notnull: c.notnull || c.pk ? 1 : 0,
        key: c.pk > 0,
      }))
      .sort((a, b) => a.name.localeCompare(b.name));
    expect(migrated).toEqual(declared);
  });

  it.each(list.map((t) => [getTableConfig(t).name, t] as const))("%s: the same indexes, on the same columns", async (name, table) => {
    const config = getTableConfig(table);
    const made = await d1()
      .prepare("SELECT name FROM sqlite_master WHERE type = 'index' AND tbl_name = ? AND sql IS NOT NULL")
      .bind(name)
      .all<{ name: string }>();
    expect(made.results.map((r) => r.name).sort()).toEqual(config.indexes.map((i) => i.config.name).sort());
    for (const index of config.indexes) {
      const rows = (await d1().prepare("SELECT name FROM pragma_index_info(?)").bind(index.config.name).all<{ name: string }>()).results;
      const columns = index.config.columns.map((c) => ("name" in c ? c.name : null));
      expect(
        rows.map((r) => r.name),
        `${name}: index ${index.config.name}`,
      ).toEqual(columns);
    }
  });
}

describe("the migrations produce drizzle's schema", () => {
  sameTables(() => env.DB, tables);

  it("declares some tables", () => {
    expect(tables.map((t) => getTableConfig(t).name)).toEqual(
      expect.arrayContaining(["games", "seats", "game_events", "absences", "notification_subscriptions"]),
    );
  });

  it("the schema version is the newest migration applied, read from D1's own record of them", async () => {
    const newest = (env as unknown as { TEST_MIGRATIONS: { name: string }[] }).TEST_MIGRATIONS.map((m) => m.name)
      .sort()
      .at(-1)!;
    expect(await schemaVersion(env.DB)).toBe(newest.replace(/\.sql$/, ""));
  });
});

describe("each log shard's migrations (migrations-log/) produce drizzle's schema of what a shard holds", () => {
  // A game's log, and its notification deliveries (keyed for the shard: db/log-shard.ts) and attempts (notify/store.ts).
  const held = [schema.gameEvents, logShard.shardDeliveries, notifications.attempts];
  it("runs with three shards", () => {
    expect(shardNames(env)).toHaveLength(3);
  });
  for (const name of ["LOG_1", "LOG_2", "LOG_3"]) describe(name, () => sameTables(() => shardDatabase(env, name), held));
});
