import { makeDeal, makeRules, parseDeal, parseRules } from "../engine/index";
import type { CreateGameRequest } from "../shared/wire/api";
import type { z } from "../shared/wire/z";
import { type Failure, fail } from "./reply";
import type { GameInit } from "./room/game-room";

/**
 * What the schemas cannot judge about a new game: the rules' values and the
 * prepared deals' cards are the engine's to check (docs/rules.md §11,
 * docs/record.md), with the same messages a record file would get.
 */
export function gameInit(request: z.output<typeof CreateGameRequest>, id: string): GameInit | Failure {
  const rules = parseRules(request.rules ?? { preset: "classic" });
  if (!rules.ok) return fail(422, "BAD_RULES", rules.error);
  const players = request.players;
  const deals = [];
  for (const [i, raw] of (request.deals ?? []).entries()) {
    const deal = parseDeal(raw, players, rules.value.jokers);
    if (!deal.ok) return fail(422, "BAD_DEAL", `deals[${i}]: ${deal.error}`);
    deals.push(makeDeal(deal.value));
  }
  const names = request.names ?? new Array<null>(players).fill(null);
  return { id, rules: makeRules(rules.value), players, names, deals };
}
