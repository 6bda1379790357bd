import { OpenAPIHono } from "@hono/zod-openapi";
import { ENGINE_VERSION } from "../engine/version";
import type { AppEnv, Delivery, Env } from "./env";
import { fail, render } from "./reply";
import { gamesApi } from "./routes/games";
import { describeApi } from "./routes/openapi";
import { playersApi } from "./routes/players";
import { securityHeaders } from "./security";
import { onError, validationHook } from "./validation";

export { GameRoom } from "./room/game-room";

const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

app.use("*", securityHeaders);
app.get("/api/health", (c) => c.json({ ok: true, engine: ENGINE_VERSION }));
app.route("/api/games", gamesApi);
app.route("/api/me", playersApi);
describeApi(app);

app.all("/api/*", (c) => render(c, fail(404, "NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`)));
// Every other path is the web client: a static file, or the single-page app for its routes.
app.all("*", (c) => c.env.ASSETS.fetch(c.req.raw));

app.onError(onError);

async function queue(batch: MessageBatch<Delivery>, _env: Env, _ctx: ExecutionContext): Promise<void> {
  // Deliveries are not sent yet: acknowledge them so nothing piles up.
  batch.ackAll();
}

export default {
  fetch: app.fetch,
  queue,
} satisfies ExportedHandler<Env, Delivery>;
