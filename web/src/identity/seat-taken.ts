import "../core";
import { h, render } from "preact";
import { header } from "../header";
import { t } from "../i18n/index";
import { Joining } from "./join";

/**
 * A seat link opened on a device of another player (or of nobody yet): the
 * seat belongs to a player, and the service never moves it. The page asks
 * whether this is that player, and links the device instead (a code from a
 * device they use, or a sign-in link by email); then the seat opens.
 */
export class SeatTaken {
  private readonly joining: Joining;

  constructor(
    private readonly root: HTMLElement,
    /** The device joined a player: open the table again. */
    linked: () => void,
  ) {
    this.joining = new Joining(
      () => this.render(),
      () => linked(),
    );
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
            h("h1", null, t.identity.seatTakenTitle),
            h("p", null, t.identity.seatTaken),
            this.joining.view(),
            h("p", { class: "hint" }, t.identity.seatTakenOther),
            h("p", null, h("a", { href: location.pathname }, t.identity.watch)),
          ),
        ),
      ),
      this.root,
    );
  }
}
