import { ErrorBody, EventsResponse } from "./api";
import { Move } from "./move";
import { z } from "./z";

/** WebSocket messages (`GET /api/games/{id}/ws`). */

export const ClientMessage = z.discriminatedUnion("type", [
  z.strictObject({ type: z.literal("move"), move: Move, version: z.int().min(0), id: z.string().min(1).max(100) }),
  z.strictObject({ type: z.literal("resume"), since: z.int().min(0) }),
]);

export const ServerMessage = z.discriminatedUnion("type", [
  EventsResponse.extend({ type: z.literal("events") }),
  z.object({ type: z.literal("accepted"), id: z.string(), version: z.int() }),
  ErrorBody.extend({ type: z.literal("error"), id: z.string().nullable(), status: z.int() }),
]);

export type ClientMessage = z.infer<typeof ClientMessage>;
export type ServerMessage = z.infer<typeof ServerMessage>;
