import type { z } from "zod";
import { parseRules } from "../../engine/index";
import type { CreateTournamentRequest } from "../../shared/wire/tournaments";
import { TOURNAMENT_LIMITS } from "../../shared/wire/tournaments";
import type { Settings } from "../../tournament/state";
import { DAY, HOUR, parseDuration } from "../clock/time";
import { type Failure, fail } from "../reply";

/** What the schema cannot judge about a new tournament: its times against each other and against now. */
export function settingsOf(request: z.output<typeof CreateTournamentRequest>, now: number): Settings | Failure {
  const bad = (message: string) => fail(422, "BAD_TOURNAMENT", message);
  const perMove = parseDuration(request.clock.perMove);
  if (perMove === null || perMove < HOUR || perMove > 14 * DAY)
    return fail(422, "BAD_CLOCK", 'clock.perMove must be from 1h to 14d, e.g. "1d".');
  const roundTime = parseDuration(request.roundTime);
  if (roundTime === null || roundTime < HOUR || roundTime > TOURNAMENT_LIMITS.roundDays * DAY)
    return bad(`roundTime must be from 1h to ${TOURNAMENT_LIMITS.roundDays}d, e.g. "7d".`);
  if (roundTime < perMove) return bad("roundTime must be at least the time per turn.");
  let until: number | null = null;
  if (request.registration?.until !== undefined) {
    until = Date.parse(request.registration.until);
    if (!(until > now) || until > now + TOURNAMENT_LIMITS.registrationDays * DAY)
      return bad(`registration.until must be in the future, within ${TOURNAMENT_LIMITS.registrationDays} days.`);
  }
  const preset = request.preset ?? "fibur";
  // The preset with exactly `hands` hands: checked as any game's rules are.
  const rules = parseRules({ preset, hands: request.hands, tie: "starter" });
  if (!rules.ok) return fail(422, "BAD_RULES", rules.error);
  return {
    name: request.name,
    format: request.format,
    preset,
    rounds: request.rounds,
    hands: request.hands,
    movement: request.movement,
    perMove,
    timeout: request.clock.timeout ?? "claim",
    roundTime,
    registrationUntil: until,
    maxEntries: request.registration?.maxEntries ?? null,
    visibility: request.visibility ?? "public",
    odd: request.odd ?? "bye",
    withdrawal: request.withdrawal ?? "forfeit",
    rated: request.rated ?? false,
    level: request.level ?? "club",
    duplicate: request.duplicate ?? true,
  };
}
