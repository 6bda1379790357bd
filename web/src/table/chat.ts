import { h, type JSX } from "preact";
import type { ChatMessage, GameSnapshot, WireEvent } from "../../../src/shared/api";
import { CHAT_LIMITS, QUICK_PHRASES, type QuickPhrase } from "../../../src/shared/chat";
import { characters, checkPlayerText } from "../../../src/shared/text";
import { ApiError, api } from "../api";
import { seatName } from "../describe";
import { codeText, t, when } from "../i18n/index";
import { chatReadUpTo, rememberChatRead } from "../store";

/**
 * The table's chat (docs/chat.md) on a phone: a button in the top bar with
 * the unread count, opening a sheet over the lower part of the screen —
 * the messages, the quick phrases as one-tap chips, a line to write, and
 * per seat a mute. Closed, it takes no room from the cards or the melds.
 *
 * Stable selectors (browser tests, other features): data-testid
 * `chat-button`, `chat-unread`, `chat-sheet`, `chat-close`, `chat-messages`,
 * `chat-message` (with data-seat and data-seq), `chat-phrase-<code>`,
 * `chat-input`, `chat-send`, `chat-mute-<seat>`, `chat-report-<seq>`,
 * `chat-spectators`, `chat-error`.
 */

/** What the chat needs of its page. */
export interface ChatHost {
  readonly route: { readonly gameId: string; readonly mode: string; readonly token: string | null };
  readonly snap: GameSnapshot | null;
  readonly me: number | null;
  render(): void;
}

export class TableChat {
  messages: ChatMessage[] = [];
  isOpen = false;
  draft = "";
  busy = false;
  error: string | null = null;
  notice: string | null = null;
  private readUpTo: number;
  /** The chat state the messages were loaded for: a mute or a change of audience loads them again. */
  private loadedFor: string | null = null;
  private scrollDown = false;

  constructor(private readonly page: ChatHost) {
    this.readUpTo = chatReadUpTo(page.route.gameId);
  }

  private get token(): string | null {
    return this.page.route.mode === "seat" ? this.page.route.token : null;
  }

  /** A seat reads everything (but what it muted); spectators and embeds only a chat the players opened. */
  canRead(snap: GameSnapshot | null = this.page.snap): boolean {
    if (!snap?.chat) return false;
    return this.page.me !== null || (this.page.route.mode !== "invite" && snap.chat.audience === "everyone");
  }

  get canWrite(): boolean {
    return this.page.me !== null;
  }

  unread(): number {
    const me = this.page.me;
    return this.messages.filter((m) => m.seq > this.readUpTo && m.seat !== me).length;
  }

  /** A new snapshot: loads the messages when the chat becomes readable, or when a mute or its audience changed. */
  sync(snap: GameSnapshot): void {
    if (!this.canRead(snap)) {
      this.messages = [];
      this.loadedFor = null;
      return;
    }
    const key = `${snap.chat.audience}|${snap.chat.muted.join(",")}`;
    if (key !== this.loadedFor) {
      this.loadedFor = key;
      void this.load();
    }
  }

  /** Messages that came with the live updates. */
  heard(events: readonly WireEvent[]): void {
    let added = false;
    for (const event of events) {
      if (event.type !== "message" || this.messages.some((m) => m.seq === event.seq)) continue;
      const { seq, at, seat } = event;
      this.messages.push({
        seq,
        at,
        type: "message",
        seat,
        ...(event.text !== undefined ? { text: event.text } : {}),
        ...(event.phrase ? { phrase: event.phrase } : {}),
      });
      added = true;
    }
    if (!added) return;
    this.messages.sort((a, b) => a.seq - b.seq);
    if (this.isOpen) this.markRead();
    this.scrollDown = true;
  }

  private async load(): Promise<void> {
    try {
      const answer = await api.chat(this.page.route.gameId, this.token);
      // Messages pushed live while the list was on its way are newer than it: they stay.
      this.messages = [...answer.messages, ...this.messages.filter((m) => m.seq > answer.version)];
      if (this.isOpen) this.markRead();
      this.scrollDown = true;
      this.page.render();
    } catch {
      // The live connection brings the next messages; the list is loaded again on the next change.
      this.loadedFor = null;
    }
  }

  private markRead(): void {
    const last = this.messages[this.messages.length - 1]?.seq ?? 0;
    if (last > this.readUpTo) {
      this.readUpTo = last;
      rememberChatRead(this.page.route.gameId, last);
    }
  }

  toggle(): void {
    this.isOpen = !this.isOpen;
    this.notice = null;
    if (this.isOpen) {
      this.markRead();
      this.scrollDown = true;
    }
    this.page.render();
  }

  type(text: string): void {
    this.draft = text;
    this.error = null;
    this.page.render();
  }

  /** Free text (checked here as the server will: text.ts) or a quick phrase. */
  async send(said: { text: string } | { phrase: QuickPhrase }): Promise<void> {
    if (!this.canWrite || this.busy) return;
    let request: { text: string } | { phrase: QuickPhrase } = said;
    if ("text" in said) {
      const checked = checkPlayerText(said.text, Number.MAX_SAFE_INTEGER);
      if (!checked.ok) return this.failed("BAD_MESSAGE");
      if (checked.text === "") return;
      if (characters(checked.text) > CHAT_LIMITS.textLength) return this.failed("MESSAGE_TOO_LONG");
      request = { text: checked.text };
    }
    this.busy = true;
    this.error = null;
    // The line empties as the message leaves (it may come back live before the answer); a refusal gives it back.
    const draft = this.draft;
    if ("text" in said) this.draft = "";
    this.page.render();
    try {
      const answer = await api.say(this.page.route.gameId, this.token!, { ...request, id: crypto.randomUUID() });
      this.heard([answer.message]);
      this.markRead();
    } catch (error) {
      this.error = error instanceof ApiError ? codeText(error.code) : codeText("INTERNAL");
      if ("text" in said && this.draft === "") this.draft = draft;
    }
    this.busy = false;
    this.page.render();
  }

  private failed(code: string): void {
    this.error = code === "MESSAGE_TOO_LONG" ? t.chat.tooLong(CHAT_LIMITS.textLength) : codeText(code);
    this.page.render();
  }

  async mute(seat: number, muted: boolean): Promise<void> {
    await this.act(() => api.mute(this.page.route.gameId, this.token!, seat, muted));
  }

  async allowSpectators(open: boolean): Promise<void> {
    await this.act(() => api.chatAudience(this.page.route.gameId, this.token!, open));
  }

  async report(seq: number): Promise<void> {
    if (await this.act(() => api.report(this.page.route.gameId, this.token!, seq))) this.notice = t.chat.reported;
    this.page.render();
  }

  /** A change the server makes: the snapshot that follows it (pushed live) shows its effect. */
  private async act(call: () => Promise<unknown>): Promise<boolean> {
    if (!this.canWrite) return false;
    try {
      await call();
      this.error = null;
      return true;
    } catch (error) {
      this.error = error instanceof ApiError ? codeText(error.code) : codeText("INTERNAL");
      this.page.render();
      return false;
    }
  }

  /** After a render: the latest message in sight. */
  afterRender(root: HTMLElement): void {
    if (!this.scrollDown || !this.isOpen) return;
    const list = root.querySelector<HTMLElement>("[data-testid=chat-messages]");
    if (list) list.scrollTop = list.scrollHeight;
    this.scrollDown = false;
  }
}

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
