import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { PresetName } from "../../shared/wire/common";
import { Leaderboard, PublicPlayer, PublicPlayerId, RatingPlayers } from "../../shared/wire/ratings";
import { z } from "../../shared/wire/z";
import type { AppEnv } from "../env";
import { leaderboard, publicPlayer } from "../ratings/queries";
import { done, fail } from "../reply";
import { validationHook } from "../validation";
import { errorsWith, json, serve } from "./define";

/** Public pages of players and leaderboards (docs/ratings.md): no credentials, nothing private. */
export const playerPagesApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });
export const leaderboardsApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

serve(
  playerPagesApi,
  createRoute({
    method: "get",
    path: "/{playerId}",
    tags: ["ratings"],
    summary: "A player's public page",
    description:
      "A player's name, ratings (with deviation) per preset and number of players, matches finished, matches lost on time and the latest results. Only players who finished a match have a page.",
    request: { params: z.object({ playerId: PublicPlayerId }) },
    responses: {
      200: json(PublicPlayer, "The player's public page."),
      ...errorsWith({ 400: "BAD_REQUEST: not a public player id.", 404: "NOT_FOUND: no player with this id finished a match." }),
    },
  }),
  async (c) => {
    const page = await publicPlayer(c.env.DB, c.req.valid("param").playerId);
    return page ? done(page) : fail(404, "NOT_FOUND", "No player with this id has finished a match.");
  },
);

serve(
  leaderboardsApi,
  createRoute({
    method: "get",
    path: "/{preset}",
    tags: ["ratings"],
    summary: "A preset's leaderboard",
    description:
      "The best 100 ratings of a preset for a number of players (4: teams of two), ordered by rating less twice the deviation, so that a player with few games is not ranked on luck.",
    request: {
      params: z.object({ preset: PresetName }),
      query: z.object({ players: RatingPlayers.optional().default(2) }),
    },
    responses: {
      200: json(Leaderboard, "The leaderboard."),
      ...errorsWith({ 400: "BAD_REQUEST: an unknown preset or number of players." }),
    },
  }),
  async (c) => {
    const { preset } = c.req.valid("param");
    const { players } = c.req.valid("query");
    return done(await leaderboard(c.env.DB, preset, players));
  },
);
