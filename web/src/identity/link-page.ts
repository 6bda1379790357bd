import "../core";
import { h, render } from "preact";
import { header } from "../header";
import { t } from "../i18n/index";
import { LinkChoice } from "./link-choice";
import { RecoveryMaker } from "./recovery";

/**
 * `/link#code=…`: a code from another device's QR code or link, or an
 * email's sign-in link. The code is read from the fragment (never sent by
 * the browser) and wiped from the address bar at once. The page first says
 * whose player the code joins (link-choice.ts: looking does not spend it),
 * and links the device only on the reader's click (mail scanners open
 * every link). Once used, the code is spent: the page, reloaded or seen by
 * anyone, offers nothing.
 */
export class LinkPage {
  private readonly choice: LinkChoice | null;
  private stage: "ask" | "done" | { kept: string } = "ask";
  /** Linked by a recovery code, now used up: a new one is offered at once. */
  private recovery: RecoveryMaker | null = null;

  constructor(private readonly root: HTMLElement) {
    const code = new URLSearchParams(location.hash.slice(1)).get("code");
    history.replaceState(null, "", "/link");
    this.choice = code
      ? new LinkChoice(
          code,
          () => this.render(),
          (player) => {
            this.stage = "done";
            if (this.choice?.kind === "recovery")
              this.recovery = new RecoveryMaker(
                () => this.render(),
                () => player.name,
              );
            this.render();
          },
          (message) => {
            this.stage = { kept: message };
            this.render();
          },
        )
      : null;
  }

  open(): void {
    document.title = `${t.identity.linkTitle} · ${t.common.brand}`;
    this.render();
    void this.choice?.load();
  }

  close(): void {
    render(null, this.root);
  }

  render(): void {
    const stage = this.stage;
    const lobby = (id: string, text: string) => h("p", null, h("a", { href: "/", class: "button", id }, text));
    const body = !this.choice
      ? [h("p", { class: "notice error", role: "alert" }, t.codes.LINK_CODE_INVALID), lobby("link-lobby", t.common.goLobby)]
      : stage === "done"
        ? [
            h("p", { class: "notice", role: "status", id: "link-done" }, t.identity.linked),
            this.recovery ? [h("p", { class: "notice warning", id: "link-used-up" }, t.recovery.usedUp), this.recovery.view(false)] : null,
            lobby("link-lobby", t.identity.toGames),
          ]
        : typeof stage === "object"
          ? [h("p", { class: "notice", role: "status", id: "link-kept" }, stage.kept), lobby("link-lobby", t.common.goLobby)]
          : [this.choice.view(), this.choice.failure ? lobby("link-lobby", t.common.goLobby) : null];
    render(
      h(
        "div",
        null,
        header(),
        h("main", { class: "single" }, h("section", { class: "panel", id: "link-page" }, h("h1", null, t.identity.linkTitle), body)),
      ),
      this.root,
    );
  }
}
