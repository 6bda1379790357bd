import type { Language } from "../../shared/language";
import { sha256Hex } from "../auth";
import { type Failure, fail } from "../reply";

/**
 * Who a request speaks for. A **player** is a person: a display name, a
 * language, a time zone, and the **devices** that act for them. A device is
 * one player key (a browser's, an app's), sent as `Authorization: Bearer
 * <key>` on /api/me and as `X-Player-Key` on a game; the service keeps only
 * its SHA-256.
 *
 * A player's id (`PlayerId`) is what every table that belongs to a player
 * stores: `seats.player_hash` (and each game room's seats), `absences.
 * player_hash` and `notification_subscriptions.owner_hash`. It is opaque,
 * stable, never a credential. A player who began on one device has that
 * device's key hash as id: so every row written before players existed (a
 * player key was the whole identity then) already names its player, and a
 * key never seen before is a one-device player before anything is stored
 * for it (`enrol` stores it when it first needs a row). A device linked to
 * another player keeps its key; only its row says whose it is now.
 */
export type PlayerId = string;

export interface Identity {
  readonly player: PlayerId;
  /** SHA-256 of the device's player key. */
  readonly device: string;
}

/** A device's `seen_at` moves in steps, so that a player's every request does not write. */
const SEEN_STEP = 10 * 60_000;

interface DeviceRow {
  player_id: string;
  seen_at: number | null;
  removed_at: number | null;
}

export const deviceRemoved = (): Failure =>
  fail(
    401,
    "DEVICE_REMOVED",
    "This device was removed from its player: link it again with a code from a device in use, or sign in by email.",
  );

/** The player a device key (its hash) speaks for; refused if the device was removed. */
export async function identify(d1: D1Database, keyHash: string, now = Date.now()): Promise<Identity | Failure> {
  const row = await d1.prepare("SELECT player_id, seen_at, removed_at FROM devices WHERE key_hash = ?").bind(keyHash).first<DeviceRow>();
  if (!row) return { player: keyHash, device: keyHash };
  if (row.removed_at !== null) return deviceRemoved();
  if (row.seen_at === null || now - row.seen_at >= SEEN_STEP) {
    await d1.prepare("UPDATE devices SET seen_at = ? WHERE key_hash = ?").bind(now, keyHash).run();
  }
  return { player: row.player_id, device: keyHash };
}

/** Stores the player and device rows of an identity if they are not stored yet (a one-device player's first need of them). */
export async function enrol(d1: D1Database, who: Identity, now: number, language: Language = "en"): Promise<void> {
  await d1.batch([
    d1.prepare("INSERT OR IGNORE INTO players (id, language, created_at) VALUES (?, ?, ?)").bind(who.player, language, now),
    d1
      .prepare("INSERT OR IGNORE INTO devices (key_hash, player_id, created_at, seen_at) VALUES (?, ?, ?, ?)")
      .bind(who.device, who.player, now, now),
  ]);
}

/** A device's public id: the first 16 hex digits of its key's hash (names it for removal; the key is not derivable from it). */
export const deviceIdOf = (keyHash: string): string => keyHash.slice(0, 16);

/**
 * The id a player's public page and the lobby show (ratings, results): 20 hex
 * digits of a hash of the player's id, so that the id itself (for a
 * one-device player, their key's hash) is never published.
 */
export const publicIdOf = (player: PlayerId): string => sha256Hex(`public-player:${player}`).slice(0, 20);
