import type { EventsResponse, GameSnapshot } from "../../../src/shared/api";
import type { ComputerLevel } from "../../../src/shared/wire/common";
import { ApiError } from "../api";
import type { MenuItem } from "../header";
import { codeText, t } from "../i18n/index";
import { clockApi } from "./api";
import type { ClaimBox, ClockActions, HandoverActions, HandoverBox } from "./table";
import { timeLeft } from "./table";
import { tickFor } from "./time";

/** What the clock's controls need of the table's page (table/page.ts is one). */
export interface ClockHost {
  readonly snap: GameSnapshot | null;
  readonly me: number | null;
  readonly route: { readonly gameId: string; readonly token: string | null };
  render(): void;
  apply(update: EventsResponse): void;
  refresh(): Promise<void>;
  showToast(text: string): void;
}

/**
 * The table's clock and computer controls: the server's time as the page
 * estimates it, the countdown's redraws, claiming a match on time and
 * handing the seat to the computer (or taking it back).
 */
export class ClockControls {
  claimBox: ClaimBox = { confirming: false, busy: false, error: null };
  handoverBox: HandoverBox = { asking: false, busy: false, level: "club", error: null };
  /** The server's clock minus this browser's, from the last answer's `asOf`: a wrong device clock does not change the countdown. */
  private skew = 0;
  private timer: ReturnType<typeof setTimeout> | null = null;

  constructor(private readonly page: ClockHost) {}

  /** The server's time now, as far as the page can tell. */
  now(): number {
    return Date.now() + this.skew;
  }

  /** A snapshot arrived: its `asOf` was the server's time a moment ago. */
  seen(asOf: string | null): void {
    if (asOf) this.skew = Date.parse(asOf) - Date.now();
  }

  /** Redraws the countdown when its text next changes: each second under an hour, each minute otherwise. */
  afterRender(): void {
    if (this.timer) clearTimeout(this.timer);
    this.timer = null;
    const snap = this.page.snap;
    const clock = snap?.clock;
    if (!snap || snap.status === "over") return;
    const left = clock ? timeLeft(clock, this.now()) : null;
    // Without a clock the "thinking for" line still moves, by the minute.
    const step = left === null || left === 0 ? 60_000 : tickFor(left);
    const delay = left === null || left === 0 ? step : (left % step || step) + 20;
    this.timer = setTimeout(() => this.page.render(), delay);
  }

  stop(): void {
    if (this.timer) clearTimeout(this.timer);
  }

  readonly claimActions: ClockActions = {
    askClaim: () => this.setClaim({ confirming: true, error: null }),
    cancelClaim: () => this.setClaim({ confirming: false }),
    claim: () => void this.claim(),
  };

  readonly handoverActions: HandoverActions = {
    level: (level: ComputerLevel) => this.setHandover({ level }),
    cancel: () => this.setHandover({ asking: false, error: null }),
    handover: () => void this.handover(true),
    takeBack: () => void this.handover(false),
  };

  /** The table menu's entries: hand the seat to the computer, or take it back. */
  menu(): MenuItem[] {
    const snap = this.page.snap;
    const me = this.page.me;
    if (!snap || me === null || snap.status === "over") return [];
    const held = snap.seats[me]?.computer ?? null;
    if (held !== null) return [{ id: "menu-take-back", label: t.computer.takeBack, onClick: () => void this.handover(false) }];
    // Nobody else at the table to hold up: the game waits for this player anyway, and the computer would only finish it alone.
    const nobodyWaits = snap.seats.every((s) => s.seat === me || s.computer !== null);
    return nobodyWaits
      ? []
      : [{ id: "menu-handover", label: t.computer.handover, onClick: () => this.setHandover({ asking: true, error: null }) }];
  }

  private setClaim(change: Partial<ClaimBox>): void {
    this.claimBox = { ...this.claimBox, ...change };
    this.page.render();
  }

  private setHandover(change: Partial<HandoverBox>): void {
    this.handoverBox = { ...this.handoverBox, ...change };
    this.page.render();
    if (change.asking) document.getElementById("handover-level")?.focus();
  }

  private async claim(): Promise<void> {
    const { gameId, token } = this.page.route;
    if (!token) return;
    this.setClaim({ busy: true, error: null });
    try {
      const answer = await clockApi.claimTimeout(gameId, token);
      this.claimBox = { confirming: false, busy: false, error: null };
      this.page.apply(answer);
    } catch (error) {
      this.setClaim({ busy: false, confirming: false, error: error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL });
      void this.page.refresh();
    }
  }

  private async handover(on: boolean): Promise<void> {
    const { gameId, token } = this.page.route;
    if (!token) return;
    this.setHandover({ busy: true, error: null });
    try {
      const answer = await clockApi.handover(gameId, token, on, on ? this.handoverBox.level : undefined);
      this.handoverBox = { ...this.handoverBox, asking: false, busy: false, error: null };
      this.page.apply(answer);
      this.page.showToast(on ? t.computer.handedOver : t.computer.tookBack);
    } catch (error) {
      this.setHandover({ busy: false, error: error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL });
    }
  }
}
