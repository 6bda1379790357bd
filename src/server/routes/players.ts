import { Hono } from "hono";
import { bearer, hashToken, isSecret } from "../auth";
import { database, myGames } from "../db/queries";
import type { AppEnv } from "../env";
import { reply } from "../http";
import { done, fail } from "../reply";

/** A player's own things, by player key (`Authorization: Bearer <player key>`). */
export const playersApi = new Hono<AppEnv>();

playersApi.get("/games", async (c) => {
  const key = bearer(c.req.header("Authorization"));
  if (key === null) return reply(c, fail(401, "AUTH_REQUIRED", "Send your player key: Authorization: Bearer <player key>."));
  if (!isSecret(key)) return reply(c, fail(401, "BAD_TOKEN", "A player key is 22 to 128 base64url characters."));
  return reply(c, done({ games: await myGames(database(c.env.DB), hashToken(key)) }));
});
