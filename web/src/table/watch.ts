import type { GameSnapshot, WireEvent } from "../../../src/shared/api";
import { describeEvent, seatName } from "../describe";
import { t } from "../i18n/index";
import { rememberTablePrefs, type TablePrefs, tablePrefs } from "../store";
import type { Playback } from "./playback";
import type { Frame } from "./replay-steps";
import { burracoMade } from "./shown";

type Motion = typeof import("./motion");
type Player = Pick<Playback, "frame" | "playing" | "away" | "skip" | "live" | "returning">;

/** Until the motion chunk is in (just after the table opens), nothing is played back. */
const STILL: Player = { frame: null, playing: false, away: false, skip: () => undefined, live: () => false, returning: () => false };

/**
 * How the table shows what others do: their moves played back one at a
 * time (with cards flying), said to screen readers, and heard (the sounds,
 * when on); and the table's own choices (four-colour deck, sounds).
 */

export interface ShowHost {
  readonly snap: GameSnapshot | null;
  readonly me: number | null;
  myTurn(): boolean;
  render(): void;
  showToast(text: string): void;
}

export class MovesShown {
  announcement = "";
  prefs: TablePrefs = tablePrefs();
  /** The version first shown: events up to it came while the player was away. */
  openedAt = 0;
  playback: Player = STILL;
  private motion: Motion | null = null;
  private readonly loading: Promise<Motion | null>;

  constructor(private readonly host: ShowHost) {
    this.loading = import("./motion").then(
      (motion) => {
        this.motion = motion;
        this.playback = new motion.Playback((frame) => this.showFrame(frame));
        return motion;
      },
      // Offline without the chunk: the table shows each move at once, in silence.
      () => null,
    );
  }

  /**
   * Screen readers hear other players' moves, not only whose turn it is,
   * and everyone hears a burraco made and the player's own pozzetto taken.
   */
  announce(events: readonly WireEvent[], previous: GameSnapshot | null): void {
    const snap = this.host.snap!;
    const me = this.host.me;
    const lines: string[] = [];
    for (const e of events) {
      const made = burracoMade(e, previous);
      if (e.type === "pozzettoTaken" && e.seat === me) {
        lines.push(t.board.pozzettoYou(e.size));
        this.host.showToast(t.board.pozzettoYou(e.size));
      } else if (e.type === "turn") lines.push(e.seat === me ? t.events.yourTurn : t.events.turn(seatName(snap.seats, e.seat)));
      else if (!("seat" in e) || e.seat !== me) {
        const line = describeEvent(e, snap.seats, me, snap.view.players);
        if (line) lines.push(line);
      }
      if (made) lines.push(made);
    }
    if (lines.length) this.announcement = lines.slice(-6).join(" ");
    const motion = this.motion;
    if (this.prefs.sounds && motion && !this.playback.playing) {
      const own = events.filter((e) => "seat" in e && e.seat === me);
      const last = own.at(-1);
      const sound = last
        ? motion.soundOf(
            last.type,
            own.some((e) => burracoMade(e, previous) !== null),
          )
        : null;
      if (sound) motion.playSound(sound);
      if (events.some((e) => e.type === "turn" && e.seat === me)) setTimeout(() => motion.playSound("turn"), sound ? 250 : 0);
    }
  }

  /** Others' moves played back one at a time (live, or made while the player was away). */
  async play(previous: GameSnapshot | null, loud: readonly WireEvent[]): Promise<void> {
    if (!this.motion && !(await this.loading)) return;
    const snap = this.host.snap!;
    const away = loud.every((e) => e.seq <= this.openedAt);
    if (away) this.playback.returning(loud, snap, this.host.me);
    else if (previous)
      this.playback.live(
        previous,
        loud.filter((e) => e.seq > previous.version),
        snap,
        this.host.me,
      );
  }

  private showFrame(frame: Frame | null): void {
    const e = frame?.event;
    const motion = this.motion!;
    const before = e ? motion.measure() : null;
    if (e && this.prefs.sounds) {
      // A burraco sounds when it is made: laid whole, or reaching seven cards.
      const made = (e.type === "melded" || e.type === "attached") && e.meld.burraco !== null && e.meld.cards.length - e.cards.length < 7;
      const sound = motion.soundOf(e.type, made || (e.type === "melded" && e.meld.burraco !== null));
      if (sound) motion.playSound(sound);
    }
    if (!frame && this.prefs.sounds && this.host.myTurn()) motion.playSound("turn");
    this.host.render();
    if (e && before) motion.fly(e, before);
  }

  /** The table's own choices (the menu's four-colour deck and sounds), remembered for every game. */
  setPrefs(prefs: TablePrefs): void {
    this.prefs = prefs;
    rememberTablePrefs(prefs);
    this.host.render();
  }
}
