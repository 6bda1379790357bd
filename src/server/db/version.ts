import { desc } from "drizzle-orm";
import { integer, sqliteTable, text } from "drizzle-orm/sqlite-core";
import { database } from "./queries";

/**
 * The migrations D1 applied, as wrangler records them. Wrangler's table, not
 * ours: declared here for reading only, and kept out of the schema test's
 * tables (which are exactly what our migrations make).
 */
const d1Migrations = sqliteTable("d1_migrations", {
  id: integer("id").primaryKey(),
  name: text("name").notNull(),
});

/**
 * The database's schema version: the newest migration applied, as D1 itself
 * records them (`wrangler d1 migrations apply` keeps the d1_migrations
 * table), e.g. "0009_send_limits". A new migration file needs no other step.
 * (The `meta` table the first two migrations kept a version in was never
 * read; migration 0016 dropped it.)
 */
export async function schemaVersion(d1: D1Database): Promise<string | null> {
  try {
    const [row] = await database(d1).select({ name: d1Migrations.name }).from(d1Migrations).orderBy(desc(d1Migrations.id)).limit(1);
    return row ? row.name.replace(/\.sql$/, "") : null;
  } catch {
    // No migration was ever applied: the table does not exist.
    return null;
  }
}
