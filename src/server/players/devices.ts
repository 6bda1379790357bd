import type { Language } from "../../shared/language";
import type { Player, PlayerChanges } from "../../shared/wire/players";
import { type Failure, fail } from "../reply";
import { deviceIdOf, type Identity, type PlayerId, publicIdOf } from "./identity";

/** A player as they see themselves, with their devices (removed ones are not listed). */
export async function playerView(d1: D1Database, who: Identity): Promise<Player> {
  const [player, devices] = await Promise.all([
    d1
      .prepare("SELECT name, language, time_zone FROM players WHERE id = ?")
      .bind(who.player)
      .first<{ name: string | null; language: Language; time_zone: string | null }>(),
    d1
      .prepare(
        "SELECT key_hash, label, created_at, seen_at FROM devices WHERE player_id = ? AND removed_at IS NULL ORDER BY created_at, key_hash",
      )
      .bind(who.player)
      .all<{ key_hash: string; label: string | null; created_at: number; seen_at: number | null }>(),
  ]);
  const iso = (ms: number) => new Date(ms).toISOString();
  return {
    id: who.player,
    publicId: publicIdOf(who.player),
    name: player?.name ?? null,
    language: player?.language ?? "en",
    timeZone: player?.time_zone ?? null,
    devices: devices.results.map((d) => ({
      id: deviceIdOf(d.key_hash),
      label: d.label,
      createdAt: iso(d.created_at),
      seenAt: d.seen_at === null ? null : iso(d.seen_at),
      current: d.key_hash === who.device,
    })),
  };
}

export async function changePlayer(d1: D1Database, player: PlayerId, changes: PlayerChanges): Promise<void> {
  const columns = { name: "name", language: "language", timeZone: "time_zone" } as const;
  const changed = (Object.keys(columns) as (keyof typeof columns)[]).filter((k) => changes[k] !== undefined);
  const sets = changed.map((k) => `${columns[k]} = ?`);
  const values = changed.map((k) => changes[k] ?? null);
  if (sets.length === 0) return;
  await d1
    .prepare(`UPDATE players SET ${sets.join(", ")} WHERE id = ?`)
    .bind(...values, player)
    .run();
}

/** Names one of the player's devices (a device names itself when it first lists them). */
export async function labelDevice(d1: D1Database, player: PlayerId, deviceId: string, label: string | null): Promise<true | Failure> {
  const changed = await d1
    .prepare("UPDATE devices SET label = ? WHERE player_id = ? AND substr(key_hash, 1, 16) = ? AND removed_at IS NULL RETURNING key_hash")
    .bind(label || null, player, deviceId)
    .all();
  return changed.results.length > 0 ? true : fail(404, "DEVICE_NOT_FOUND", "You have no device with that id.");
}

/**
 * Removes one of the player's devices: its key is refused from now on
 * (players/identity.ts), and its push subscriptions go with it. The row
 * stays, marked, so that the key never becomes a new player's.
 */
export async function removeDevice(d1: D1Database, player: PlayerId, deviceId: string, now: number): Promise<true | Failure> {
  const removed = await d1
    .prepare(
      "UPDATE devices SET removed_at = ? WHERE player_id = ? AND substr(key_hash, 1, 16) = ? AND removed_at IS NULL RETURNING key_hash",
    )
    .bind(now, player, deviceId)
    .all<{ key_hash: string }>();
  if (removed.results.length === 0) return fail(404, "DEVICE_NOT_FOUND", "You have no device with that id.");
  await d1.batch(removed.results.map((r) => d1.prepare("DELETE FROM notification_subscriptions WHERE device_hash = ?").bind(r.key_hash)));
  return true;
}
