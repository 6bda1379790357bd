import type { Viewer, WireEvent } from "../../shared/api";
import type { ChatAudience } from "../../shared/chat";
import type { ChatMessage, ChatState } from "../../shared/wire/chat";
import type { ChatBody } from "../db/log-entry";

/**
 * The table's chat (docs/chat.md) as the game's log has it: its entries (a
 * message, a mute, a seat's choice of audience: db/log-entry.ts, ChatBody)
 * followed in order, and what each viewer is shown of them.
 */

export type MessageBody = Extract<ChatBody, { type: "message" }>;

const CHAT_TYPES: ReadonlySet<string> = new Set(["message", "mute", "chatAudience"]);

export function isChatBody(body: { type: string }): body is ChatBody {
  return CHAT_TYPES.has(body.type);
}

/** The chat's state as the log has it: each seat's choice of audience, each seat's mutes, the messages' keys. */
export class Chat {
  /** Per seat: whether it lets spectators read. Starts at the creator's choice. */
  readonly open: boolean[];
  /** Per seat: the seats it has muted. */
  readonly muted: Set<number>[];
  private readonly keys = new Map<string, number>();

  constructor(players: number, spectators: boolean) {
    this.open = Array.from({ length: players }, () => spectators);
    this.muted = Array.from({ length: players }, () => new Set<number>());
  }

  get audience(): ChatAudience {
    return this.open.every(Boolean) ? "everyone" : "players";
  }

  /** Follows one log entry (any kind: only the chat's change anything). */
  follow(seq: number, body: { type: string }): void {
    if (!isChatBody(body)) return;
    if (body.type === "chatAudience") this.open[body.seat] = body.open;
    else if (body.type === "mute") {
      if (body.on) this.muted[body.seat]?.add(body.muted);
      else this.muted[body.seat]?.delete(body.muted);
    } else if (body.id !== undefined) this.keys.set(`${body.seat}:${body.id}`, seq);
  }

  /** What the log built, to save with the table (table.ts `save`). */
  save(): { open: boolean[]; muted: number[][]; keys: [string, number][] } {
    return { open: [...this.open], muted: this.muted.map((m) => [...m]), keys: [...this.keys] };
  }

  /** Takes back what `save` kept. */
  load(saved: { open: readonly boolean[]; muted: readonly (readonly number[])[]; keys: readonly (readonly [string, number])[] }): void {
    saved.open.forEach((open, seat) => {
      this.open[seat] = open;
    });
    saved.muted.forEach((muted, seat) => {
      this.muted[seat] = new Set(muted);
    });
    for (const [key, seq] of saved.keys) this.keys.set(key, seq);
  }

  /** The message a seat wrote under an idempotency key, if any. */
  keyed(seat: number, key: string): number | null {
    return this.keys.get(`${seat}:${key}`) ?? null;
  }

  /** Whether `viewer` reads a message: a seat unless it muted the writer; a spectator only while the chat is public and if it was when written. */
  reads(viewer: Viewer, message: MessageBody): boolean {
    if (viewer === null) return message.audience === "everyone" && this.audience === "everyone";
    return viewer === message.seat || !this.muted[viewer]?.has(message.seat);
  }

  state(viewer: Viewer): ChatState {
    const muted = viewer === null ? [] : [...(this.muted[viewer] ?? [])].sort((a, b) => a - b);
    return { audience: this.audience, open: [...this.open], muted };
  }
}

/** A message as a reader sees it. */
export function messageOf(stamp: { seq: number; at: string }, body: MessageBody): ChatMessage {
  return {
    ...stamp,
    type: "message",
    seat: body.seat,
    ...(body.text !== undefined ? { text: body.text } : {}),
    ...(body.phrase !== undefined ? { phrase: body.phrase } : {}),
  };
}

/** A chat entry's event as `viewer` may see it, or null. */
export function chatEvent(chat: Chat, body: ChatBody, stamp: { seq: number; at: string }, viewer: Viewer): WireEvent | null {
  switch (body.type) {
    case "message":
      return chat.reads(viewer, body) ? messageOf(stamp, body) : null;
    case "mute":
      return viewer === body.seat ? { ...stamp, type: "mute", seat: body.seat, muted: body.muted, on: body.on } : null;
    case "chatAudience":
      return { ...stamp, type: "chatAudience", seat: body.seat, open: body.open, audience: body.audience };
  }
}
