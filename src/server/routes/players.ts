import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import { MyGamesResponse } from "../../shared/wire/api";
import { Absence, AbsenceRequest, AbsencesResponse } from "../../shared/wire/clock";
import { z } from "../../shared/wire/z";
import { absenceView, cancelAbsence, declareAbsence, listAbsences, syncRooms, yearAllowance } from "../absences";
import { database, myGames } from "../db/queries";
import type { AppEnv } from "../env";
import { limitBody, playerOf } from "../http";
import { done, isFailure } from "../reply";
import { validationHook } from "../validation";
import { errors, json, serve } from "./define";

/** A player's own things, by player key (`Authorization: Bearer <player key>`). */
export const playersApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

serve(
  playersApi,
  createRoute({
    method: "get",
    path: "/games",
    tags: ["players"],
    summary: "My games",
    description:
      "The games whose seats the player (any of their devices) opened: those awaiting the player's move first, then the most recently active. Each carries its seat's token, so that a device of the player opens the seat without its link.",
    security: [{ playerKey: [] }],
    responses: { 200: json(MyGamesResponse, "The player's games."), ...errors(401) },
  }),
  async (c) => {
    const player = await playerOf(c);
    if (isFailure(player)) return player;
    return done({ games: await myGames(database(c.env.DB), player, c.env.GAME_ID_KEY) });
  },
);

const PLAYER_KEY = [{ playerKey: [] }];

serve(
  playersApi,
  createRoute({
    method: "get",
    path: "/absences",
    tags: ["players"],
    summary: "My absences",
    description: "The absences the player declared that are not over yet, and what is left of this calendar year's 30 days.",
    security: PLAYER_KEY,
    responses: { 200: json(AbsencesResponse, "The player's absences."), ...errors(401) },
  }),
  async (c) => {
    const player = await playerOf(c);
    if (isFailure(player)) return player;
    const now = Date.now();
    const rows = await listAbsences(c.env.DB, player);
    const current = rows.filter(
      (r) => absenceView(r).until > new Date(now).toISOString() && !(r.cancelledAt !== null && r.cancelledAt <= r.from),
    );
    return done({ absences: current.map(absenceView), year: yearAllowance(rows, now) });
  },
);

serve(
  playersApi,
  createRoute({
    method: "post",
    path: "/absences",
    tags: ["players"],
    summary: "Declare an absence",
    description:
      "From `from` until `until`, every clock of the player's that is running stops, in every game where their seat is linked to this player key; opponents see it. At least an hour ahead, at most 14 days at a time and 30 days in a calendar year, never overlapping another.",
    security: PLAYER_KEY,
    middleware: [limitBody] as const,
    request: { body: { content: { "application/json": { schema: AbsenceRequest } }, required: true } },
    responses: { 201: json(Absence, "The absence, passed to the player's games."), ...errors(400, 401, 413, 415, 422) },
  }),
  async (c) => {
    const player = await playerOf(c);
    if (isFailure(player)) return player;
    const { from, until } = c.req.valid("json");
    const now = Date.now();
    const row = await declareAbsence(c.env.DB, player, Date.parse(from), Date.parse(until), now);
    if (isFailure(row)) return row;
    await syncRooms(c.env, player, now);
    return done(absenceView(row), 201);
  },
);

serve(
  playersApi,
  createRoute({
    method: "delete",
    path: "/absences/{absenceId}",
    tags: ["players"],
    summary: "Cancel an absence",
    description: "Cancelled before it starts, it never was; cancelled during it, it ends now and the player's clocks run again.",
    security: PLAYER_KEY,
    request: {
      params: z.object({
        absenceId: z
          .string()
          .max(64)
          .openapi({ param: { name: "absenceId", in: "path" } }),
      }),
    },
    responses: { 200: json(Absence, "The absence as it now stands."), ...errors(400, 401, 404) },
  }),
  async (c) => {
    const player = await playerOf(c);
    if (isFailure(player)) return player;
    const now = Date.now();
    const row = await cancelAbsence(c.env.DB, player, c.req.valid("param").absenceId, now);
    if (isFailure(row)) return row;
    await syncRooms(c.env, player, now);
    return done(absenceView(row));
  },
);
