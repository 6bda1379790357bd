import { syncRooms } from "../absences";
import { devicesInUseCount, gamesOfPlayer, mergePlayerRows, storeDeviceOf } from "../db/player-queries";
import type { Env } from "../env";
import type { Identity, PlayerId } from "./identity";

/**
 * A device joins a player (a spent code, players/links.ts). What the device
 * held as its own player — the games opened on it, its subscriptions and
 * absences — joins too when no other device is left to it, since the person
 * just said they are that player; otherwise (its old player still has other
 * devices) only the device and its own push subscription move. Nothing
 * moves without that explicit step.
 */
export async function linkDevice(
  env: Env,
  device: Identity,
  to: PlayerId,
  label: string | null,
  now: number,
  /** False for a device that was removed: what its former player holds is not its to bring (a lost phone found by another). */
  bringsOwn = true,
): Promise<void> {
  const from = device.player;
  // The device's own push subscription follows it (one it already has under `to` stays single).
  await storeDeviceOf(env.DB, device.device, to, label, now);
  if (from === to || !bringsOwn) return;
  if ((await devicesInUseCount(env.DB, from)) > 0) return;
  await mergePlayers(env, from, to, now);
}

/** Everything of `from` becomes `to`'s, and `from` is no more. */
async function mergePlayers(env: Env, from: PlayerId, to: PlayerId, now: number): Promise<void> {
  const games = await gamesOfPlayer(env.DB, from);
  // Each room owns its seats: it moves them and drains them to D1; D1's index is updated now too, for "my games" at once.
  await Promise.all(games.map((id) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(id)).adoptPlayer(id, from, to)));
  // A subscription `to` has already (same target, same games) stays single: the duplicate goes.
  await mergePlayerRows(env.DB, from, to, now);
  await syncRooms(env, to, now);
}
