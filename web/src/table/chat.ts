import type { ChatMessage, GameSnapshot, WireEvent } from "../../../src/shared/api";
import { CHAT_LIMITS, type QuickPhrase } from "../../../src/shared/chat";
import { characters, checkPlayerText } from "../../../src/shared/text";
import { ApiError, api } from "../api";
import { codeText, t } from "../i18n/index";
import { chatReadUpTo, rememberChatRead } from "../store";

/**
 * The table's chat (docs/chat.md): its state and its talk with the server;
 * chat-view.ts draws it. On a phone: a button in the top bar with
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
