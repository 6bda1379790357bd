import { type ClientMessage, type GameSnapshot, LIMITS, type ServerMessage, type Viewer, WS_PROTOCOL } from "../../shared/api";
import { isIdempotencyKey } from "./moves";
import type { Room } from "./room";
import { eventsSince, snapshot } from "./views";

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
}

export function attachmentOf(ws: WebSocket): Attachment {
  return ws.deserializeAttachment() as Attachment;
}

export function send(ws: WebSocket, message: ServerMessage): void {
  try {
    ws.send(JSON.stringify(message));
  } catch {
    // The socket is closing; the client resumes when it reconnects.
  }
}

/** Accepts a socket for `viewer` and sends it the table as it stands. */
export function acceptSocket(ctx: DurableObjectState, room: Room, viewer: Viewer, offeredProtocols: string | null): Response {
  const [client, server] = Object.values(new WebSocketPair()) as [WebSocket, WebSocket];
  ctx.acceptWebSocket(server);
  server.serializeAttachment({ viewer, seen: 0, key: `socket:${crypto.randomUUID()}` } satisfies Attachment);
  catchUp(room, server, null);
  const offered = (offeredProtocols ?? "").split(",").map((p) => p.trim());
  const headers: HeadersInit = offered.includes(WS_PROTOCOL) ? { "Sec-WebSocket-Protocol": WS_PROTOCOL } : {};
  return new Response(null, { status: 101, webSocket: client, headers });
}

/** Sends a socket the events after `since` (none for a fresh socket, which starts from the view) and the view. */
export function catchUp(room: Room, ws: WebSocket, since: number | null, views?: Map<Viewer, GameSnapshot>): void {
  const attachment = attachmentOf(ws);
  const { viewer } = attachment;
  const table = room.table;
  const view = views?.get(viewer) ?? snapshot(table, room.seats, viewer);
  views?.set(viewer, view);
  const events = since === null ? [] : eventsSince(table, viewer, since);
  send(ws, { type: "events", version: table.version, events, view });
  ws.serializeAttachment({ ...attachment, seen: table.version } satisfies Attachment);
}

/**
 * Pushes every socket what it has not seen yet, each cut for its viewer;
 * with `seatsChanged`, every socket gets the new view even without events.
 * `views` may already hold some viewers' snapshots of the table as it is now.
 */
export function broadcast(ctx: DurableObjectState, room: Room, seatsChanged = false, views = new Map<Viewer, GameSnapshot>()): void {
  for (const ws of ctx.getWebSockets()) {
    const { seen } = attachmentOf(ws);
    if (seatsChanged || seen < room.table.version) catchUp(room, ws, seen, views);
  }
}

/** Reads a client message; null when it is not one. */
export function parseClientMessage(text: string): ClientMessage | "BAD_JSON" | "BODY_TOO_LARGE" | null {
  if (text.length > LIMITS.bodyBytes) return "BODY_TOO_LARGE";
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch {
    return "BAD_JSON";
  }
  if (typeof raw !== "object" || raw === null) return null;
  const m = raw as Record<string, unknown>;
  switch (m.type) {
    case "move":
      return isIdempotencyKey(m.id) ? { type: "move", move: m.move, version: m.version as number, id: m.id } : null;
    case "resume":
      return Number.isSafeInteger(m.since) && (m.since as number) >= 0 ? { type: "resume", since: m.since as number } : null;
    default:
      return null;
  }
}
