import { DurableObject } from "cloudflare:workers";
import type { Env } from "./env";

/**
 * One game's single writer. Placeholder: the real room (seats, moves, event
 * log, outbox, WebSockets, alarm) comes later.
 */
export class GameRoom extends DurableObject<Env> {
  override async fetch(_request: Request): Promise<Response> {
    return Response.json(
      { error: { code: "NOT_IMPLEMENTED", message: "Game rooms are not open yet." } },
      { status: 501 },
    );
  }
}
