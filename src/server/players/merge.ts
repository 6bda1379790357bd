import { syncRooms } from "../absences";
import { holdingsOf, mergePlayerRows } from "../db/merge-queries";
import { storeDeviceOf } from "../db/player-queries";
import type { Env } from "../env";
import { tellOpenGames } from "./devices";
import { type Identity, type PlayerId, publicIdOf } from "./identity";

/**
 * A device joins a player (a spent code, players/links.ts). Linking joins
 * the *device*: what its own player holds — seats, subscriptions, absences,
 * ratings, seeks, other devices — stays with that player, since whoever
 * made the code may be anyone, and the device only said it joins them. Only
 * when asked (`merge`: the person behind the device, shown whose player
 * they join, says the two players are one) does all of it move, the other
 * devices too, and the device's old player is no more.
 *
 * A device that joins without bringing anything remembers the player it
 * left (when that player holds anything): removed by the player it joined,
 * it goes back there, so that whoever made the code cannot cut the device
 * off from its own games (db/merge-queries.ts, removeDeviceRow).
 */
export async function linkDevice(
  env: Env,
  device: Identity,
  to: PlayerId,
  options: {
    readonly label: string | null;
    /** The device's player and everything of theirs become `to`'s. */
    readonly merge: boolean;
    /** The device was removed: what its former player holds is not its to bring or go back to (a lost phone found by another). */
    readonly removed: boolean;
  },
  now: number,
): Promise<void> {
  const from = device.player;
  if (from === to || options.removed) return storeDeviceOf(env.DB, device.device, to, options.label, now, null);
  if (options.merge) {
    await mergePlayers(env, from, to, now);
    return storeDeviceOf(env.DB, device.device, to, options.label, now, null);
  }
  const holds = Object.values(await holdingsOf(env.DB, from, device.device, now)).some((n) => n > 0);
  await storeDeviceOf(env.DB, device.device, to, options.label, now, holds ? from : null);
  // The games its old player holds stop knowing it as theirs: it no longer opens their seats (room/seat-devices.ts).
  if (holds) await tellOpenGames(env, from, now, "a device linked away", (room, id) => room.forgetDevice(id, device.device));
}

/**
 * Everything of `from` becomes `to`'s, and `from` is no more. D1 moves first, in one batch that also records the
 * merge: the rooms whose seats it moved are then told; a seat a room attached a moment before (its copy not yet in
 * D1) is copied there as `to`'s, and the room hands it over when next used (room/admission.ts, `recordSeat`).
 */
async function mergePlayers(env: Env, from: PlayerId, to: PlayerId, now: number): Promise<void> {
  const games = await mergePlayerRows(env.DB, from, to, publicIdOf(to), now);
  const told = await Promise.allSettled(games.map((id) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(id)).adoptPlayer(id, from, to)));
  for (const r of told) if (r.status === "rejected") console.error(`merge: a room could not be told: ${String(r.reason)}`);
  await syncRooms(env, to, now);
}
