import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { PartnerRequest, Registered, RegisterRequest } from "../../shared/wire/tournaments";
import { z } from "../../shared/wire/z";
import type { AppEnv } from "../env";
import { limitBody } from "../http";
import { isFailure } from "../reply";
import { errorsWith, json, serve } from "./define";
import { AUTH, entrant, IdParams, NOT_FOUND, origin, PLAYER_KEY, playerWrite } from "./tournament-access";

/** A player's entry: registering (a pair's first), joining a pair with its partner link, leaving or withdrawing. */
export function serveEntries(api: OpenAPIHono<AppEnv>): void {
  serve(
    api,
    createRoute({
      method: "post",
      path: "/{id}/entries",
      tags: ["tournaments"],
      summary: "Register",
      description:
        "The caller registers (alone in an individual tournament; as the first of a pair in a pairs one, answered with the link to send their partner). By invitation: with the invitation link's token.",
      security: PLAYER_KEY,
      middleware: [limitBody] as const,
      request: { params: IdParams, body: { content: { "application/json": { schema: RegisterRequest } }, required: true } },
      responses: {
        201: json(Registered, "Registered."),
        ...errorsWith({
          400: "BAD_JSON or BAD_REQUEST.",
          401: AUTH,
          403: "FORBIDDEN: a tournament by invitation, without its invitation. A rated tournament: NOT_ESTABLISHED (with `standing`: what the player lacks) or SAME_PERSON (a device, mailbox or network shared with a player of another entry).",
          404: NOT_FOUND,
          409: "REGISTRATION_CLOSED, ALREADY_ENTERED, TOURNAMENT_STARTED or TOURNAMENT_OVER.",
          429: "RATE_LIMITED.",
        }),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const w = await playerWrite(c, id);
      if (isFailure(w)) return w;
      const body = c.req.valid("json");
      return w.room.register(id, await entrant(c, w.who, body.name), body.invite ?? null, origin(c));
    },
  );

  serve(
    api,
    createRoute({
      method: "post",
      path: "/{id}/partner",
      tags: ["tournaments"],
      summary: "Join a pair",
      description: "The partner of a pair takes its free place with the partner link's token.",
      security: PLAYER_KEY,
      middleware: [limitBody] as const,
      request: { params: IdParams, body: { content: { "application/json": { schema: PartnerRequest } }, required: true } },
      responses: {
        200: json(Registered, "Joined."),
        ...errorsWith({
          400: "BAD_JSON or BAD_REQUEST.",
          401: AUTH,
          403: "A rated tournament: NOT_ESTABLISHED (with `standing`) or SAME_PERSON (a device, mailbox or network shared with a player of another entry).",
          404: "TOURNAMENT_NOT_FOUND or PARTNER_LINK_INVALID (used, or never was).",
          409: "ALREADY_ENTERED, TOURNAMENT_STARTED or TOURNAMENT_OVER.",
          429: "RATE_LIMITED.",
        }),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const w = await playerWrite(c, id);
      if (isFailure(w)) return w;
      const body = c.req.valid("json");
      return w.room.joinPartner(id, await entrant(c, w.who, body.name), body.token);
    },
  );

  serve(
    api,
    createRoute({
      method: "delete",
      path: "/{id}/entries/mine",
      tags: ["tournaments"],
      summary: "Leave or withdraw",
      description:
        "Before the first round the caller's entry leaves (a pair's both players). Afterwards it withdraws: its remaining rounds go to its opponents by forfeit, or the computer plays them, as the organiser chose; a table in play is resigned or handed to the computer.",
      security: PLAYER_KEY,
      request: { params: IdParams },
      responses: {
        200: json(z.object({ version: z.int() }), "Left."),
        ...errorsWith({
          401: AUTH,
          404: "TOURNAMENT_NOT_FOUND or NOT_ENTERED.",
          409: "TOURNAMENT_OVER, or withdrawn already.",
          429: "RATE_LIMITED.",
        }),
      },
    }),
    async (c) => {
      const { id } = c.req.valid("param");
      const w = await playerWrite(c, id);
      if (isFailure(w)) return w;
      return w.room.leave(id, w.who.player);
    },
  );
}
