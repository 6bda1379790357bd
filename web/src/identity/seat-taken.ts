import "../core";
import { h, render } from "preact";
import { header } from "../header";
import { t } from "../i18n/index";
import { createdGames } from "../store";
import { Joining } from "./join";

/** The seat of `token` in a game this browser created, with the name it was given: its creator holds its link. */
function createdSeat(gameId: string, token: string): { name: string | null } | null {
  const game = createdGames()[gameId];
  const seat = game?.seats.find((s) => new URLSearchParams(new URL(s.url, location.href).hash.slice(1)).get("seat") === token);
  return game && seat ? { name: game.names[seat.seat] ?? null } : null;
}

/**
 * A seat link opened on a device of another player (or of nobody yet): the
 * seat belongs to a player, and the service never moves it. The page asks
 * whether this is that player, and links the device instead (a code from a
 * device they use, or a sign-in link by email); then the seat opens. The
 * game's creator, who keeps every seat's link, is told instead that the
 * player opened it on their own device, so its link shows the creator
 * nothing of it (docs/identity.md).
 */
export class SeatTaken {
  private readonly joining: Joining;
  /** This browser created the game: the seat's name as it was given (null: no name). */
  private readonly created: { name: string | null } | null;

  constructor(
    private readonly root: HTMLElement,
    gameId: string,
    token: string,
    /** The device joined a player: open the table again. */
    linked: () => void,
  ) {
    this.joining = new Joining(
      () => this.render(),
      () => linked(),
    );
    this.created = createdSeat(gameId, token);
  }

  render(): void {
    render(
      h(
        "div",
        null,
        header(),
        h(
          "main",
          { class: "single" },
          h(
            "section",
            { class: "panel", id: "seat-taken" },
            ...(this.created
              ? [
                  h("h1", null, t.identity.seatOwnedTitle(this.created.name)),
                  h("p", { id: "seat-owned" }, t.identity.seatOwned),
                  h("p", null, t.identity.seatOwnedMine),
                  this.joining.view(),
                ]
              : [
                  h("h1", null, t.identity.seatTakenTitle),
                  h("p", null, t.identity.seatTaken),
                  this.joining.view(),
                  h("p", { class: "hint" }, t.identity.seatTakenOther),
                ]),
            h("p", null, h("a", { href: location.pathname }, t.identity.watch)),
          ),
        ),
      ),
      this.root,
    );
  }
}
