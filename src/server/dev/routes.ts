import { Hono } from "hono";
import { isGameId } from "../auth";
import { parseDuration } from "../clock/time";
import { markEstablished } from "../db/standing-queries";
import type { AppEnv } from "../env";
import { identityOf } from "../http";
import { enrol } from "../players/identity";
import { fail, gameNotFound, isFailure, render } from "../reply";
import { tournamentNotFound } from "../tournaments/actions";
import type { TimeTravelRoom } from "./time-travel";
import type { TimeTravelTournament } from "./tournament-time";

/**
 * `POST /api/dev/games/{id}/time` `{"advance": "2h"}` moves one game's time
 * on, so that a deadline passes without waiting; `POST
 * /api/dev/games/{id}/drain` has the room write what it owes D1 now rather
 * than in the two to four seconds its outbox waits, so that a test of "my
 * games" need not wait for it; `POST /api/dev/players/established` (with a
 * player key) makes its player established for rated play at once, where
 * a real one takes a mailbox, a week and three matches (ratings/standing.ts;
 * the worker tests walk that path). Only the local tests' Worker
 * (src/server/dev/index.ts) has them; the production Worker answers 404 as
 * for any unknown route, and they are not in the API's description.
 */
export const devApi = new Hono<AppEnv>();

/** This Worker binds GAME_ROOM to the TimeTravelRoom (index.ts), which the production Env cannot say. */
const room = (env: AppEnv["Bindings"], id: string) => {
  const rooms = env.GAME_ROOM as unknown as DurableObjectNamespace<TimeTravelRoom>;
  return rooms.get(rooms.idFromName(id));
};

devApi.post("/games/:id/time", async (c) => {
  const id = c.req.param("id");
  if (!isGameId(id, c.env.GAME_ID_KEY)) return render(c, gameNotFound());
  const body = (await c.req.json().catch(() => null)) as { advance?: unknown } | null;
  const ms = typeof body?.advance === "string" ? parseDuration(body.advance) : null;
  if (ms === null || ms <= 0)
    return render(c, fail(422, "BAD_REQUEST", 'Send {"advance": "2h"}: a duration to move the game\'s time on by.'));
  return render(c, await room(c.env, id).devAdvanceTime(id, ms));
});

devApi.post("/games/:id/drain", async (c) => {
  const id = c.req.param("id");
  if (!isGameId(id, c.env.GAME_ID_KEY)) return render(c, gameNotFound());
  return render(c, await room(c.env, id).devDrain(id));
});

devApi.post("/players/established", async (c) => {
  const who = await identityOf(c);
  if (isFailure(who)) return render(c, who);
  const now = Date.now();
  await enrol(c.env.DB, who, now);
  await markEstablished(c.env.DB, who.player, now);
  return c.json({ established: true });
});

/** This Worker binds TOURNAMENT to the TimeTravelTournament (index.ts). */
const tournament = (env: AppEnv["Bindings"], id: string) => {
  const rooms = env.TOURNAMENT as unknown as DurableObjectNamespace<TimeTravelTournament>;
  return rooms.get(rooms.idFromName(id));
};

/** `POST /api/dev/tournaments/{id}/time` `{"advance": "7d"}`: moves a tournament's time on, and its round's tables' with it. */
devApi.post("/tournaments/:id/time", async (c) => {
  const id = c.req.param("id");
  if (!isGameId(id, c.env.GAME_ID_KEY)) return render(c, tournamentNotFound());
  const body = (await c.req.json().catch(() => null)) as { advance?: unknown } | null;
  const ms = typeof body?.advance === "string" ? parseDuration(body.advance) : null;
  if (ms === null || ms <= 0) return render(c, fail(422, "BAD_REQUEST", 'Send {"advance": "7d"}: a duration to move the time on by.'));
  return render(c, await tournament(c.env, id).devAdvanceTime(id, ms));
});

/** `POST /api/dev/tournaments/{id}/run`: does the tournament's due chores now, slice after slice, and copies to D1. */
devApi.post("/tournaments/:id/run", async (c) => {
  const id = c.req.param("id");
  if (!isGameId(id, c.env.GAME_ID_KEY)) return render(c, tournamentNotFound());
  return render(c, await tournament(c.env, id).devRun(id));
});
