import type { GameSnapshot, WireEvent } from "../../../src/shared/api";
import { type Frame, framesBack, framesFrom, isStep, othersOnly, playable } from "./replay-steps";

/**
 * Others' moves played back one at a time at a pace a player can follow —
 * the draw, the pickup, each meld and attach, the discard — each shown for
 * a moment before the next; skippable; none when the system asks for
 * reduced motion. A player coming back sees the moves made meanwhile the
 * same way (the last few of them).
 */

/** How long each move stays on screen, in milliseconds. */
export const PACE = 900;
/** A player coming back is shown at most this many moves (the last ones). */
const AWAY_STEPS = 16;

export function reducedMotion(): boolean {
  return typeof matchMedia === "function" && matchMedia("(prefers-reduced-motion: reduce)").matches;
}

export class Playback {
  private frames: Frame[] = [];
  private index = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;
  away = false;

  constructor(
    /** Called with each frame shown (and null once the table is as it is now). */
    private readonly show: (frame: Frame | null) => void,
  ) {}

  get frame(): Frame | null {
    return this.timer === null ? null : (this.frames[this.index] ?? null);
  }

  get playing(): boolean {
    return this.timer !== null;
  }

  /**
   * Live moves: played from the table before them. Returns whether they are
   * played back (else the page shows the table as it is at once).
   */
  live(before: GameSnapshot, events: readonly WireEvent[], now: GameSnapshot, me: number | null): boolean {
    if (reducedMotion() || !playable(events, me)) {
      this.skip();
      return false;
    }
    // Moves arriving during a playback follow the ones being shown.
    const base = this.playing ? this.frames.at(-1)!.snap : before;
    const frames = framesFrom(base, events, now);
    if (frames.length < 2) return false;
    if (this.playing) this.frames.push(...frames.slice(1));
    else this.begin(frames, false);
    return true;
  }

  /** Moves made while the player was away: the last few, worked out back from the table now. */
  returning(events: readonly WireEvent[], now: GameSnapshot, me: number | null): boolean {
    if (reducedMotion() || this.playing) return false;
    // The longest run of others' moves at the end of the batch, at most AWAY_STEPS of them.
    let from = events.length;
    let steps = 0;
    while (from > 0 && othersOnly(events[from - 1]!, me) && steps < AWAY_STEPS) {
      from--;
      if (isStep(events[from]!)) steps++;
    }
    const tail = events.slice(from);
    if (!steps || !playable(tail, me)) return false;
    const frames = framesBack(now, tail);
    if (frames.length < 2) return false;
    this.begin(frames, true);
    return true;
  }

  private begin(frames: Frame[], away: boolean): void {
    this.frames = frames;
    // Coming back, the table first shows as the player last saw it; live, it already does.
    this.index = away ? -1 : 0;
    this.away = away;
    this.tick();
  }

  private tick(): void {
    if (this.index >= this.frames.length - 1) {
      this.skip();
      return;
    }
    this.index++;
    const frame = this.frames[this.index]!;
    const slow = frame.event?.type === "pickedUp" || frame.event?.type === "pozzettoTaken";
    this.timer = setTimeout(() => this.tick(), slow ? PACE * 1.4 : PACE);
    this.show(frame);
  }

  /** Straight to the table as it is now. */
  skip(): void {
    const was = this.playing;
    if (this.timer !== null) clearTimeout(this.timer);
    this.timer = null;
    this.frames = [];
    this.index = 0;
    if (was) this.show(null);
  }
}
