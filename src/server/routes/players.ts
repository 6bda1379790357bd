import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { MyGamesResponse } from "../../shared/wire/api";
import { bearer, hashToken } from "../auth";
import { database, myGames } from "../db/queries";
import type { AppEnv } from "../env";
import { done, fail } from "../reply";
import { validationHook } from "../validation";
import { errors, json, serve } from "./define";

/** A player's own things, by player key (`Authorization: Bearer <player key>`). */
export const playersApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

serve(
  playersApi,
  createRoute({
    method: "get",
    path: "/games",
    tags: ["players"],
    summary: "My games",
    description:
      "The games whose seats were opened with this player key: those awaiting the player's move first, then the most recently active.",
    security: [{ playerKey: [] }],
    responses: { 200: json(MyGamesResponse, "The player's games."), ...errors(401) },
  }),
  async (c) => {
    const key = bearer(c.req.header("Authorization"));
    if (key === null) return fail(401, "AUTH_REQUIRED", "Send your player key: Authorization: Bearer <player key>.");
    if (key === "malformed") return fail(401, "BAD_TOKEN", "Authorization must be `Bearer <player key>`, 22 to 128 base64url characters.");
    return done({ games: await myGames(database(c.env.DB), hashToken(key)) });
  },
);
