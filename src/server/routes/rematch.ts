import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { RematchResponse } from "../../shared/wire/api";
import { z } from "../../shared/wire/z";
import type { AppEnv } from "../env";
import { gameUrl } from "../http";
import { done } from "../reply";
import { errors, json, SEAT_TOKEN, serve } from "./define";

/**
 * A rematch of a finished match (room/rematch.ts): asked with a seat's own
 * link, answered with that player's seat in the new game. Served on the
 * games API, whose middleware resolves the game and the caller.
 */
export function serveRematch(gamesApi: OpenAPIHono<AppEnv>): void {
  serve(
    gamesApi,
    createRoute({
      method: "post",
      path: "/{id}/rematch",
      tags: ["games"],
      summary: "The rematch of a finished match (made once)",
      description:
        "Bearer: a seat's token. Once the match is over, the first seat to ask makes a new game with the same players, rules, clock and computer players, every seat moved on by one (partners stay partners), and fresh deals; every seat that asks, then or later, gets the same game and its own new seat's link. A seat's player (by player key) finds the new game among their games at once. The finished game's view names the new game (`rematch`).",
      security: SEAT_TOKEN,
      request: {
        params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, description: "The finished game's id." }) }),
        headers: z.object({ "x-player-key": z.string().optional().openapi({ description: "The browser's player key." }) }),
      },
      responses: { 200: json(RematchResponse, "The new game and the caller's seat in it."), ...errors(400, 401, 403, 404, 409, 429) },
    }),
    async (c) => {
      const { room, caller } = c.get("game");
      const made = await room.rematch(caller);
      if (!made.ok) return made;
      return done({ ...made.body, url: gameUrl(c, made.body.id, `seat=${made.body.token}`) });
    },
  );
}
