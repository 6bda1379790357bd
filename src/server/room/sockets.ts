import type { ClientMessage, ServerMessage, Viewer } from "../../shared/api";
import { LIMITS, WS_DEVICE_REMOVED, WS_PROTOCOL, WS_SEAT_BOUND } from "../../shared/limits";
import { ClientMessage as ClientMessageSchema } from "../../shared/wire/socket";
import { type Failure, fail, type Reply } from "../reply";
import { describeIssues } from "../validation";
import type { MoveRequest } from "./moves";
import type { Room } from "./room";
import type { Snapshots } from "./snapshots";

/**
 * WebSockets through the Hibernation API: the room may sleep while sockets
 * stay open. Each socket's attachment holds its viewer and the last seq it
 * was sent, so that after a wake every socket gets exactly what it missed.
 */
export interface Attachment {
  readonly viewer: Viewer;
  readonly seen: number;
  /** This socket's own rate-limit key. */
  readonly key: string;
  /** SHA-256 of the key of the device that opened it, if it said (closed when the device is cut off: cutDevice). */
  readonly device?: string | null;
  /** A long poll's socket, held by the Worker (long-poll.ts): not a player at the table; the version its client has. */
  readonly poll?: number;
}

/**
 * Each socket's attachment as this instance last wrote or read it: every
 * move reads every socket's (who it is, what it has seen), and reading it
 * back from the runtime deserialises it each time. The runtime's copy stays
 * the truth (it outlives hibernation); a socket this map lacks is read from it.
 */
const attachments = new WeakMap<WebSocket, Attachment>();

export function attachmentOf(ws: WebSocket): Attachment {
  let attachment = attachments.get(ws);
  if (attachment === undefined) {
    attachment = ws.deserializeAttachment() as Attachment;
    attachments.set(ws, attachment);
  }
  return attachment;
}

function attach(ws: WebSocket, attachment: Attachment): void {
  ws.serializeAttachment(attachment);
  attachments.set(ws, attachment);
}

export function send(ws: WebSocket, message: ServerMessage | string): void {
  try {
    ws.send(typeof message === "string" ? message : JSON.stringify(message));
  } catch {
    // The socket is closing; the client resumes when it reconnects.
  }
}

/**
 * Accepts a socket for `viewer` and sends it the table as it stands; a long
 * poll's (`pollSince`: the version its client has) the events after that
 * version, or nothing while there are none (long-poll.ts).
 */
export function acceptSocket(
  ctx: DurableObjectState,
  room: Room,
  snapshots: Snapshots,
  viewer: Viewer,
  offeredProtocols: string | null,
  now: number = Date.now(),
  device: string | null = null,
  pollSince: number | null = null,
): Response {
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  ctx.acceptWebSocket(server);
  const since = Math.min(pollSince ?? room.table.version, room.table.version);
  const poll = pollSince === null ? {} : { poll: pollSince };
  // A long poll with nothing new yet is sent nothing (no view built, no frame): it stays open for the next push.
  const waits = pollSince !== null && since === room.table.version;
  attach(server, { viewer, seen: waits ? since : 0, key: `socket:${crypto.randomUUID()}`, device, ...poll });
  if (!waits) catchUp(room, snapshots, server, since, now);
  const offered = (offeredProtocols ?? "").split(",").map((p) => p.trim());
  const headers: HeadersInit = offered.includes(WS_PROTOCOL) ? { "Sec-WebSocket-Protocol": WS_PROTOCOL } : {};
  return new Response(null, { status: 101, webSocket: client, headers });
}

/**
 * Sends a socket the events after `since` and the view. `texts` shares the
 * serialised message between sockets of the same viewer that saw the same
 * version (the usual case: every socket saw the previous move).
 */
export function catchUp(room: Room, snapshots: Snapshots, ws: WebSocket, since: number, now: number, texts?: Map<string, string>): void {
  const attachment = attachmentOf(ws);
  const { viewer } = attachment;
  const cacheKey = `${viewer}:${since}`;
  let text = texts?.get(cacheKey);
  if (text === undefined) {
    text = `{"type":"events",${snapshots.events(room, viewer, since, now).slice(1)}`;
    texts?.set(cacheKey, text);
  }
  send(ws, text);
  // A long poll's answer is the first thing it is sent (news, or what it asked for after its wait): the room closes
  // its socket, so that the Worker's close wakes no room (long-poll.ts).
  if (attachment.poll !== undefined) {
    closeQuietly(ws);
    return;
  }
  if (attachment.seen !== room.table.version) attach(ws, { ...attachment, seen: room.table.version });
}

function closeQuietly(ws: WebSocket): void {
  try {
    ws.close(1000, "answered");
  } catch {
    // Closed already.
  }
}

/**
 * Pushes every socket what it has not seen yet, each cut for its viewer;
 * with `seatsChanged`, every socket gets the new view even without events.
 */
export function broadcast(ctx: DurableObjectState, room: Room, snapshots: Snapshots, now: number, seatsChanged = false): void {
  const texts = new Map<string, string>();
  for (const ws of ctx.getWebSockets()) {
    const { seen } = attachmentOf(ws);
    if (seatsChanged || seen < room.table.version) catchUp(room, snapshots, ws, seen, now, texts);
  }
}

/**
 * Closes every socket `device` opened: it was removed from the seat's player (`removed`), or it joined another player
 * and its seats' sockets close as a link's would once its player opened it (WS_SEAT_BOUND). Returns how many.
 */
export function closeDevice(ctx: DurableObjectState, device: string, removed = true): number {
  let closed = 0;
  for (const ws of ctx.getWebSockets()) {
    const attachment = attachmentOf(ws);
    if (attachment.device !== device || (!removed && attachment.viewer === null)) continue;
    try {
      if (removed) ws.close(WS_DEVICE_REMOVED, "device removed");
      else ws.close(WS_SEAT_BOUND, "device linked to another player");
    } catch {
      // Already closing.
    }
    closed++;
  }
  return closed;
}

/**
 * Closes the sockets of `seat` not opened by `device`: the seat just became the player's of `device`, and a socket
 * opened before with its link alone (no player key) is no longer let see it. A long poll's socket, closed, asks the
 * room again (long-poll.ts), and is refused there.
 */
export function closeSeat(ctx: DurableObjectState, seat: number, device: string | null): void {
  for (const ws of ctx.getWebSockets()) {
    const attachment = attachmentOf(ws);
    if (attachment.viewer !== seat || (device !== null && attachment.device === device)) continue;
    try {
      ws.close(WS_SEAT_BOUND, "seat bound to its player");
    } catch {
      // Already closing.
    }
  }
}

/** Whether a socket of `viewer` is open (a player at the table live; a long poll's socket is not one). */
export function connected(ctx: DurableObjectState, viewer: Viewer): boolean {
  return ctx.getWebSockets().some((ws) => {
    const attachment = attachmentOf(ws);
    return attachment.viewer === viewer && !attachment.poll;
  });
}

/** Whether anyone has the table open live (a long poll's socket is not). */
export function anyoneLive(ctx: DurableObjectState): boolean {
  return ctx.getWebSockets().some((ws) => !attachmentOf(ws).poll);
}

/** Reads a client message; a failure names what is wrong. */
export type BadMessage = { error: "BAD_JSON" | "BODY_TOO_LARGE" | "BAD_REQUEST" | "BAD_MOVE"; message: string; id: string | null };

export function parseClientMessage(text: string): ClientMessage | BadMessage {
  if (text.length > LIMITS.bodyBytes)
    return { error: "BODY_TOO_LARGE", message: `Messages are limited to ${LIMITS.bodyBytes} bytes.`, id: null };
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return { error: "BAD_JSON", message: "The message is not valid JSON.", id: null };
  }
  const parsed = ClientMessageSchema.safeParse(raw);
  if (parsed.success) return parsed.data;
  const inMove = parsed.error.issues[0]?.path[0] === "move";
  const id = (raw as { id?: unknown } | null)?.id;
  return {
    id: typeof id === "string" && id.length >= 1 && id.length <= LIMITS.idempotencyKeyLength ? id : null,
    error: inMove ? "BAD_MOVE" : "BAD_REQUEST",
    message: `${describeIssues(parsed.error)} (messages are {"type":"move","move":…,"version":N,"id":"…"} or {"type":"resume","since":N})`,
  };
}

/** What a socket's message may ask of its room. */
export interface MessageHandlers {
  /** Catch up from a version; a failure (rate limited) to tell the socket. */
  resume(since: number): Failure | null;
  play(seat: number, request: MoveRequest, accepted: (version: number) => void): Promise<Reply<unknown>>;
}

/** A client's message: a resume, or a move (the sender hears "accepted" first, then the events push every socket gets). */
export async function onMessage(ws: WebSocket, data: string | ArrayBuffer, handlers: MessageHandlers): Promise<void> {
  const { viewer } = attachmentOf(ws);
  const refuse = (failure: Failure, id: string | null = null) => send(ws, { type: "error", id, status: failure.status, ...failure.body });
  if (typeof data !== "string") return refuse(fail(400, "BAD_REQUEST", "Messages are JSON text."));
  const message = parseClientMessage(data);
  if ("error" in message) {
    const status = message.error === "BODY_TOO_LARGE" ? 413 : message.error === "BAD_MOVE" ? 422 : 400;
    return refuse(fail(status, message.error, message.message), message.id);
  }
  if (message.type === "resume") {
    const refused = handlers.resume(message.since);
    return refused ? refuse(refused) : undefined;
  }
  if (viewer === null) return refuse(fail(403, "FORBIDDEN", "Spectators cannot move."), message.id);
  const reply = await handlers.play(viewer, { move: message.move, version: message.version, key: message.id }, (version) =>
    send(ws, { type: "accepted", id: message.id, version }),
  );
  if (!reply.ok) refuse(reply, message.id);
}
