import { Hono } from "hono";
import type { AppEnv } from "../env";
import worker from "../index";
import { devApi } from "./routes";

export { TimeTravelRoom as GameRoom } from "./time-travel";
/**
 * The Worker of local tests that move a game's time on (the browser tests'
 * service starts `wrangler dev src/server/dev/index.ts`): the production
 * Worker, plus `POST /api/dev/games/{id}/time`, with the GameRoom binding
 * served by the TimeTravelRoom. Production (wrangler.toml's `main`) never
 * loads this file, so none of it is there.
 */
export { TimeTravelTournament as TournamentRoom } from "./tournament-time";

const app = new Hono<AppEnv>();
app.route("/api/dev", devApi);
app.all("*", (c) => worker.fetch(c.req.raw, c.env, c.executionCtx));

export default { ...worker, fetch: app.fetch };
