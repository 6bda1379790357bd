import { done, gameNotFound, type Reply } from "../reply";
import { GameRoom } from "../room/game-room";
import { owes } from "../room/outbox";

/**
 * The game room of local tests that move a game's time on (the browser
 * tests' service runs src/server/dev/index.ts; production never does): the
 * room's time is the platform's plus an offset kept in the room's storage,
 * so its log's times only grow, and its alarm is set that much earlier on
 * the platform's clock.
 */
export class TimeTravelRoom extends GameRoom {
  private offset: number | null = null;

  protected override clockOffset(): number {
    return this.currentOffset();
  }

  protected override platformTime(at: number): number {
    return at - this.currentOffset();
  }

  private currentOffset(): number {
    if (this.offset === null) {
      try {
        this.offset = Number(this.storage.getMeta("dev_time_offset") ?? "0");
      } catch {
        // No game here yet: its storage has no tables.
        return 0;
      }
    }
    return this.offset;
  }

  /** Moves this room's time on by `ms`, as if that long had passed, and handles whatever fell due. */
  async devAdvanceTime(gameId: string, ms: number): Promise<Reply<{ now: string }>> {
    const room = await this.open(gameId);
    if (!room) return gameNotFound();
    this.offset = this.currentOffset() + ms;
    this.storage.setMeta("dev_time_offset", String(this.offset));
    // D1's game index learns the new offset now, so that "my games" counts from the moved clock too. Not at a
    // later drain: nothing else is owed, so a drain time kept in memory alone (alarm.ts) would be lost with the
    // instance, and a room woken afresh owes D1 nothing (the browser tests' rare "my games" still on the old clock).
    this.alarms.drainBy(this.now());
    this.alarms.fired();
    await this.handleDue(room, this.now());
    return done({ now: new Date(this.now()).toISOString() });
  }

  /** Handles what is due now, and writes what the room owes D1 at once instead of at its drain's time. */
  async devDrain(gameId: string): Promise<Reply<{ drained: boolean }>> {
    const room = await this.open(gameId);
    if (!room) return gameNotFound();
    // As an alarm would, but now: handleDue drains whenever the room owes D1 anything (and no computer's turn goes on).
    this.alarms.fired();
    await this.handleDue(room, this.now());
    return done({ drained: !owes(room) });
  }
}
