import { and, asc, count, desc, eq, inArray, isNotNull, isNull, lte, or, sql } from "drizzle-orm";
import type { PresetName } from "../../engine/rules";
import type { ClockControl } from "../../shared/wire/clock";
import { parseSeekClock } from "./columns";
import { players } from "./players";
import { database } from "./queries";
import { seekSeats, seeks } from "./seeks";

/** Reading and writing seeks (docs/seeks.md): the lobby's list, a seat taken, withdrawn, started, pruned. */

/** Whether a row is one the lobby lists at `now`. */
const listable = (now: number) => sql`${seeks.status} = 'open' AND ${seeks.expiresAt} > ${now}`;

export type SeekRow = typeof seeks.$inferSelect;
export type SeekSeatRow = typeof seekSeats.$inferSelect;

/** A seek as read, its clock parsed. */
export interface StoredSeek extends Omit<SeekRow, "clock" | "preset"> {
  readonly clock: ClockControl;
  readonly preset: PresetName;
}

const stored = (row: SeekRow): StoredSeek => ({ ...row, clock: parseSeekClock(row.clock), preset: row.preset as PresetName });

/** How long a full seek stays readable to its players (GET /api/seeks/mine) before the cron removes it. */
export const KEPT_WHEN_FULL = 24 * 3600_000;

export interface SeekFilter {
  readonly preset?: string;
  readonly players?: number;
  readonly pace?: "live" | "correspondence";
  readonly rated?: boolean;
  readonly language?: string;
}

/**
 * The open seeks the lobby lists: those of established players first (a
 * flood of fresh keys cannot push them down: docs/seeks.md, "Limits"), then
 * the newest first, with at most `perPlayer` of one publisher and
 * `perNetwork` from one network (of which more rows are read than shown).
 */
export async function openSeeks(
  d1: D1Database,
  filter: SeekFilter,
  now: number,
  limit: number,
  caps: { perPlayer: number; perNetwork: number },
): Promise<StoredSeek[]> {
  const where = [listable(now)];
  if (filter.preset) where.push(eq(seeks.preset, filter.preset));
  if (filter.players) where.push(eq(seeks.players, filter.players));
  if (filter.pace) where.push(eq(seeks.pace, filter.pace));
  if (filter.rated !== undefined) where.push(eq(seeks.rated, filter.rated));
  if (filter.language) where.push(eq(seeks.language, filter.language as SeekRow["language"]));
  const rows = await database(d1)
    .select({ seek: seeks })
    .from(seeks)
    .leftJoin(players, eq(players.id, seeks.playerId))
    .where(and(...where))
    .orderBy(desc(isNotNull(players.establishedAt)), desc(seeks.createdAt))
    .limit(limit * 4);
  const byPlayer = new Map<string, number>();
  const byNetwork = new Map<string, number>();
  const shown: StoredSeek[] = [];
  for (const { seek } of rows) {
    const p = byPlayer.get(seek.playerId) ?? 0;
    const n = seek.network === null ? 0 : (byNetwork.get(seek.network) ?? 0);
    if (p >= caps.perPlayer || n >= caps.perNetwork) continue;
    byPlayer.set(seek.playerId, p + 1);
    if (seek.network !== null) byNetwork.set(seek.network, n + 1);
    shown.push(stored(seek));
    if (shown.length >= limit) break;
  }
  return shown;
}

export async function seekById(d1: D1Database, id: string): Promise<StoredSeek | null> {
  const rows = await database(d1).select().from(seeks).where(eq(seeks.id, id)).limit(1);
  return rows[0] ? stored(rows[0]) : null;
}

/** D1 binds at most 100 parameters per statement: lists of ids are read in slices of this many. */
const SLICE = 80;

export function slices<T>(items: readonly T[]): T[][] {
  const out: T[][] = [];
  for (let i = 0; i < items.length; i += SLICE) out.push(items.slice(i, i + SLICE));
  return out;
}

/** The seats taken in these seeks, by seek, each in seat order. */
export async function seatsOf(d1: D1Database, ids: readonly string[]): Promise<Map<string, SeekSeatRow[]>> {
  const by = new Map<string, SeekSeatRow[]>(ids.map((id) => [id, []]));
  const db = database(d1);
  for (const part of slices(ids)) {
    const rows = await db
      .select()
      .from(seekSeats)
      .where(inArray(seekSeats.seekId, part))
      .orderBy(asc(seekSeats.seekId), asc(seekSeats.seat));
    for (const row of rows) by.get(row.seekId)?.push(row);
  }
  return by;
}

/** The seeks a player holds a seat in: open ones, and full ones not yet removed. */
export async function seeksOf(d1: D1Database, player: string, now: number): Promise<StoredSeek[]> {
  const rows = await database(d1)
    .select({ seek: seeks })
    .from(seekSeats)
    .innerJoin(seeks, eq(seeks.id, seekSeats.seekId))
    .where(and(eq(seekSeats.playerId, player), or(listable(now), eq(seeks.status, "full"))))
    .orderBy(asc(seeks.createdAt))
    .limit(50);
  return rows.map((r) => stored(r.seek));
}

/** The open seeks of a player, and those published from a network (none counted for an unknown one). */
export async function openSeekCounts(d1: D1Database, player: string, network: string | null, now: number) {
  const db = database(d1);
  const [mine, theirs] = await db.batch([
    db
      .select({ n: count() })
      .from(seeks)
      .where(and(eq(seeks.playerId, player), listable(now))),
    db
      .select({ n: count() })
      .from(seeks)
      .where(and(eq(seeks.network, network ?? ""), listable(now))),
  ]);
  return { player: mine[0]?.n ?? 0, network: network === null ? 0 : (theirs[0]?.n ?? 0) };
}

/** A new seek and its publisher's seat, in one transaction. */
export async function insertSeek(d1: D1Database, row: SeekRow, first: SeekSeatRow): Promise<void> {
  const db = database(d1);
  await db.batch([db.insert(seeks).values(row), db.insert(seekSeats).values(first)]);
}

/**
 * Takes the next free seat of an open seek for a player, and, when that was
 * the last one, marks the seek full with its game's id — one D1 transaction
 * (a batch). Raw SQL because the insert is conditional on the seek's own
 * row (open, not expired, a seat free) and numbers the seat from the seats
 * already taken, which drizzle's insert cannot say. D1 runs one transaction
 * at a time, and the primary key (seek, seat) and UNIQUE (seek, player)
 * refuse a second taker of the same seat or a player's second seat: of two
 * players racing for the last seat exactly one gets it, and only that
 * one's batch marks the seek full.
 */
export async function takeSeat(
  d1: D1Database,
  seat: { seekId: string; playerId: string; name: string | null; link: string; network: string | null; device: string },
  gameId: string,
  now: number,
): Promise<{ taken: boolean; filled: boolean }> {
  const [insert, update] = await d1.batch([
    d1
      .prepare(
        `INSERT OR IGNORE INTO seek_seats (seek_id, seat, player_id, name, link_sealed, joined_at, network, device)
         SELECT s.id, (SELECT COUNT(*) FROM seek_seats t WHERE t.seek_id = s.id), ?, ?, ?, ?, ?, ?
           FROM seeks s
          WHERE s.id = ? AND s.status = 'open' AND s.expires_at > ?
            AND (SELECT COUNT(*) FROM seek_seats t WHERE t.seek_id = s.id) < s.players`,
      )
      .bind(seat.playerId, seat.name, seat.link, now, seat.network, seat.device, seat.seekId, now),
    d1
      .prepare(
        `UPDATE seeks SET status = 'full', game_id = ?
          WHERE id = ? AND status = 'open' AND (SELECT COUNT(*) FROM seek_seats t WHERE t.seek_id = seeks.id) = players`,
      )
      .bind(gameId, seat.seekId),
  ]);
  return { taken: (insert?.meta.changes ?? 0) > 0, filled: (update?.meta.changes ?? 0) > 0 };
}

/** Withdraws an open seek of its publisher's: the seek and its seats go. Whether it did. */
export async function withdrawSeek(d1: D1Database, id: string, player: string): Promise<boolean> {
  const db = database(d1);
  const mine = and(eq(seeks.id, id), eq(seeks.playerId, player), eq(seeks.status, "open"));
  // Seats first, while the seek still says whose it is and that it is open; the same transaction removes the seek.
  const [, removed] = await db.batch([
    db.delete(seekSeats).where(and(eq(seekSeats.seekId, id), sql`EXISTS (SELECT 1 FROM seeks WHERE ${mine})`)),
    db.delete(seeks).where(mine).returning({ id: seeks.id }),
  ]);
  return removed.length > 0;
}

export async function markStarted(d1: D1Database, id: string, now: number): Promise<void> {
  await database(d1)
    .update(seeks)
    .set({ startedAt: now })
    .where(and(eq(seeks.id, id), isNull(seeks.startedAt)));
}

/** Full seeks whose game is still to make (a Worker stopped between filling and making it). */
export async function unstarted(d1: D1Database, limit: number): Promise<StoredSeek[]> {
  const rows = await database(d1)
    .select()
    .from(seeks)
    .where(and(eq(seeks.status, "full"), isNull(seeks.startedAt)))
    .limit(limit);
  return rows.map(stored);
}

/** Removes expired open seeks and full ones started over a day ago, with their seats. Returns how many seeks went. */
export async function pruneSeeks(d1: D1Database, now: number): Promise<number> {
  const db = database(d1);
  const gone = or(
    and(eq(seeks.status, "open"), lte(seeks.expiresAt, now)),
    and(eq(seeks.status, "full"), lte(seeks.startedAt, now - KEPT_WHEN_FULL)),
  );
  const [, removed] = await db.batch([
    db.delete(seekSeats).where(sql`${seekSeats.seekId} IN (SELECT ${seeks.id} FROM ${seeks} WHERE ${gone})`),
    db.delete(seeks).where(gone).returning({ id: seeks.id }),
  ]);
  return removed.length;
}

/**
 * "Play now" in one D1 transaction (a batch): take a seat in the oldest open
 * live seek of the pool the player may join, and — only if there was none —
 * publish the player's own seek. Raw SQL for the same reason as takeSeat,
 * and one batch because D1 runs one transaction at a time: of any number of
 * players pressing "play now" at once, each finds the seeks of all who came
 * before, so that ten players become five games, never ten seeks waiting
 * side by side. The seat taken is found again by its sealed link (unique to
 * this request), which the player's own seat then carries if they publish.
 */
export async function pairOrPublish(
  d1: D1Database,
  who: { playerId: string; name: string; link: string; network: string | null; device: string; rating: number },
  pool: { preset: string; players: number; rated: boolean },
  own: SeekRow,
  gameId: string,
  now: number,
): Promise<{ joined: string | null; filled: boolean; published: boolean }> {
  const rated = pool.rated ? 1 : 0;
  const [taken, filled, published] = await d1.batch([
    d1
      .prepare(
        `INSERT OR IGNORE INTO seek_seats (seek_id, seat, player_id, name, link_sealed, joined_at, network, device)
         SELECT s.id, (SELECT COUNT(*) FROM seek_seats t WHERE t.seek_id = s.id), ?1, ?2, ?3, ?4, ?5, ?10
           FROM seeks s
          WHERE s.status = 'open' AND s.expires_at > ?4 AND s.pace = 'live'
            AND s.preset = ?6 AND s.players = ?7 AND s.rated = ?8 AND s.player_id <> ?1
            AND NOT EXISTS (SELECT 1 FROM seek_seats t WHERE t.seek_id = s.id AND t.player_id = ?1)
            AND (SELECT COUNT(*) FROM seek_seats t WHERE t.seek_id = s.id) < s.players
            AND (s.min_rating IS NULL OR s.min_rating <= ?9) AND (s.max_rating IS NULL OR s.max_rating >= ?9)
            AND (?8 = 0 OR ?5 IS NULL OR NOT EXISTS (SELECT 1 FROM seek_seats t WHERE t.seek_id = s.id AND t.network = ?5))
          ORDER BY s.created_at
          LIMIT 1`,
      )
      .bind(who.playerId, who.name, who.link, now, who.network, pool.preset, pool.players, rated, who.rating, who.device),
    d1
      .prepare(
        `UPDATE seeks SET status = 'full', game_id = ?1
          WHERE id = (SELECT seek_id FROM seek_seats WHERE player_id = ?2 AND link_sealed = ?3) AND status = 'open'
            AND (SELECT COUNT(*) FROM seek_seats t WHERE t.seek_id = seeks.id) = players`,
      )
      .bind(gameId, who.playerId, who.link),
    d1
      .prepare(
        `INSERT INTO seeks (id, player_id, preset, players, clock, pace, rated, language, min_rating, max_rating, status, game_id,
                            started_at, created_at, expires_at, network)
         SELECT ?1, ?2, ?3, ?4, ?5, ?6, ?7, ?8, NULL, NULL, 'open', NULL, NULL, ?9, ?10, ?11
          WHERE NOT EXISTS (SELECT 1 FROM seek_seats WHERE player_id = ?2 AND link_sealed = ?12)`,
      )
      .bind(
        own.id,
        own.playerId,
        own.preset,
        own.players,
        own.clock,
        own.pace,
        own.rated ? 1 : 0,
        own.language,
        own.createdAt,
        own.expiresAt,
        own.network,
        who.link,
      ),
    d1
      .prepare(
        `INSERT INTO seek_seats (seek_id, seat, player_id, name, link_sealed, joined_at, network, device)
         SELECT ?1, 0, ?2, ?3, ?4, ?5, ?6, ?7 WHERE EXISTS (SELECT 1 FROM seeks WHERE id = ?1)`,
      )
      .bind(own.id, who.playerId, who.name, who.link, now, who.network, who.device),
  ]);
  const joined = (taken?.meta.changes ?? 0) > 0;
  let seekId: string | null = null;
  if (joined) {
    const [row] = await database(d1)
      .select({ seekId: seekSeats.seekId })
      .from(seekSeats)
      .where(and(eq(seekSeats.playerId, who.playerId), eq(seekSeats.link, who.link)));
    seekId = row?.seekId ?? null;
  }
  return { joined: seekId, filled: (filled?.meta.changes ?? 0) > 0, published: (published?.meta.changes ?? 0) > 0 };
}
