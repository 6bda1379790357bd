import { h, type JSX } from "preact";
import type { ChatMessage, GameSnapshot } from "../../../src/shared/api";
import { CHAT_LIMITS, QUICK_PHRASES } from "../../../src/shared/chat";
import { characters } from "../../../src/shared/text";
import { seatName } from "../describe";
import { t, when } from "../i18n/index";
import type { TableChat } from "./chat";

/** The table's chat drawn from its state (chat.ts): the top bar's button and the sheet. */

/** The top bar's chat button, with its unread badge; null when the viewer may not read the chat. */
export function chatButton(chat: TableChat): JSX.Element | null {
  if (!chat.canRead()) return null;
  const unread = chat.unread();
  return h(
    "button",
    {
      type: "button",
      class: `chat-button quiet${chat.isOpen ? " open" : ""}`,
      id: "chat-button",
      "data-testid": "chat-button",
      "aria-expanded": chat.isOpen ? "true" : "false",
      "aria-controls": "chat-sheet",
      "aria-label": t.chat.openLabel(unread),
      onClick: () => chat.toggle(),
    },
    // A drawn bubble, not an emoji: every phone draws it the same, fonts or not.
    h(
      "svg",
      { class: "chat-icon", viewBox: "0 0 24 24", width: 20, height: 20, "aria-hidden": "true", focusable: "false" },
      h("path", {
        d: "M4 4h16a2 2 0 0 1 2 2v10a2 2 0 0 1-2 2H10l-5 4v-4H4a2 2 0 0 1-2-2V6a2 2 0 0 1 2-2z",
        fill: "none",
        stroke: "currentColor",
        "stroke-width": 2,
        "stroke-linejoin": "round",
      }),
    ),
    h("span", { class: "chat-button-label" }, t.chat.open),
    unread > 0
      ? h("span", { class: "chat-unread", "data-testid": "chat-unread", "aria-hidden": "true" }, unread > 99 ? "99+" : String(unread))
      : null,
  );
}

function words(message: ChatMessage): string {
  return message.phrase ? t.chat.phrase[message.phrase] : (message.text ?? "");
}

function messageLine(chat: TableChat, snap: GameSnapshot, me: number | null, m: ChatMessage): JSX.Element {
  const mine = m.seat === me;
  const who = mine ? t.chat.you : seatName(snap.seats, m.seat);
  return h(
    "li",
    {
      key: m.seq,
      class: `chat-message${mine ? " mine" : ""}${m.phrase ? " phrase" : ""}`,
      "data-testid": "chat-message",
      "data-seat": m.seat,
      "data-seq": m.seq,
    },
    h("span", { class: "chat-who" }, who),
    h("span", { class: "chat-words" }, words(m)),
    h("time", { class: "chat-time", dateTime: m.at }, when(m.at)),
    !mine && chat.canWrite
      ? h(
          "button",
          {
            type: "button",
            class: "quiet chat-report",
            "data-testid": `chat-report-${m.seq}`,
            "aria-label": t.chat.reportLabel(who),
            title: t.chat.report,
            onClick: () => void chat.report(m.seq),
          },
          "⚑",
        )
      : null,
  );
}

/** The open sheet, or null. */
export function chatSheet(chat: TableChat, snap: GameSnapshot | null, me: number | null): JSX.Element | null {
  if (!chat.isOpen || !snap || !chat.canRead(snap)) return null;
  const others = snap.seats.filter((s) => s.seat !== me && s.computer === null);
  const left = CHAT_LIMITS.textLength - characters(chat.draft);
  return h(
    "section",
    { class: "chat-sheet", id: "chat-sheet", "data-testid": "chat-sheet", role: "dialog", "aria-labelledby": "chat-title" },
    h(
      "div",
      { class: "chat-head" },
      h("h2", { id: "chat-title" }, t.chat.title),
      h(
        "button",
        { type: "button", class: "quiet", "data-testid": "chat-close", "aria-label": t.chat.close, onClick: () => chat.toggle() },
        "✕",
      ),
    ),
    h(
      "ol",
      { class: "chat-messages", "data-testid": "chat-messages", "aria-live": "polite" },
      chat.messages.length === 0 ? h("li", { class: "chat-empty" }, chat.canWrite ? t.chat.empty : t.chat.emptySpectator) : null,
      chat.messages.map((m) => messageLine(chat, snap, me, m)),
    ),
    chat.notice ? h("p", { class: "notice info", role: "status" }, chat.notice) : null,
    chat.error ? h("p", { class: "notice error", role: "alert", "data-testid": "chat-error" }, chat.error) : null,
    chat.canWrite
      ? h(
          "div",
          { class: "chat-phrases", role: "group", "aria-label": t.chat.phrases },
          QUICK_PHRASES.map((code) =>
            h(
              "button",
              {
                key: code,
                type: "button",
                class: "chip",
                "data-testid": `chat-phrase-${code}`,
                disabled: chat.busy,
                onClick: () => void chat.send({ phrase: code }),
              },
              t.chat.phrase[code],
            ),
          ),
        )
      : null,
    chat.canWrite
      ? h(
          "form",
          {
            class: "chat-write",
            onSubmit: (event: Event) => {
              event.preventDefault();
              void chat.send({ text: chat.draft });
            },
          },
          h("input", {
            type: "text",
            name: "message",
            "data-testid": "chat-input",
            "aria-label": t.chat.placeholder,
            placeholder: t.chat.placeholder,
            autocomplete: "off",
            enterkeyhint: "send",
            value: chat.draft,
            onInput: (event: Event) => chat.type((event.currentTarget as HTMLInputElement).value),
          }),
          left < 40 ? h("span", { class: "chat-left", "aria-live": "polite" }, t.chat.left(Math.max(0, left))) : null,
          h(
            "button",
            { type: "submit", class: "primary", "data-testid": "chat-send", disabled: chat.busy || chat.draft.trim() === "" },
            t.chat.send,
          ),
        )
      : null,
    chat.canWrite ? chatSettings(chat, snap, me, others) : h("p", { class: "chat-note" }, t.chat.spectatorsNote),
  );
}

/** Per other seat a mute, and the seat's choice to let spectators read. */
function chatSettings(chat: TableChat, snap: GameSnapshot, me: number | null, others: GameSnapshot["seats"]): JSX.Element {
  const muted = new Set(snap.chat.muted);
  const open = me !== null && snap.chat.open[me] === true;
  return h(
    "details",
    { class: "chat-settings" },
    h("summary", null, t.chat.settings),
    others.map((s) => {
      const who = seatName(snap.seats, s.seat);
      const on = muted.has(s.seat);
      return h(
        "p",
        { key: s.seat },
        h(
          "button",
          {
            type: "button",
            class: "quiet",
            "data-testid": `chat-mute-${s.seat}`,
            "aria-pressed": on ? "true" : "false",
            onClick: () => void chat.mute(s.seat, !on),
          },
          on ? t.chat.unmute(who) : t.chat.mute(who),
        ),
        on ? h("span", { class: "chat-note" }, ` ${t.chat.muted(who)}`) : null,
      );
    }),
    h(
      "label",
      { class: "chat-spectators" },
      h("input", { type: "checkbox", "data-testid": "chat-spectators", checked: open, onChange: () => void chat.allowSpectators(!open) }),
      ` ${t.chat.spectators}`,
    ),
    h("p", { class: "chat-note" }, snap.chat.audience === "everyone" ? t.chat.spectatorsNote : t.chat.closedToSpectators),
  );
}
