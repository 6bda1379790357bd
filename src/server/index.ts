import { Hono } from "hono";
import { ENGINE_VERSION } from "../engine/version";
import type { AppEnv, Delivery, Env } from "./env";
import { handleDeadDeliveries, handleDeliveries } from "./notify/index";

import { gamesApi } from "./routes/games";
import { openApi } from "./routes/openapi";
import { playersApi } from "./routes/players";

export { GameRoom } from "./room/game-room";

const api = new Hono<AppEnv>();

api.get("/health", (c) => c.json({ ok: true, engine: ENGINE_VERSION }));
api.route("/games", gamesApi);
api.route("/me", playersApi);
api.route("/", openApi);

const app = new Hono<AppEnv>();

app.route("/api", api);

// Only /api/* reaches the Worker (wrangler.toml `run_worker_first`); every
// other path is a static asset or the single-page app.
app.notFound((c) => c.json({ error: { code: "NOT_FOUND", message: `No route for ${c.req.method} ${c.req.path}.` } }, 404));

app.onError((err, c) => {
  console.error("unhandled error", err);
  return c.json({ error: { code: "INTERNAL", message: "Internal error." } }, 500);
});

/** Notification deliveries (src/server/notify), and their dead-letter queue. */
async function queue(batch: MessageBatch<Delivery>, env: Env, _ctx: ExecutionContext): Promise<void> {
  if (batch.queue.endsWith("-dlq")) await handleDeadDeliveries(batch, env);
  else await handleDeliveries(batch, env);
}

export default {
  fetch: app.fetch,
  queue,
} satisfies ExportedHandler<Env, Delivery>;
