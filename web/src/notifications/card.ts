import { h, type JSX } from "preact";
import type { SubscriptionView } from "../api";
import { nameList, t } from "../i18n/index";
import { deliveriesList, disabledNote, eventsField, languageField, notice, subscriptionName } from "./parts";
import type { PrefsActions, PrefsView } from "./state";

/**
 * One of the player's subscriptions on the notifications page: what it is,
 * for which games, its events, language and digest (changed in place), an
 * unconfirmed address or why it was turned off, its test and its removal,
 * and its latest deliveries.
 */

function scopeText(sub: SubscriptionView, gameId: string | null): JSX.Element | string {
  if (sub.gameId === null) return t.notify.scopeAll;
  if (sub.gameId === gameId) return t.notify.scopeThis;
  return h("a", { href: `/notifications?game=${encodeURIComponent(sub.gameId)}` }, t.notify.scopeOther);
}

export function subscriptionCard(sub: SubscriptionView, v: PrefsView, act: PrefsActions): JSX.Element {
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
        eventsField(t.notify.events, t.notify.event, sub.events, undefined, sub.channel === "email" ? t.notify.emailOnly : {}),
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

/** The id of the page's one list of time zones (prefsView draws it). */
export const TIME_ZONES = "time-zones";

export function digestFields(digest: string, timeZone: string, id: string): JSX.Element {
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
      h("input", {
        id,
        name: "timeZone",
        type: "text",
        list: TIME_ZONES,
        defaultValue: timeZone,
        autocomplete: "off",
        spellcheck: false,
        maxLength: 64,
      }),
    ),
  );
}
