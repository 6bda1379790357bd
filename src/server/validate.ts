import { makeDeal, makeRules, parseDeal, parseRules } from "../engine/index";
import type { CreateGameRequest } from "../shared/wire/api";
import type { ClockRequest } from "../shared/wire/clock";
import type { z } from "../shared/wire/z";
import type { ClockControl } from "./clock/clock";
import { DAY, HOUR, parseDuration } from "./clock/time";
import { withComputerNames } from "./computer-names";
import type { GameInit } from "./db/log-entry";
import { type Failure, fail, isFailure } from "./reply";

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
  const computers = request.seats?.some((s) => s.computer) ? request.seats.map((s) => s.computer ?? null) : undefined;
  // Every computer player has a name of its own at the table (computer-names.ts).
  const names = withComputerNames(
    request.seats?.map((s) => s.name ?? null) ?? request.names ?? new Array<null>(players).fill(null),
    computers,
  );
  const clock = clockControl(request.clock);
  if (isFailure(clock)) return clock;
  if (request.rated && clock === null) return fail(422, "BAD_RATED", "A rated match needs a clock.");
  if (request.rated && computers) return fail(422, "BAD_RATED", "A rated match is between people: no computer player.");
  if (request.rated && deals.length > 0)
    return fail(422, "BAD_RATED", "A rated match is dealt by the service: prepared deals are known to whoever prepared them.");
  return {
    id,
    rules: makeRules(rules.value),
    players,
    names,
    deals,
    clock,
    ...(computers ? { computers } : {}),
    ...(request.rated ? { rated: true } : {}),
    ...(request.spectatorChat ? { spectatorChat: true } : {}),
  };
}

/** The limits of docs and lobby: a time per move from an hour to two weeks; a bank up to sixty days. */
const PER_MOVE = { min: HOUR, max: 14 * DAY };
const BANK = { min: HOUR, max: 60 * DAY };

/** A creator's time control, checked; null for a game without a clock. */
export function clockControl(request: ClockRequest | undefined): ClockControl | null | Failure {
  if (request === undefined || request === "none") return null;
  const timeout = request.timeout ?? "claim";
  const bad = (message: string) => fail(422, "BAD_CLOCK", message);
  if ("perMove" in request) {
    const perMove = parseDuration(request.perMove);
    if (perMove === null || perMove < PER_MOVE.min || perMove > PER_MOVE.max)
      return bad('clock.perMove must be from 1h to 14d, e.g. "3d".');
    return { kind: "perMove", perMove, timeout };
  }
  const bank = parseDuration(request.bank);
  if (bank === null || bank < BANK.min || bank > BANK.max) return bad('clock.bank must be from 1h to 60d, e.g. "7d".');
  const increment = request.increment === undefined ? 0 : parseDuration(request.increment);
  if (increment === null || increment > bank) return bad('clock.increment must be a duration no longer than the bank, e.g. "1d".');
  return { kind: "bank", bank, increment, timeout };
}
