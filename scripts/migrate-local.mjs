/**
 * Applies the D1 migrations locally, run by `npm start` (and the local
 * services of the tests and benchmarks): the main database's (migrations/)
 * and each log shard's (migrations-log/), the shards being the bindings
 * wrangler.toml's LOG_SHARDS names (src/server/db/shards.ts). Extra
 * arguments (`--persist-to DIR`) go to every `wrangler d1 migrations apply`.
 */
import { execFileSync } from "node:child_process";
import { readFileSync } from "node:fs";
import { join } from "node:path";

const root = join(import.meta.dirname, "..");

/** The log shards' bindings, from wrangler.toml's [vars] LOG_SHARDS (one string line: no TOML parser needed). */
export function logShards() {
  const toml = readFileSync(join(root, "wrangler.toml"), "utf8");
  const line = /^LOG_SHARDS\s*=\s*"([^"]*)"/m.exec(toml);
  const names = (line?.[1] ?? "")
    .split(",")
    .map((n) => n.trim())
    .filter((n) => n && n !== "DB");
  return names;
}

if (process.argv[1] === import.meta.filename) {
  const wrangler = join(root, "node_modules/wrangler/bin/wrangler.js");
  for (const binding of ["DB", ...logShards()]) {
    execFileSync(process.execPath, [wrangler, "d1", "migrations", "apply", binding, "--local", ...process.argv.slice(2)], {
      cwd: root,
      stdio: "inherit",
      env: { ...process.env, CI: "1" },
    });
  }
}
