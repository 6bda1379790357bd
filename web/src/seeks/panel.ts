import { h, type JSX } from "preact";
import type { PresetName } from "../../../src/engine/rules";
import { isLanguage } from "../../../src/shared/language";
import { LIMITS } from "../../../src/shared/limits";
import { checkPlayerText } from "../../../src/shared/text";
import { ApiError, type JoinedSeek, type PublishSeekRequest, type Seek, type Standing } from "../api";
import { span } from "../clock/time";
import { codeText, lang, t } from "../i18n/index";
import { ensureName, me, savedName, saveName } from "../identity/name";
import { rememberSeat } from "../store";
import { type SeekFilter, seeksApi } from "./api";
import { publishForm } from "./publish-form";
import { filters, seekList, startedGames } from "./view";

/**
 * The lobby's "Find an opponent": "play now" (the quick pairing, with its
 * countdown and the computer offered when nobody comes), the open seeks
 * (filtered; join with one tap), publishing a seek, and the player's seeks
 * that became games. A game made from the player's seek opens by itself
 * while they wait for it on this page.
 */

/** How the list refreshes: often while the player waits for their own seek, else now and then. */
const WAITING_POLL = 3_000;
const IDLE_POLL = 20_000;

export class SeeksPanel {
  private list: Seek[] | null = null;
  private mine: JoinedSeek[] = [];
  private failed = false;
  private filter: SeekFilter = { preset: "", players: "", pace: "", rated: "", language: "" };
  private busy: string | null = null;
  private message: { text: string; error: boolean } | null = null;
  /** "Play now": the seek waited in, until when; null when not looking. */
  private looking: { seekId: string; until: number } | null = null;
  private timer: ReturnType<typeof setTimeout> | null = null;
  private ticker: ReturnType<typeof setInterval> | null = null;
  private stopped = false;
  /** Games already opened by themselves (a seek of the player's that became a game while they waited). */
  private readonly announced = new Set<string>();

  constructor(
    private readonly changed: () => void,
    /** "Play the computer instead": the lobby's own one-tap game against the computer. */
    private readonly versusComputer: () => void,
  ) {}

  async load(): Promise<void> {
    if (this.stopped) return;
    void me().then((player) => {
      if (player && this.standing === null) {
        this.standing = player.standing;
        this.changed();
      }
    });
    if (this.timer) clearTimeout(this.timer);
    try {
      const [list, mine] = await Promise.all([seeksApi.list(this.filter), seeksApi.mine()]);
      this.list = list.seeks;
      this.noticeStarted(mine.seeks);
      this.mine = mine.seeks;
      this.failed = false;
    } catch {
      this.failed = true;
    }
    const waiting = this.looking !== null || this.mine.some((m) => m.game === null);
    if (!this.stopped) this.timer = setTimeout(() => void this.load(), waiting ? WAITING_POLL : IDLE_POLL);
    this.changed();
  }

  close(): void {
    this.stopped = true;
    if (this.timer) clearTimeout(this.timer);
    if (this.ticker) clearInterval(this.ticker);
  }

  /**
   * A seek of the player's became a game: its seat is kept in this browser (with its players' names, so the lobby
   * lists it by them), what was said while it waited goes, and a "play now" wait opens the table.
   */
  private noticeStarted(mine: readonly JoinedSeek[]): void {
    for (const { seek, game } of mine) {
      if (!game || this.announced.has(game.id)) continue;
      this.announced.add(game.id);
      remember(seek, game);
      if (this.message && !this.message.error) this.message = null;
      if (this.looking?.seekId === seek.id) {
        this.stopLooking(false);
        location.assign(`/game/${game.id}#seat=${game.token}`);
      }
    }
  }

  /** The name to sit down under: the one typed in the form, else the player's own (asked once if they have none). */
  private async name(): Promise<string | null> {
    const typed = (document.getElementById("seek-name") as HTMLInputElement | null)?.value ?? "";
    const checked = checkPlayerText(typed, LIMITS.nameLength);
    if (checked.ok && checked.text) return checked.text;
    return ensureName();
  }

  /** Where this player stands towards rated play (shown beside the form's "rated"), once known. */
  standing: Standing | null = null;

  private fail(error: unknown): void {
    this.message = { text: error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL, error: true };
  }

  /** Opens a game the player just got a seat in. */
  private enter(joined: JoinedSeek): boolean {
    if (!joined.game) return false;
    remember(joined.seek, joined.game);
    location.assign(`/game/${joined.game.id}#seat=${joined.game.token}`);
    return true;
  }

  private async join(seek: Seek): Promise<void> {
    this.busy = seek.id;
    this.message = null;
    this.changed();
    try {
      const name = await this.name();
      if (name === null) {
        this.busy = null;
        this.changed();
        return;
      }
      const joined = await seeksApi.join(seek.id, name);
      if (this.enter(joined)) return;
    } catch (error) {
      this.fail(error);
    }
    this.busy = null;
    await this.load();
  }

  private async withdraw(seek: Seek): Promise<void> {
    this.busy = seek.id;
    try {
      await seeksApi.withdraw(seek.id);
      this.message = null;
    } catch (error) {
      this.fail(error);
    }
    this.busy = null;
    await this.load();
  }

  private async publish(form: HTMLFormElement): Promise<void> {
    const data = new FormData(form);
    const typed = String(data.get("seek-name") ?? "");
    const checked = checkPlayerText(typed, LIMITS.nameLength);
    if (!checked.ok) {
      this.message = { text: t.lobby.badName(1), error: true };
      this.changed();
      return;
    }
    const name = checked.text || (await ensureName());
    if (!name) return;
    saveName(name);
    const number = (field: string) => {
      const text = String(data.get(field) ?? "").trim();
      return text === "" ? undefined : Number(text);
    };
    const chosenLanguage = data.get("seek-language");
    const request: PublishSeekRequest = {
      players: Number(data.get("seek-players") ?? 2) as 2 | 3 | 4,
      preset: String(data.get("seek-rules") ?? "classic") as PresetName,
      clock: { perMove: String(data.get("seek-clock") ?? "2d") },
      rated: data.get("seek-rated") === "on",
      language: isLanguage(chosenLanguage) ? chosenLanguage : lang,
      expiresIn: String(data.get("seek-expires") ?? "7d"),
      name,
      ...(number("seek-min") !== undefined ? { minRating: number("seek-min") } : {}),
      ...(number("seek-max") !== undefined ? { maxRating: number("seek-max") } : {}),
    };
    this.busy = "publish";
    this.changed();
    try {
      await seeksApi.publish(request);
      this.message = { text: t.seeks.published, error: false };
      // The form folds away: the player sees their game in the list, and the news when someone joins.
      (document.getElementById("publish-seek") as HTMLDetailsElement | null)?.removeAttribute("open");
      document.getElementById("seeks")?.scrollIntoView({ block: "start" });
    } catch (error) {
      this.fail(error);
    }
    this.busy = null;
    await this.load();
  }

  private async playNow(): Promise<void> {
    this.busy = "play-now";
    this.message = null;
    this.changed();
    try {
      const name = await this.name();
      if (name === null) {
        this.busy = null;
        this.changed();
        return;
      }
      // The rules and players the list is filtered by, if any: the player said what they want to play.
      const players = (Number(this.filter.players) || 2) as 2 | 3 | 4;
      const preset = (this.filter.preset || "classic") as PresetName;
      const joined = await seeksApi.playNow({ players, preset, language: lang, name });
      if (this.enter(joined)) return;
      this.looking = { seekId: joined.seek.id, until: Date.parse(joined.seek.expiresAt) };
      this.ticker ??= setInterval(() => this.changed(), 1000);
    } catch (error) {
      this.fail(error);
    }
    this.busy = null;
    await this.load();
  }

  /** Stops waiting; `withdraw`: the seek leaves the lobby too. */
  private stopLooking(withdraw: boolean): void {
    const looking = this.looking;
    this.looking = null;
    if (this.ticker) clearInterval(this.ticker);
    this.ticker = null;
    if (withdraw && looking)
      void seeksApi
        .withdraw(looking.seekId)
        .catch(() => undefined)
        .then(() => this.load());
    this.changed();
  }

  private lookingView(): JSX.Element {
    const s = t.seeks;
    const left = Math.max(0, (this.looking?.until ?? 0) - Date.now());
    return h(
      "div",
      { class: "looking", role: "status", id: "looking" },
      h("p", null, h("strong", null, left > 0 ? s.looking : s.nobody)),
      left > 0 ? h("p", { class: "countdown", id: "looking-left" }, s.lookingLeft(span(left, true))) : null,
      h(
        "div",
        { class: "actions" },
        h(
          "button",
          {
            type: "button",
            class: left > 0 ? "secondary" : "primary",
            id: "looking-computer",
            onClick: () => {
              this.stopLooking(true);
              this.versusComputer();
            },
          },
          s.playComputer,
        ),
        left > 0
          ? h("button", { type: "button", class: "secondary", id: "looking-stop", onClick: () => this.stopLooking(true) }, s.stopLooking)
          : h("button", { type: "button", class: "secondary", id: "looking-again", onClick: () => void this.playNow() }, s.tryAgain),
      ),
    );
  }

  view(): JSX.Element {
    const s = t.seeks;
    return h(
      "section",
      { class: "panel seeks", id: "seeks", "aria-labelledby": "seeks-title" },
      h("h2", { id: "seeks-title" }, s.title),
      h("p", { class: "hint" }, s.hint),
      startedGames(this.mine),
      this.looking
        ? this.lookingView()
        : h(
            "div",
            { class: "play-now" },
            h(
              "button",
              {
                type: "button",
                class: "primary",
                id: "play-now",
                disabled: this.busy !== null,
                onClick: () => void this.playNow(),
                "aria-describedby": "play-now-hint",
              },
              s.playNow,
            ),
            h("p", { class: "hint", id: "play-now-hint" }, s.playNowHint),
          ),
      this.message
        ? h(
            "p",
            { class: `notice${this.message.error ? " error" : ""}`, role: this.message.error ? "alert" : "status", id: "seeks-message" },
            this.message.text,
          )
        : null,
      filters(this.filter, (next) => {
        this.filter = next;
        this.list = null;
        this.changed();
        void this.load();
      }),
      seekList(this.list, this.failed, this.busy, { join: (seek) => void this.join(seek), withdraw: (seek) => void this.withdraw(seek) }),
      publishForm(this.busy, savedName(), this.standing, (form) => void this.publish(form)),
      h("p", null, h("a", { href: "/leaderboard/classic", id: "leaderboards-link" }, s.leaderboards)),
    );
  }
}

/** Keeps a seek's game seat in this browser, with its players' names (the seek's seats are in the game's order). */
function remember(seek: JoinedSeek["seek"], game: NonNullable<JoinedSeek["game"]>): void {
  const names = seek.seats.map((p) => p.name);
  rememberSeat(game.id, { seat: game.seat, token: game.token, names, savedAt: new Date().toISOString() });
}
