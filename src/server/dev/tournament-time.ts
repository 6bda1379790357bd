import { done, type Reply } from "../reply";
import { tournamentNotFound } from "../tournaments/actions";
import { TournamentRoom } from "../tournaments/room";
import type { TimeTravelRoom } from "./time-travel";

/**
 * The tournament room of local tests that move a tournament's time on
 * (src/server/dev/index.ts; production never loads it): the tournament's
 * time is the platform's plus an offset kept in its storage, and every
 * table it makes runs on the same clock, so that a round's deadline and
 * its tables' turns pass together when a test moves the time on.
 */
export class TimeTravelTournament extends TournamentRoom {
  private offset: number | null = null;

  protected override clockOffset(): number {
    if (this.offset === null) {
      try {
        this.offset = this.storage.number("dev_time_offset");
      } catch {
        return 0;
      }
    }
    return this.offset;
  }

  protected override platformTime(at: number): number {
    return at - this.clockOffset();
  }

  private tables(env: Env) {
    return env.GAME_ROOM as unknown as DurableObjectNamespace<TimeTravelRoom>;
  }

  /** A new table starts on the tournament's clock. */
  protected override async tableMade(game: string): Promise<void> {
    const offset = this.clockOffset();
    if (offset > 0) await this.tables(this.env).get(this.tables(this.env).idFromName(game)).devAdvanceTime(game, offset);
  }

  /** Moves the tournament's time on by `ms`, and its current round's tables' with it; then does what fell due. */
  async devAdvanceTime(id: string, ms: number): Promise<Reply<{ now: string }>> {
    const games = this.currentGames(id);
    if (games === null) return tournamentNotFound();
    this.offset = this.clockOffset() + ms;
    this.storage.setMeta("dev_time_offset", String(this.offset));
    const rooms = this.tables(this.env);
    for (const game of games) await rooms.get(rooms.idFromName(game)).devAdvanceTime(game, ms);
    await this.work();
    return done({ now: new Date(this.now()).toISOString() });
  }

  /** Does whatever is due now, several invocations' worth (the chores' slices), and copies to D1 at once. */
  async devRun(id: string, steps = 50): Promise<Reply<{ games: number }>> {
    const games = this.currentGames(id);
    if (games === null) return tournamentNotFound();
    for (let i = 0; i < steps; i++) {
      this.storage.setMeta("drain_at", "0");
      await this.work();
    }
    return done({ games: this.currentGames(id)?.length ?? 0 });
  }
}
