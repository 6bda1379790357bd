import { h, type JSX } from "preact";
import type { Player } from "../../../src/shared/api";
import { ApiError } from "../api";
import { codeText, t } from "../i18n/index";
import { deviceKind, identityApi } from "./api";

/**
 * Linking this device to a player who already plays elsewhere: with a code
 * shown on a device in use, or with a sign-in link sent to the player's
 * confirmed notification address. Shown in the lobby, and at a table whose
 * seat belongs to a player this device is not (yet) linked to.
 */
export class Joining {
  busy = false;
  message: { text: string; error: boolean } | null = null;

  constructor(
    private readonly changed: () => void,
    private readonly linked: (player: Player) => void,
  ) {}

  async link(code: string): Promise<void> {
    if (!code.trim()) return;
    await this.run(async () => {
      const player = await identityApi.link(code.trim(), t.identity.kind[deviceKind()]);
      this.message = { text: t.identity.linked, error: false };
      this.linked(player);
    });
  }

  async signIn(address: string): Promise<void> {
    if (!address.trim()) return;
    await this.run(async () => {
      await identityApi.signIn(address.trim());
      this.message = { text: t.identity.signInSent(address.trim()), error: false };
    });
  }

  private async run(step: () => Promise<void>): Promise<void> {
    this.busy = true;
    this.message = null;
    this.changed();
    try {
      await step();
    } catch (error) {
      this.message = { text: error instanceof ApiError ? codeText(error.code) : t.codes.INTERNAL, error: true };
    }
    this.busy = false;
    this.changed();
  }

  /** The two ways in, as forms. */
  view(): JSX.Element {
    const submit = (fn: (value: string) => Promise<void>, field: string) => (e: Event) => {
      e.preventDefault();
      const form = e.currentTarget as HTMLFormElement;
      void fn.call(this, String(new FormData(form).get(field) ?? ""));
    };
    return h(
      "div",
      { class: "join" },
      h(
        "form",
        { class: "join-code", onSubmit: submit(this.link, "code") },
        h("label", { for: "join-code" }, t.identity.codeLabel),
        h("input", {
          id: "join-code",
          name: "code",
          autocomplete: "one-time-code",
          autocapitalize: "characters",
          spellcheck: false,
          placeholder: "K7QMD-2XPAH",
          maxLength: 128,
        }),
        h("button", { type: "submit", disabled: this.busy, id: "join-code-submit" }, t.identity.linkThis),
      ),
      h(
        "form",
        { class: "join-email", onSubmit: submit(this.signIn, "address") },
        h("label", { for: "join-email" }, t.identity.emailLabel),
        h("input", { id: "join-email", name: "address", type: "email", autocomplete: "email", maxLength: 254 }),
        h("button", { type: "submit", class: "secondary", disabled: this.busy, id: "join-email-submit" }, t.identity.sendSignIn),
      ),
      this.message
        ? h("p", { class: `notice${this.message.error ? " error" : ""}`, role: this.message.error ? "alert" : "status" }, this.message.text)
        : null,
    );
  }
}
