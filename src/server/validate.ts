import { isPlayerCount, makeDeal, makeRules, parseDeal, parseRules } from "../engine/index";
import { type ClaimRequest, LIMITS } from "../shared/api";
import { type Failure, fail } from "./reply";
import type { GameInit } from "./room/game-room";

/** Request bodies, checked before they reach a room. */

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === "object" && v !== null && !Array.isArray(v);

function unknownField(raw: Record<string, unknown>, allowed: readonly string[]): Failure | null {
  const extra = Object.keys(raw).find((k) => !allowed.includes(k));
  return extra === undefined ? null : fail(400, "BAD_REQUEST", `Unknown field ${JSON.stringify(extra)}; allowed: ${allowed.join(", ")}.`);
}

function parseName(value: unknown, what: string): string | null | Failure {
  if (value === null || value === undefined) return null;
  if (typeof value !== "string") return fail(400, "BAD_REQUEST", `${what} must be a string or null.`);
  const name = value.trim();
  if (name.length === 0) return null;
  if (name.length > LIMITS.nameLength) return fail(400, "BAD_REQUEST", `${what} must be at most ${LIMITS.nameLength} characters.`);
  return name;
}

const isFailure = (v: unknown): v is Failure => isObject(v) && v.ok === false;

/** `POST /api/games`: players, rules (preset + overrides), names, prepared deals. */
export function parseCreateRequest(body: unknown, id: string): GameInit | Failure {
  if (!isObject(body)) return fail(400, "BAD_REQUEST", 'A new game is an object, e.g. {"players": 2, "rules": {"preset": "classic"}}.');
  const extra = unknownField(body, ["players", "rules", "names", "deals"]);
  if (extra) return extra;
  const players = body.players;
  if (!isPlayerCount(players)) return fail(400, "BAD_REQUEST", "players must be 2, 3 or 4.");
  const rules = parseRules(body.rules ?? { preset: "classic" });
  if (!rules.ok) return fail(422, "BAD_RULES", rules.error);
  const names: (string | null)[] = [];
  if (body.names !== undefined) {
    if (!Array.isArray(body.names) || body.names.length !== players)
      return fail(400, "BAD_REQUEST", `names must be a list of ${players} names (or nulls).`);
    for (const [i, value] of body.names.entries()) {
      const name = parseName(value, `names[${i}]`);
      if (isFailure(name)) return name;
      names.push(name);
    }
  } else {
    names.push(...new Array<null>(players).fill(null));
  }
  const deals: Record<string, unknown>[] = [];
  if (body.deals !== undefined) {
    if (!Array.isArray(body.deals) || body.deals.length > LIMITS.preparedDeals) {
      return fail(400, "BAD_REQUEST", `deals must be a list of at most ${LIMITS.preparedDeals} deals.`);
    }
    for (const [i, raw] of body.deals.entries()) {
      const deal = parseDeal(raw, players, rules.value.jokers);
      if (!deal.ok) return fail(422, "BAD_DEAL", `deals[${i}]: ${deal.error}`);
      deals.push(makeDeal(deal.value));
    }
  }
  return { id, rules: makeRules(rules.value), players, names, deals };
}

/** `POST /api/games/{id}/claim`: an optional seat and name. */
export function parseClaimRequest(body: unknown): ClaimRequest | Failure {
  if (body === undefined || body === null) return {};
  if (!isObject(body)) return fail(400, "BAD_REQUEST", 'A claim is an object, e.g. {"seat": 1, "name": "Bruno"}.');
  const extra = unknownField(body, ["seat", "name"]);
  if (extra) return extra;
  if (body.seat !== undefined && (!Number.isSafeInteger(body.seat) || (body.seat as number) < 0))
    return fail(400, "BAD_REQUEST", "seat must be a seat number.");
  const name = parseName(body.name, "name");
  if (isFailure(name)) return name;
  return { ...(body.seat !== undefined ? { seat: body.seat as number } : {}), ...(name !== null ? { name } : {}) };
}
