import { h, type JSX } from "preact";
import type { SubscriptionView } from "../../../src/shared/api";
import { header } from "../header";
import { nameList, t } from "../i18n/index";
import { type ChatActions, type ChatState, chatSection } from "./chat";
import {
  deliveriesList,
  disabledNote,
  eventsField,
  languageField,
  type Notice,
  notice,
  PLAYER_EVENTS,
  secretOnce,
  subscriptionName,
} from "./parts";

/**
 * The notifications page drawn from its state (a pure function): the
 * player's subscriptions, each with its events, language, digest, state
 * and latest deliveries; the form that adds one by email, push or webhook;
 * and, for a game created in this browser, the game's group chat.
 */

export type Channel = "email" | "push" | "webhook";

export interface PrefsView {
  readonly gameId: string | null;
  readonly title: string;
  /** Where "back to the table" goes (the seat's own link when this browser has it). */
  readonly tableHref: string | null;
  readonly subscriptions: readonly SubscriptionView[] | null;
  readonly loadFailed: boolean;
  readonly pushEndpoint: string | null;
  readonly adding: Channel;
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
  readonly chat: ChatActions;
}

/** Discord's and Slack's incoming webhooks, recognised by the server's own rule (webhookFormat in src/server/notify/webhook.ts). */
export function chatKind(text: string): "discord" | "slack" | null {
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return null;
  }
  if (url.protocol !== "https:") return null;
  const host = url.hostname.toLowerCase();
  if (/^(ptb\.|canary\.)?discord(app)?\.com$/.test(host) && /^\/api\/(v\d+\/)?webhooks\/\d+\/[\w-]+\/?$/.test(url.pathname))
    return "discord";
  if (host === "hooks.slack.com" && url.pathname.startsWith("/services/")) return "slack";
  return null;
}

function scopeText(sub: SubscriptionView, gameId: string | null): JSX.Element | string {
  if (sub.gameId === null) return t.notify.scopeAll;
  if (sub.gameId === gameId) return t.notify.scopeThis;
  return h("a", { href: `/notifications?game=${encodeURIComponent(sub.gameId)}` }, t.notify.scopeOther);
}

function subscriptionCard(sub: SubscriptionView, v: PrefsView, act: PrefsActions): JSX.Element {
  const name = subscriptionName(sub, v.pushEndpoint);
  const busy = v.busy === sub.id;
  const titleId = `sub-${sub.id}-title`;
  // Drawn afresh when the subscription changes, so its fields show what the server keeps.
  const formKey = `${sub.events.join()}|${sub.language}|${sub.digest}|${sub.timeZone}`;
  return h(
    "article",
    { key: sub.id, class: `sub${sub.disabled ? " off" : ""}`, "data-sub": sub.id, "data-channel": sub.channel, "aria-labelledby": titleId },
    h("h3", { id: titleId }, `${name.kind} · `, h("span", { class: "target" }, name.target)),
    h(
      "p",
      { class: "hint sub-meta" },
      scopeText(sub, v.gameId),
      sub.channel === "email" && sub.confirmed ? ` · ✓ ${t.notify.confirmed}` : "",
    ),
    h(
      "dl",
      { class: "sub-facts" },
      h("dt", null, t.notify.events),
      h("dd", { class: "sub-events" }, nameList(sub.events.map((e) => t.notify.event[e]))),
      h("dt", null, t.notify.language),
      h("dd", { lang: sub.language }, t.language[sub.language]),
      sub.channel === "email"
        ? [h("dt", { key: "dt" }, t.notify.digest), h("dd", { key: "dd", class: "sub-digest" }, digestText(sub))]
        : null,
    ),
    sub.channel === "email" && !sub.confirmed
      ? h(
          "div",
          { class: "notice info unconfirmed" },
          h("p", null, t.notify.unconfirmed(sub.target)),
          h("button", { type: "button", class: "resend", disabled: busy, onClick: () => act.resend(sub) }, t.notify.resend),
        )
      : null,
    disabledNote(sub),
    sub.disabled
      ? h("button", { type: "button", class: "primary enable", disabled: busy, onClick: () => act.enable(sub) }, t.notify.enable)
      : null,
    h(
      "details",
      { class: "sub-change" },
      h("summary", null, t.notify.change),
      h(
        "form",
        {
          key: formKey,
          class: "sub-edit",
          onSubmit: (event: Event) => {
            event.preventDefault();
            act.save(sub, event.currentTarget as HTMLFormElement);
          },
        },
        eventsField(t.notify.events, t.notify.event, sub.events),
        languageField(sub.language),
        sub.channel === "email" ? digestFields(sub.digest, sub.timeZone ?? v.timeZone, `tz-${sub.id}`) : null,
        h("button", { type: "submit", class: "save", disabled: busy }, t.notify.save),
      ),
    ),
    h(
      "div",
      { class: "actions sub-actions" },
      h(
        "button",
        {
          type: "button",
          class: "test",
          disabled: busy || !!sub.disabled || (sub.channel === "email" && !sub.confirmed),
          onClick: () => act.test(sub),
        },
        t.notify.test,
      ),
      h("button", { type: "button", class: "danger remove", disabled: busy, onClick: () => act.remove(sub) }, t.notify.remove),
    ),
    notice(v.notices[sub.id]),
    deliveriesList(sub, act.reload),
  );
}

function digestText(sub: SubscriptionView): string {
  return sub.digest === "daily" ? `${t.notify.digestDaily} (${sub.timeZone ?? "UTC"})` : t.notify.digestNone;
}

function digestFields(digest: string, timeZone: string, id: string): JSX.Element {
  return h(
    "fieldset",
    { class: "digest" },
    h("legend", null, t.notify.digest),
    h(
      "label",
      { class: "choice" },
      h("input", { type: "radio", name: "digest", value: "none", defaultChecked: digest !== "daily" }),
      ` ${t.notify.digestNone}`,
    ),
    h(
      "label",
      { class: "choice" },
      h("input", { type: "radio", name: "digest", value: "daily", defaultChecked: digest === "daily" }),
      ` ${t.notify.digestDaily}`,
    ),
    h(
      "div",
      { class: "field" },
      h("label", { for: id }, t.notify.timeZone),
      h("input", { id, name: "timeZone", type: "text", defaultValue: timeZone, autocomplete: "off", spellcheck: false, maxLength: 64 }),
    ),
  );
}

function addSection(v: PrefsView, act: PrefsActions): JSX.Element {
  const channels: [Channel, string][] = [
    ["email", t.notify.addEmail],
    ["push", t.notify.addPush],
    ["webhook", t.notify.addWebhook],
  ];
  const busy = v.busy === "add";
  const recognised = chatKind(v.hookUrl.trim());
  return h(
    "section",
    { class: "panel add-notification", id: "add-notification", "aria-labelledby": "add-title" },
    h("h2", { id: "add-title" }, t.notify.add),
    h(
      "form",
      {
        id: "add-form",
        "data-channel": v.adding,
        onSubmit: (event: Event) => {
          event.preventDefault();
          act.add(event.currentTarget as HTMLFormElement);
        },
      },
      h(
        "fieldset",
        { class: "channel" },
        h("legend", { class: "visually-hidden" }, t.notify.add),
        channels.map(([channel, label]) =>
          h(
            "label",
            { key: channel, class: "choice" },
            h("input", {
              type: "radio",
              name: "channel",
              value: channel,
              checked: v.adding === channel,
              onChange: () => act.choose(channel),
            }),
            ` ${label}`,
          ),
        ),
      ),
      v.gameId
        ? h(
            "fieldset",
            { class: "scope" },
            h("legend", null, t.notify.forWhich),
            h(
              "label",
              { class: "choice" },
              h("input", { type: "radio", name: "scope", value: "game", defaultChecked: true }),
              ` ${t.notify.scopeThis}`,
            ),
            h("label", { class: "choice" }, h("input", { type: "radio", name: "scope", value: "all" }), ` ${t.notify.scopeAll}`),
          )
        : null,
      v.adding === "email"
        ? h(
            "div",
            { key: "email", class: "field" },
            h("label", { for: "add-address" }, t.notify.address),
            h("input", { id: "add-address", name: "address", type: "email", required: true, autocomplete: "email", maxLength: 254 }),
          )
        : null,
      v.adding === "push" ? h("p", { key: "push", class: "hint" }, t.notify.pushIntro) : null,
      v.adding === "webhook"
        ? h(
            "div",
            { key: "webhook", class: "field" },
            h("label", { for: "add-url" }, t.notify.url),
            h("input", {
              id: "add-url",
              name: "url",
              type: "url",
              required: true,
              autocomplete: "off",
              spellcheck: false,
              maxLength: 2048,
              placeholder: "https://discord.com/api/webhooks/…",
              "aria-describedby": "add-url-hint",
              onInput: (e: Event) => act.hookUrl((e.currentTarget as HTMLInputElement).value),
            }),
            recognised ? h("span", { class: "recognised" }, `✓ ${t.notify.recognised[recognised]}`) : null,
            h("p", { class: "hint", id: "add-url-hint" }, t.notify.urlHint),
          )
        : null,
      eventsField(t.notify.events, t.notify.event, PLAYER_EVENTS),
      languageField(),
      v.adding === "email" ? digestFields("none", v.timeZone, "add-tz") : null,
      h(
        "button",
        { type: "submit", class: "primary", id: "add-submit", disabled: busy },
        v.adding === "email"
          ? t.notify.subscribeEmail
          : v.adding === "push"
            ? busy
              ? t.notify.pushAsking
              : t.notify.pushOn
            : t.notify.addHook,
      ),
    ),
    notice(v.notices.add, "add-notice"),
    v.secret?.where === "add" ? secretOnce(v.secret.value, act.copySecret, v.secret.copied) : null,
  );
}

export function prefsView(v: PrefsView, act: PrefsActions): JSX.Element {
  const subs = v.subscriptions;
  return h(
    "div",
    { class: "notify-page" },
    header(),
    h(
      "main",
      { class: "single notify" },
      h(
        "section",
        { class: "panel", "aria-labelledby": "notify-title" },
        h("h1", { id: "notify-title" }, v.title),
        h("p", null, t.notify.intro),
        v.gameId ? h("p", { class: "hint" }, t.notify.introGame) : null,
        h(
          "p",
          { class: "notify-links" },
          v.tableHref ? h("a", { href: v.tableHref, id: "back-to-table" }, t.notify.backToTable) : null,
          v.tableHref ? " · " : null,
          v.gameId ? h("a", { href: "/notifications" }, t.notify.all) : h("a", { href: "/" }, t.common.goLobby),
        ),
      ),
      h(
        "section",
        {
          class: "panel",
          id: "subscriptions",
          "aria-labelledby": "subs-title",
          "aria-busy": subs === null && !v.loadFailed ? "true" : "false",
        },
        h("h2", { id: "subs-title" }, t.notify.mine),
        subs === null
          ? v.loadFailed
            ? h(
                "div",
                { class: "notice error", role: "alert" },
                t.notify.failed,
                " ",
                h("button", { type: "button", onClick: act.reload }, t.notify.retry),
              )
            : h("p", { class: "loading" }, t.notify.loading)
          : subs.length === 0
            ? h("p", { class: "empty" }, t.notify.none)
            : h(
                "div",
                { class: "sub-list" },
                subs.map((sub) => subscriptionCard(sub, v, act)),
              ),
      ),
      addSection(v, act),
      v.chat && v.gameId ? chatSection(v.chat, v, act.chat) : null,
    ),
  );
}
