import type { NotifyChannel, SubscriptionView } from "../api";
import type { Notice } from "./parts";
import type { PushProblem } from "./push";

/**
 * The notifications page's state and what its controls do (preferences.ts
 * keeps them; view.ts, card.ts and chat.ts draw them): the types every part
 * of the page shares, so that none imports the page back.
 */

export type Channel = NotifyChannel;

export interface PrefsView {
  readonly gameId: string | null;
  readonly title: string;
  /** Where "back to the table" goes (the seat's own link when this browser has it). */
  readonly tableHref: string | null;
  readonly subscriptions: readonly SubscriptionView[] | null;
  readonly loadFailed: boolean;
  readonly pushEndpoint: string | null;
  readonly adding: Channel;
  /** Why push cannot work in this browser, when known before asking. */
  readonly pushProblem: PushProblem | null;
  readonly hookUrl: string;
  readonly busy: string | null;
  readonly notices: Readonly<Record<string, Notice>>;
  /** A standard webhook's secret, shown once after it was made: where ("add" or "chat") and the secret. */
  readonly secret: { readonly where: string; readonly value: string; readonly copied: boolean } | null;
  readonly timeZone: string;
  readonly chat: ChatState | null;
}

export interface PrefsActions {
  reload(): void;
  choose(channel: Channel): void;
  hookUrl(url: string): void;
  add(form: HTMLFormElement): void;
  save(sub: SubscriptionView, form: HTMLFormElement): void;
  enable(sub: SubscriptionView): void;
  resend(sub: SubscriptionView): void;
  test(sub: SubscriptionView): void;
  remove(sub: SubscriptionView): void;
  copySecret(input: HTMLInputElement | null): void;
  /** A game created in this browser: its group chat's; else null. */
  readonly chat: ChatActions | null;
}

/** A game's group chat (chat.ts): its webhooks as listed. */
export interface ChatState {
  /** The game's webhooks; null while loading or when they could not be listed. */
  readonly hooks: readonly SubscriptionView[] | null;
  readonly failed: boolean;
}

export interface ChatActions {
  attach(form: HTMLFormElement): void;
  test(hook: SubscriptionView): void;
  remove(hook: SubscriptionView): void;
  reload(): void;
  copySecret(input: HTMLInputElement | null): void;
}
