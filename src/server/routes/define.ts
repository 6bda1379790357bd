import type { OpenAPIHono, RouteConfig, RouteHandler } from "@hono/zod-openapi";
import type { z } from "zod";
import { ErrorBody } from "../../shared/wire/api";
import type { AppEnv } from "../env";
import { type Json, type Reply, render } from "../reply";

/**
 * Routes are declared once with `createRoute` (path, parameters, body and
 * answers as schemas: the validation and the OpenAPI document both come
 * from it) and served by a handler that returns a `Reply` of the declared
 * success body, or a Response for the WebSocket upgrade.
 */

type JsonSchemaOf<C> = C extends { content: { "application/json": { schema: infer S extends z.ZodType } } } ? S : never;
type SuccessOf<R extends RouteConfig> = 200 extends keyof R["responses"]
  ? z.output<JsonSchemaOf<R["responses"][200]>>
  : 201 extends keyof R["responses"]
    ? z.output<JsonSchemaOf<R["responses"][201]>>
    : never;

export type RouteContext<R extends RouteConfig> = Parameters<RouteHandler<R, AppEnv>>[0];

export function serve<R extends RouteConfig>(
  app: OpenAPIHono<AppEnv>,
  route: R,
  handler: (c: RouteContext<R>) => Promise<Reply<SuccessOf<R> | Json<SuccessOf<R>>> | Response>,
): void {
  // The library types a handler's answer by status; a Reply carries its status as a value, checked against the route's success schema above.
  const run = async (c: RouteContext<R>) => {
    const answer = await handler(c);
    return answer instanceof Response ? answer : render(c, answer);
  };
  app.openapi(route, run as never);
}

const DESCRIPTIONS: Record<number, string> = {
  400: "BAD_JSON, BAD_REQUEST or BAD_PLAYER_KEY: the request is malformed.",
  401: "AUTH_REQUIRED (no token), BAD_TOKEN (a malformed Authorization header, or a token this game does not know) or DEVICE_REMOVED (the X-Player-Key device was removed from its player).",
  403: "FORBIDDEN: the token does not allow this (e.g. an invitation token playing a move); SEAT_BOUND: the seat is the player's whose device opened it, and the request carries no X-Player-Key (docs/identity.md); in a rated match, NOT_ESTABLISHED (the X-Player-Key device's player may not play rated yet, with what they lack) or SAME_PERSON (they hold another seat, or share a mailbox or network with an opponent): docs/ratings.md.",
  404: "GAME_NOT_FOUND (or ABSENCE_NOT_FOUND for an absence).",
  409: "STALE_VERSION (with currentVersion), NO_FREE_SEAT, SEAT_TAKEN (also: the seat belongs to another player than the X-Player-Key device's), SEAT_RESERVED, NOTHING_TO_CLAIM or MATCH_NOT_OVER.",
  413: "BODY_TOO_LARGE.",
  415: "UNSUPPORTED_MEDIA_TYPE: a body that is not sent as application/json.",
  422: "A refused move, with its docs/record.md code (NOT_YOUR_TURN, CARD_NOT_IN_HAND, BAD_MOVE …), BAD_RULES, BAD_DEAL, BAD_CLOCK, BAD_RATED, BAD_ABSENCE or IDEMPOTENCY_KEY_REUSED.",
  426: "UPGRADE_REQUIRED: this endpoint speaks WebSocket.",
  429: "RATE_LIMITED: wait Retry-After seconds.",
};

type ErrorStatus = keyof typeof DESCRIPTIONS;

const errorAnswer = (status: ErrorStatus, description: string) => ({
  description,
  content: { "application/json": { schema: ErrorBody } },
  ...(status === 429 ? { headers: { "Retry-After": { schema: { type: "integer" as const } } } } : {}),
});

/** The error answers a route may give, each with the error body. */
export function errors(...statuses: ErrorStatus[]) {
  return Object.fromEntries(statuses.map((status) => [status, errorAnswer(status, DESCRIPTIONS[status]!)]));
}

/** The error answers of a route whose codes are its own, each status with the codes it stands for. */
export function errorsWith(described: Partial<Record<ErrorStatus, string>>) {
  return Object.fromEntries(
    (Object.entries(described) as [string, string][]).map(([status, description]) => [
      status,
      errorAnswer(Number(status) as ErrorStatus, description),
    ]),
  );
}

export const json = <S extends z.ZodType>(schema: S, description: string) => ({ description, content: { "application/json": { schema } } });

/** Security requirements, as OpenAPI writes them. */
export const SEAT_TOKEN: Record<string, string[]>[] = [{ seatToken: [] }];
export const OPTIONAL_TOKEN: Record<string, string[]>[] = [{}, { seatToken: [] }];
