import { type DealRecord, dealFromOrder, makeDeal, makeDeck, makeRules, type PlayerCount, parseRules } from "../../engine/index";
import type { PlannedLog, RoundState, Tournament } from "../../tournament/state";
import { playersOf } from "../../tournament/state";
import type { TablePairing } from "../../tournament/types";
import { hashToken, newGameId, newToken } from "../auth";
import type { GameInit } from "../db/log-entry";
import type { Env } from "../env";
import { cryptoShuffle } from "../room/fairness";
import type { CarriedSeat } from "../room/rematch";
import { seal, unseal } from "../seal";
import type { MadeTable } from "./storage";

/**
 * A round's deals and its tables' games. Every table of a round plays the
 * same deals (when the tournament is duplicate): they are drawn once, from
 * the platform's cryptographic source, when the round is planned, and each
 * table's game is made with them as prepared deals. A table's seats come
 * with their players, as a seek's do (seeks/start.ts): each seat's token is
 * sealed for its player, so their "my games", notifications and every
 * device of theirs open their own seat; nobody else ever gets a token.
 */

/** The rules of a tournament's table: the preset, exactly `hands` hands, and a tie after them stays a tie (10–10). */
export function tableRules(t: Tournament) {
  const rules = parseRules({ preset: t.settings.preset, hands: t.settings.hands, tie: "starter" });
  if (!rules.ok) throw new Error(`a tournament's rules do not parse: ${rules.error}`);
  return rules.value;
}

/** The deals of a round: one per hand, each dealt by the next seat in turn (the first by the last seat, so seat 0 plays first). */
export function roundDeals(t: Tournament): DealRecord[] {
  const players = playersOf(t.settings.format) as PlayerCount;
  const jokers = tableRules(t).jokers;
  return Array.from({ length: t.settings.hands }, (_, hand) =>
    makeDeal(dealFromOrder(cryptoShuffle(makeDeck(jokers)), players, (players - 1 + hand) % players)),
  );
}

/** The next round as the tournament's room logs it: its pairings by the movement, its deadline and its deals. */
export function plannedRound(t: Tournament, now: number): PlannedLog {
  const pairings = t.nextPairings();
  return {
    type: "roundPlanned",
    round: t.rounds.length,
    pairings,
    deadline: now + t.settings.roundTime,
    deals: t.settings.duplicate ? roundDeals(t) : [],
  };
}

/** The game of one table, as its room is created: the tournament's rules, clock and deals; computers where the computer plays. */
export function tableInit(t: Tournament, round: RoundState, pairing: TablePairing, gameId: string): GameInit {
  const seats = t.seatsOf(pairing);
  const computers = seats.map((s) => s.computer);
  const anyComputer = computers.some((c) => c !== null);
  return {
    id: gameId,
    rules: makeRules(tableRules(t)),
    players: playersOf(t.settings.format),
    names: seats.map((s) => s.name),
    deals: t.settings.duplicate ? round.planned.deals : [],
    clock: { kind: "perMove", perMove: t.settings.perMove, timeout: t.settings.timeout },
    ...(anyComputer ? { computers } : {}),
    // A rated match is between people (docs/ratings.md): a table with the computer is played unrated.
    ...(t.settings.rated && !anyComputer ? { rated: true } : {}),
    tournament: {
      id: t.id,
      name: t.settings.name,
      round: round.planned.round,
      table: pairing.table,
      deadline: round.planned.deadline,
      duplicate: t.settings.duplicate,
    },
  };
}

/**
 * A table about to be made: its game's id and each seat's token, the token
 * sealed for its player (null for the computer's seat) — chosen, and kept
 * by the tournament's room, before the table's game is made.
 */
export async function tableToMake(
  env: Pick<Env, "GAME_ID_KEY">,
  t: Tournament,
  round: number,
  pairing: TablePairing,
): Promise<{ made: MadeTable; tokens: (string | null)[] }> {
  const tokens = t.seatsOf(pairing).map((member) => (member.player === null ? null : newToken()));
  const links = await Promise.all(tokens.map((token) => (token === null ? null : seal(token, env.GAME_ID_KEY))));
  return { made: { round, table: pairing.table, game: newGameId(env.GAME_ID_KEY), links }, tokens };
}

/** What a table's room is created with: its game, and its seats carried with their players and the links chosen for them. */
export async function tableCreation(
  env: Pick<Env, "GAME_ID_KEY">,
  t: Tournament,
  round: RoundState,
  pairing: TablePairing,
  made: MadeTable,
  /** The seats' tokens when this invocation chose them (else each is unsealed from its link: a retry). */
  tokens?: readonly (string | null)[],
): Promise<{ init: GameInit; carried: CarriedSeat[] }> {
  const init = tableInit(t, round, pairing, made.game);
  const carried: CarriedSeat[] = [];
  for (const [seat, member] of t.seatsOf(pairing).entries()) {
    const link = made.links[seat] ?? null;
    const token = link === null ? newToken() : (tokens?.[seat] ?? (await unseal(link, env.GAME_ID_KEY)));
    if (token === null) throw new Error("a tournament table's sealed link does not open");
    // Where the player registered from goes with them to the seat: the match's end checks it as any rated seat's.
    const origin = member.origin ? { network: member.origin.network, device: member.origin.device } : {};
    carried.push({ tokenHash: hashToken(token), taken: member.player !== null, playerHash: member.player, link, ...origin });
  }
  return { init, carried };
}

/**
 * Makes one table's game, with the links chosen (and kept by the
 * tournament's room) beforehand. Its id was decided when the round was
 * planned, and a room made twice with the same carried seats answers the
 * same (room/game-room.ts): a retry after a failure makes the same game,
 * with the same links, never a second.
 */
export async function makeTable(
  env: Env,
  t: Tournament,
  round: RoundState,
  pairing: TablePairing,
  made: MadeTable,
  tokens?: readonly (string | null)[],
): Promise<void> {
  const { init, carried } = await tableCreation(env, t, round, pairing, made, tokens);
  const answer = await env.GAME_ROOM.get(env.GAME_ROOM.idFromName(made.game)).create(init, carried);
  if (!answer.ok)
    throw new Error(`table ${pairing.table} of round ${round.planned.round + 1} could not be made: ${answer.body.error.message}`);
}
