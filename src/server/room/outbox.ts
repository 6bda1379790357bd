import { database, drainStatements } from "../db/queries";
import type { Room } from "./room";

/**
 * The outbox: every log entry and seat change is queued in the same
 * transaction that writes it, and the room's alarm copies the queue into D1
 * in batches. D1 is thus never on a move's path, and a failed copy is simply
 * tried again later: entries are inserted with ON CONFLICT DO NOTHING on
 * UNIQUE(game_id, seq), so nothing is lost or duplicated.
 */

/** How soon after a write the alarm drains the outbox (writes in between share one drain). */
export const DRAIN_DELAY_MS = 1000;

/**
 * When the next drain is due: a second after a write, plus up to another
 * second at random, so that games written at the same moment (a tournament
 * round created at once) do not all write to D1 at the same moment too.
 */
export function drainTime(now: number): number {
  return now + DRAIN_DELAY_MS * (1 + Math.random());
}

/** Items per D1 batch. */
const BATCH_SIZE = 50;

/** Backoff after failed drains: 1 s, 2 s, 4 s … up to 5 minutes, with jitter. */
export function retryDelay(failures: number): number {
  const base = Math.min(300_000, 1000 * 2 ** Math.min(failures - 1, 20));
  return base / 2 + Math.random() * (base / 2);
}

/**
 * Copies the whole outbox into D1, batch by batch, and hands each entry's
 * notifications to `notify` (the notifications' fan-out, idempotent per
 * entry and subscription). Throws when D1 fails; what was done stays
 * acknowledged, the rest is tried again.
 */
export async function drainOutbox(room: Room, d1: D1Database, notify: (seq: number) => Promise<void>): Promise<number> {
  const db = database(d1);
  let copied = 0;
  for (;;) {
    const items = room.storage.outbox(BATCH_SIZE);
    if (items.length === 0 && copied === 0) return 0;
    const last = items.length < BATCH_SIZE;
    const rows = items.filter((i): i is typeof i & { kind: "event" | "seat" } => i.kind !== "notify");
    if (rows.length > 0 || last) await db.batch(drainStatements(db, room.table, room.seats, room.inviteHash, rows, last));
    for (const item of items) if (item.kind === "notify") await notify(item.ref);
    if (items.length > 0) room.storage.acknowledge(items[items.length - 1]!.id);
    copied += items.length;
    if (last) return copied;
  }
}
