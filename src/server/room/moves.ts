import { applyMove, makeMove, needsDeal, type Outcome } from "../../engine/index";
import type { EventsResponse } from "../../shared/api";
import type { Move } from "../../shared/wire/move";
import { sha256Hex } from "../auth";
import type { LogBody } from "../db/log-entry";
import { done, type Failure, fail, type Json, type Reply } from "../reply";
import { isChatBody } from "./chat";
import { nextDeal } from "./fairness";
import type { Room } from "./room";

/** A move request, its shape already checked by the wire schema; the move itself is the engine's to judge. */
export interface MoveRequest {
  readonly move: Move;
  readonly version: number;
  readonly key: string | null;
}

/** How a move request is told apart from another one under the same key. */
const fingerprint = (request: MoveRequest) => sha256Hex(JSON.stringify([request.move, request.version])).slice(0, 32);

/** What the room does with a played move's answer: serialise it (and push it to the mover's sockets). */
export type Answer = (table: Room["table"], since: number, until: number) => Json<EventsResponse>;

/**
 * Plays a seat's move: a retry of an answered key gets the first answer
 * again; a stale version is refused; the engine judges the move. An accepted
 * move and the next hand's deal, if it ended a hand, are written in one
 * transaction. A refusal changes nothing.
 *
 * Keys are remembered with the log itself (the move entry holds its key and
 * a hash of the request), so a room rebuilt from D1 still recognises a
 * retry: its answer is rebuilt from the log as it stood after the move.
 */
export function playMove(
  room: Room,
  seat: number,
  request: MoveRequest,
  now: number,
  answer: Answer,
): { reply: Reply<Json<EventsResponse>>; committed: boolean } {
  const { table } = room;
  const print = request.key === null ? undefined : fingerprint(request);
  if (request.key !== null) {
    const earlier = table.keyed(seat, request.key);
    if (earlier) {
      const body = earlier.body as Extract<LogBody, { type: "move" }>;
      if (body.request !== print) return { reply: keyReused(), committed: false };
      const until = table.answeredAt(earlier.seq);
      return { reply: done(answer(table.at(until), earlier.seq - 1, until)), committed: false };
    }
  }
  if (request.version !== table.version && !onlyChatSince(table, request.version)) {
    const message = `The game is at version ${table.version}, not ${request.version}: look at the table again and choose again.`;
    return { reply: fail(409, "STALE_VERSION", message, { currentVersion: table.version }), committed: false };
  }
  const moved = applyMove(table.state, seat, request.move);
  if (!moved.ok) return { reply: fail(422, moved.error.code, moved.error.message), committed: false };
  const after = moved.value.state;
  const body: LogBody = { type: "move", seat, move: makeMove(moved.value.move), id: request.key, ...(print ? { request: print } : {}) };
  const entries: { body: LogBody; outcome?: Outcome }[] = [{ body, outcome: moved.value }];
  if (needsDeal(after)) entries.push({ body: nextDeal(table.created, after, after.past.length + 1) });
  room.append(entries, now);
  const latest = room.table;
  return { reply: done(answer(latest, request.version, latest.version)), committed: true };
}

/**
 * Whether nothing but the chat (chat.ts) was written since `version`: the
 * cards are as the player saw them, so a move chosen then still stands — a
 * message arriving while a player thinks never costs them their move.
 */
function onlyChatSince(table: Room["table"], version: number): boolean {
  return version >= 1 && version < table.version && table.since(version).every((entry) => isChatBody(entry.body));
}

function keyReused(): Failure {
  return fail(422, "IDEMPOTENCY_KEY_REUSED", "This id was already used for another move.");
}
