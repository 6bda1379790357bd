import { h, render } from "preact";
import { ApiError } from "../api";
import { header } from "../header";
import { codeText, t } from "../i18n/index";
import { deviceKind, identityApi } from "./api";

/**
 * `/link#code=…`: a code from another device's QR code or link, or an
 * email's sign-in link. The code is read from the fragment (never sent by
 * the browser) and wiped from the address bar at once, and the device is
 * linked only on the reader's click (mail scanners open every link). Once
 * used, the code is spent: the page, reloaded or seen by anyone, offers
 * nothing.
 */
export class LinkPage {
  private readonly code: string | null;
  private stage: "ask" | "busy" | "done" | { failed: string } = "ask";

  constructor(private readonly root: HTMLElement) {
    this.code = new URLSearchParams(location.hash.slice(1)).get("code");
    history.replaceState(null, "", "/link");
  }

  open(): void {
    document.title = `${t.identity.linkTitle} · ${t.common.brand}`;
    this.render();
  }

  close(): void {
    render(null, this.root);
  }

  private async go(): Promise<void> {
    if (!this.code || this.stage === "busy") return;
    this.stage = "busy";
    this.render();
    try {
      await identityApi.link(this.code, t.identity.kind[deviceKind()]);
      this.stage = "done";
    } catch (error) {
      this.stage = { failed: error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL };
    }
    this.render();
  }

  render(): void {
    const stage = this.stage;
    const body =
      !this.code || typeof stage === "object"
        ? [
            h("p", { class: "notice error", role: "alert" }, typeof stage === "object" ? stage.failed : t.codes.LINK_CODE_INVALID),
            h("p", null, h("a", { href: "/" }, t.common.goLobby)),
          ]
        : stage === "done"
          ? [
              h("p", { class: "notice", role: "status", id: "link-done" }, t.identity.linked),
              h("p", null, h("a", { href: "/", class: "button", id: "link-lobby" }, t.identity.toGames)),
            ]
          : [
              h("p", null, t.identity.linkAsk),
              h(
                "button",
                { type: "button", id: "link-confirm", disabled: stage === "busy", onClick: () => void this.go() },
                t.identity.linkThis,
              ),
            ];
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
