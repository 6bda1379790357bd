import "../core";

/**
 * The table's chat (docs/chat.md) as one chunk: its state (chat.ts) and its
 * drawing (chat-view.ts), loaded once the table is drawn (page.ts): the
 * table needs neither to draw or to take a turn, and the chat's features
 * grow here rather than in what every table loads at once.
 */
export { TableChat } from "./chat";
export { chatButton, chatSheet } from "./chat-view";
