import { h, type JSX } from "preact";
import type { SubscriptionView } from "../api";
import { t } from "../i18n/index";
import {
  CHAT_EVENTS,
  deliveriesList,
  disabledNote,
  eventsField,
  languageField,
  notice,
  secretOnce,
  subscriptionName,
  webhookInput,
} from "./parts";
import type { ChatActions, ChatState, PrefsView } from "./state";

/**
 * A game's group chat (its own webhooks), offered to the browser that
 * created the game: it holds the invitation link, whose token is the
 * creator's credential for them. The chat hears of the game by its public
 * link only; attaching it posts the invitation there at once.
 */

function hookCard(hook: SubscriptionView, v: PrefsView, act: ChatActions): JSX.Element {
  const name = subscriptionName(hook, null);
  const busy = v.busy === hook.id;
  return h(
    "article",
    { key: hook.id, class: `sub chat-hook${hook.disabled ? " off" : ""}`, "data-hook": hook.id, "aria-labelledby": `hook-${hook.id}` },
    h("h3", { id: `hook-${hook.id}` }, `${name.kind} · `, h("span", { class: "target" }, name.target)),
    h("p", { class: "hint" }, hook.events.map((e) => t.notify.chatEvent[e]).join(" · ")),
    disabledNote(hook),
    h(
      "div",
      { class: "actions sub-actions" },
      h("button", { type: "button", class: "test", disabled: busy || !!hook.disabled, onClick: () => act.test(hook) }, t.notify.test),
      h("button", { type: "button", class: "danger remove", disabled: busy, onClick: () => act.remove(hook) }, t.notify.remove),
    ),
    notice(v.notices[hook.id]),
    deliveriesList(hook, act.reload),
  );
}

export function chatSection(chat: ChatState, v: PrefsView, act: ChatActions): JSX.Element {
  const busy = v.busy === "chat";
  return h(
    "section",
    { class: "panel group-chat", id: "group-chat", "aria-labelledby": "chat-title" },
    h("h2", { id: "chat-title" }, t.notify.chat),
    h("p", null, t.notify.chatIntro),
    chat.hooks === null
      ? chat.failed
        ? h("p", { class: "notice error", role: "alert" }, t.notify.chatFailed)
        : h("p", { class: "loading" }, t.common.loading)
      : chat.hooks.length === 0
        ? h("p", { class: "empty" }, t.notify.chatNone)
        : h(
            "div",
            { class: "sub-list" },
            chat.hooks.map((hook) => hookCard(hook, v, act)),
          ),
    h(
      "form",
      {
        id: "chat-form",
        onSubmit: (event: Event) => {
          event.preventDefault();
          act.attach(event.currentTarget as HTMLFormElement);
        },
      },
      h("div", { class: "field" }, h("label", { for: "chat-url" }, t.notify.url), webhookInput("chat-url")),
      eventsField(t.notify.chatEvents, t.notify.chatEvent, CHAT_EVENTS),
      languageField(),
      h("button", { type: "submit", class: "primary", id: "chat-submit", disabled: busy }, t.notify.chatAdd),
    ),
    notice(v.notices.chat, "chat-notice"),
    v.secret?.where === "chat" ? secretOnce(v.secret.value, act.copySecret, v.secret.copied) : null,
  );
}
