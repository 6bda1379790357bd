/**
 * The bindings the data layer reads, named from the generated `Cloudflare.Env`
 * (worker-configuration.d.ts) rather than from the Worker's whole environment
 * (env.ts, which knows the game room): the main D1 database, the log shards
 * (LOG_SHARDS names them; each is a D1 binding of that name, shards.ts) and
 * the archive's R2 bucket and how long a finished game waits for it.
 */
export type DataBindings = Pick<Cloudflare.Env, "DB" | "LOG_SHARDS" | "ARCHIVE" | "ARCHIVE_AFTER_DAYS">;
