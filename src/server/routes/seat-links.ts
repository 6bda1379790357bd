import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { ClaimResponse, HostSeatsResponse, SeatLinkRequest } from "../../shared/wire/api";
import { z } from "../../shared/wire/z";
import type { AppEnv } from "../env";
import { gameUrl, limitBody } from "../http";
import { done } from "../reply";
import { errors, json, serve } from "./define";
import { PlayerKeyHeader } from "./game-params";

/**
 * The creator's fresh link for a seat (room/seats.ts says when an opened
 * one may get it): the secret returned once at creation (`host.token`)
 * authorises it. Served on the
 * games API, whose middleware resolves the game and the caller.
 */
export function serveSeatLinks(gamesApi: OpenAPIHono<AppEnv>): void {
  serve(
    gamesApi,
    createRoute({
      method: "get",
      path: "/{id}/seats",
      tags: ["games"],
      summary: "The seats as the creator sees them: which may get a fresh link now",
      description:
        "Bearer: the creator's secret. Each seat: opened or not, and whether `POST …/seats/{seat}/link` would give it a fresh link now (free, its player gone, or opened by the creator's own player: X-Player-Key), else why not and from when it may.",
      security: [{ hostToken: [] }],
      request: {
        params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, description: "The game's id." }) }),
        headers: PlayerKeyHeader,
      },
      responses: { 200: json(HostSeatsResponse, "Every seat."), ...errors(401, 403, 404, 429) },
    }),
    async (c) => {
      const { room, caller } = c.get("game");
      return room.seatsForHost(caller);
    },
  );

  serve(
    gamesApi,
    createRoute({
      method: "post",
      path: "/{id}/seats/{seat}/link",
      tags: ["games"],
      summary: "A fresh link for a seat (the creator's secret)",
      description:
        "Bearer: the creator's secret (`host.token` of the creation's answer). The seat gets a fresh token and its old link stops working. A seat nobody has opened gets one at any time. An opened seat belongs to its player: it gets one only once that player is gone — a turn of their own ran out of their time (a week without a clock) since they were last at the table, at least a day ago, their declared absences not counting, and they are neither away on an absence nor at the table now (docs/playing.md, \"A lost seat\"); or, outside a rated match, its player is the creator's own (X-Player-Key: a friend's seat the creator opened by mistake, given back at once, telling nobody) — else 409 SEAT_TAKEN with `away` saying why and from when. The seat is then free for whoever opens the fresh link, the game's log records it (event `seatReissued`), the player it was taken from is told (notification `seatReissued`), and the old link answers 401 SEAT_REISSUED.",
      security: [{ hostToken: [] }],
      middleware: [limitBody] as const,
      request: {
        params: z.object({
          id: z.string().openapi({ param: { name: "id", in: "path" }, description: "The game's id." }),
          seat: z.coerce
            .number()
            .int("seat must be a seat number")
            .min(0, "seat must be a seat number")
            .max(3, "seat must be a seat number")
            .openapi({ param: { name: "seat", in: "path" }, description: "The seat, from 0." }),
        }),
        headers: PlayerKeyHeader,
        body: { content: { "application/json": { schema: SeatLinkRequest } } },
      },
      responses: { 200: json(ClaimResponse, "The seat and its fresh link."), ...errors(400, 401, 403, 404, 409, 413, 415, 429) },
    }),
    async (c) => {
      const { id, room, caller } = c.get("game");
      const { seat } = c.req.valid("param");
      const issued = await room.seatLink(caller, seat, c.req.valid("json")?.name);
      if (!issued.ok) return issued;
      return done({ seat: issued.body.seat, token: issued.body.token, url: gameUrl(c, id, `seat=${issued.body.token}`) });
    },
  );
}
