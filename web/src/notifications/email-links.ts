import "../core";
import { h, render } from "preact";
import { ApiError } from "../api";
import { header } from "../header";
import { t } from "../i18n/index";
import { notifyApi } from "./api";

/**
 * The pages an email's links open, each holding its one-time token in the
 * fragment (never sent to a server by the browser): confirming the address
 * (`/notifications/confirm#token=…`) and unsubscribing
 * (`/notifications/unsubscribe#token=…`). Both act only on the reader's
 * click, with a POST: mail scanners open every link in a message, and
 * must neither confirm an address nor remove a subscription.
 */

export type EmailLink = "confirm" | "unsubscribe";

type Stage =
  | { readonly kind: "ask" }
  | { readonly kind: "busy" }
  | { readonly kind: "done"; readonly address?: string; readonly oneGame?: boolean }
  | { readonly kind: "failed"; readonly text: string; readonly retry: boolean };

const TOKEN = /^[A-Za-z0-9_-]{22,128}$/;

export class EmailLinkPage {
  private readonly token: string | null;
  private stage: Stage = { kind: "ask" };
  private closed = false;

  constructor(
    private readonly root: HTMLElement,
    private readonly link: EmailLink,
  ) {
    const token = new URLSearchParams(location.hash.slice(1)).get("token");
    this.token = token && TOKEN.test(token) ? token : null;
  }

  open(): void {
    this.render();
  }

  close(): void {
    this.closed = true;
    render(null, this.root);
  }

  private async go(): Promise<void> {
    const token = this.token;
    if (!token || this.stage.kind === "busy") return;
    this.stage = { kind: "busy" };
    this.render();
    try {
      if (this.link === "confirm") {
        const confirmed = await notifyApi.confirm(token);
        this.stage = { kind: "done", address: confirmed.address, oneGame: confirmed.gameId !== null };
      } else {
        await notifyApi.unsubscribe(token);
        this.stage = { kind: "done" };
      }
      // The token has done its work: it leaves the address bar and the history.
      history.replaceState(null, "", location.pathname);
    } catch (error) {
      const gone = error instanceof ApiError && (error.code === "CONFIRMATION_NOT_FOUND" || error.code === "BAD_REQUEST");
      this.stage = {
        kind: "failed",
        text: !gone ? t.notify.linkFailed : this.link === "confirm" ? t.notify.confirmMissing : t.notify.badLink,
        retry: !gone,
      };
    }
    this.render();
    (this.root.querySelector("h1") as HTMLElement | null)?.focus();
  }

  render(): void {
    if (this.closed) return;
    const confirm = this.link === "confirm";
    const stage = this.stage;
    const title =
      stage.kind === "done"
        ? confirm
          ? t.notify.confirmedTitle
          : t.notify.unsubscribedTitle
        : confirm
          ? t.notify.confirmTitle
          : t.notify.unsubscribeTitle;
    document.title = `${title} · ${t.common.brand}`;
    const busy = stage.kind === "busy";
    const button = h(
      "button",
      { type: "button", class: confirm ? "primary" : "danger", id: "email-link-go", disabled: busy, onClick: () => void this.go() },
      busy ? (confirm ? t.notify.confirming : t.notify.unsubscribing) : confirm ? t.notify.confirmButton : t.notify.unsubscribeButton,
    );
    const body =
      this.token === null
        ? [h("p", { key: "bad", class: "notice error", role: "alert" }, t.notify.badLink)]
        : stage.kind === "done"
          ? [
              h(
                "p",
                { key: "done", class: "notice info", role: "status", id: "email-link-result" },
                confirm ? t.notify.confirmedText(stage.address ?? "", stage.oneGame === true) : t.notify.unsubscribedText,
              ),
            ]
          : [
              h("p", { key: "intro" }, confirm ? t.notify.confirmIntro : t.notify.unsubscribeIntro),
              stage.kind === "failed" && !stage.retry ? null : h("p", { key: "go" }, button),
              stage.kind === "failed"
                ? h("p", { key: "err", class: "notice error", role: "alert", id: "email-link-result" }, stage.text)
                : null,
            ];
    render(
      h(
        "div",
        { class: "email-link-page" },
        header(),
        h(
          "main",
          { class: "single" },
          h(
            "section",
            { class: "panel email-link", "data-link": this.link, "data-stage": stage.kind, "aria-labelledby": "email-link-title" },
            h("h1", { id: "email-link-title", tabIndex: -1 }, title),
            body,
            h("p", null, h("a", { href: "/notifications" }, t.notify.preferences), " · ", h("a", { href: "/" }, t.common.goLobby)),
          ),
        ),
      ),
      this.root,
    );
  }
}
