import type { Player, PlayerChanges } from "../../shared/wire/players";
import { openGamesOf, removeDeviceRow } from "../db/merge-queries";
import { devicesInUse, playerRow, setDeviceLabel, updatePlayer } from "../db/player-queries";
import type { Env, GameRoomStub } from "../env";
import { standingOf } from "../ratings/standing";
import { type Failure, fail } from "../reply";
import { deviceIdOf, type Identity, type PlayerId, publicIdOf } from "./identity";
import { recoveryView, voidRecoveryOf } from "./recovery";

/** A player as they see themselves, with their devices (removed ones are not listed). */
export async function playerView(d1: D1Database, who: Identity, now = Date.now()): Promise<Player> {
  const [player, devices, standing, recovery] = await Promise.all([
    playerRow(d1, who.player),
    devicesInUse(d1, who.player),
    standingOf(d1, who.player, now),
    recoveryView(d1, who.player),
  ]);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    id: who.player,
    publicId: publicIdOf(who.player),
    name: player?.name ?? null,
    language: player?.language ?? "en",
    timeZone: player?.timeZone ?? null,
    devices: devices.map((d) => ({
      id: deviceIdOf(d.keyHash),
      label: d.label,
      createdAt: iso(d.createdAt),
      seenAt: d.seenAt === null ? null : iso(d.seenAt),
      current: d.keyHash === who.device,
    })),
    standing,
    recovery,
  };
}

export async function changePlayer(d1: D1Database, player: PlayerId, changes: PlayerChanges): Promise<void> {
  await updatePlayer(d1, player, changes);
}

const deviceNotFound = (): Failure => fail(404, "DEVICE_NOT_FOUND", "You have no device with that id.");

/** A device's id as players/identity.ts makes it (`deviceIdOf`): anything else names no device. */
const isDeviceId = (id: string) => /^[0-9a-f]{16}$/.test(id);

/** Names one of the player's devices (a device names itself when it first lists them). */
export async function labelDevice(d1: D1Database, player: PlayerId, deviceId: string, label: string | null): Promise<true | Failure> {
  return isDeviceId(deviceId) && (await setDeviceLabel(d1, player, deviceId, label || null)) ? true : deviceNotFound();
}

/** How far back a finished game may still be open on a device (its chat goes on, a rematch is offered). */
const OPEN_AFTER_END = 7 * 24 * 3600_000;

/**
 * Removes one of the player's devices: its key is refused from now on
 * (players/identity.ts), and its push subscriptions go with it. The row
 * stays, marked, so that the key never becomes a new player's. A device
 * that joined this player leaving its own player behind, with nothing else
 * reaching that player, goes back to it instead (players/merge.ts). Either
 * way, every table of the player's it has open is cut off at once: its
 * WebSockets close and its seat requests are refused (room/cut-devices.ts);
 * and the player's recovery code stops working, since it may have been kept
 * on that device (players/recovery.ts).
 */
export async function removeDevice(
  env: Env,
  player: PlayerId,
  deviceId: string,
  now: number,
): Promise<{ keyHash: string; back: PlayerId | null } | Failure> {
  const removed = isDeviceId(deviceId) ? await removeDeviceRow(env.DB, player, deviceId, now) : null;
  if (!removed) return deviceNotFound();
  await voidRecoveryOf(env.DB, player, now);
  await tellOpenGames(env, player, now, "a removed device", (room, id) => room.cutDevice(id, removed.keyHash));
  return removed;
}

/** Tells the room of each of the player's open games something (a failure is logged: the room's own checks stand). */
export async function tellOpenGames(
  env: Env,
  player: PlayerId,
  now: number,
  what: string,
  tell: (room: GameRoomStub, id: string) => Promise<unknown>,
): Promise<void> {
  const games = await openGamesOf(env.DB, player, now - OPEN_AFTER_END);
  const told = await Promise.allSettled(games.map((id) => tell(env.GAME_ROOM.get(env.GAME_ROOM.idFromName(id)), id)));
  for (const r of told) if (r.status === "rejected") console.error(`${what}: a room could not be told: ${String(r.reason)}`);
}
