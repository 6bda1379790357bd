import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { OrganiserComputerRequest } from "../../shared/wire/tournaments";
import { z } from "../../shared/wire/z";
import type { AppEnv } from "../env";
import { limitBody } from "../http";
import { isFailure } from "../reply";
import type { Action } from "../tournaments/room";
import { errorsWith, json, serve } from "./define";
import { AUTH, IdParams, PLAYER_KEY, playerWrite } from "./tournament-access";

const ORGANISER_ERRORS = errorsWith({
  400: "BAD_JSON or BAD_REQUEST.",
  401: AUTH,
  403: "FORBIDDEN: not the organiser.",
  404: "TOURNAMENT_NOT_FOUND or ENTRY_NOT_FOUND.",
  409: "TOURNAMENT_STARTED, TOURNAMENT_OVER, NOT_ENOUGH_ENTRIES, ENTRY_INCOMPLETE, REGISTRATION_CLOSED or SEAT_TAKEN.",
  429: "RATE_LIMITED.",
});
const Version = json(z.object({ version: z.int() }), "Done.");

/** The organiser's action on the tournament. */
async function organiserAction(c: Context<AppEnv>, id: string, action: Action) {
  const w = await playerWrite(c, id);
  if (isFailure(w)) return w;
  return w.room.organise(id, w.who.player, action);
}

/** The organiser's actions: start, the computer in a vacant place, an entry removed, the end. */
export function serveOrganiser(api: OpenAPIHono<AppEnv>): void {
  serve(
    api,
    createRoute({
      method: "post",
      path: "/{id}/start",
      tags: ["tournaments"],
      summary: "Start (organiser)",
      description: "Closes registration, draws the order and plans the first round; its tables are made at once and their players told.",
      security: PLAYER_KEY,
      request: { params: IdParams },
      responses: { 200: Version, ...ORGANISER_ERRORS },
    }),
    async (c) => organiserAction(c, c.req.valid("param").id, { kind: "start" }),
  );

  serve(
    api,
    createRoute({
      method: "post",
      path: "/{id}/computer",
      tags: ["tournaments"],
      summary: "Put the computer in a vacant place (organiser)",
      description: "Before the start: the computer takes a pair's free place (`entry`), or enters as a new entry of its own.",
      security: PLAYER_KEY,
      middleware: [limitBody] as const,
      request: { params: IdParams, body: { content: { "application/json": { schema: OrganiserComputerRequest } }, required: true } },
      responses: { 200: Version, ...ORGANISER_ERRORS },
    }),
    async (c) => organiserAction(c, c.req.valid("param").id, { kind: "computer", entry: c.req.valid("json").entry }),
  );

  serve(
    api,
    createRoute({
      method: "delete",
      path: "/{id}/entries/{entry}",
      tags: ["tournaments"],
      summary: "Remove an entry (organiser)",
      description: "Before the start: removes a no-show. Afterwards: withdraws the entry, as the organiser chose for withdrawals.",
      security: PLAYER_KEY,
      request: {
        params: IdParams.extend({
          entry: z.coerce
            .number()
            .int()
            .min(0)
            .max(10_000)
            .openapi({ param: { name: "entry", in: "path" } }),
        }),
      },
      responses: { 200: Version, ...ORGANISER_ERRORS },
    }),
    async (c) => {
      const { id, entry } = c.req.valid("param");
      return organiserAction(c, id, { kind: "remove", entry });
    },
  );

  serve(
    api,
    createRoute({
      method: "post",
      path: "/{id}/end",
      tags: ["tournaments"],
      summary: "End (organiser)",
      description:
        "Ends the tournament: no further round; tables still playing are settled as at a round's deadline, and count when they end.",
      security: PLAYER_KEY,
      request: { params: IdParams },
      responses: { 200: Version, ...ORGANISER_ERRORS },
    }),
    async (c) => organiserAction(c, c.req.valid("param").id, { kind: "end" }),
  );
}
