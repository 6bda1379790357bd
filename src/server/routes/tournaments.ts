import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { languageOf } from "../../shared/language";
import {
  CreatedTournament,
  CreateTournamentRequest,
  StandingsView,
  TOURNAMENT_LIMITS,
  TournamentFilters,
  TournamentList,
  TournamentView,
} from "../../shared/wire/tournaments";
import { z } from "../../shared/wire/z";
import { hashToken, newGameId, newToken } from "../auth";
import { organisedCount, publicTournaments, tournamentsOfPlayer } from "../db/tournament-queries";
import type { AppEnv } from "../env";
import { identityOf, limitBody } from "../http";
import { enrol } from "../players/identity";
import { done, fail, isFailure } from "../reply";
import { seal } from "../seal";
import { tournamentNotFound } from "../tournaments/actions";
import { settingsOf } from "../tournaments/settings";
import { validationHook } from "../validation";
import { errorsWith, json, serve } from "./define";
import {
  AUTH,
  IdParams,
  NOT_FOUND,
  OPTIONAL_PLAYER_KEY,
  origin,
  PLAYER_KEY,
  reader,
  roomOf,
  tournamentUrl,
  writer,
} from "./tournament-access";
import { serveEntries } from "./tournament-entries";
import { serveOrganiser } from "./tournament-organiser";

/** Tournaments (docs/tournaments.md): create, list, read, register, the organiser's actions, the standings and the record. */
export const tournamentsApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

serve(
  tournamentsApi,
  createRoute({
    method: "post",
    path: "/",
    tags: ["tournaments"],
    summary: "Create a tournament",
    description:
      "The caller organises it: a name, pairs or individual, the preset, rounds and hands per round, the movement, the clock per turn and each round's time, registration (until a time or a number of entries), public or by invitation link.",
    security: PLAYER_KEY,
    middleware: [limitBody] as const,
    request: { body: { content: { "application/json": { schema: CreateTournamentRequest } }, required: true } },
    responses: {
      201: json(CreatedTournament, "The tournament, open for registration."),
      ...errorsWith({
        400: "BAD_JSON or BAD_REQUEST: a malformed tournament (an unknown movement, a bad name, players not matching the format …).",
        401: AUTH,
        409: `TOO_MANY_TOURNAMENTS: the player organises ${TOURNAMENT_LIMITS.organisedAtOnce} tournaments not over.`,
        413: "BODY_TOO_LARGE.",
        415: "UNSUPPORTED_MEDIA_TYPE.",
        422: "BAD_CLOCK, BAD_RULES or BAD_TOURNAMENT: times that do not fit (a round shorter than a turn, registration closing in the past …).",
        429: "RATE_LIMITED.",
      }),
    },
  }),
  async (c) => {
    const who = await writer(c);
    if (isFailure(who)) return who;
    const now = Date.now();
    const settings = settingsOf(c.req.valid("json"), now);
    if (isFailure(settings)) return settings;
    if ((await organisedCount(c.env.DB, who.player)) >= TOURNAMENT_LIMITS.organisedAtOnce)
      return fail(
        409,
        "TOO_MANY_TOURNAMENTS",
        `A player may organise ${TOURNAMENT_LIMITS.organisedAtOnce} tournaments at once: end one first.`,
      );
    await enrol(c.env.DB, who, now, languageOf(c.req.header("Accept-Language")));
    const id = newGameId(c.env.GAME_ID_KEY);
    const invite = settings.visibility === "invitation" ? newToken() : null;
    const made = await c.env.TOURNAMENT.get(c.env.TOURNAMENT.idFromName(id)).create(
      { id, settings, organiser: who.player, inviteHash: invite === null ? null : hashToken(invite) },
      invite === null ? null : await seal(invite, c.env.GAME_ID_KEY),
    );
    if (!made.ok) return made;
    const url = tournamentUrl(c, id);
    return done({ id, url, invite: invite === null ? null : { token: invite, url: `${url}#invite=${invite}` } }, 201);
  },
);

serve(
  tournamentsApi,
  createRoute({
    method: "get",
    path: "/",
    tags: ["tournaments"],
    summary: "Public tournaments",
    description:
      "The lobby's list: public tournaments open for registration or running (or of the status asked), newest first, at most 100.",
    request: { query: TournamentFilters },
    responses: { 200: json(TournamentList, "The tournaments."), ...errorsWith({ 400: "BAD_REQUEST: an unknown status." }) },
  }),
  async (c) => {
    const rows = await publicTournaments(c.env.DB, c.req.valid("query").status, 100);
    return done({ tournaments: rows.map((r) => listItem(c, r)) });
  },
);

serve(
  tournamentsApi,
  createRoute({
    method: "get",
    path: "/mine",
    tags: ["tournaments"],
    summary: "My tournaments",
    description: "The tournaments the player plays in or organises, those not over first.",
    security: PLAYER_KEY,
    responses: { 200: json(TournamentList, "The player's tournaments."), ...errorsWith({ 401: AUTH }) },
  }),
  async (c) => {
    const who = await identityOf(c);
    if (isFailure(who)) return who;
    const rows = await tournamentsOfPlayer(c.env.DB, who.player, 100);
    return done({ tournaments: rows.map((r) => ({ ...listItem(c, r), organiser: r.organiserId === who.player })) });
  },
);

function listItem(c: Context, r: Awaited<ReturnType<typeof publicTournaments>>[number]) {
  return {
    id: r.id,
    name: r.name,
    status: r.status,
    format: r.format,
    preset: r.preset as z.infer<typeof TournamentList>["tournaments"][number]["preset"],
    rounds: r.rounds,
    round: r.round,
    entries: r.entries,
    registrationUntil: r.registrationUntil === null ? null : new Date(r.registrationUntil).toISOString(),
    url: tournamentUrl(c, r.id),
  };
}

serve(
  tournamentsApi,
  createRoute({
    method: "get",
    path: "/{id}",
    tags: ["tournaments"],
    summary: "A tournament",
    description:
      "Its settings, entries, rounds (tables, their games once made, their results) and standings; with a player key, the caller's own entry and, for a pair still missing its partner, the partner link. Never a round's deals.",
    security: OPTIONAL_PLAYER_KEY,
    request: { params: IdParams },
    responses: { 200: json(TournamentView, "The tournament."), ...errorsWith({ 401: AUTH, 404: NOT_FOUND }) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const room = roomOf(c, id);
    if (!room) return tournamentNotFound();
    const player = await reader(c);
    if (isFailure(player)) return player;
    return room.view(id, player, origin(c));
  },
);

serve(
  tournamentsApi,
  createRoute({
    method: "get",
    path: "/{id}/standings",
    tags: ["tournaments"],
    summary: "The standings",
    description:
      "Ranked by victory points, then points difference, then head to head; each entry's points, duplicate comparison and tables played. Built once per version of the tournament; `?v=` (the version) is cached at the edge.",
    request: { params: IdParams, query: z.object({ v: z.string().max(12).optional() }) },
    responses: { 200: json(StandingsView, "The standings."), ...errorsWith({ 404: NOT_FOUND }) },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const room = roomOf(c, id);
    if (!room) return tournamentNotFound();
    return room.standings(id);
  },
);

serve(
  tournamentsApi,
  createRoute({
    method: "get",
    path: "/{id}/record",
    tags: ["tournaments"],
    summary: "The tournament's record",
    description:
      "`burraco-tournament/1` (docs/tournaments.md): settings, entries, the draw, every round's tables with each game's record address and result, the deals of every round all of whose tables have finished, and the standings. `npm run replay:tournament` plays it back.",
    request: { params: IdParams },
    responses: {
      200: json(z.looseObject({ format: z.literal("burraco-tournament/1") }), "The record."),
      ...errorsWith({ 404: NOT_FOUND }),
    },
  }),
  async (c) => {
    const { id } = c.req.valid("param");
    const room = roomOf(c, id);
    if (!room) return tournamentNotFound();
    return room.record(id, origin(c));
  },
);

serveEntries(tournamentsApi);
serveOrganiser(tournamentsApi);
