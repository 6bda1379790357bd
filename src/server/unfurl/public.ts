import type { Context } from "hono";
import type { GameSnapshot } from "../../shared/api";
import { isGameId } from "../auth";
import type { AppEnv } from "../env";
import { clientOf } from "../http";

/** The public view of a game (what a spectator sees), or null for an id this service never made or a game it does not hold. */
export async function publicSnapshot(c: Context<AppEnv>, id: string): Promise<GameSnapshot | null> {
  if (!isGameId(id, c.env.GAME_ID_KEY)) return null;
  const room = c.env.GAME_ROOM.get(c.env.GAME_ROOM.idFromName(id));
  const reply = await room.snapshot({ gameId: id, tokenHash: null, playerId: null, client: clientOf(c) });
  return reply.ok ? (JSON.parse(reply.body) as GameSnapshot) : null;
}
