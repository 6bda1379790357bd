import { shardDatabase } from "../db/shards";
import type { Env } from "../env";
import { fanOut } from "../notify/index";
import type { Alarm } from "./alarm";
import { dueDigests } from "./chat-notify";
import { notifyEntry } from "./notifications";
import { drainOutbox, owes, retryDelay } from "./outbox";
import type { Room } from "./room";
import { connected } from "./sockets";
import type { Storage } from "./storage";
import { reportResult } from "./tournament-table";

/**
 * What follows a room's writes, in one pass and in this order, on the room's alarm: its entries and seat rows into
 * D1 with the index row, each entry's notifications once D1 has it, the finished match's result and ratings
 * (outbox.ts `drainOutbox`), then a tournament table's result to its tournament; apart from them, the chat's hourly
 * digests. The room only writes its log and arms the alarm: none of this is on a move's path, and whatever fails
 * here is tried again by a later alarm (each step is idempotent).
 */
export class FollowUp {
  constructor(
    private readonly env: Env,
    private readonly ctx: DurableObjectState,
    private readonly storage: Storage,
    private readonly alarms: Alarm,
    /** The room's clock offset (a local test's room moves time on: dev/time-travel.ts). */
    private readonly clockOffset: () => number,
    /** Every table of the game is told the room changed (here: its rating outcome). */
    private readonly changed: (room: Room) => void,
  ) {}

  /** Copies the outbox into D1 and hands on what follows; retries with backoff when D1 fails. */
  async drain(room: Room, now: number): Promise<void> {
    try {
      const d1 = { main: this.env.DB, log: shardDatabase(this.env, room.logShard) };
      await drainOutbox(
        room,
        d1,
        (seq) => this.notify(room, seq),
        this.clockOffset(),
        (outcome) => {
          // Kept once (a retried drain reads back less: why an unrated match was not rated), and every table is told.
          if (room.ratingOutcome() !== null) return;
          room.keepRatingOutcome(outcome);
          this.changed(room);
        },
      );
      // A tournament's table tells its tournament the result once D1 has the match's end (tried again with the drain).
      await reportResult(this.env, room);
      // Written only when it changes: a row written per drain is billed (and counts against the Free plan's day).
      if ((this.storage.getMeta("drain_failures") ?? "0") !== "0") this.storage.setMeta("drain_failures", "0");
      this.alarms.drained(owes(room) ? now : null);
    } catch (error) {
      const failures = Number(this.storage.getMeta("drain_failures") ?? "0") + 1;
      this.storage.setMeta("drain_failures", String(failures));
      console.error(`game ${room.table.id}: outbox drain failed (${failures} in a row): ${(error as Error).message}`);
      this.alarms.drained(now + retryDelay(failures));
    }
  }

  /** The chat's digests whose hour is over; a failure leaves them due, to be sent on a later alarm. */
  async sendDigests(room: Room, now: number): Promise<void> {
    const due = dueDigests(room, now, (seat) => connected(this.ctx, seat), this.clockOffset());
    try {
      for (const notification of due.notifications) await fanOut(this.env, notification, { shard: room.logShard });
      due.sent();
    } catch (error) {
      console.error(`game ${room.table.id}: chat digests failed: ${(error as Error).message}`);
    }
  }

  /**
   * An entry's notifications to the subscriptions that want them. A player at the table live (a connected
   * WebSocket) is not sent a "your turn" email or push: they can see it.
   */
  private notify(room: Room, seq: number): Promise<void> {
    return notifyEntry(this.env, room, seq, (seat) => connected(this.ctx, seat), this.clockOffset());
  }
}
