import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { EventsResponse } from "../../shared/wire/api";
import { ComputerLevel } from "../../shared/wire/common";
import { z } from "../../shared/wire/z";
import type { AppEnv } from "../env";
import { limitBody } from "../http";
import { fail } from "../reply";
import { errors, json, SEAT_TOKEN, serve } from "./define";
import { GameParams, PlayerKeyHeader } from "./game-params";

/**
 * A seat and the clock: claiming the match from a seat that ran out of time,
 * and handing one's seat to the computer or taking it back (docs/clock.md;
 * the room's side: room/clock-actions.ts).
 */

/** POST /api/games/{id}/clock/claim. */
export function serveTimeoutClaim(api: OpenAPIHono<AppEnv>): void {
  serve(
    api,
    createRoute({
      method: "post",
      path: "/{id}/clock/claim",
      tags: ["games"],
      summary: "Claim the match from a seat that ran out of time",
      description:
        "With the timeout choice `claim`: once the seat to play has run out of time, any of its opponents may claim the match, which ends with the late team losing (reason `timeout`). Until someone claims, the late player may still move and the game goes on.",
      security: SEAT_TOKEN,
      request: { params: GameParams, headers: PlayerKeyHeader },
      responses: {
        200: json(EventsResponse, "The match is over: the claim's events and the game after it."),
        ...errors(400, 401, 403, 404, 409, 429),
      },
    }),
    async (c) => {
      const { room, caller } = c.get("game");
      if (caller.tokenHash === null)
        return fail(401, "AUTH_REQUIRED", "Claiming needs your seat's link (Authorization: Bearer <seat token>).");
      return room.claimTimeout(caller);
    },
  );
}

/** POST /api/games/{id}/computer. */
export function serveHandover(api: OpenAPIHono<AppEnv>): void {
  serve(
    api,
    createRoute({
      method: "post",
      path: "/{id}/computer",
      tags: ["games"],
      summary: "Let the computer play my seat, or take it back",
      description:
        "With `on: true` the computer plays the caller's seat (at `level`, by default `club`) until its player plays again or sends `on: false` — before an absence, say. Every move it makes is marked as the computer's. With nobody else at the table (every other seat the computer's), 409 NOBODY_WAITING: the game waits for the player anyway, and the computer would only play the match out alone.",
      security: SEAT_TOKEN,
      middleware: [limitBody] as const,
      request: {
        params: GameParams,
        headers: PlayerKeyHeader,
        body: {
          content: {
            "application/json": {
              schema: z
                .strictObject({ on: z.boolean(), level: ComputerLevel.optional() })
                .openapi("Handover", { example: { on: true, level: "club" } }),
            },
          },
          required: true,
        },
      },
      responses: {
        200: json(EventsResponse, "The seat's new state: its events and the game after it."),
        ...errors(400, 401, 403, 404, 409, 413, 415, 422, 429),
      },
    }),
    async (c) => {
      const { room, caller } = c.get("game");
      if (caller.tokenHash === null)
        return fail(401, "AUTH_REQUIRED", "Handing a seat over needs its link (Authorization: Bearer <seat token>).");
      const { on, level } = c.req.valid("json");
      return room.handover(caller, on, level);
    },
  );
}
