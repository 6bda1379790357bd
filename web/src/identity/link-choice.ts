import { h, type JSX } from "preact";
import { ApiError, type LinkPreview, type Player } from "../api";
import { ago, codeText, t } from "../i18n/index";
import { deviceKind, identityApi } from "./api";

/** What the person chose, once shown whose player the code joins: no link, this device alone, or both players as one. */
type Choice = "keep" | "join" | "merge";

/**
 * A code about to be used (typed, from a QR code or link, or an email's sign-in link): before anything is linked,
 * the page names the player the device would join — their name, devices and latest games — and warns that only a
 * player who is you should be joined. A device that already holds games (or notifications, holidays, ratings,
 * other devices) is asked which player to keep: its own (nothing linked), theirs with this device alone (its own
 * player keeps everything), or theirs with everything moved there (only if that player is you). Nothing moves
 * unless that last choice is made (docs/identity.md).
 */
export class LinkChoice {
  private preview: LinkPreview | null = null;
  private choice: Choice | null = null;
  private busy = false;
  private failed: string | null = null;

  constructor(
    private readonly code: string,
    private readonly changed: () => void,
    /** The device joined the player. */
    private readonly linked: (player: Player) => void,
    /** The person kept their own player, or the code turned out to be theirs already. */
    private readonly kept: (message: string) => void,
  ) {}

  async load(): Promise<void> {
    try {
      this.preview = await identityApi.preview(this.code);
    } catch (error) {
      this.failed = error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL;
    }
    this.changed();
  }

  /** What kind of code it is, once looked at: a recovery code is used up by linking (the page then offers a new one). */
  get kind(): LinkPreview["kind"] | null {
    return this.preview?.kind ?? null;
  }

  /** The code could not be looked at (used, expired, mistyped): what to say. */
  get failure(): string | null {
    return this.failed;
  }

  private async go(): Promise<void> {
    const preview = this.preview;
    if (!preview || this.busy) return;
    const choice: Choice = preview.mine === null ? "join" : (this.choice ?? "keep");
    if (choice === "keep") return this.kept(t.identity.notLinked);
    this.busy = true;
    this.changed();
    try {
      this.linked(await identityApi.link(this.code, t.identity.kind[deviceKind()], choice === "merge"));
    } catch (error) {
      this.failed = error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL;
    }
    this.busy = false;
    this.changed();
  }

  private choose(choice: Choice): void {
    this.choice = choice;
    this.changed();
  }

  view(now = Date.now()): JSX.Element {
    const preview = this.preview;
    if (this.failed) return h("p", { class: "notice error", role: "alert" }, this.failed);
    if (!preview) return h("p", { class: "hint", role: "status" }, t.identity.previewLoading);
    const { player, mine } = preview;
    if (player.yours)
      return h(
        "div",
        { class: "link-choice", id: "link-choice" },
        h("p", { class: "notice" }, t.identity.alreadyYours),
        h("button", { type: "button", onClick: () => this.kept(t.identity.alreadyYours) }, t.identity.toGames),
      );
    const others = (g: LinkPreview["player"]["latest"][number]) =>
      g.names
        .filter((_, seat) => seat !== g.seat)
        .map((n) => n ?? t.identity.someone)
        .join(", ");
    return h(
      "div",
      { class: "link-choice", id: "link-choice" },
      h("h2", { id: "link-who" }, t.identity.joinWho(player.name)),
      h("p", null, t.identity.theirDevices),
      h(
        "ul",
        { class: "device-list", id: "link-their-devices" },
        player.devices.map((d, i) =>
          h(
            "li",
            { key: i },
            d.label ?? t.identity.aDevice,
            d.seenAt ? h("span", { class: "when" }, ` · ${t.identity.seen(ago(d.seenAt, now))}`) : null,
          ),
        ),
      ),
      h("p", null, t.identity.theirGames(player.games)),
      player.latest.length
        ? h(
            "ul",
            { class: "link-games", id: "link-their-games" },
            player.latest.map((g, i) => h("li", { key: i }, t.identity.gameWith(others(g), g.status === "over"))),
          )
        : null,
      h("p", { class: "notice warning", id: "link-warning" }, t.identity.onlyYours),
      preview.kind === "recovery" ? h("p", { class: "hint", id: "link-recovery" }, t.identity.recoveryNote) : null,
      mine ? this.choices(player.name, mine) : null,
      h(
        "div",
        { class: "link-actions" },
        h(
          "button",
          {
            type: "button",
            id: "link-confirm",
            disabled: this.busy || (mine !== null && this.choice === null),
            onClick: () => void this.go(),
          },
          mine ? t.identity.continue : t.identity.linkThis,
        ),
        h(
          "button",
          { type: "button", class: "secondary", id: "link-cancel", onClick: () => this.kept(t.identity.notLinked) },
          t.identity.cancel,
        ),
      ),
    );
  }

  /** The device holds something of its own: which player to keep. */
  private choices(name: string | null, mine: NonNullable<LinkPreview["mine"]>): JSX.Element {
    const held = t.identity.held;
    const parts = (["games", "subscriptions", "absences", "ratings", "seeks", "otherDevices"] as const)
      .filter((k) => mine[k] > 0)
      .map((k) => held[k](mine[k]))
      .join(", ");
    const option = (value: Choice, label: string) =>
      h(
        "label",
        { class: "link-option" },
        h("input", {
          type: "radio",
          class: "link-radio",
          name: "link-choice",
          value,
          id: `link-${value}`,
          checked: this.choice === value,
          onChange: () => this.choose(value),
        }),
        " ",
        label,
      );
    return h(
      "fieldset",
      { class: "link-mine", id: "link-mine" },
      h("legend", null, t.identity.whichPlayer),
      h("p", null, t.identity.youHold(mine.name, parts)),
      option("keep", t.identity.keepMine),
      option("join", t.identity.joinOnly),
      option("merge", t.identity.mergeMine(name)),
    );
  }
}
