import type { Entry } from "./table";

/**
 * Whether a log entry notifies anyone: the room queues an entry's
 * notifications in its outbox in the entry's own transaction (room.ts) only
 * then, so that entries that notify nobody cost the outbox nothing; they are
 * built when the outbox is drained (notifications.ts).
 */
export function notifies(entry: Pick<Entry, "body" | "events">): boolean {
  if (entry.body.type === "created") return true;
  if (entry.body.type === "message") return true;
  if (entry.body.type === "reminder") return !entry.body.live;
  if (entry.body.type === "timedOut") return true;
  // The player a seat was taken from is told; an entry from before the room kept who that was tells nobody.
  if (entry.body.type === "seatReissued") return typeof entry.body.player === "string";
  return entry.events.some((e) => e.type === "turn" || e.type === "handEnded" || e.type === "matchEnded");
}
