import { h, type JSX } from "preact";
import { ApiError, type Player } from "../api";
import { codeText, t } from "../i18n/index";
import { identityApi } from "./api";
import { LinkChoice } from "./link-choice";

/**
 * Linking this device to a player who already plays elsewhere: with a code
 * shown on a device in use, or with a sign-in link sent to the player's
 * confirmed notification address. Shown in the lobby, and at a table whose
 * seat belongs to a player this device is not (yet) linked to.
 */
export class Joining {
  busy = false;
  message: { text: string; error: boolean } | null = null;
  /** A typed code being looked at: whose player it joins, and the choice (link-choice.ts). */
  private choice: LinkChoice | null = null;

  constructor(
    private readonly changed: () => void,
    private readonly linked: (player: Player) => void,
  ) {}

  /** Shows whose player a typed code joins, and links only once the person chose (link-choice.ts). */
  async link(code: string): Promise<void> {
    if (!code.trim()) return;
    this.message = null;
    this.choice = new LinkChoice(
      code.trim(),
      this.changed,
      (player) => {
        this.choice = null;
        this.message = { text: t.identity.linked, error: false };
        this.linked(player);
        this.changed();
      },
      (text) => {
        this.choice = null;
        this.message = { text, error: false };
        this.changed();
      },
    );
    await this.choice.load();
    if (this.choice?.failure) {
      this.message = { text: this.choice.failure, error: true };
      this.choice = null;
      this.changed();
    }
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

  /** The two ways in, as forms; or, once a code is typed, whose player it joins. */
  view(): JSX.Element {
    if (this.choice) return h("div", { class: "join" }, this.choice.view());
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
