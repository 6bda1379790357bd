import type { Context } from "hono";
import { languageOf } from "../../shared/language";
import { z } from "../../shared/wire/z";
import { bearer, hashToken, isGameId } from "../auth";
import { profileOf } from "../db/player-facts";
import type { AppEnv } from "../env";
import { clientOf, identityOf } from "../http";
import { enrol, type Identity, identify } from "../players/identity";
import { RateLimiter } from "../rate-limiter";
import { fail, isFailure, rateLimited } from "../reply";
import { tournamentNotFound } from "../tournaments/actions";

/**
 * Who asks of a tournament and which room answers (routes/tournaments.ts and the routes beside it): the player key a
 * write needs and a read may carry, the id's check before any room is opened, and the writes' rate per client.
 */

export const PLAYER_KEY: Record<string, string[]>[] = [{ playerKey: [] }];
export const OPTIONAL_PLAYER_KEY: Record<string, string[]>[] = [{}, { playerKey: [] }];
export const AUTH = "AUTH_REQUIRED (no player key), BAD_TOKEN (a malformed one) or DEVICE_REMOVED.";
export const NOT_FOUND = "TOURNAMENT_NOT_FOUND.";

/** Tournaments made and registrations per client address, per Worker instance: a brake on floods, not an exact quota. */
const writes = new RateLimiter({ burst: 60, perSecond: 1 });

export const IdParams = z.object({
  id: z.string().openapi({
    param: { name: "id", in: "path" },
    example: "Tq3vB7nK2mPa9TzRw4Lc8Hs1",
    description: "The tournament's id (24 characters).",
  }),
});

/** The tournament's room, or null for an id this service never made (answered without opening anything). */
export function roomOf(c: Context<AppEnv>, id: string) {
  return isGameId(id, c.env.GAME_ID_KEY) ? c.env.TOURNAMENT.get(c.env.TOURNAMENT.idFromName(id)) : null;
}

export const origin = (c: Context) => new URL(c.req.url).origin;
export const tournamentUrl = (c: Context, id: string) => `${origin(c)}/tournament/${id}`;

/** The player a write speaks for, rate limited per client address. */
export async function writer(c: Context<AppEnv>) {
  const wait = writes.take(clientOf(c));
  if (wait > 0) return rateLimited(wait, "tournament requests");
  return identityOf(c);
}

/** The optional player of a read (a malformed key is refused, never read as none). */
export async function reader(c: Context<AppEnv>): Promise<string | null | ReturnType<typeof fail>> {
  const key = bearer(c.req.header("Authorization"));
  if (key === "malformed") return fail(401, "BAD_TOKEN", "Authorization must be `Bearer <player key>`, 22 to 128 base64url characters.");
  if (key === null) return null;
  const who = await identify(c.env.DB, hashToken(key));
  return isFailure(who) ? who : who.player;
}

/** A write to a tournament by a player: their identity, the room, and their name as they play. */
export async function playerWrite(c: Context<AppEnv>, id: string) {
  const who = await writer(c);
  if (isFailure(who)) return who;
  const room = roomOf(c, id);
  if (!room) return tournamentNotFound();
  return { who, room };
}

/** The player entering (registering or joining a pair): enrolled for the tournament's notices, named as they asked or as their profile says. */
export async function entrant(c: Context<AppEnv>, who: Identity, name: string | null | undefined) {
  await enrol(c.env.DB, who, Date.now(), languageOf(c.req.header("Accept-Language")));
  return { ...who, name: name ?? (await profileOf(c.env.DB, who.player)).name, client: clientOf(c) };
}
