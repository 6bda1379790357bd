import { CHAT_LIMITS } from "../../shared/chat";
import { z } from "../../shared/wire/z";
import type { ChatLine, GameNotification } from "../notify/types";
import type { MessageBody } from "./chat";
import { notificationBase } from "./notification-base";
import type { Room } from "./room";
import type { Deadline } from "./storage";

/**
 * What a message at the table tells its readers (docs/chat.md): each seat
 * whose player may hear it — a person's seat but the writer's, that has not
 * muted the writer — and that does not have the table open live gets one
 * `message` notification for push and webhooks, and, at most once an hour
 * per game, an email digest of every message since its last one.
 *
 * The room keeps, per seat, when its last digest went and up to which
 * message (`chat_mail:<seat>` in its storage). A drain that fails after
 * deciding is decided again the same way (the mark remembers where that
 * digest began), and deliveries are keyed by message and subscription, so a
 * retry never sends twice.
 */

interface Mark {
  /** When the last digest was made (ms), 0 for never. */
  readonly at: number;
  /** The last message it (or the table, seen live) covered. */
  readonly seq: number;
  /** Where the last digest began: a retry of the same drain rebuilds the same digest. */
  readonly from: number;
}

const NEVER: Mark = { at: 0, seq: 0, from: 0 };

const StoredMark = z.object({ at: z.number(), seq: z.number(), from: z.number() }) satisfies z.ZodType<Mark>;

function readMark(room: Room, seat: number): Mark {
  const raw = room.storage.getMeta(`chat_mail:${seat}`);
  if (raw === null) return NEVER;
  // A mark that can't be read (written by hand, or by an older version) counts as no digest yet.
  try {
    const parsed = StoredMark.safeParse(JSON.parse(raw));
    return parsed.success ? parsed.data : NEVER;
  } catch {
    return NEVER;
  }
}

function writeMark(room: Room, seat: number, mark: Mark): void {
  room.storage.setMeta(`chat_mail:${seat}`, JSON.stringify(mark));
}

const lineOf = (body: MessageBody, at: number): ChatLine => ({
  seat: body.seat,
  ...(body.text !== undefined ? { text: body.text } : {}),
  ...(body.phrase !== undefined ? { phrase: body.phrase } : {}),
  at,
});

/** The messages `reader` reads after `from` up to `to`, others' only. */
function linesFor(room: Room, reader: number, from: number, to: number): ChatLine[] {
  const { table } = room;
  const lines: ChatLine[] = [];
  for (const entry of table.since(from).slice(0, Math.max(0, to - from))) {
    const body = entry.body;
    if (body.type === "message" && body.seat !== reader && table.chat.reads(reader, body)) lines.push(lineOf(body, entry.at));
  }
  return lines;
}

const EVERY = CHAT_LIMITS.emailEverySeconds * 1000;

/** The seq of the last message `reader` reads after `from`, up to `to`; null when there is none. */
function lastFor(room: Room, reader: number, from: number, to: number): number | null {
  const { table } = room;
  for (let seq = to; seq > from; seq--) {
    const body = table.entry(seq)!.body;
    if (body.type === "message" && body.seat !== reader && table.chat.reads(reader, body)) return seq;
  }
  return null;
}

/**
 * When the room owes a digest: a seat with messages not yet emailed, an hour
 * after its last digest (a message that nobody follows up is still emailed,
 * once its hour is over). A seat never emailed yet owes nothing here: its
 * next message sends a digest at once.
 */
export function chatMailDue(room: Room): Deadline[] {
  let at = Number.POSITIVE_INFINITY;
  for (const seat of room.seats) {
    if (seat.playerHash === null) continue;
    const mark = readMark(room, seat.seat);
    if (mark.at === 0 || lastFor(room, seat.seat, mark.seq, room.table.version) === null) continue;
    at = Math.min(at, mark.at + EVERY);
  }
  return Number.isFinite(at) ? [{ kind: "chatMail", at }] : [];
}

/**
 * The digests due at `now` (chatMailDue), and how to mark them sent: the
 * caller marks them only once they are fanned out, so a failure sends them
 * again later, under the same keys (the last message's seq), once.
 */
export function dueDigests(
  room: Room,
  now: number,
  live: (seat: number) => boolean,
  clockOffset = 0,
): { notifications: GameNotification[]; sent(): void } {
  const { table, seats } = room;
  const notifications: GameNotification[] = [];
  const marks: [number, Mark][] = [];
  for (const seat of seats) {
    const reader = seat.seat;
    if (seat.playerHash === null) continue;
    const mark = readMark(room, reader);
    const last = lastFor(room, reader, mark.seq, table.version);
    if (mark.at === 0 || now < mark.at + EVERY || last === null) continue;
    // At the table live, the reader sees them there.
    if (live(reader)) {
      writeMark(room, reader, { ...mark, seq: table.version });
      continue;
    }
    notifications.push({
      gameId: table.id,
      seq: last,
      at: table.entry(last)!.at,
      names: seats.map((s) => s.name),
      players: seats.map((s) => s.playerHash),
      links: seats.map((s) => s.link ?? null),
      ...(clockOffset ? { clockOffset } : {}),
      type: "message",
      seat: reader,
      messages: linesFor(room, reader, mark.seq, last),
      digest: true,
    });
    marks.push([reader, { at: now, seq: last, from: mark.seq }]);
  }
  return {
    notifications,
    sent: () => {
      for (const [reader, mark] of marks) writeMark(room, reader, mark);
    },
  };
}

/** The notifications of message entry `seq`, one per reader and channel kind; marks the digests it decides. */
export function chatNotifications(room: Room, seq: number, live: (seat: number) => boolean, clockOffset = 0): GameNotification[] {
  const { table, seats } = room;
  const entry = table.entry(seq);
  if (entry?.body.type !== "message") return [];
  const body = entry.body;
  const base = notificationBase(table, seats, seq, clockOffset);
  const out: GameNotification[] = [];
  for (const seat of seats) {
    const reader = seat.seat;
    if (reader === body.seat || seat.playerHash === null || !table.chat.reads(reader, body)) continue;
    const mark = readMark(room, reader);
    if (mark.seq > seq) continue;
    // At the table live, the reader sees it there: nothing is sent, and no later digest repeats it.
    if (live(reader)) {
      if (mark.seq < seq) writeMark(room, reader, { ...mark, seq });
      continue;
    }
    out.push({ ...base, type: "message", seat: reader, messages: [lineOf(body, entry.at)], digest: false });
    const retry = mark.seq === seq && mark.at === entry.at;
    if (retry || entry.at - mark.at >= EVERY) {
      const from = retry ? mark.from : mark.seq;
      const messages = linesFor(room, reader, from, seq);
      if (messages.length > 0) out.push({ ...base, type: "message", seat: reader, messages, digest: true });
      if (!retry) writeMark(room, reader, { at: entry.at, seq, from });
    }
  }
  return out;
}
