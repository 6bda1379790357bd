/**
 * `npm start`: the whole service locally — local VAPID keys in .dev.vars if
 * there are none (dev-vars.mjs), the web client built, the local D1
 * databases migrated (the main one and each log shard), then `wrangler dev`
 * with both Workers (the game's and the link-preview renderer).
 *
 * `npm run start:dev` (`--dev`) serves the local tests' Worker instead
 * (src/server/dev/index.ts: the same service plus time travel, `POST
 * /api/dev/games/{id}/time`), to try correspondence with time moved on.
 *
 * The port is 8787 unless `PORT=8811 npm start` or `npm start -- --port
 * 8811` says otherwise, and PUBLIC_URL — the origin of every link in emails,
 * pushes and webhooks — follows it (`http://localhost:8811`), unless
 * PUBLIC_URL is set in the environment. Any other argument goes to
 * `wrangler dev` as it is (`--persist-to DIR` also to the migrations, so that
 * they migrate the database the service then uses).
 */
import { spawn, spawnSync } from "node:child_process";
import { join } from "node:path";
import { logShards } from "./migrate-local.mjs";

const root = join(import.meta.dirname, "..");
const wrangler = join(root, "node_modules/wrangler/bin/wrangler.js");
export const DEFAULT_PORT = 8787;
/** The local tests' Worker: production's plus time travel (never deployed). */
export const DEV_ENTRY = "src/server/dev/index.ts";

/**
 * What to run, from the command's arguments and environment: the port, the
 * public origin, the arguments of the migrations and of `wrangler dev`; or
 * the reason they cannot be used.
 */
export function startPlan(argv, env) {
  const rest = [];
  let port = env.PORT === undefined || env.PORT === "" ? null : env.PORT;
  let persistTo = null;
  let entry = null;
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i];
    const [flag, inline] =
      arg.startsWith("--") && arg.includes("=") ? [arg.slice(0, arg.indexOf("=")), arg.slice(arg.indexOf("=") + 1)] : [arg, null];
    if (flag === "--dev") {
      entry = DEV_ENTRY;
    } else if (flag === "--port" || flag === "-p") {
      port = inline ?? argv[++i] ?? "";
    } else if (flag === "--persist-to") {
      persistTo = inline ?? argv[++i] ?? "";
      rest.push("--persist-to", persistTo);
    } else rest.push(arg);
  }
  const number = port === null ? DEFAULT_PORT : Number(port);
  if (!Number.isInteger(number) || number < 1 || number > 65_535) return { error: `not a port: ${port} (a number from 1 to 65535)` };
  const publicUrl = env.PUBLIC_URL ? env.PUBLIC_URL : `http://localhost:${number}`;
  return {
    port: number,
    publicUrl,
    migrate: ["d1", "migrations", "apply", "DB", "--local", ...(persistTo === null ? [] : ["--persist-to", persistTo])],
    // The game Worker and its link-preview renderer (a Worker of its own behind a service binding). The caller's
    // arguments come first: a Worker's file given last would be read as another value of the `--var` below.
    dev: [
      "dev",
      ...(entry === null ? [] : [entry]),
      ...rest,
      "-c",
      "wrangler.toml",
      "-c",
      "wrangler.preview.toml",
      "--local",
      "--port",
      String(number),
      "--test-scheduled",
      "--var",
      `PUBLIC_URL:${publicUrl}`,
    ],
  };
}

function run(command, args, extraEnv = {}) {
  const done = spawnSync(command, args, { cwd: root, stdio: "inherit", env: { ...process.env, ...extraEnv } });
  if (done.status !== 0) process.exit(done.status ?? 1);
}

if (process.argv[1] === import.meta.filename) {
  const plan = startPlan(process.argv.slice(2), process.env);
  if ("error" in plan) {
    console.error(`npm start: ${plan.error}`);
    process.exit(2);
  }
  run(process.execPath, [join(root, "scripts/dev-vars.mjs")]);
  run(process.execPath, [join(root, "scripts/build-web.mjs")]);
  // The main database's migrations, then each log shard's (src/server/db/shards.ts, migrations-log/).
  for (const binding of ["DB", ...logShards()]) run(process.execPath, [wrangler, ...plan.migrate.with(3, binding)], { CI: "1" });
  const dev = plan.dev[1] === DEV_ENTRY ? ", with time travel: POST /api/dev/games/{id}/time" : "";
  console.log(`Burraco on http://localhost:${plan.port} (links in messages: ${plan.publicUrl})${dev}`);
  const child = spawn(process.execPath, [wrangler, ...plan.dev], {
    cwd: root,
    stdio: "inherit",
    env: { ...process.env, CLOUDFLARE_CF_FETCH_ENABLED: "false" },
  });
  // Ctrl-C and the like reach wrangler through the terminal; its end is this script's.
  child.on("exit", (code, signal) => process.exit(code ?? (signal ? 1 : 0)));
  for (const signal of ["SIGINT", "SIGTERM"]) process.on(signal, () => child.kill(signal));
}
