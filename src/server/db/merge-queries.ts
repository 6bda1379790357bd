import { and, count, desc, eq, exists, gt, isNull, ne, notExists, type SQL, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/sqlite-core";
import { parseNames } from "./columns";
import { subscriptions } from "./notifications";
import { deviceLinks, devices, playerMailboxes, playerMerges, players, recoveryCodes } from "./players";
import { type Db, database } from "./queries";
import { matchResults, ratings } from "./ratings";
import { absences, games, seats } from "./schema";
import { seekSeats, seeks } from "./seeks";

/**
 * What linking a device reads and writes beyond the device itself (players/merge.ts says what each step means):
 * a code looked at without spending it, what a player shows of themselves to the device about to join them, what
 * a device's own player holds, the knowing merge of two players, and a device's removal.
 */

/** A live code (by hash) without spending it: whose it is and what kind; undefined when used, expired or unknown. */
export async function liveLink(d1: D1Database, codeHash: string, now: number) {
  const [row] = await database(d1)
    .select({ playerId: deviceLinks.playerId, kind: deviceLinks.kind, expiresAt: deviceLinks.expiresAt })
    .from(deviceLinks)
    .where(and(eq(deviceLinks.codeHash, codeHash), isNull(deviceLinks.usedAt), gt(deviceLinks.expiresAt, now)));
  return row;
}

/** A player's latest games (D1's index): their seat, the names at the table, the status and the last change. */
export async function latestGames(d1: D1Database, player: string, limit: number) {
  const db = database(d1);
  const [rows, total] = await Promise.all([
    db
      .select({ seat: seats.seat, names: games.names, status: games.status, updatedAt: games.updatedAt })
      .from(seats)
      .innerJoin(games, eq(games.id, seats.gameId))
      .where(eq(seats.playerHash, player))
      .orderBy(desc(games.updatedAt))
      .limit(limit),
    db.$count(seats, eq(seats.playerHash, player)),
  ]);
  return { total, games: rows.map((r) => ({ ...r, names: parseNames(r.names) })) };
}

/**
 * What a player holds that a device of theirs could bring along when it joins another player: seats, notification
 * subscriptions, absences still to come, ratings, seeks, and devices in use other than `device`.
 */
export async function holdingsOf(d1: D1Database, player: string, device: string, now: number) {
  const db = database(d1);
  const [games, subscribed, away, rated, sought, others] = await Promise.all([
    db.$count(seats, eq(seats.playerHash, player)),
    db.$count(subscriptions, eq(subscriptions.ownerHash, player)),
    db.$count(absences, and(eq(absences.playerHash, player), gt(absences.until, now), isNull(absences.cancelledAt))),
    db.$count(ratings, eq(ratings.playerId, player)),
    db.$count(seekSeats, eq(seekSeats.playerId, player)),
    db.$count(devices, and(eq(devices.playerId, player), isNull(devices.removedAt), ne(devices.keyHash, device))),
  ]);
  return { games, subscriptions: subscribed, absences: away, ratings: rated, seeks: sought, otherDevices: others };
}

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

/** Whether `to` has a rating in the pool (preset, players) of the row being changed. */
function ratedIn(db: Db, to: string, pool: { preset: SQL; players: SQL }) {
  const theirs = alias(ratings, "theirs");
  return db
    .select({ one: sql`1` })
    .from(theirs)
    .where(and(eq(theirs.playerId, to), sql`${theirs.preset} = ${pool.preset}`, sql`${theirs.players} = ${pool.players}`));
}

/**
 * Everything of `from` in the main database becomes `to`'s, in one batch, and `from` is no more: its devices, seats,
 * subscriptions (a duplicate of one `to` has goes), absences, seeks, and its ratings with their results in every
 * pool where `to` has none (where both have one, `to`'s stays and `from`'s stays on `from`'s public page). `from`
 * is recorded as merged into `to`, so that a seat's copy written later lands on `to` (drain.ts). Returns the games
 * whose seats moved here: their rooms are told (players/merge.ts). `toPublicId`: `to`'s public id (players/identity.ts).
 */
export async function mergePlayerRows(d1: D1Database, from: string, to: string, toPublicId: string, now: number): Promise<string[]> {
  const db: Db = database(d1);
  const [, , moved] = await db.batch([
    db
      .insert(playerMerges)
      .values({ fromId: from, intoId: to, at: now })
      .onConflictDoUpdate({ target: playerMerges.fromId, set: { intoId: to, at: now } }),
    db.update(playerMerges).set({ intoId: to }).where(eq(playerMerges.intoId, from)),
    db.update(seats).set({ playerHash: to }).where(eq(seats.playerHash, from)).returning({ gameId: seats.gameId }),
    db.update(devices).set({ playerId: to, cameFrom: null }).where(eq(devices.playerId, from)),
    db.update(devices).set({ cameFrom: to }).where(eq(devices.cameFrom, from)),
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
    // Results before ratings: both ask whether `to` is rated in the pool, before `from`'s ratings move.
    db
      .update(matchResults)
      .set({ playerId: to, publicId: toPublicId })
      .where(
        and(
          eq(matchResults.playerId, from),
          notExists(ratedIn(db, to, { preset: sql`${matchResults.preset}`, players: sql`${matchResults.players}` })),
        ),
      ),
    db
      .update(ratings)
      .set({ playerId: to, publicId: toPublicId })
      .where(
        and(eq(ratings.playerId, from), notExists(ratedIn(db, to, { preset: sql`${ratings.preset}`, players: sql`${ratings.players}` }))),
      ),
    db
      .update(deviceLinks)
      .set({ usedAt: now })
      .where(and(eq(deviceLinks.playerId, from), isNull(deviceLinks.usedAt))),
    // `from`'s recovery code goes with it (`to`'s own stays).
    db.delete(recoveryCodes).where(eq(recoveryCodes.playerId, from)),
    // A name `to` lacks is `from`'s.
    db
      .update(players)
      .set({ name: sql`(SELECT p.name FROM players p WHERE p.id = ${from})` })
      .where(and(eq(players.id, to), isNull(players.name))),
    // Rated play (ratings/standing.ts): the mailboxes `from` held stay held (by `to`), and `to` is established if either was.
    db.update(playerMailboxes).set({ playerId: to }).where(eq(playerMailboxes.playerId, from)),
    db
      .update(players)
      .set({ establishedAt: sql`COALESCE(${players.establishedAt}, (SELECT f.established_at FROM players f WHERE f.id = ${from}))` })
      .where(eq(players.id, to)),
    db.delete(players).where(eq(players.id, from)),
  ]);
  return [...new Set(moved.map((r) => r.gameId))];
}

/** The player `player` was merged into, if it was (one hop: mergePlayerRows keeps it so). */
export async function mergedInto(d1: D1Database, player: string): Promise<string | null> {
  const [row] = await database(d1).select({ into: playerMerges.intoId }).from(playerMerges).where(eq(playerMerges.fromId, player));
  return row?.into ?? null;
}

/**
 * The games where the player holds a seat that are in play (a game the index does not list yet too: its room copies
 * a seat at once, the rest seconds later), or ended after `since`: where a device of theirs may have a table open.
 */
export async function openGamesOf(d1: D1Database, player: string, since: number): Promise<string[]> {
  const rows = await database(d1)
    .selectDistinct({ id: seats.gameId })
    .from(seats)
    .leftJoin(games, eq(games.id, seats.gameId))
    .where(and(eq(seats.playerHash, player), sql`(${games.id} IS NULL OR ${games.status} = 'playing' OR ${games.updatedAt} > ${since})`));
  return rows.map((r) => r.id);
}

/** `deviceId`: a device's public id, the first 16 hex digits of its key's hash (players/identity.ts). */
const deviceIs = (deviceId: string) => sql`substr(${devices.keyHash}, 1, 16) = ${deviceId}`;

/**
 * Removes one of the player's devices in use; null when they have none such. A device that joined this player
 * leaving its own behind goes back to that player when nothing else reaches it (no device in use, not merged
 * away): `back` names it. Otherwise the device is marked removed (its key is refused from now on). Either way the
 * push subscriptions it made for this player go.
 */
export async function removeDeviceRow(
  d1: D1Database,
  player: string,
  deviceId: string,
  now: number,
): Promise<{ keyHash: string; back: string | null } | null> {
  const db = database(d1);
  const [row] = await db
    .select({ keyHash: devices.keyHash, cameFrom: devices.cameFrom })
    .from(devices)
    .where(and(eq(devices.playerId, player), deviceIs(deviceId), isNull(devices.removedAt)));
  if (!row) return null;
  let back = row.cameFrom;
  if (back !== null) {
    const [reached] = await db
      .select({ n: count() })
      .from(devices)
      .where(and(eq(devices.playerId, back), isNull(devices.removedAt)));
    if ((reached?.n ?? 0) > 0 || (await mergedInto(d1, back)) !== null) back = null;
  }
  const still = and(eq(devices.keyHash, row.keyHash), eq(devices.playerId, player), isNull(devices.removedAt));
  const [changed] = await db.batch([
    back === null
      ? db.update(devices).set({ removedAt: now, cameFrom: null }).where(still).returning({ keyHash: devices.keyHash })
      : db.update(devices).set({ playerId: back, cameFrom: null, createdAt: now }).where(still).returning({ keyHash: devices.keyHash }),
    db.delete(subscriptions).where(and(eq(subscriptions.deviceHash, row.keyHash), eq(subscriptions.ownerHash, player))),
  ]);
  return changed.length > 0 ? { keyHash: row.keyHash, back } : null;
}
