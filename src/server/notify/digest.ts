import type { SubscriptionRow } from "../db/notifications";
import { dailyDigestSubscriptions, gamesAwaitingTurn, markDigestSent } from "../db/subscription-queries";
import type { Env } from "../env";
import { enqueue } from "./fanout";
import type { DigestGame } from "./types";

/**
 * The daily digest: instead of a message per turn, one email at the
 * player's local morning listing every game awaiting their move, soonest
 * deadline first (then the longest waiting). Meant to run hourly from a
 * Cron Trigger; each subscription gets at most one digest per local day
 * (its key is `digest/<local date>/<subscription>`), and none when no game
 * is waiting.
 */

/** The local hour at which digests go out. */
export const DIGEST_HOUR = 8;

/** Local date (YYYY-MM-DD) and hour at `now` in a time zone. */
export function localTime(now: number, timeZone: string): { date: string; hour: number } {
  const parts = Object.fromEntries(
    new Intl.DateTimeFormat("en-CA", { timeZone, year: "numeric", month: "2-digit", day: "2-digit", hour: "2-digit", hourCycle: "h23" })
      .formatToParts(new Date(now))
      .map((p) => [p.type, p.value]),
  );
  return { date: `${parts.year}-${parts.month}-${parts.day}`, hour: Number(parts.hour) };
}

/** Where a player's waiting games come from: D1's game index by default; the clock adds deadlines. */
export type GamesAwaiting = (ownerHash: string, gameId: string | null) => Promise<DigestGame[]>;

/** Games in D1's index where it is the player's turn, with their deadlines. */
export function gamesAwaitingFromIndex(d1: D1Database): GamesAwaiting {
  return async (ownerHash, gameId) => {
    const rows = await gamesAwaitingTurn(d1, ownerHash, gameId);
    return rows.map((r) => ({
      gameId: r.id,
      seat: r.seat,
      names: r.names,
      deadline: r.deadline,
      since: r.updatedAt,
      ...(r.clockOffset ? { clockOffset: r.clockOffset } : {}),
    }));
  };
}

/** Soonest deadline first; games without a clock after, the longest waiting first. */
export function digestOrder(games: readonly DigestGame[]): DigestGame[] {
  return [...games].sort((a, b) => {
    if (a.deadline !== b.deadline) return a.deadline === null ? 1 : b.deadline === null ? -1 : a.deadline - b.deadline;
    return a.since - b.since;
  });
}

/** Whether a subscription's digest is due at `now`: its local morning, and none sent yet that local day. */
export function digestDue(sub: Pick<SubscriptionRow, "timeZone" | "lastDigest">, now: number): string | null {
  if (!sub.timeZone) return null;
  const local = localTime(now, sub.timeZone);
  return local.hour === DIGEST_HOUR && sub.lastDigest !== local.date ? local.date : null;
}

/** Queues the digests due now. Returns how many were queued. */
export async function queueDigests(env: Env, now: number, gamesAwaiting: GamesAwaiting = gamesAwaitingFromIndex(env.DB)): Promise<number> {
  const due = await dailyDigestSubscriptions(env.DB);
  let queued = 0;
  for (const sub of due) {
    const date = digestDue(sub, now);
    if (date === null || sub.ownerHash === null) continue;
    const games = digestOrder(await gamesAwaiting(sub.ownerHash, sub.gameId));
    await markDigestSent(env.DB, sub.id, date);
    if (games.length === 0) continue;
    const key = `digest/${date}/${sub.id}`;
    queued += await enqueue(
      env,
      [
        {
          row: { key, subscriptionId: sub.id },
          notice: { type: "digest", date, games },
          createdAt: now,
        },
      ],
      now,
    );
  }
  return queued;
}
