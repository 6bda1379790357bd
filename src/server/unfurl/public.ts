import type { Context } from "hono";
import { GameSnapshot } from "../../shared/wire/view";
import { isGameId } from "../auth";
import type { AppEnv } from "../env";
import { clientOf } from "../http";

/** The public view of a game (what a spectator sees), or null for an id this service never made or a game it does not hold. */
export async function publicSnapshot(c: Context<AppEnv>, id: string): Promise<GameSnapshot | null> {
  if (!isGameId(id, c.env.GAME_ID_KEY)) return null;
  const room = c.env.GAME_ROOM.get(c.env.GAME_ROOM.idFromName(id));
  const reply = await room.snapshot({ gameId: id, tokenHash: null, playerId: null, client: clientOf(c) });
  // The room's own answer, read by the wire's schema like any other JSON this service did not just build.
  return reply.ok ? GameSnapshot.parse(JSON.parse(reply.body)) : null;
}
