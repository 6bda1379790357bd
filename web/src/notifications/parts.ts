import { h, type JSX } from "preact";
import { isLanguage, LANGUAGES_SHOWN, type Language } from "../../../src/shared/language";
import type { DeliveryAttempt, NotifyEventName, SubscriptionView } from "../api";
import { dateTime, lang, t, when } from "../i18n/index";

/**
 * Pieces the notifications page draws more than once: the events and
 * language fields of a form, a subscription's name, why it was turned off,
 * its latest deliveries, a notice, and a webhook's secret shown once.
 */

/** The events in the order players think of them (the server's own list, NOTIFY_EVENT_NAMES). */
export const EVENTS = [
  "turn",
  "reminder",
  "timedOut",
  "claimed",
  "handEnded",
  "gameOver",
  "invited",
  "started",
  "seatReissued",
  "message",
] as const satisfies readonly NotifyEventName[];
/** What a player's subscription hears when nothing else is chosen (the server's PLAYER_DEFAULT_EVENTS). */
export const PLAYER_EVENTS: readonly NotifyEventName[] = [
  "turn",
  "reminder",
  "timedOut",
  "claimed",
  "gameOver",
  "invited",
  "started",
  "seatReissued",
];
/** What a game's group chat hears by default (the server's GAME_DEFAULT_EVENTS). */
export const CHAT_EVENTS: readonly NotifyEventName[] = ["invited", "turn", "reminder", "timedOut", "claimed", "handEnded", "gameOver"];

export interface Notice {
  readonly text: string;
  readonly error?: boolean;
}

export function notice(n: Notice | undefined, id?: string): JSX.Element | null {
  if (!n) return null;
  return h("p", { id, class: `notice ${n.error ? "error" : "info"}`, role: n.error ? "alert" : "status" }, n.text);
}

/** How a test message went, once its attempt is logged. */
export function testOutcome(attempt: DeliveryAttempt): Notice {
  if (attempt.status === "sent") return { text: t.notify.testDelivered(attempt.httpStatus) };
  return { text: t.notify.testFailed(t.notify.status[attempt.status] ?? attempt.status, attempt.httpStatus), error: true };
}

/** The events of a form as checkboxes (`events`), the chosen ones ticked. */
export function eventsField(
  legend: string,
  labels: Readonly<Record<NotifyEventName, string>>,
  chosen: readonly string[],
  only?: readonly NotifyEventName[],
  /** What is true of an event on this channel only (email's hourly digest of the table's messages). */
  notes: Readonly<Record<string, string>> = {},
): JSX.Element {
  return h(
    "fieldset",
    { class: "events" },
    h("legend", null, legend),
    (only ?? EVENTS).map((event) =>
      h(
        "label",
        { key: event, class: "choice" },
        h("input", { type: "checkbox", name: "events", value: event, defaultChecked: chosen.includes(event) }),
        ` ${labels[event]}${notes[event] ? ` (${notes[event]})` : ""}`,
      ),
    ),
  );
}

/** The language of the messages, as radios (`language`). */
export function languageField(chosen: string = lang): JSX.Element {
  return h(
    "fieldset",
    { class: "language" },
    h("legend", null, t.notify.language),
    LANGUAGES_SHOWN.map((l) =>
      h(
        "label",
        { key: l, class: "choice", lang: l },
        h("input", { type: "radio", name: "language", value: l, defaultChecked: chosen === l }),
        ` ${t.language[l]}`,
      ),
    ),
  );
}

/** The events and language a form chose; null when no event is ticked. */
export function readChoices(form: HTMLFormElement): { events: NotifyEventName[]; language: Language } | null {
  const data = new FormData(form);
  const events = data.getAll("events").map(String) as NotifyEventName[];
  if (events.length === 0) return null;
  const language = data.get("language");
  return { events, language: isLanguage(language) ? language : "en" };
}

function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** "Email · anna@example.org", "Push · this browser", "Webhook · Discord". */
export function subscriptionName(sub: SubscriptionView, pushHere: string | null): { kind: string; target: string } {
  const kind = t.notify.channel[sub.channel];
  if (sub.channel === "push")
    return { kind, target: sub.target === pushHere ? t.notify.thisBrowser : `${t.notify.aBrowser} (${hostOf(sub.target)})` };
  if (sub.channel === "webhook") return { kind: `${kind} · ${t.notify.format[sub.format ?? "standard"]}`, target: sub.target };
  return { kind, target: sub.target };
}

/** Why a subscription stopped, in the reader's words (the server's own reason, in English, is kept as the details). */
export function disabledNote(sub: SubscriptionView): JSX.Element | null {
  if (!sub.disabled) return null;
  const reason = sub.disabled.reason;
  const why = /^gave up/.test(reason)
    ? t.notify.why.gaveUp
    : /receiver is gone/.test(reason)
      ? t.notify.why.gone
      : /not allowed/.test(reason)
        ? t.notify.why.refused
        : t.notify.why.other;
  return h(
    "div",
    { class: "notice error disabled-note" },
    h("p", null, t.notify.disabled(dateTime(sub.disabled.at), why)),
    reason ? h("details", null, h("summary", null, t.notify.details), h("code", { lang: "en" }, reason)) : null,
  );
}

/** The latest attempts, newest first, each in words: when, what, how it went. */
export function deliveriesList(sub: SubscriptionView, refresh: () => void): JSX.Element {
  return h(
    "details",
    { class: "deliveries", "data-count": sub.deliveries.length },
    h("summary", null, `${t.notify.deliveries} (${sub.deliveries.length})`),
    sub.deliveries.length === 0
      ? h("p", { class: "empty" }, t.notify.noDeliveries)
      : h(
          "ul",
          null,
          sub.deliveries.map((d) =>
            h(
              "li",
              { key: `${d.key}/${d.attempt}`, class: `delivery ${d.status}`, "data-event": d.event, "data-status": d.status },
              h("time", { dateTime: d.at }, when(d.at)),
              ` · ${t.notify.eventName[d.event] ?? d.event} · `,
              h("strong", null, t.notify.status[d.status] ?? d.status),
              d.attempt > 1 ? ` · ${t.notify.attempt(d.attempt)}` : "",
              d.httpStatus !== null ? ` · HTTP ${d.httpStatus}` : "",
              d.error && d.status !== "sent" ? h("code", { lang: "en", class: "delivery-error" }, d.error) : null,
            ),
          ),
        ),
    h("button", { type: "button", class: "quiet refresh", onClick: refresh }, t.notify.refresh),
  );
}

/** A standard webhook's signing secret, shown once, with a copy button. */
export function secretOnce(secret: string, copy: (input: HTMLInputElement | null) => void, copied: boolean): JSX.Element {
  return h(
    "div",
    { class: "secret secret-once", role: "status" },
    h("label", { for: "webhook-secret" }, h("strong", null, t.notify.secretTitle)),
    h(
      "div",
      { class: "link-line" },
      h("input", {
        id: "webhook-secret",
        class: "link",
        type: "text",
        readOnly: true,
        value: secret,
        onFocus: (e: Event) => (e.currentTarget as HTMLInputElement).select(),
      }),
      h(
        "button",
        { type: "button", class: "copy", onClick: () => copy(document.getElementById("webhook-secret") as HTMLInputElement | null) },
        copied ? `✓ ${t.common.copied}` : t.common.copy,
      ),
    ),
    h("p", null, t.notify.secretOnce),
  );
}

/** A webhook's address field: Discord's, Slack's or a standard receiver's (https), checked by the browser and the server. */
export function webhookInput(id: string, extra: Record<string, unknown> = {}): JSX.Element {
  return h("input", {
    id,
    name: "url",
    type: "url",
    required: true,
    autocomplete: "off",
    spellcheck: false,
    maxLength: 2048,
    placeholder: "https://discord.com/api/webhooks/…",
    ...extra,
  });
}
