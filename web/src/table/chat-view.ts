import { h, type JSX } from "preact";
import { t } from "../i18n/index";
import type { TableChat } from "./chat";

/** The table's chat drawn from its state (chat.ts): the top bar's button; the sheet is chat-sheet.ts. */

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
