import { Hono } from "hono";
import { ENGINE_VERSION } from "../engine/version";
import type { AppEnv, Delivery, Env } from "./env";

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

async function queue(batch: MessageBatch<Delivery>, _env: Env, _ctx: ExecutionContext): Promise<void> {
  // Deliveries are not sent yet: acknowledge them so nothing piles up.
  batch.ackAll();
}

export default {
  fetch: app.fetch,
  queue,
} satisfies ExportedHandler<Env, Delivery>;
