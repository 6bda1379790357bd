import { hashToken } from "../auth";
import { markStarted, type StoredSeek, seatsOf, unstarted } from "../db/seek-queries";
import type { Env } from "../env";
import { isFailure } from "../reply";
import type { CarriedSeat } from "../room/rematch";
import { unseal } from "../seal";
import { gameInit } from "../validate";

/**
 * A full seek becomes its game: the seek's rules, clock and rating, a seat
 * per player in the order they took them, each seat owned by its player
 * (players/identity.ts) with the token sealed when the seat was taken — so
 * every player's "my games", notifications and GET /api/seeks/mine open
 * their own seat. The game's id was decided with the last seat (db/
 * seek-queries.ts, takeSeat), and a game room made twice with the same
 * carried seats answers the same (room/game-room.ts, create): a retry
 * after a failure, or the cron's, makes the same game, never a second.
 * The room's first deal passes the turn to the first player, whose
 * subscriptions hear "your turn" as in any game.
 */
export async function startSeekGame(env: Env, seek: StoredSeek, now: number): Promise<void> {
  if (seek.gameId === null) throw new Error("a full seek has no game id");
  const seats = (await seatsOf(env.DB, [seek.id])).get(seek.id) ?? [];
  if (seats.length !== seek.players) throw new Error(`seek ${seek.id} is full with ${seats.length} of ${seek.players} seats`);
  const init = gameInit(
    {
      players: seek.players as 2 | 3 | 4,
      rules: { preset: seek.preset },
      names: seats.map((s) => s.name),
      clock: seek.clock,
      rated: seek.rated,
    },
    seek.gameId,
  );
  if (isFailure(init)) throw new Error(`seek ${seek.id} does not make a game: ${init.body.error.message}`);
  const carried: CarriedSeat[] = await Promise.all(
    seats.map(async (s) => {
      const token = await unseal(s.link, env.GAME_ID_KEY);
      if (token === null) throw new Error("a seek seat's sealed link does not open");
      return { tokenHash: hashToken(token), taken: true, playerHash: s.playerId, link: s.link, network: s.network, device: s.device };
    }),
  );
  const made = await env.GAME_ROOM.get(env.GAME_ROOM.idFromName(seek.gameId)).create(init, carried);
  if (!made.ok) throw new Error(`seek ${seek.id}'s game could not be made: ${made.body.error.message}`);
  await markStarted(env.DB, seek.id, now);
}

/** The cron's guard: full seeks whose game a stopped Worker did not make are made now. */
export async function startLostSeeks(env: Env, now: number): Promise<number> {
  const lost = await unstarted(env.DB, 50);
  const made = await Promise.allSettled(lost.map((seek) => startSeekGame(env, seek, now)));
  for (const m of made) if (m.status === "rejected") console.error(`cron: a seek's game could not be made: ${String(m.reason)}`);
  return lost.length;
}
