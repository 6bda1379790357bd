import { type Deal, makeDeal, parseDeal } from "./deal.js";
import { applyMove, endMatch, needsDeal, newGame, startHand } from "./game.js";
import { type MeldView, viewMeld } from "./meld.js";
import { makeMove } from "./moves.js";
import { err, ok, type Result } from "./result.js";
import { makeRules, parseRules, type Rules } from "./rules.js";
import { isPlayerCount, type PlayerCount, teamCount } from "./seats.js";
import { type GameState, type HandState, handsOf, type MatchEnding, movesOf, type TeamScore } from "./state.js";
import type { RecordFile } from "./types.js";

export const RECORD_FORMAT = "burraco-record/1";

/** A game record (docs/record.md), checked: rules resolved, deals parsed, moves left raw. */
export interface GameRecord {
  readonly rules: Rules;
  readonly players: PlayerCount;
  readonly names?: readonly string[];
  readonly hands: readonly { readonly deal: Deal; readonly moves: readonly { readonly seat: unknown; readonly move: unknown }[] }[];
  /** A match ended on time or aborted: applied after the last move. */
  readonly end?: MatchEnding;
}

/** Fields a replay reads past: `chat` is the table's conversation (docs/record.md), words and no cards. */
const OPTIONAL = ["id", "started", "ended", "end", "clock", "chat"];

function parseEnding(raw: unknown, players: PlayerCount): Result<MatchEnding | undefined, string> {
  if (raw === undefined) return ok(undefined);
  const e = (typeof raw === "object" && raw !== null ? raw : {}) as Record<string, unknown>;
  if (e.reason === "aborted" && Object.keys(e).length === 1) return ok({ reason: "aborted" });
  if (
    e.reason === "timeout" &&
    Object.keys(e).length === 2 &&
    Number.isInteger(e.team) &&
    (e.team as number) >= 0 &&
    (e.team as number) < teamCount(players)
  ) {
    return ok({ reason: "timeout", team: e.team as number });
  }
  return err('end must be {"reason": "timeout", "team": T} or {"reason": "aborted"}');
}

/**
 * Reads a record. Everything about the record itself must be right (format,
 * rules, players, every deal); moves stay as written, since a record may hold
 * moves that must be refused.
 */
export function parseRecord(input: unknown): Result<GameRecord, string> {
  if (typeof input !== "object" || input === null || Array.isArray(input)) return err("a record is a JSON object");
  const raw = input as Record<string, unknown>;
  for (const key of Object.keys(raw)) {
    if (!["format", "rules", "players", "names", "hands", ...OPTIONAL].includes(key))
      return err(`unknown record field ${JSON.stringify(key)}`);
  }
  if (raw.format !== RECORD_FORMAT) return err(`format must be "${RECORD_FORMAT}"`);
  if (!isPlayerCount(raw.players)) return err("players must be 2, 3 or 4");
  const players = raw.players;
  const rules = parseRules(raw.rules ?? { preset: "classic" });
  if (!rules.ok) return rules;
  if (
    raw.names !== undefined &&
    (!Array.isArray(raw.names) || raw.names.length !== players || raw.names.some((n) => typeof n !== "string"))
  ) {
    return err(`names must be a list of ${players} strings`);
  }
  if (!Array.isArray(raw.hands)) return err("hands must be a list");
  const hands: GameRecord["hands"][number][] = [];
  for (let i = 0; i < raw.hands.length; i++) {
    const hand = raw.hands[i];
    if (typeof hand !== "object" || hand === null || Array.isArray(hand)) return err(`hands[${i}] must be an object`);
    const fields = hand as Record<string, unknown>;
    const extra = Object.keys(fields).find((k) => !["deal", "moves", "commitment", "salt"].includes(k));
    if (extra) return err(`hands[${i}] has an unknown field ${JSON.stringify(extra)}`);
    const deal = parseDeal(fields.deal, players, rules.value.jokers);
    if (!deal.ok) return err(`hands[${i}]: ${deal.error}`);
    const moves = fields.moves ?? [];
    if (!Array.isArray(moves)) return err(`hands[${i}].moves must be a list`);
    hands.push({
      deal: deal.value,
      moves: moves.map((entry) => {
        const e = typeof entry === "object" && entry !== null ? (entry as Record<string, unknown>) : {};
        return { seat: e.seat, move: e.move };
      }),
    });
  }
  if (raw.chat !== undefined && !Array.isArray(raw.chat)) return err("chat must be a list");
  const end = parseEnding(raw.end, players);
  if (!end.ok) return end;
  return ok({
    rules: rules.value,
    players,
    ...(raw.names ? { names: raw.names as string[] } : {}),
    hands,
    ...(end.value ? { end: end.value } : {}),
  });
}

/**
 * Writes a match as a record. `finishedOnly` leaves out a hand still in play,
 * whose deal would show hidden cards.
 */
export function makeRecord(state: GameState, options: { names?: readonly string[]; finishedOnly?: boolean } = {}): RecordFile {
  const hands = handsOf(state).filter((h) => !options.finishedOnly || h.end !== null);
  return {
    format: RECORD_FORMAT,
    rules: makeRules(state.rules),
    players: state.players,
    ...(options.names ? { names: options.names } : {}),
    hands: hands.map((h) => ({ deal: makeDeal(h.deal), moves: movesOf(h).map((m) => ({ seat: m.seat, move: makeMove(m.move) })) })),
    ...(state.ending ? { end: state.ending } : {}),
  };
}

export interface ReplayOutput {
  moves: { hand: number; index: number; ok: boolean; code?: string; message?: string }[];
  hands: { end: string | null; closedBy: number | null; melds: MeldView[]; scores: readonly TeamScore[] }[];
  match: { totals: readonly number[]; over: boolean; winner: number | null };
}

/** Plays a record through the engine: every move, then the state of every hand played. */
export function replayRecord(record: GameRecord): { state: GameState; output: ReplayOutput } {
  let state = newGame(record.rules, record.players);
  const moves: ReplayOutput["moves"] = [];
  const started: HandState[] = [];
  record.hands.forEach((hand, h) => {
    let inPlay = false;
    if (needsDeal(state)) {
      const dealt = startHand(state, hand.deal);
      if (dealt.ok) {
        state = dealt.value.state;
        inPlay = true;
      }
    }
    hand.moves.forEach((entry, index) => {
      if (!inPlay) {
        moves.push({
          hand: h,
          index,
          ok: false,
          code: "HAND_OVER",
          message: "this hand was never dealt: the one before it had not ended, or the match is over",
        });
        return;
      }
      const result = applyMove(state, entry.seat, entry.move);
      if (result.ok) {
        state = result.value.state;
        moves.push({ hand: h, index, ok: true });
      } else {
        moves.push({ hand: h, index, ok: false, code: result.error.code, message: result.error.message });
      }
    });
    if (inPlay) started.push(state.hand!);
  });
  if (record.end && !state.over) {
    const ended = endMatch(state, record.end);
    if (ended.ok) state = ended.value.state;
  }
  const finalHands = handsOf(state);
  const hands = started.map((_, i) => describeHand(finalHands[i]!, record.rules));
  return { state, output: { moves, hands, match: { totals: state.totals, over: state.over, winner: state.winner } } };
}

function describeHand(hand: HandState, rules: Rules): ReplayOutput["hands"][number] {
  return {
    end: hand.end?.reason ?? null,
    closedBy: hand.end?.closedBy ?? null,
    melds: hand.melds.map((m) => viewMeld(m, rules)),
    scores: hand.scores ?? [],
  };
}

/** The whole replay command: text in, JSON out, with the exit status docs/record.md asks for. */
export function replayText(text: string): { status: 0 | 2; output: unknown } {
  let json: unknown;
  try {
    json = JSON.parse(text);
  } catch (e) {
    return { status: 2, output: { error: { code: "BAD_RECORD", message: `not valid JSON: ${(e as Error).message}` } } };
  }
  const record = parseRecord(json);
  if (!record.ok) return { status: 2, output: { error: { code: "BAD_RECORD", message: record.error } } };
  return { status: 0, output: replayRecord(record.value).output };
}
