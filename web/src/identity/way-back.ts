import "../core";
import { h, render } from "preact";
import type { Player } from "../api";
import { t, usePageWords } from "../i18n/index";
import { deviceKind, identityApi } from "./api";
import { listenBusy, rememberWayBackOffered } from "./offer-state";
import { noWayBack, RecoveryMaker } from "./recovery";

/**
 * "If you lose this phone, how do you get your games back?" — asked once (identity/offer.ts), and only of a player
 * with no way back at all: no other device, no address a sign-in link can reach, no recovery code. A small sheet at
 * the foot of the screen, not a modal: the table stays usable behind it, and "Not now" puts it away for good (the
 * lobby's "Your devices" always shows where the player stands). Three ways: link another device (the lobby's
 * devices panel, which shows a code and its QR code), add an email (the notifications page: a confirmed address
 * also gets sign-in links), or save a recovery code, made here at once.
 */
export async function offer(): Promise<void> {
  let player: Player;
  try {
    // Its words are the pages' (the table's page has only its own until now).
    [player] = await Promise.all([identityApi.me(), usePageWords()]);
  } catch {
    return;
  }
  if (!noWayBack(player)) return;
  // A player asked for their name at this moment answers that first: one question at a time.
  const naming = document.getElementById("name-dialog");
  if (naming) await new Promise((resolve) => naming.addEventListener("close", resolve, { once: true }));
  rememberWayBackOffered();
  new WayBack(player).show();
}

class WayBack {
  private readonly root = document.createElement("div");
  private readonly maker: RecoveryMaker;
  /** The code's maker is on screen (the player chose it). */
  private saving = false;
  /** Out of sight while it is the player's turn at the table (identity/offer.ts). */
  private hidden = false;

  constructor(private readonly player: Player) {
    this.maker = new RecoveryMaker(
      () => this.render(),
      () => this.player.name,
      () => {
        // Saved (the maker forgot it): the sheet's work is done.
        if (this.saving && !this.maker.code && !this.maker.busy) this.close();
      },
    );
  }

  show(): void {
    this.hidden = listenBusy((busy) => {
      this.hidden = busy;
      this.render();
    });
    document.body.appendChild(this.root);
    this.render();
  }

  private close(): void {
    listenBusy(null);
    render(null, this.root);
    this.root.remove();
  }

  private go(path: string): void {
    this.close();
    location.assign(path);
  }

  private render(): void {
    const way = (id: string, label: string, hint: string, onClick: () => void) =>
      h(
        "li",
        null,
        h("button", { type: "button", class: "way", id, onClick }, h("strong", null, label), h("span", { class: "hint" }, hint)),
      );
    render(
      h(
        "aside",
        { class: "way-back", id: "way-back", role: "dialog", "aria-labelledby": "way-back-title", hidden: this.hidden },
        h("h2", { id: "way-back-title", tabIndex: -1 }, t.recovery.offerTitle(deviceKind())),
        // Only the middle scrolls, on a screen too short for it: the title and the way to put the sheet away stay.
        h(
          "div",
          { class: "way-back-body" },
          this.saving
            ? this.maker.view(false)
            : [
                h("p", { class: "hint" }, t.recovery.offerHint),
                h(
                  "ul",
                  { class: "ways" },
                  way("way-back-device", t.recovery.offerDevice, t.recovery.offerDeviceHint, () => this.go("/#devices")),
                  way("way-back-email", t.recovery.offerEmail, t.recovery.offerEmailHint, () => this.go("/notifications")),
                  way("way-back-code", t.recovery.offerCode, t.recovery.offerCodeHint, () => {
                    this.saving = true;
                    void this.maker.make(false);
                  }),
                ),
              ],
        ),
        h(
          "div",
          { class: "way-back-foot" },
          h("span", { class: "hint" }, t.recovery.offerLater),
          h(
            "button",
            { type: "button", class: "quiet", id: "way-back-close", onClick: () => this.close() },
            this.saving ? t.common.close : t.recovery.notNow,
          ),
        ),
      ),
      this.root,
    );
  }
}
