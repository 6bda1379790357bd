import type { ApiError, CreatedSubscription, SubscriptionView } from "../api";
import { codeText, t } from "../i18n/index";
import { notifyApi } from "./api";
import { type Notice, readChoices } from "./parts";
import type { ChatActions, ChatState } from "./state";

/**
 * A game's group chat on the notifications page: its webhooks, managed
 * with the game's invitation token, which the browser that created the
 * game keeps. The page lends it its busy buttons, notices and secret.
 */

export interface ChatHost {
  act(where: string, action: () => Promise<Notice | null>, refused?: (error: ApiError) => string | null): Promise<void>;
  say(where: string, notice: Notice): void;
  showSecret(where: string, made: CreatedSubscription): void;
  copySecret(input: HTMLInputElement | null): void;
  /** Looks again with `look` until the test `key` of `id` is logged. */
  watchTest(id: string, key: string, look: () => Promise<readonly SubscriptionView[] | null>): void;
  render(): void;
}

export const urlRefused = (error: ApiError): string | null =>
  error.code === "WEBHOOK_URL_REFUSED" ? `${codeText(error.code)} ${t.notify.urlRefused}` : null;

export class GroupChat {
  state: ChatState = { hooks: null, failed: false };

  constructor(
    private readonly gameId: string,
    private readonly invite: string,
    private readonly host: ChatHost,
  ) {}

  async load(): Promise<readonly SubscriptionView[] | null> {
    try {
      this.state = { hooks: (await notifyApi.gameWebhooks(this.gameId, this.invite)).webhooks, failed: false };
    } catch {
      this.state = { hooks: this.state.hooks, failed: true };
    }
    this.host.render();
    return this.state.hooks;
  }

  private attach(form: HTMLFormElement): void {
    const choices = readChoices(form);
    if (!choices) {
      this.host.say("chat", { text: t.notify.eventsNone, error: true });
      return;
    }
    const url = String(new FormData(form).get("url") ?? "").trim();
    void this.host.act(
      "chat",
      async () => {
        const made = await notifyApi.attachWebhook(this.gameId, this.invite, { url, ...choices });
        this.host.showSecret("chat", made);
        form.reset();
        await this.load();
        return { text: made.subscription.events.includes("invited") ? t.notify.chatAdded : t.notify.chatAddedQuiet };
      },
      urlRefused,
    );
  }

  readonly actions: ChatActions = {
    attach: (form) => this.attach(form),
    test: (hook) =>
      void this.host.act(hook.id, async () => {
        const sent = await notifyApi.testWebhook(this.gameId, this.invite, hook.id);
        this.host.watchTest(hook.id, sent.key, () => this.load());
        return { text: t.notify.testSent(sent.left) };
      }),
    remove: (hook) => {
      if (!confirm(t.notify.removeConfirm)) return;
      void this.host.act(hook.id, async () => {
        await notifyApi.detachWebhook(this.gameId, this.invite, hook.id);
        this.state = { hooks: (this.state.hooks ?? []).filter((h) => h.id !== hook.id), failed: false };
        this.host.say("chat", { text: t.notify.removed });
        return null;
      });
    },
    reload: () => void this.load(),
    copySecret: (input) => this.host.copySecret(input),
  };
}
