import { h, type JSX } from "preact";
import { LIMITS } from "../../../src/shared/limits";
import { checkPlayerText } from "../../../src/shared/text";
import { isTimeZone } from "../../../src/shared/time-zone";
import { ApiError, type LinkCode, type Player } from "../api";
import { copyText } from "../dom";
import { ago, codeText, dateTime, lang, num, t } from "../i18n/index";
import { deviceKind, identityApi } from "./api";
import { Joining } from "./join";
import type { qrCode } from "./qr";
import { RecoveryMaker, standingView, usedElsewhere } from "./recovery";

/**
 * The lobby's "your devices": the player's devices (removable: a lost
 * phone), where the player stands if they lose this one (identity/recovery.ts:
 * their other devices, a sign-in address, a recovery code to make), a code
 * (and its QR code) to link another device, and, on a device not linked yet,
 * the ways to join a player who plays elsewhere.
 */
export class Devices {
  player: Player | null = null;
  code: LinkCode | null = null;
  /** The QR encoder: a chunk of its own, loaded with the first code (the lobby's script stays small on a slow phone). */
  private qr: typeof qrCode | null = null;
  failed = false;
  message: { text: string; error: boolean } | null = null;
  readonly joining: Joining;
  /** The recovery code made here, on screen until put away. */
  readonly recovery = new RecoveryMaker(
    () => this.changed(),
    () => this.player?.name ?? null,
    () => void this.load(),
  );

  constructor(
    private readonly changed: () => void,
    /** The device joined a player: their games are now this device's too. */
    private readonly joined: () => void,
  ) {
    this.joining = new Joining(changed, (player) => {
      this.player = player;
      this.code = null;
      // The joining forms give way to the device list: the news is said here.
      this.message = { text: t.identity.linked, error: false };
      this.joined();
    });
  }

  async load(): Promise<void> {
    try {
      this.player = await identityApi.me();
      this.failed = false;
      // A device that began here has no name yet: it names itself, as the other devices will list it.
      const current = this.player.devices.find((d) => d.current);
      if (current && current.label === null) this.player = await identityApi.label(current.id, t.identity.kind[deviceKind()]);
      // A player's time zone and language start as those of the device they began on.
      if (this.player.timeZone === null) {
        const timeZone = Intl.DateTimeFormat().resolvedOptions().timeZone;
        if (isTimeZone(timeZone)) this.player = await identityApi.change({ timeZone, language: lang });
      }
    } catch (error) {
      this.failed = true;
      if (error instanceof ApiError && error.code === "DEVICE_REMOVED") this.message = { text: codeText(error.code), error: true };
    }
    this.changed();
    // A link to the panel (a message saying a recovery code was used, the way back's "link another device").
    if (location.hash === "#devices") document.getElementById("devices")?.scrollIntoView();
  }

  async newCode(): Promise<void> {
    try {
      const [code, qr] = await Promise.all([identityApi.newCode(), this.qr ?? import("./qr").then((m) => m.qrCode)]);
      this.code = code;
      this.qr = qr;
      this.message = null;
    } catch (error) {
      this.message = { text: error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL, error: true };
    }
    this.changed();
  }

  /** The player's own name (the same check as every player's text, on the server and here). */
  async rename(raw: string): Promise<void> {
    const checked = checkPlayerText(raw, LIMITS.nameLength);
    if (!checked.ok) {
      this.message = { text: t.names.refused(LIMITS.nameLength), error: true };
      return this.changed();
    }
    try {
      this.player = await identityApi.change({ name: checked.text === "" ? undefined : checked.text });
      this.message = { text: t.identity.nameSaved, error: false };
    } catch (error) {
      this.message = { text: error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL, error: true };
    }
    this.changed();
  }

  async remove(id: string, label: string): Promise<void> {
    if (!confirm(t.identity.removeQuestion(label))) return;
    try {
      await identityApi.remove(id);
      this.message = { text: t.identity.removed(label), error: false };
      await this.load();
    } catch (error) {
      this.message = { text: error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL, error: true };
      this.changed();
    }
  }

  /** `fresh`: this device holds no game yet, so joining a player who plays elsewhere is offered open. */
  view(fresh = false, now = Date.now()): JSX.Element {
    const devices = this.player?.devices ?? [];
    const name = (d: Player["devices"][number]) => d.label ?? t.identity.aDevice;
    const code = this.code && Date.parse(this.code.expiresAt) > now ? this.code : null;
    // Opened by a link to it (a message saying a recovery code was used), or with something to say at once.
    const asked =
      location.hash === "#devices" || (this.player !== null && usedElsewhere(this.player) !== null) || this.recovery.code !== null;
    return h(
      "details",
      {
        class: "panel devices",
        id: "devices",
        open: (fresh && devices.length <= 1) || code !== null || this.message !== null || asked ? true : undefined,
      },
      h("summary", { id: "devices-title" }, t.identity.title, devices.length > 1 ? ` (${num(devices.length)})` : ""),
      h("p", { class: "hint" }, t.identity.intro),
      this.player
        ? h(
            "form",
            {
              class: "player-name",
              id: "player-name",
              onSubmit: (e: Event) => {
                e.preventDefault();
                const input = (e.currentTarget as HTMLFormElement).elements.namedItem("name") as HTMLInputElement;
                void this.rename(input.value);
              },
            },
            h("label", { for: "player-name-input" }, t.identity.nameLabel),
            h("input", {
              id: "player-name-input",
              name: "name",
              autocomplete: "nickname",
              maxLength: LIMITS.nameLength * 2,
              value: this.player.name ?? "",
            }),
            h("button", { type: "submit", class: "secondary" }, t.identity.nameSave),
          )
        : null,
      this.failed && !this.message ? h("p", { class: "notice error" }, t.identity.failed) : null,
      devices.length
        ? h(
            "ul",
            { class: "device-list", id: "device-list" },
            devices.map((d) =>
              h(
                "li",
                { key: d.id, "data-device": d.id },
                name(d),
                d.current ? [" ", h("span", { class: "badge" }, t.identity.thisDevice)] : null,
                this.player?.recovery.used?.device === d.id ? h("span", { class: "when" }, ` · ${t.recovery.joined}`) : null,
                h("span", { class: "when" }, ` · ${t.identity.since(dateTime(d.createdAt))}`),
                d.seenAt && !d.current ? h("span", { class: "when" }, ` · ${t.identity.seen(ago(d.seenAt, now))}`) : null,
                d.current
                  ? null
                  : [
                      " ",
                      h(
                        "button",
                        {
                          type: "button",
                          class: "quiet danger",
                          "aria-label": `${t.identity.remove}: ${name(d)}`,
                          onClick: () => void this.remove(d.id, name(d)),
                        },
                        t.identity.remove,
                      ),
                    ],
              ),
            ),
          )
        : null,
      this.player ? standingView(this.player, this.recovery, (id, label) => void this.remove(id, label)) : null,
      h("h3", null, t.identity.addTitle),
      code
        ? h(
            "div",
            { class: "link-code", id: "link-code" },
            h("p", null, t.identity.codeHint),
            h("p", { class: "code", id: "link-code-text" }, code.code),
            this.qr ? this.qr(code.url, t.identity.qrLabel) : null,
            h("p", { class: "hint" }, t.identity.codeExpires(dateTime(code.expiresAt))),
            h("button", { type: "button", class: "secondary", onClick: () => void copyText(code.url) }, t.identity.copyLink),
          )
        : h("button", { type: "button", id: "link-code-new", onClick: () => void this.newCode() }, t.identity.showCode),
      // A device already linked to others has joined its player; a lone one may still join a player who plays elsewhere.
      devices.length > 1
        ? null
        : [h("h3", null, t.identity.joinTitle), h("p", { class: "hint" }, t.identity.joinHint), this.joining.view()],
      this.message
        ? h("p", { class: `notice${this.message.error ? " error" : ""}`, role: this.message.error ? "alert" : "status" }, this.message.text)
        : null,
    );
  }
}
