import { Hono } from "hono";
import { isGameId } from "../auth";
import { parseDuration } from "../clock/time";
import type { AppEnv } from "../env";
import { fail, gameNotFound, render } from "../reply";

/**
 * Local tests only: with DEV_TIME_TRAVEL=1 (which the browser tests'
 * service passes to wrangler dev, and which wrangler.toml never sets),
 * `POST /api/dev/games/{id}/time` `{"advance": "2h"}` moves one game's
 * time on, so that a deadline passes without waiting. Anywhere else every
 * path here is 404, like any unknown route, and it is not in the API's
 * description.
 */
export const devApi = new Hono<AppEnv>();

devApi.post("/games/:id/time", async (c) => {
  const notFound = () => render(c, fail(404, "NOT_FOUND", `No route for ${c.req.method} ${c.req.path}.`));
  if (c.env.DEV_TIME_TRAVEL !== "1") return notFound();
  const id = c.req.param("id");
  if (!isGameId(id, c.env.GAME_ID_KEY)) return render(c, gameNotFound());
  const body = (await c.req.json().catch(() => null)) as { advance?: unknown } | null;
  const ms = typeof body?.advance === "string" ? parseDuration(body.advance) : null;
  if (ms === null || ms <= 0)
    return render(c, fail(422, "BAD_REQUEST", 'Send {"advance": "2h"}: a duration to move the game\'s time on by.'));
  const room = c.env.GAME_ROOM.get(c.env.GAME_ROOM.idFromName(id));
  return render(c, await room.devAdvanceTime(id, ms));
});
