import { archiveFinishedGames } from "./db/archive";
import { database, dueGames } from "./db/queries";
import { pruneSeeks } from "./db/seek-queries";
import { dueTournaments } from "./db/tournament-queries";
import type { Env } from "./env";
import { pruneDeliveryLog, queueDigests } from "./notify/index";
import { requeueLost } from "./notify/requeue";
import { pruneSendLimits } from "./notify/send-limits";
import { startLostSeeks } from "./seeks/start";

/**
 * The Cron Trigger (every five minutes, wrangler.toml): the guard against
 * lost alarms — every game whose next due time (D1's index) has passed is
 * woken, and its room handles what is due exactly as its alarm would have
 * (a room woken twice does nothing twice) — the guard against lost queue
 * messages (deliveries long overdue are queued again: notify/requeue.ts),
 * and the notifications' daily chores: each player's morning digest
 * (checked every hour) and pruning the delivery log and the sending limits'
 * counts (once a day); and archiving finished games out of D1, a batch per
 * run (db/archive.ts); and the lobby's seeks (docs/seeks.md): a full seek whose
 * game a stopped Worker did not make is made, and expired seeks are removed.
 * Tournaments (docs/tournaments.md) are woken like games.
 */

/** Rooms woken per run; a longer backlog waits five minutes. */
const WAKE_BATCH = 200;

export async function wakeDueRooms(env: Env, now: number): Promise<number> {
  const due = await dueGames(database(env.DB), now, WAKE_BATCH);
  const woken = await Promise.allSettled(due.map((id) => env.GAME_ROOM.get(env.GAME_ROOM.idFromName(id)).wake(id)));
  for (const w of woken) if (w.status === "rejected") console.error(`cron: a room could not be woken: ${String(w.reason)}`);
  return due.length;
}

/** The same guard for tournaments: each one whose next due time has passed does what its alarm would have. */
export async function wakeDueTournaments(env: Env, now: number): Promise<number> {
  const due = await dueTournaments(env.DB, now, WAKE_BATCH);
  const woken = await Promise.allSettled(due.map((id) => env.TOURNAMENT.get(env.TOURNAMENT.idFromName(id)).wake(id)));
  for (const w of woken) if (w.status === "rejected") console.error(`cron: a tournament could not be woken: ${String(w.reason)}`);
  return due.length;
}

export async function scheduled(controller: ScheduledController, env: Env, _ctx: ExecutionContext): Promise<void> {
  const now = controller.scheduledTime;
  const at = new Date(now);
  await wakeDueRooms(env, now);
  await wakeDueTournaments(env, now);
  await requeueLost(env, now);
  if (at.getUTCMinutes() < 5) await queueDigests(env, now);
  if (at.getUTCHours() === 3 && at.getUTCMinutes() < 5) {
    await pruneDeliveryLog(env, now);
    await pruneSendLimits(env.DB, now);
  }
  await archiveFinishedGames(env, now);
  await startLostSeeks(env, now);
  await pruneSeeks(env.DB, now);
}
