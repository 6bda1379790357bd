/**
 * The database's schema version: the newest migration applied, as D1 itself
 * records them (`wrangler d1 migrations apply` keeps the d1_migrations
 * table), e.g. "0009_send_limits". A new migration file needs no other step.
 * (The `meta` table's `schema_version` row was only ever set by the first two
 * migrations and is not read.)
 */
export async function schemaVersion(d1: D1Database): Promise<string | null> {
  try {
    const row = await d1.prepare("SELECT name FROM d1_migrations ORDER BY id DESC LIMIT 1").first<{ name: string }>();
    return row ? row.name.replace(/\.sql$/, "") : null;
  } catch {
    // No migration was ever applied: the table does not exist.
    return null;
  }
}
