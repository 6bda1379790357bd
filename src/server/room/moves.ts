import { applyMove, makeMove, needsDeal, type Outcome } from "../../engine/index";
import { type EventsResponse, LIMITS } from "../../shared/api";
import { done, type Failure, fail, type Reply } from "../reply";
import { nextDeal } from "./fairness";
import type { Room } from "./room";
import type { LogBody } from "./table";
import { eventsSince, snapshot } from "./views";

/** A move request, checked for shape (the move itself is the engine's to judge). */
export interface MoveRequest {
  readonly move: unknown;
  readonly version: number;
  readonly key: string | null;
}

export function isIdempotencyKey(value: unknown): value is string {
  return typeof value === "string" && value.length >= 1 && value.length <= LIMITS.idempotencyKeyLength;
}

export function parseMoveRequest(body: unknown, headerKey: string | null): MoveRequest | Failure {
  if (typeof body !== "object" || body === null || Array.isArray(body)) {
    return fail(400, "BAD_REQUEST", 'A move request is an object: {"move": {...}, "version": N, "id": "..."}.');
  }
  const raw = body as Record<string, unknown>;
  if (!Number.isSafeInteger(raw.version) || (raw.version as number) < 0) {
    return fail(400, "BAD_REQUEST", "version must be the game's version the move was chosen at (a whole number).");
  }
  const key = raw.id ?? headerKey;
  if (key !== undefined && key !== null && !isIdempotencyKey(key)) {
    return fail(400, "BAD_REQUEST", `id (the idempotency key) must be a string of 1 to ${LIMITS.idempotencyKeyLength} characters.`);
  }
  return { move: raw.move, version: raw.version as number, key: (key as string | null | undefined) ?? null };
}

/**
 * Plays a seat's move: a retry of an answered key gets the first answer; a
 * stale version is refused; the engine judges the move. An accepted move,
 * the next hand's deal if it ended a hand, and the remembered answer are
 * written in one transaction. A refusal changes nothing.
 */
export function playMove(
  room: Room,
  seat: number,
  request: MoveRequest,
  now: number,
): { reply: Reply<EventsResponse>; committed: boolean } {
  const { storage, table } = room;
  const fingerprint = JSON.stringify([request.move, request.version]);
  if (request.key !== null) {
    const answered = storage.answer(seat, request.key);
    if (answered) {
      if (answered.request === fingerprint) return { reply: done(answered.body as EventsResponse), committed: false };
      return { reply: fail(422, "IDEMPOTENCY_KEY_REUSED", "This id was already used for another move."), committed: false };
    }
  }
  if (request.version !== table.version) {
    const message = `The game is at version ${table.version}, not ${request.version}: look at the table again and choose again.`;
    return { reply: fail(409, "STALE_VERSION", message, { currentVersion: table.version }), committed: false };
  }
  const moved = applyMove(table.state, seat, request.move);
  if (!moved.ok) return { reply: fail(422, moved.error.code, moved.error.message), committed: false };
  const after = moved.value.state;
  const made = makeMove(moved.value.move);
  const entries: { body: LogBody; outcome?: Outcome }[] = [
    { body: { type: "move", seat, move: made, id: request.key, events: moved.value.events }, outcome: moved.value },
  ];
  if (needsDeal(after)) entries.push({ body: nextDeal(table.created, after, after.past.length + 1) });
  let answer: EventsResponse | undefined;
  room.append(entries, now, () => {
    const latest = room.table;
    answer = { version: latest.version, events: eventsSince(latest, seat, request.version), view: snapshot(latest, room.seats, seat) };
    if (request.key !== null) storage.remember(seat, request.key, fingerprint, answer, latest.version);
  });
  return { reply: done(answer!), committed: true };
}
