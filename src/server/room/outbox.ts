import type { RatingOutcome } from "../../shared/wire/ratings";
import { entryStatements, indexStatement, seatStatements, sendDrain } from "../db/drain";
import { recordMatchEnd } from "../ratings/record";
import { indexRow, shownOf } from "./index-row";
import type { Room } from "./room";

/**
 * What the room owes D1, and its notifications: the log entries after the
 * last one D1 acknowledged (a mark kept with the log: the log is gapless,
 * so no row per entry is needed), and an outbox of seat changes and
 * entries' notifications, each queued in the same transaction that wrote
 * it. The room's alarm copies them into D1 in batches (the entries to the
 * game's log shard, the rest to the main database: db/shards.ts); D1 is thus never on
 * a move's path, and a failed copy is simply tried again later: entries are
 * inserted with ON CONFLICT DO NOTHING on UNIQUE(game_id, seq), so nothing is
 * lost or duplicated.
 */

/** How soon after a write the alarm drains the outbox (writes in between share one drain). */
export const DRAIN_DELAY_MS = 2000;

/**
 * When the next drain is due: two seconds after a write, plus up to two
 * more at random, so that games written at the same moment (a tournament
 * round created at once) do not all write to D1 at the same moment too, and
 * a game played fast sends D1 a few larger batches rather than many small.
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

/** Whether the room owes D1 anything. */
export function owes(room: Room): boolean {
  return room.drainedSeq < room.table.version || room.storage.outboxSize() > 0;
}

/**
 * Copies what the room owes into D1, batch by batch, and hands each entry's
 * notifications to `notify` (the notifications' fan-out, idempotent per
 * entry and subscription) once D1 has the entry. Throws when D1 fails; what
 * was done stays acknowledged, the rest is tried again.
 */
export async function drainOutbox(
  room: Room,
  d1: { main: D1Database; log: D1Database },
  notify: (seq: number) => Promise<void>,
  clockOffset = 0,
  /** The ended match's effect on its players' ratings, once recorded (the room keeps it for its snapshots). */
  rated: (outcome: RatingOutcome) => void = () => {},
): Promise<number> {
  let copied = 0;
  for (;;) {
    const table = room.table;
    const entries = table.since(room.drainedSeq).slice(0, BATCH_SIZE);
    const items = room.storage.outbox(BATCH_SIZE);
    const last = entries.length < BATCH_SIZE && items.length < BATCH_SIZE;
    // Entries queued by an earlier version of the outbox, and every seat changed (its row as it stands now).
    const queued = items.filter((i) => i.kind === "event").map((i) => table.entry(i.ref)!);
    const seatRows = [...new Set(items.filter((i) => i.kind === "seat").map((i) => i.ref))].map((seat) => room.seats[seat]!);
    const logged = entryStatements(d1.log, table, [...queued, ...entries]);
    const indexed = seatStatements(d1.main, table.id, seatRows);
    // The index row goes with the last batch, and only when what it shows changed since the last one D1 took (index-row.ts).
    const row = last ? indexRow(table, room.seats, room.inviteHash) : null;
    const shown = row ? shownOf(row, clockOffset, room.logShard) : null;
    if (row && shown !== room.indexShown) indexed.push(indexStatement(d1.main, row, room.logShard, clockOffset));
    await sendDrain(d1, logged, indexed);
    // Each entry's notifications leave the outbox as soon as the queue has them: a failure further on (another
    // entry's fan-out, D1) must not fan out again what was queued already (its second message would find the
    // first's lease and send nothing, but would cost a queue message and a claim: notify/store.ts).
    for (const item of items)
      if (item.kind === "notify") {
        await notify(item.ref);
        room.storage.forget(item.id);
      }
    // The match's result and ratings, once D1 has its last entry (recorded once: a second call finds it there). After the
    // notifications, so that a failure here delays none of them; before the acknowledgement, so that it is tried again.
    if (last && table.state.over) {
      const outcome = await recordMatchEnd(d1.main, table, room.seats);
      if (outcome) rated(outcome);
    }
    room.acknowledge(entries[entries.length - 1]?.seq ?? room.drainedSeq, items[items.length - 1]?.id ?? null, shown);
    copied += entries.length + items.length;
    if (last) return copied;
  }
}
