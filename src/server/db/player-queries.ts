import { and, asc, count, desc, eq, gt, isNotNull, isNull, min, ne, sql } from "drizzle-orm";
import type { Language } from "../../shared/language";
import { subscriptions } from "./notifications";
import { deviceLinks, devices, players } from "./players";
import { database } from "./queries";

/**
 * Players, their devices and the one-time codes that link a device
 * (src/server/players says what each step means; the tables: players.ts).
 */

/** `deviceId`: a device's public id, the first 16 hex digits of its key's hash (players/identity.ts). */
const deviceIs = (deviceId: string) => sql`substr(${devices.keyHash}, 1, 16) = ${deviceId}`;

/** A player's row (name, language, time zone); undefined before anything was stored for them. */
export async function playerRow(d1: D1Database, player: string) {
  const [row] = await database(d1)
    .select({ name: players.name, language: players.language, timeZone: players.timeZone })
    .from(players)
    .where(eq(players.id, player));
  return row;
}

/** A player's devices in use, oldest first. */
export function devicesInUse(d1: D1Database, player: string) {
  return database(d1)
    .select({ keyHash: devices.keyHash, label: devices.label, createdAt: devices.createdAt, seenAt: devices.seenAt })
    .from(devices)
    .where(and(eq(devices.playerId, player), isNull(devices.removedAt)))
    .orderBy(asc(devices.createdAt), asc(devices.keyHash));
}

/** Sets what `changes` gives of a player's name, language and time zone (left out: unchanged). */
export async function updatePlayer(
  d1: D1Database,
  player: string,
  changes: { name?: string | null; language?: Language; timeZone?: string | null },
): Promise<void> {
  // drizzle leaves out what is undefined, but refuses an update that sets nothing.
  if (changes.name === undefined && changes.language === undefined && changes.timeZone === undefined) return;
  await database(d1)
    .update(players)
    .set({ name: changes.name, language: changes.language, timeZone: changes.timeZone })
    .where(eq(players.id, player));
}

/** Names one of the player's devices in use; false when they have no such device. */
export async function setDeviceLabel(d1: D1Database, player: string, deviceId: string, label: string | null): Promise<boolean> {
  const changed = await database(d1)
    .update(devices)
    .set({ label })
    .where(and(eq(devices.playerId, player), deviceIs(deviceId), isNull(devices.removedAt)))
    .returning({ keyHash: devices.keyHash });
  return changed.length > 0;
}

/** A device's row by its key's hash; undefined for a key never stored. */
export async function deviceRow(d1: D1Database, keyHash: string) {
  const [row] = await database(d1)
    .select({ playerId: devices.playerId, seenAt: devices.seenAt, removedAt: devices.removedAt })
    .from(devices)
    .where(eq(devices.keyHash, keyHash));
  return row;
}

export async function markDeviceSeen(d1: D1Database, keyHash: string, now: number): Promise<void> {
  await database(d1).update(devices).set({ seenAt: now }).where(eq(devices.keyHash, keyHash));
}

/** Stores a player's row and a device's, each unless it is there already. */
export async function storePlayerAndDevice(d1: D1Database, player: string, device: string, language: Language, now: number): Promise<void> {
  const db = database(d1);
  await db.batch([
    db.insert(players).values({ id: player, language, createdAt: now }).onConflictDoNothing(),
    db.insert(devices).values({ keyHash: device, playerId: player, createdAt: now, seenAt: now }).onConflictDoNothing(),
  ]);
}

/** How many codes of `kind` a player made after `since`, and when the first of them was made. */
export async function linksMadeSince(d1: D1Database, player: string, kind: "code" | "email", since: number) {
  const [made] = await database(d1)
    .select({ n: count(), first: min(deviceLinks.createdAt) })
    .from(deviceLinks)
    .where(and(eq(deviceLinks.playerId, player), eq(deviceLinks.kind, kind), gt(deviceLinks.createdAt, since)));
  return { n: made?.n ?? 0, first: made?.first ?? null };
}

export async function storeLink(
  d1: D1Database,
  link: { codeHash: string; playerId: string; kind: "code" | "email"; createdAt: number; expiresAt: number },
): Promise<void> {
  await database(d1).insert(deviceLinks).values(link);
}

/**
 * Spends a code by its hash: the player it links to and its kind, or null (never was,
 * used, or expired). One statement: two devices racing for the same code
 * cannot both win.
 */
export async function spendLink(
  d1: D1Database,
  codeHash: string,
  now: number,
): Promise<{ playerId: string; kind: "code" | "email" } | null> {
  const [row] = await database(d1)
    .update(deviceLinks)
    .set({ usedAt: now })
    .where(and(eq(deviceLinks.codeHash, codeHash), isNull(deviceLinks.usedAt), gt(deviceLinks.expiresAt, now)))
    .returning({ playerId: deviceLinks.playerId, kind: deviceLinks.kind });
  return row ?? null;
}

/**
 * The players a confirmed, working email subscription at `address` (lower case) belongs to, each with its latest
 * such subscription's id and the player's name: at most `limit`, the latest first.
 */
export async function signInOwners(d1: D1Database, address: string, limit: number) {
  const rows = await database(d1)
    .select({ id: subscriptions.id, owner: subscriptions.ownerHash, name: players.name })
    .from(subscriptions)
    .leftJoin(players, eq(players.id, subscriptions.ownerHash))
    .where(
      and(
        eq(subscriptions.channel, "email"),
        eq(subscriptions.scope, "player"),
        eq(subscriptions.target, address),
        eq(subscriptions.confirmed, true),
        isNotNull(subscriptions.ownerHash),
        isNull(subscriptions.disabledAt),
      ),
    )
    .orderBy(desc(subscriptions.updatedAt))
    .limit(50);
  const owners = new Map<string, { id: string; owner: string; name: string | null }>();
  for (const r of rows) if (r.owner && !owners.has(r.owner)) owners.set(r.owner, { id: r.id, owner: r.owner, name: r.name });
  return [...owners.values()].slice(0, limit);
}

/**
 * A device now belongs to `to`, in use again, in one batch. Its `created_at` is when it joined `to`, unless it
 * already was `to`'s and in use. `cameFrom`: the player it left behind (players/merge.ts), or null. Push
 * subscriptions it made for any other player go: a browser that no longer acts for a player gets none of that
 * player's notifications (its seats' links among them).
 */
export async function storeDeviceOf(
  d1: D1Database,
  device: string,
  to: string,
  label: string | null,
  now: number,
  cameFrom: string | null,
): Promise<void> {
  const db = database(d1);
  await db.batch([
    db
      .insert(devices)
      .values({ keyHash: device, playerId: to, label, createdAt: now, seenAt: now, cameFrom })
      .onConflictDoUpdate({
        target: devices.keyHash,
        set: {
          playerId: sql`excluded.player_id`,
          label: sql`COALESCE(excluded.label, ${devices.label})`,
          createdAt: sql`CASE WHEN ${devices.playerId} = excluded.player_id AND ${devices.removedAt} IS NULL THEN ${devices.createdAt} ELSE excluded.created_at END`,
          seenAt: sql`excluded.seen_at`,
          removedAt: null,
          cameFrom: sql`CASE WHEN ${devices.playerId} = excluded.player_id THEN ${devices.cameFrom} ELSE excluded.came_from END`,
        },
      }),
    db.delete(subscriptions).where(and(eq(subscriptions.deviceHash, device), ne(subscriptions.ownerHash, to))),
  ]);
}

export async function devicesInUseCount(d1: D1Database, player: string): Promise<number> {
  return database(d1).$count(devices, and(eq(devices.playerId, player), isNull(devices.removedAt)));
}

/** Whether the player has an address a sign-in link can be mailed to (a confirmed, working email subscription of theirs). */
export async function hasSignInAddress(d1: D1Database, player: string): Promise<boolean> {
  const n = await database(d1).$count(
    subscriptions,
    and(
      eq(subscriptions.ownerHash, player),
      eq(subscriptions.channel, "email"),
      eq(subscriptions.scope, "player"),
      eq(subscriptions.confirmed, true),
      isNull(subscriptions.disabledAt),
    ),
  );
  return n > 0;
}
