import type { EventsResponse } from "../shared/api";
import type { Caller } from "./caller";
import type { ErrorStatus, Failure, Json, Reply } from "./reply";
import { done } from "./reply";
import type { GameRoom } from "./room/game-room";

/**
 * Long polling held by the Worker, never by the room: the Worker opens a
 * WebSocket to the game's room (accepted through the Hibernation API, so
 * the room may sleep while it is open: room/sockets.ts) and waits on it for
 * the next events. The room, woken by a move, pushes them to every socket
 * as it pushes a browser's, and goes back to sleep; the Worker answers the
 * poll and closes its socket. A poll that waited for nothing asks the room
 * once, over the same socket, for the table as it stands then (its clock's
 * `asOf` fresh). Only the room's moments of work are Durable Object duration;
 * the wait is the Worker's, which is billed by CPU, not by wall time.
 *
 * The room sends a poll's socket the events after `since` at once when
 * there are some, and nothing while there are none (sockets.ts): the first
 * events message is the answer, whenever it comes. A poll's socket
 * does not count as a player at the table (no email or push is held back
 * for it, and the computer does not slow down for it).
 */

/** The prefix of every events push (sockets.ts `catchUp`); the rest is an `EventsResponse`. */
const EVENTS = '{"type":"events",';

/** How long the room may take to answer the last ask, after the wait. */
const LAST_ASK_MS = 10_000;

/** A room's refusal of the socket, as the route's failure. */
async function refusal(answer: Response): Promise<Failure> {
  const retryAfter = answer.headers.get("Retry-After");
  return {
    ok: false,
    status: answer.status as ErrorStatus,
    body: (await answer.json()) as Failure["body"],
    ...(retryAfter ? { headers: { "Retry-After": retryAfter } } : {}),
  };
}

export async function pollEvents(
  room: DurableObjectStub<GameRoom>,
  caller: Caller,
  since: number,
  waitSeconds: number,
  url: string,
): Promise<Reply<Json<EventsResponse>>> {
  const headers = new Headers({ Upgrade: "websocket", "x-caller": JSON.stringify(caller), "x-poll": String(since) });
  const answer = await room.fetch(new Request(url, { headers }));
  const ws = answer.webSocket;
  if (answer.status !== 101 || !ws) return refusal(answer);
  const reply = await new Promise<Reply<Json<EventsResponse>>>((resolve) => {
    let timer: ReturnType<typeof setTimeout> | null = null;
    const finish = (reply: Reply<Json<EventsResponse>>) => {
      if (timer !== null) clearTimeout(timer);
      ws.removeEventListener("message", onMessage);
      ws.removeEventListener("close", onClose);
      try {
        ws.close(1000, "answered");
      } catch {
        // Closed already.
      }
      resolve(reply);
    };
    const onMessage = (message: MessageEvent) => {
      const text = String(message.data);
      // Events: what was new when the socket opened, news since (a move, a seat taken), or the ask after the wait.
      if (text.startsWith(EVENTS)) {
        finish(done(`{${text.slice(EVENTS.length)}` as Json<EventsResponse>));
        return;
      }
      const refused = JSON.parse(text) as { type?: string; status?: number; error?: Failure["body"]["error"] };
      if (refused.type === "error" && refused.error)
        finish({ ok: false, status: (refused.status ?? 400) as ErrorStatus, body: { error: refused.error } });
    };
    // The room went away meanwhile (a restart, a new version): asked once more, at once.
    const onClose = () => {
      finish(done("" as Json<EventsResponse>));
    };
    ws.addEventListener("message", onMessage);
    ws.addEventListener("close", onClose);
    ws.accept();
    timer = setTimeout(() => {
      ws.send(JSON.stringify({ type: "resume", since }));
      timer = setTimeout(onClose, LAST_ASK_MS);
    }, waitSeconds * 1000);
  });
  return reply.ok && reply.body === "" ? room.events(caller, since) : reply;
}
