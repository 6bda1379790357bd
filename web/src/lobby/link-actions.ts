import { ApiError, api } from "../api";
import { copyText, shareLink } from "../dom";
import { codeText, t } from "../i18n/index";
import { type CreatedGame, updateCreated } from "../store";
import type { LinkActions, SeatsTaken } from "./links";

/**
 * The links of the games created in this browser (links.ts draws them):
 * each marked sent once copied, shared or opened; which seats are opened
 * (and, with the creator's secret, which may get a fresh link now); and a
 * fresh link for a seat, confirmed first.
 */
export class CreatedLinks {
  /** Per game: its seats as last asked (null: could not be asked). */
  readonly taken: Record<string, SeatsTaken> = {};
  /** Per game: the last word on a fresh link (done, or why not). */
  readonly messages: Record<string, string> = {};

  constructor(
    private readonly render: () => void,
    /** A game's record changed in this browser's store (the page keeps the one it shows). */
    private readonly updated: (game: CreatedGame) => void,
  ) {}

  private mark(game: CreatedGame, key: string): void {
    const next = updateCreated(game.id, (g) => ({ ...g, handled: { ...g.handled, [key]: true } }));
    if (next) this.updated(next);
    this.render();
  }

  private async seatsTaken(game: CreatedGame): Promise<void> {
    try {
      // The creator's secret tells which seat may get a fresh link now (a player gone); the public view only which are opened.
      if (game.host) {
        const { seats } = await api.hostSeats(game.id, game.host);
        this.taken[game.id] = seats.map((s) => ({ taken: s.taken, freshLink: s.freshLink }));
      } else {
        const snap = await api.snapshot(game.id, null);
        this.taken[game.id] = snap.seats.map((s) => ({ taken: s.taken, freshLink: null }));
      }
    } catch {
      this.taken[game.id] = null;
    }
    this.render();
  }

  readonly actions: LinkActions & { expand(game: CreatedGame): void } = {
    copy: (game, key, url, input) =>
      void copyText(url, input).then((ok) => {
        if (ok) this.mark(game, key);
      }),
    share: (game, key, url, text) =>
      void shareLink({ title: t.common.brand, text, url }).then((done) => {
        if (done === "shared" || done === "copied") this.mark(game, key);
      }),
    opened: (game, key) => this.mark(game, key),
    newLink: (game, seat, why) => void this.newLink(game, seat, why),
    expand: (game) => void this.seatsTaken(game),
  };

  private async newLink(game: CreatedGame, seat: number, why: "free" | "gone" | "yours"): Promise<void> {
    const name = game.names[seat] ?? null;
    const question =
      why === "gone"
        ? t.links.newLinkGone(seat + 1, name)
        : why === "yours"
          ? t.links.newLinkYours(seat + 1, name)
          : t.links.newLinkConfirm(seat + 1);
    if (!game.host || !confirm(question)) return;
    try {
      const issued = await api.seatLink(game.id, game.host, seat);
      const next = updateCreated(game.id, (g) => ({
        ...g,
        seats: g.seats.map((s) => (s.seat === seat ? { seat, url: issued.url } : s)),
        handled: { ...g.handled, [`seat-${seat}`]: false },
      }));
      if (next) this.updated(next);
      this.messages[game.id] = t.links.newLinkDone(seat + 1);
      void this.seatsTaken(game);
    } catch (error) {
      this.messages[game.id] = error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL;
      if (error instanceof ApiError && error.code === "SEAT_TAKEN") void this.seatsTaken(game);
    }
    this.render();
  }
}
