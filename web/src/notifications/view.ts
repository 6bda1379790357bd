import { h, type JSX } from "preact";
import { header } from "../header";
import { t } from "../i18n/index";
import { digestFields, subscriptionCard, TIME_ZONES } from "./card";
import { chatSection } from "./chat";
import { eventsField, languageField, notice, PLAYER_EVENTS, secretOnce, webhookInput } from "./parts";
import type { Channel, PrefsActions, PrefsView } from "./state";
import { timeZones } from "./subscribe";

/**
 * The notifications page drawn from its state (a pure function): the
 * player's subscriptions, each with its events, language, digest, state
 * and latest deliveries; the form that adds one by email, push or webhook;
 * and, for a game created in this browser, the game's group chat.
 */

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

/** The form that adds a subscription: its channel, which games, where it goes, its events, language and digest. */
function addSection(v: PrefsView, act: PrefsActions): JSX.Element {
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
      channelField(v, act),
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
      ...targetFields(v, act),
      eventsField(t.notify.events, t.notify.event, PLAYER_EVENTS, undefined, v.adding === "email" ? t.notify.emailOnly : {}),
      languageField(),
      v.adding === "email" ? digestFields("none", v.timeZone, "add-tz") : null,
      addButton(v),
    ),
    notice(v.notices.add, "add-notice"),
    v.secret?.where === "add" ? secretOnce(v.secret.value, act.copySecret, v.secret.copied) : null,
  );
}

/** Email, push or a webhook. */
function channelField(v: PrefsView, act: PrefsActions): JSX.Element {
  const channels: [Channel, string][] = [
    ["email", t.notify.addEmail],
    ["push", t.notify.addPush],
    ["webhook", t.notify.addWebhook],
  ];
  return h(
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
  );
}

/** Where the channel chosen goes: an email address, this browser's push (and why it cannot), or a webhook's address. */
function targetFields(v: PrefsView, act: PrefsActions): (JSX.Element | null)[] {
  const recognised = chatKind(v.hookUrl.trim());
  return [
    v.adding === "email"
      ? h(
          "div",
          { key: "email", class: "field" },
          h("label", { for: "add-address" }, t.notify.address),
          h("input", { id: "add-address", name: "address", type: "email", required: true, autocomplete: "email", maxLength: 254 }),
        )
      : null,
    v.adding === "push" ? h("p", { key: "push", class: "hint" }, t.notify.pushIntro) : null,
    // Said once: after a try, the answer below says it.
    v.adding === "push" && v.pushProblem && !v.notices.add
      ? h("p", { key: "push-problem", id: "push-problem", class: "notice error" }, t.notify.push[v.pushProblem])
      : null,
    v.adding === "webhook"
      ? h(
          "div",
          { key: "webhook", class: "field" },
          h("label", { for: "add-url" }, t.notify.url),
          webhookInput("add-url", {
            "aria-describedby": "add-url-hint",
            onInput: (e: Event) => act.hookUrl((e.currentTarget as HTMLInputElement).value),
          }),
          recognised ? h("span", { class: "recognised" }, `✓ ${t.notify.recognised[recognised]}`) : null,
          h("p", { class: "hint", id: "add-url-hint" }, t.notify.urlHint),
        )
      : null,
  ];
}

function addButton(v: PrefsView): JSX.Element {
  const busy = v.busy === "add";
  return h(
    "button",
    {
      type: "submit",
      class: "primary",
      id: "add-submit",
      // Blocked notifications may be allowed again in the browser's settings meanwhile: that button stays.
      disabled: busy || (v.adding === "push" && (v.pushProblem === "unsupported" || v.pushProblem === "noKey")),
    },
    v.adding === "email"
      ? t.notify.subscribeEmail
      : v.adding === "push"
        ? busy
          ? t.notify.pushAsking
          : t.notify.pushOn
        : t.notify.addHook,
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
      h(
        "datalist",
        { id: TIME_ZONES },
        timeZones().map((zone) => h("option", { key: zone, value: zone })),
      ),
      v.chat && act.chat ? chatSection(v.chat, v, act.chat) : null,
    ),
  );
}
