import type { Language } from "../../shared/language";
import { remembered, sha256Hex } from "../auth";
import { deviceRow, markDeviceSeen, storePlayerAndDevice } from "../db/player-queries";
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

export const deviceRemoved = (): Failure =>
  fail(
    401,
    "DEVICE_REMOVED",
    "This device was removed from its player: link it again with a code from a device in use, or sign in by email.",
  );

/** The player a device key (its hash) speaks for; refused if the device was removed. */
export async function identify(d1: D1Database, keyHash: string, now = Date.now()): Promise<Identity | Failure> {
  const row = await deviceRow(d1, keyHash);
  if (!row) return { player: keyHash, device: keyHash };
  if (row.removedAt !== null) return deviceRemoved();
  if (row.seenAt === null || now - row.seenAt >= SEEN_STEP) await markDeviceSeen(d1, keyHash, now);
  return { player: row.playerId, device: keyHash };
}

/** Stores the player and device rows of an identity if they are not stored yet (a one-device player's first need of them). */
export async function enrol(d1: D1Database, who: Identity, now: number, language: Language = "en"): Promise<void> {
  await storePlayerAndDevice(d1, who.player, who.device, language, now);
}

/** A device's public id: the first 16 hex digits of its key's hash (names it for removal; the key is not derivable from it). */
export const deviceIdOf = (keyHash: string): string => keyHash.slice(0, 16);

/**
 * The id a player's public page and the lobby show (ratings, results): 20 hex
 * digits of a hash of the player's id, so that the id itself (for a
 * one-device player, their key's hash) is never published.
 */
export const publicIdOf: (player: PlayerId) => string = remembered((player) => sha256Hex(`public-player:${player}`).slice(0, 20));
