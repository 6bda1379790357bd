import { h, type JSX } from "preact";
import { ApiError, type Player, type RecoveryCode } from "../api";
import { copyText } from "../dom";
import { codeText, t } from "../i18n/index";
import { identityApi } from "./api";

/**
 * A recovery code (docs/identity.md, "A recovery code"): made here, shown once, and kept by the person — copied,
 * downloaded as a small text file, shared to wherever they keep such things, or printed as one line — for the day
 * every device of theirs is lost. The service keeps only its hash and never shows it again; this page forgets it
 * once the person says they saved it.
 */
export class RecoveryMaker {
  /** The code just made: on screen until the person says it is saved. */
  code: RecoveryCode | null = null;
  busy = false;
  private said: { text: string; error: boolean } | null = null;

  constructor(
    private readonly changed: () => void,
    /** The player's name, on the file and the printed line. */
    private readonly name: () => string | null,
    /** A code was made (the player's standing changed) or put away. */
    private readonly made: () => void = () => undefined,
  ) {}

  /** Makes a new code; `replacing` one that works asks first, since that one then stops working. */
  async make(replacing: boolean): Promise<void> {
    if (this.busy || (replacing && !confirm(t.recovery.replaceQuestion))) return;
    this.busy = true;
    this.said = null;
    this.changed();
    try {
      this.code = await identityApi.recoveryCode();
      this.made();
    } catch (error) {
      this.said = { text: error instanceof ApiError ? codeText(error.code) : t.recovery.failed, error: true };
    }
    this.busy = false;
    this.changed();
  }

  /** The code as a few lines of text: the file's, the share's. */
  private text(code: RecoveryCode): string {
    return t.recovery.file(this.name(), code.code, code.url, dayOf(code.createdAt)).join("\n");
  }

  private async copy(code: RecoveryCode): Promise<void> {
    this.said = (await copyText(code.code)) ? { text: t.recovery.copied, error: false } : { text: t.recovery.copyFailed, error: true };
    this.changed();
  }

  private download(code: RecoveryCode): void {
    const url = URL.createObjectURL(new Blob([`${this.text(code)}\n`], { type: "text/plain;charset=utf-8" }));
    const a = Object.assign(document.createElement("a"), { href: url, download: t.recovery.fileName });
    document.body.appendChild(a);
    a.click();
    a.remove();
    setTimeout(() => URL.revokeObjectURL(url), 10_000);
  }

  private async share(code: RecoveryCode): Promise<void> {
    try {
      await navigator.share({ title: t.recovery.codeLabel, text: this.text(code) });
    } catch {
      // Closed by the person, or refused: the other ways are beside it.
    }
  }

  /** The printed page holds one line (and how to use it), nothing else of the page (styles: `.recovery-print`). */
  private print(code: RecoveryCode): void {
    const sheet = document.createElement("div");
    sheet.className = "recovery-print";
    for (const line of t.recovery.file(this.name(), code.code, code.url, dayOf(code.createdAt))) {
      sheet.appendChild(Object.assign(document.createElement("p"), { textContent: line }));
    }
    document.body.appendChild(sheet);
    document.body.classList.add("printing-recovery");
    const done = () => {
      sheet.remove();
      document.body.classList.remove("printing-recovery");
    };
    addEventListener("afterprint", done, { once: true });
    print();
  }

  /** Put away: the code leaves the page for good. */
  private saved(): void {
    this.code = null;
    this.said = { text: t.recovery.savedNote, error: false };
    this.made();
    this.changed();
  }

  /** The button that makes one (`live`: one works now, and would stop), or the code just made with its ways to keep it. */
  view(live: boolean): JSX.Element {
    const code = this.code;
    const note = this.said
      ? h("p", { class: `notice${this.said.error ? " error" : ""}`, role: this.said.error ? "alert" : "status" }, this.said.text)
      : null;
    if (!code)
      return h(
        "div",
        { class: "recovery-make" },
        h(
          "button",
          {
            type: "button",
            id: "recovery-make",
            class: live ? "secondary" : undefined,
            disabled: this.busy,
            onClick: () => void this.make(live),
          },
          live ? t.recovery.makeNew : t.recovery.make,
        ),
        note,
      );
    const canShare = typeof navigator.share === "function";
    return h(
      "div",
      { class: "recovery-code", id: "recovery-code" },
      h("p", { class: "notice warning" }, t.recovery.shownOnce),
      h("p", { class: "code", id: "recovery-code-text", "aria-label": t.recovery.codeLabel }, code.code),
      h("p", { class: "hint" }, t.recovery.use(new URL("/link", location.href).href)),
      h(
        "div",
        { class: "recovery-ways" },
        h("button", { type: "button", class: "secondary", id: "recovery-copy", onClick: () => void this.copy(code) }, t.recovery.copy),
        h(
          "button",
          { type: "button", class: "secondary", id: "recovery-download", onClick: () => this.download(code) },
          t.recovery.download,
        ),
        canShare
          ? h(
              "button",
              { type: "button", class: "secondary", id: "recovery-share", onClick: () => void this.share(code) },
              t.recovery.share,
            )
          : null,
        h("button", { type: "button", class: "secondary", id: "recovery-print", onClick: () => this.print(code) }, t.recovery.print),
      ),
      h("button", { type: "button", class: "primary", id: "recovery-saved", onClick: () => this.saved() }, t.recovery.saved),
      note,
    );
  }
}

/** A day in the reader's words ("6 dic 2026"). */
export function dayOf(iso: string): string {
  return new Intl.DateTimeFormat(t.locale, { dateStyle: "medium" }).format(new Date(iso));
}

/** Whether the player has no way back at all: one device, no sign-in address, no recovery code. */
export const noWayBack = (player: Player): boolean => player.devices.length <= 1 && !player.recovery.email && player.recovery.code === null;

/**
 * The player's recovery code linked a device that is still theirs, and it is not this one: said at once, on every
 * other device, until they make a new code (a stranger may have found the code: remove the device).
 */
export function usedElsewhere(player: Player): { device: Player["devices"][number]; at: string } | null {
  const used = player.recovery.used;
  const device = used && player.devices.find((d) => d.id === used.device);
  return used && device && !device.current ? { device, at: used.at } : null;
}

/**
 * Where the player stands if they lose this device (the devices panel): their other devices, a sign-in address, their
 * recovery code and what became of the last one; a warning when there is no way back at all; the code's maker.
 */
export function standingView(player: Player, maker: RecoveryMaker, remove: (id: string, label: string) => void): JSX.Element {
  const { recovery } = player;
  const others = player.devices.length - 1;
  const label = (d: Player["devices"][number]) => d.label ?? t.identity.aDevice;
  const usedBy = recovery.used ? player.devices.find((d) => d.id === recovery.used!.device) : undefined;
  const elsewhere = usedElsewhere(player);
  const codeLine = recovery.code
    ? t.recovery.codeLive(dayOf(recovery.code.createdAt))
    : recovery.used
      ? t.recovery.codeUsed(dayOf(recovery.used.at), usedBy ? label(usedBy) : null)
      : recovery.voidedAt
        ? t.recovery.codeVoided(dayOf(recovery.voidedAt))
        : t.recovery.codeNone;
  return h(
    "div",
    { class: "recovery", id: "recovery" },
    h("h3", null, t.recovery.title),
    elsewhere
      ? h(
          "p",
          { class: "notice error", role: "alert", id: "recovery-used" },
          t.recovery.usedAlert(label(elsewhere.device), dayOf(elsewhere.at)),
          " ",
          h(
            "button",
            { type: "button", class: "quiet danger", onClick: () => remove(elsewhere.device.id, label(elsewhere.device)) },
            t.identity.remove,
          ),
        )
      : null,
    h(
      "ul",
      { class: "recovery-ways-list", id: "recovery-standing" },
      h("li", { class: others > 0 ? "yes" : "no" }, others > 0 ? t.recovery.devicesYes(others) : t.recovery.devicesNo),
      h(
        "li",
        { class: recovery.email ? "yes" : "no" },
        recovery.email ? t.recovery.emailYes : [t.recovery.emailNo, " ", h("a", { href: "/notifications" }, t.recovery.emailAdd)],
      ),
      h("li", { class: recovery.code ? "yes" : "no", id: "recovery-code-state" }, codeLine),
    ),
    noWayBack(player) && !maker.code ? h("p", { class: "notice warning", id: "recovery-risk" }, t.recovery.atRisk) : null,
    maker.view(recovery.code !== null),
  );
}
