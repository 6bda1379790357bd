import { syncRooms } from "../absences";
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
  const d1 = env.DB;
  const from = device.player;
  await d1.batch([
    d1
      .prepare(
        `INSERT INTO devices (key_hash, player_id, label, created_at, seen_at) VALUES (?, ?, ?, ?, ?)
         ON CONFLICT (key_hash) DO UPDATE SET player_id = excluded.player_id, label = COALESCE(excluded.label, devices.label),
           created_at = CASE WHEN devices.player_id = excluded.player_id AND devices.removed_at IS NULL THEN devices.created_at ELSE excluded.created_at END,
           seen_at = excluded.seen_at, removed_at = NULL`,
      )
      .bind(device.device, to, label, now, now),
    // The device's own push subscription follows it (one it already has under `to` stays single).
    d1.prepare("UPDATE OR IGNORE notification_subscriptions SET owner_hash = ? WHERE device_hash = ?").bind(to, device.device),
    d1.prepare("DELETE FROM notification_subscriptions WHERE device_hash = ? AND owner_hash <> ?").bind(device.device, to),
  ]);
  if (from === to || !bringsOwn) return;
  const others = await d1
    .prepare("SELECT COUNT(*) AS n FROM devices WHERE player_id = ? AND removed_at IS NULL")
    .bind(from)
    .first<{ n: number }>();
  if ((others?.n ?? 0) > 0) return;
  await mergePlayers(env, from, to, now);
}

/** Everything of `from` becomes `to`'s, and `from` is no more. */
async function mergePlayers(env: Env, from: PlayerId, to: PlayerId, now: number): Promise<void> {
  const d1 = env.DB;
  const games = await d1.prepare("SELECT DISTINCT game_id FROM seats WHERE player_hash = ?").bind(from).all<{ game_id: string }>();
  // Each room owns its seats: it moves them and drains them to D1; D1's index is updated now too, for "my games" at once.
  await Promise.all(games.results.map((g) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(g.game_id)).adoptPlayer(g.game_id, from, to)));
  await d1.batch([
    d1.prepare("UPDATE seats SET player_hash = ? WHERE player_hash = ?").bind(to, from),
    // A subscription `to` has already (same target, same games) stays single: the duplicate goes.
    d1.prepare("UPDATE OR IGNORE notification_subscriptions SET owner_hash = ? WHERE owner_hash = ?").bind(to, from),
    d1.prepare("DELETE FROM notification_subscriptions WHERE owner_hash = ?").bind(from),
    d1.prepare("UPDATE absences SET player_hash = ? WHERE player_hash = ?").bind(to, from),
    // The lobby's seeks (docs/seeks.md): those published, and the seats taken, so that the game made from one seats `to`.
    // A seek where both held a seat keeps `from`'s seat as it is (a seat number is never freed: seek-queries.ts).
    d1.prepare("UPDATE seeks SET player_id = ? WHERE player_id = ?").bind(to, from),
    d1.prepare("UPDATE OR IGNORE seek_seats SET player_id = ? WHERE player_id = ?").bind(to, from),
    d1.prepare("UPDATE device_links SET used_at = ? WHERE player_id = ? AND used_at IS NULL").bind(now, from),
    d1.prepare("DELETE FROM players WHERE id = ?").bind(from),
  ]);
  await syncRooms(env, to, now);
}
