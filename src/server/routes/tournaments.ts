import { createRoute, OpenAPIHono } from "@hono/zod-openapi";
import type { Context } from "hono";
import { languageOf } from "../../shared/language";
import {
  CreatedTournament,
  CreateTournamentRequest,
  OrganiserComputerRequest,
  PartnerRequest,
  Registered,
  RegisterRequest,
  StandingsView,
  TOURNAMENT_LIMITS,
  TournamentFilters,
  TournamentList,
  TournamentView,
} from "../../shared/wire/tournaments";
import { z } from "../../shared/wire/z";
import { bearer, hashToken, isGameId, newGameId, newToken } from "../auth";
import { profileOf } from "../db/seek-queries";
import { organisedCount, publicTournaments, tournamentsOfPlayer } from "../db/tournament-queries";
import type { AppEnv } from "../env";
import { clientOf, identityOf, limitBody } from "../http";
import { enrol, type Identity, identify } from "../players/identity";
import { RateLimiter } from "../rate-limiter";
import { done, fail, isFailure, rateLimited } from "../reply";
import { seal } from "../seal";
import { tournamentNotFound } from "../tournaments/actions";
import type { Action } from "../tournaments/room";
import { settingsOf } from "../tournaments/settings";
import { validationHook } from "../validation";
import { errorsWith, json, serve } from "./define";

/** Tournaments (docs/tournaments.md): create, list, read, register, the organiser's actions, the standings and the record. */
export const tournamentsApi = new OpenAPIHono<AppEnv>({ defaultHook: validationHook });

const PLAYER_KEY: Record<string, string[]>[] = [{ playerKey: [] }];
const OPTIONAL_PLAYER_KEY: Record<string, string[]>[] = [{}, { playerKey: [] }];
const AUTH = "AUTH_REQUIRED (no player key), BAD_TOKEN (a malformed one) or DEVICE_REMOVED.";
const NOT_FOUND = "TOURNAMENT_NOT_FOUND.";

/** Tournaments made and registrations per client address, per Worker instance: a brake on floods, not an exact quota. */
const writes = new RateLimiter({ burst: 60, perSecond: 1 });

const IdParams = z.object({
  id: z.string().openapi({
    param: { name: "id", in: "path" },
    example: "Tq3vB7nK2mPa9TzRw4Lc8Hs1",
    description: "The tournament's id (24 characters).",
  }),
});

/** The tournament's room, or null for an id this service never made (answered without opening anything). */
function roomOf(c: Context<AppEnv>, id: string) {
  return isGameId(id, c.env.GAME_ID_KEY) ? c.env.TOURNAMENT.get(c.env.TOURNAMENT.idFromName(id)) : null;
}

const origin = (c: Context) => new URL(c.req.url).origin;
const tournamentUrl = (c: Context, id: string) => `${origin(c)}/tournament/${id}`;

/** The player a write speaks for, rate limited per client address. */
async function writer(c: Context<AppEnv>) {
  const wait = writes.take(clientOf(c));
  if (wait > 0) return rateLimited(wait, "tournament requests");
  return identityOf(c);
}

/** The optional player of a read (a malformed key is refused, never read as none). */
async function reader(c: Context<AppEnv>): Promise<string | null | ReturnType<typeof fail>> {
  const key = bearer(c.req.header("Authorization"));
  if (key === "malformed") return fail(401, "BAD_TOKEN", "Authorization must be `Bearer <player key>`, 22 to 128 base64url characters.");
  if (key === null) return null;
  const who = await identify(c.env.DB, hashToken(key));
  return isFailure(who) ? who : who.player;
}

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

/** A write to a tournament by a player: their identity, the room, and their name as they play. */
async function playerWrite(c: Context<AppEnv>, id: string) {
  const who = await writer(c);
  if (isFailure(who)) return who;
  const room = roomOf(c, id);
  if (!room) return tournamentNotFound();
  return { who, room };
}

/** The player entering (registering or joining a pair): enrolled for the tournament's notices, named as they asked or as their profile says. */
async function entrant(c: Context<AppEnv>, who: Identity, name: string | null | undefined) {
  await enrol(c.env.DB, who, Date.now(), languageOf(c.req.header("Accept-Language")));
  return { ...who, name: name ?? (await profileOf(c.env.DB, who.player)).name, client: clientOf(c) };
}

serve(
  tournamentsApi,
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
  tournamentsApi,
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
  tournamentsApi,
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

serve(
  tournamentsApi,
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
  tournamentsApi,
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
  tournamentsApi,
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
  tournamentsApi,
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
