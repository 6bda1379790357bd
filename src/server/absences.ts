import type { AbsenceLimit } from "../shared/api";
import { DAY, HOUR } from "./clock/time";
import {
  type AbsenceRow,
  absenceOf,
  absencesAfter,
  absencesOf,
  gamesInPlayOf,
  markAbsenceCancelled,
  storeAbsence,
} from "./db/absence-queries";
import type { Env } from "./env";
import { type Failure, fail } from "./reply";

/**
 * Players' absences (by player key): declared at least an hour ahead, at
 * most 14 days at a time and 30 days in a calendar year, never overlapping.
 * Kept in D1 and passed to every room where the player holds a seat in a
 * game in play, whose log then stops that seat's clock meanwhile.
 */

export const ABSENCE_LIMITS = { notice: HOUR, longest: 14 * DAY, perYear: 30 * DAY } as const;

type Row = AbsenceRow;

/** The time an absence takes out of each calendar year it touches (UTC). */
function perYear(from: number, until: number): Map<number, number> {
  const out = new Map<number, number>();
  for (let t = from; t < until; ) {
    const year = new Date(t).getUTCFullYear();
    const next = Math.min(until, Date.UTC(year + 1, 0, 1));
    out.set(year, (out.get(year) ?? 0) + next - t);
    t = next;
  }
  return out;
}

function used(rows: readonly Row[], year: number): number {
  return rows.filter((r) => r.cancelledAt === null).reduce((n, r) => n + (perYear(r.from, r.until).get(year) ?? 0), 0);
}

/** Checks a new absence against the limits and the player's others; null when it may be declared. */
export function absenceFault(from: number, until: number, others: readonly Row[], now: number): Failure | null {
  const bad = (limit: AbsenceLimit, message: string) => fail(422, "BAD_ABSENCE", message, { limit });
  if (until <= from) return bad("order", "An absence ends after it starts.");
  if (from < now + ABSENCE_LIMITS.notice) return bad("notice", "An absence is declared at least an hour before it starts.");
  if (until - from > ABSENCE_LIMITS.longest) return bad("longest", "An absence lasts at most 14 days.");
  const live = others.filter((r) => r.cancelledAt === null);
  if (live.some((r) => r.from < until && from < r.until)) return bad("overlap", "This absence overlaps another one of yours.");
  for (const [year, ms] of perYear(from, until)) {
    if (used(live, year) + ms > ABSENCE_LIMITS.perYear) {
      const left = Math.max(0, ABSENCE_LIMITS.perYear - used(live, year)) / DAY;
      return bad("year", `Absences add up to at most 30 days in a calendar year: ${left.toFixed(1)} days are left in ${year}.`);
    }
  }
  return null;
}

export async function listAbsences(d1: D1Database, playerHash: string) {
  return absencesOf(d1, playerHash);
}

export function yearAllowance(rows: readonly Row[], now: number) {
  const year = new Date(now).getUTCFullYear();
  const usedDays = used(rows, year) / DAY;
  return { year, usedDays: Math.round(usedDays * 100) / 100, leftDays: Math.round((ABSENCE_LIMITS.perYear / DAY - usedDays) * 100) / 100 };
}

export async function declareAbsence(d1: D1Database, playerHash: string, from: number, until: number, now: number): Promise<Row | Failure> {
  const rows = await listAbsences(d1, playerHash);
  const fault = absenceFault(from, until, rows, now);
  if (fault) return fault;
  const row: Row = { id: crypto.randomUUID(), playerHash, from, until, createdAt: now, cancelledAt: null };
  await storeAbsence(d1, row);
  return row;
}

export async function cancelAbsence(d1: D1Database, playerHash: string, id: string, now: number): Promise<Row | Failure> {
  const row = await absenceOf(d1, playerHash, id);
  if (!row) return fail(404, "ABSENCE_NOT_FOUND", "You have no absence with that id.");
  if (row.cancelledAt !== null || row.until <= now) return row;
  const cancelled = { ...row, cancelledAt: now };
  await markAbsenceCancelled(d1, id, now);
  return cancelled;
}

/** Tells the room of every game in play where the player holds a seat; returns how many learned something. */
export async function syncRooms(env: Env, playerHash: string, now: number): Promise<number> {
  const declared = (await absencesAfter(env.DB, playerHash, now)).map((r) => ({
    from: r.from,
    until: r.until,
    cancelledAt: r.cancelledAt,
  }));
  const ids = await gamesInPlayOf(env.DB, playerHash);
  const results = await Promise.allSettled(
    ids.map((id) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(id)).syncAbsences(id, playerHash, declared)),
  );
  for (const r of results) if (r.status === "rejected") console.error(`absences: a room could not be told: ${String(r.reason)}`);
  return results.filter((r) => r.status === "fulfilled" && r.value > 0).length;
}

/** An absence as its player sees it: cancelled during it, it ended then. */
export function absenceView(row: Row) {
  const iso = (ms: number) => new Date(ms).toISOString();
  const until = row.cancelledAt !== null && row.cancelledAt > row.from ? Math.min(row.until, row.cancelledAt) : row.until;
  return { id: row.id, from: iso(row.from), until: iso(until), cancelled: row.cancelledAt !== null };
}
