import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { ENGINE_VERSION } from "../engine/version";
import { z } from "../shared/wire/z";
import { serveAsset } from "./assets";
import { schemaVersion } from "./db/version";
import type { AppEnv } from "./env";
import { done, fail, render } from "./reply";
import { json, serve } from "./routes/define";
import { gamesApi } from "./routes/games";
import { identityApi } from "./routes/identity";
import { notificationLinksApi } from "./routes/notification-links";
import { notificationsApi } from "./routes/notifications";
import { oembedApi } from "./routes/oembed";
import { describeApi } from "./routes/openapi";
import { pagesApp } from "./routes/pages";
import { playersApi } from "./routes/players";
import { pushKeyApi } from "./routes/push-key";
import { leaderboardsApi, playerPagesApi } from "./routes/ratings";
import { seeksApi } from "./routes/seeks";
import { tournamentsApi } from "./routes/tournaments";
import { securityHeaders } from "./security";
import { onError, validationHook } from "./validation";

/** The Worker's HTTP side: the API under /api, its description, and the web client for every other path. */
export const app = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

app.use("*", securityHeaders);

serve(
  app,
  createRoute({
    method: "get",
    path: "/api/health",
    tags: ["service"],
    summary: "Health",
    responses: {
      200: json(
        z
          .object({
            ok: z.literal(true),
            engine: z.string(),
            schema: z
              .string()
              .nullable()
              .openapi({ description: 'The newest database migration applied, e.g. "0009_send_limits"; null before any.' }),
          })
          .openapi("Health"),
        "The service answers, with its rules engine's version and its database's schema version.",
      ),
    },
  }),
  async (c) => done({ ok: true as const, engine: ENGINE_VERSION, schema: await schemaVersion(c.env.DB) }),
);
app.route("/api/games", gamesApi);
app.route("/api/me/notifications", notificationsApi);
app.route("/api/me", identityApi);
app.route("/api/me", playersApi);
app.route("/api/oembed", oembedApi);
app.route("/api/players", playerPagesApi);
app.route("/api/leaderboards", leaderboardsApi);
app.route("/api/seeks", seeksApi);
app.route("/api/tournaments", tournamentsApi);
app.route("/api/notifications/vapid", pushKeyApi);
app.route("/api/notifications", notificationLinksApi);
describeApi(app);

app.all("/api/*", (c) => render(c, fail(404, "NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`)));
// A game's page carries its link preview; every other path is the web client: a static file, or the single-page app for its routes.
app.route("/", pagesApp);
app.all("*", serveAsset);

app.onError(onError);
