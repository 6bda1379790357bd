import type { Player, PlayerChanges } from "../../shared/wire/players";
import { devicesInUse, markDeviceRemoved, playerRow, setDeviceLabel, updatePlayer } from "../db/player-queries";
import { standingOf } from "../ratings/standing";
import { type Failure, fail } from "../reply";
import { deviceIdOf, type Identity, type PlayerId, publicIdOf } from "./identity";

/** A player as they see themselves, with their devices (removed ones are not listed). */
export async function playerView(d1: D1Database, who: Identity, now = Date.now()): Promise<Player> {
  const [player, devices, standing] = await Promise.all([
    playerRow(d1, who.player),
    devicesInUse(d1, who.player),
    standingOf(d1, who.player, now),
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
  };
}

export async function changePlayer(d1: D1Database, player: PlayerId, changes: PlayerChanges): Promise<void> {
  await updatePlayer(d1, player, changes);
}

/** Names one of the player's devices (a device names itself when it first lists them). */
export async function labelDevice(d1: D1Database, player: PlayerId, deviceId: string, label: string | null): Promise<true | Failure> {
  return (await setDeviceLabel(d1, player, deviceId, label || null))
    ? true
    : fail(404, "DEVICE_NOT_FOUND", "You have no device with that id.");
}

/**
 * Removes one of the player's devices: its key is refused from now on
 * (players/identity.ts), and its push subscriptions go with it. The row
 * stays, marked, so that the key never becomes a new player's.
 */
export async function removeDevice(d1: D1Database, player: PlayerId, deviceId: string, now: number): Promise<true | Failure> {
  return (await markDeviceRemoved(d1, player, deviceId, now)) ? true : fail(404, "DEVICE_NOT_FOUND", "You have no device with that id.");
}
