import type { Viewer } from "../../shared/api";
import { CHAT_LIMITS, type QuickPhrase } from "../../shared/chat";
import { characters, checkPlayerText } from "../../shared/text";
import type { ChatMessage, ChatResponse, ChatState } from "../../shared/wire/chat";
import type { ReportedMessage } from "../db/chat";
import type { ChatBody } from "../db/log-entry";
import { done, fail, type Reply, rateLimited } from "../reply";
import { type MessageBody, messageOf } from "./chat";
import type { Room } from "./room";

/**
 * What a seat does with the table's chat (docs/chat.md): write, mute a
 * seat, open or close the chat to spectators, point at a message to report.
 * Each change is one log entry (chat.ts); a refusal writes nothing.
 */

export interface MessageRequest {
  readonly text?: string;
  readonly phrase?: QuickPhrase;
  readonly id?: string;
}

const HOUR = 3600_000;

/**
 * The seconds a seat must wait before its next message (0: it may write now): a few messages at once
 * (`CHAT_LIMITS.burst`, a bucket refilled one every `refillSeconds`), and at most `perHour` in any hour. Counted
 * from the seat's messages in the game's own log, not from memory: a room that sleeps between two messages, or is
 * rebuilt from D1, paces them all the same.
 */
export function chatWait(room: Room, seat: number, now: number): number {
  const { burst, refillSeconds, perHour } = CHAT_LIMITS;
  const times: number[] = [];
  for (const entry of room.table.entries) {
    if (entry.body.type === "message" && entry.body.seat === seat && entry.at > now - HOUR) times.push(entry.at);
  }
  if (times.length >= perHour) return Math.max(1, Math.ceil((times[times.length - perHour]! + HOUR - now) / 1000));
  // The bucket starts full an hour ago (it fills in burst × refillSeconds, far less), and each message takes a token.
  let tokens: number = burst;
  let at = now - HOUR;
  for (const t of times) {
    tokens = Math.min(burst, tokens + Math.max(0, t - at) / 1000 / refillSeconds) - 1;
    at = t;
  }
  tokens = Math.min(burst, tokens + Math.max(0, now - at) / 1000 / refillSeconds);
  return tokens >= 1 ? 0 : Math.max(1, Math.ceil((1 - tokens) * refillSeconds));
}

const stamp = (room: Room, seq: number) => ({ seq, at: new Date(room.table.entry(seq)!.at).toISOString() });

/** Every message `viewer` may read, oldest first, with where the chat stands. */
export function chatOf(room: Room, viewer: Viewer): ChatResponse {
  const { table } = room;
  const messages: ChatMessage[] = [];
  for (const entry of table.entries) {
    if (entry.body.type === "message" && table.chat.reads(viewer, entry.body)) messages.push(messageOf(stamp(room, entry.seq), entry.body));
  }
  return { version: table.version, chat: table.chat.state(viewer), messages };
}

/** The message's text checked (text.ts) and bounded, or the refusal with its own code. */
function checkedText(raw: string): { text: string } | ReturnType<typeof fail> {
  const checked = checkPlayerText(raw, Number.MAX_SAFE_INTEGER);
  if (!checked.ok) return fail(422, "BAD_MESSAGE", `The message ${checked.reason}.`);
  if (checked.text === "") return fail(422, "BAD_MESSAGE", "The message is empty.");
  const length = characters(checked.text);
  if (length > CHAT_LIMITS.textLength)
    return fail(422, "MESSAGE_TOO_LONG", `A message has at most ${CHAT_LIMITS.textLength} characters; this one has ${length}.`);
  return { text: checked.text };
}

/** A seat writes: a retry under the same key gets the first message back; otherwise it is checked, paced and written. */
export function postMessage(
  room: Room,
  seat: number,
  request: MessageRequest,
  now: number,
): { reply: Reply<{ version: number; message: ChatMessage }>; committed: boolean } {
  const { table } = room;
  if (request.id !== undefined) {
    const earlier = table.chat.keyed(seat, request.id);
    if (earlier !== null) {
      const body = table.entry(earlier)!.body as MessageBody;
      return { reply: done({ version: table.version, message: messageOf(stamp(room, earlier), body) }), committed: false };
    }
  }
  let said: { text: string } | { phrase: QuickPhrase };
  if (request.text !== undefined) {
    const checked = checkedText(request.text);
    if ("ok" in checked) return { reply: checked, committed: false };
    said = checked;
  } else if (request.phrase !== undefined) said = { phrase: request.phrase };
  else return { reply: fail(422, "BAD_MESSAGE", "A message is a text or a quick phrase."), committed: false };
  const wait = chatWait(room, seat, now);
  if (wait > 0) return { reply: rateLimited(wait, "messages"), committed: false };
  const body: ChatBody = { type: "message", seat, ...said, audience: table.chat.audience, ...(request.id ? { id: request.id } : {}) };
  const [row] = room.append([{ body }], now);
  return { reply: done({ version: room.table.version, message: messageOf(stamp(room, row!.seq), body) }, 201), committed: true };
}

/** A seat mutes or unmutes another seat's messages for itself. Nothing is written when nothing changes. */
export function muteSeat(
  room: Room,
  seat: number,
  muted: number,
  on: boolean,
  now: number,
): { reply: Reply<ChatState>; committed: boolean } {
  const { table } = room;
  if (muted === seat || muted >= table.created.players)
    return {
      reply: fail(400, "BAD_REQUEST", `seat: mute another seat of this game (0 to ${table.created.players - 1}, not yours).`),
      committed: false,
    };
  if (table.chat.muted[seat]!.has(muted) === on) return { reply: done(table.chat.state(seat)), committed: false };
  room.append([{ body: { type: "mute", seat, muted, on } }], now);
  return { reply: done(room.table.chat.state(seat)), committed: true };
}

/** A seat lets spectators read the chat, or stops letting them. */
export function chooseAudience(room: Room, seat: number, open: boolean, now: number): { reply: Reply<ChatState>; committed: boolean } {
  const chat = room.table.chat;
  if (chat.open[seat] === open) return { reply: done(chat.state(seat)), committed: false };
  const audience = chat.open.every((o, s) => (s === seat ? open : o)) ? "everyone" : "players";
  room.append([{ body: { type: "chatAudience", seat, open, audience } }], now);
  return { reply: done(room.table.chat.state(seat)), committed: true };
}

/**
 * The message a seat reports: any message of another seat at this table. Every seat reads every message but
 * those it muted, and a muted writer's words stay reportable: muting someone is no reason to lose the right to
 * report them (it is usually the first thing done).
 */
export function reportedMessage(room: Room, seat: number, seq: number): Reply<ReportedMessage> {
  const entry = room.table.entry(seq);
  const body = entry?.body;
  if (!entry || body?.type !== "message") return fail(404, "MESSAGE_NOT_FOUND", `No message ${seq} at this table.`);
  if (body.seat === seat) return fail(422, "BAD_MESSAGE", "A seat reports others' messages, not its own.");
  const author = room.seats[body.seat];
  return done({
    gameId: room.table.id,
    seq,
    at: entry.at,
    author: body.seat,
    authorName: author?.name ?? null,
    authorPlayer: author?.playerHash ?? null,
    reporter: seat,
    reporterPlayer: room.seats[seat]?.playerHash ?? null,
    text: body.text ?? null,
    phrase: body.phrase ?? null,
  });
}
