import { and, asc, count, desc, eq, exists, gt, inArray, isNotNull, isNull, min, ne, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import type { Language } from "../../shared/language";
import { subscriptions } from "./notifications";
import { deviceLinks, devices, playerMailboxes, players } from "./players";
import { type Db, database } from "./queries";
import { absences, seats } from "./schema";
import { seekSeats, seeks } from "./seeks";

/**
 * Players, their devices and the one-time codes that link a device
 * (src/server/players says what each step means; the tables: players.ts).
 */

/** `deviceId`: a device's public id, the first 16 hex digits of its key's hash (players/identity.ts). */
const deviceIs = (deviceId: string) => sql`substr(${devices.keyHash}, 1, 16) = ${deviceId}`;

/**
 * The subscriptions `which` picks pass to player `to`, except those `to`
 * already has (the same game, scope, channel and target: the unique index
 * would refuse the move): those go. Two statements in the caller's batch,
 * the duplicates deleted before the rest move, which is what SQLite's
 * `UPDATE OR IGNORE` and a delete would do (a statement drizzle does not
 * write, and whose raw form drizzle cannot batch with parameters).
 */
function moveSubscriptions(db: Db, to: string, which: SQL) {
  const theirs = alias(subscriptions, "theirs");
  const duplicate = db
    .select({ id: theirs.id })
    .from(theirs)
    .where(
      and(
        eq(theirs.ownerHash, to),
        ne(theirs.id, subscriptions.id),
        sql`IFNULL(${theirs.gameId}, '') = IFNULL(${subscriptions.gameId}, '')`,
        eq(theirs.scope, subscriptions.scope),
        eq(theirs.channel, subscriptions.channel),
        eq(theirs.target, subscriptions.target),
      ),
    );
  return [
    db.delete(subscriptions).where(and(which, exists(duplicate))),
    db.update(subscriptions).set({ ownerHash: to }).where(which),
  ] as const;
}

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

/** Marks one of the player's devices removed and deletes its push subscriptions; false when they have no such device. */
export async function markDeviceRemoved(d1: D1Database, player: string, deviceId: string, now: number): Promise<boolean> {
  const db = database(d1);
  const removed = await db
    .update(devices)
    .set({ removedAt: now })
    .where(and(eq(devices.playerId, player), deviceIs(deviceId), isNull(devices.removedAt)))
    .returning({ keyHash: devices.keyHash });
  if (removed.length === 0) return false;
  await db.delete(subscriptions).where(
    inArray(
      subscriptions.deviceHash,
      removed.map((r) => r.keyHash),
    ),
  );
  return true;
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
 * Spends a code by its hash: the player it links to, or null (never was,
 * used, or expired). One statement: two devices racing for the same code
 * cannot both win.
 */
export async function spendLink(d1: D1Database, codeHash: string, now: number): Promise<string | null> {
  const [row] = await database(d1)
    .update(deviceLinks)
    .set({ usedAt: now })
    .where(and(eq(deviceLinks.codeHash, codeHash), isNull(deviceLinks.usedAt), gt(deviceLinks.expiresAt, now)))
    .returning({ playerId: deviceLinks.playerId });
  return row?.playerId ?? null;
}

/** The latest confirmed, working email subscription of a player at `address` (lower case): its id and owner. */
export async function signInSubscription(d1: D1Database, address: string) {
  const [row] = await database(d1)
    .select({ id: subscriptions.id, owner: subscriptions.ownerHash })
    .from(subscriptions)
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
    .limit(1);
  return row?.owner ? { id: row.id, owner: row.owner } : null;
}

/**
 * A device now belongs to `to`, in use again, with its own push subscription
 * (one `to` already has stays single), in one batch. Its `created_at` is when
 * it joined `to`, unless it already was `to`'s and in use.
 */
export async function storeDeviceOf(d1: D1Database, device: string, to: string, label: string | null, now: number): Promise<void> {
  const db = database(d1);
  await db.batch([
    db
      .insert(devices)
      .values({ keyHash: device, playerId: to, label, createdAt: now, seenAt: now })
      .onConflictDoUpdate({
        target: devices.keyHash,
        set: {
          playerId: sql`excluded.player_id`,
          label: sql`COALESCE(excluded.label, ${devices.label})`,
          createdAt: sql`CASE WHEN ${devices.playerId} = excluded.player_id AND ${devices.removedAt} IS NULL THEN ${devices.createdAt} ELSE excluded.created_at END`,
          seenAt: sql`excluded.seen_at`,
          removedAt: null,
        },
      }),
    ...moveSubscriptions(db, to, eq(subscriptions.deviceHash, device)),
  ]);
}

export async function devicesInUseCount(d1: D1Database, player: string): Promise<number> {
  return database(d1).$count(devices, and(eq(devices.playerId, player), isNull(devices.removedAt)));
}

/** The games where the player holds a seat (D1's index). */
export async function gamesOfPlayer(d1: D1Database, player: string): Promise<string[]> {
  const rows = await database(d1).selectDistinct({ id: seats.gameId }).from(seats).where(eq(seats.playerHash, player));
  return rows.map((r) => r.id);
}

/**
 * Everything of `from` in the main database becomes `to`'s, in one batch:
 * seats, subscriptions (a duplicate of one `to` has goes), absences, seeks; `from`'s
 * unused codes are spent and its row goes.
 */
export async function mergePlayerRows(d1: D1Database, from: string, to: string, now: number): Promise<void> {
  const db: Db = database(d1);
  await db.batch([
    db.update(seats).set({ playerHash: to }).where(eq(seats.playerHash, from)),
    ...moveSubscriptions(db, to, eq(subscriptions.ownerHash, from)),
    db.update(absences).set({ playerHash: to }).where(eq(absences.playerHash, from)),
    // The lobby's seeks (docs/seeks.md): those published, and the seats taken, so that the game made from one seats `to`.
    // A seek where both held a seat keeps `from`'s seat as it is (a seat number is never freed: seek-queries.ts).
    db.update(seeks).set({ playerId: to }).where(eq(seeks.playerId, from)),
    db
      .update(seekSeats)
      .set({ playerId: to })
      .where(
        and(
          eq(seekSeats.playerId, from),
          sql`NOT EXISTS (SELECT 1 FROM seek_seats t WHERE t.seek_id = seek_seats.seek_id AND t.player_id = ${to})`,
        ),
      ),
    db
      .update(deviceLinks)
      .set({ usedAt: now })
      .where(and(eq(deviceLinks.playerId, from), isNull(deviceLinks.usedAt))),
    // Rated play (ratings/standing.ts): the mailboxes `from` held stay held (by `to`), and `to` is established if either was.
    db.update(playerMailboxes).set({ playerId: to }).where(eq(playerMailboxes.playerId, from)),
    db
      .update(players)
      .set({ establishedAt: sql`COALESCE(${players.establishedAt}, (SELECT f.established_at FROM players f WHERE f.id = ${from}))` })
      .where(eq(players.id, to)),
    db.delete(players).where(eq(players.id, from)),
  ]);
}
