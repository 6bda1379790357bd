import { makeDeck } from "./cards.js";
import { type Deal, deckMismatch, HAND_SIZE } from "./deal.js";
import { type MoveError, refuse } from "./errors.js";
import type { GameEvent } from "./events.js";
import { type Move, parseMove } from "./moves.js";
import { err, ok, type Result } from "./result.js";
import type { Rules } from "./rules.js";
import { scoreHand } from "./scoring.js";
import { nextSeat, type PlayerCount, type Seat, type Team, teamCount, teamOf } from "./seats.js";
import type { GameState, HandState, MatchEnding, TeamScore } from "./state.js";
import { discardCard, draftOf, drawCard, pickUpPile, playCards, type Turn } from "./turn.js";

export interface Outcome {
  readonly state: GameState;
  readonly events: GameEvent[];
}

/** An accepted move's outcome, with the move as the engine read it. */
export interface MoveOutcome extends Outcome {
  readonly move: Move;
}

/** A match before its first deal. */
export function newGame(rules: Rules, players: PlayerCount): GameState {
  return { rules, players, starter: null, past: [], hand: null, totals: new Array(teamCount(players)).fill(0), over: false, winner: null };
}

/** The dealer of the next hand: the deal moves to the left (docs/rules.md §3). */
export function nextDealer(state: GameState, firstDealer: Seat): Seat {
  return state.hand ? nextSeat(state.hand.deal.dealer, state.players) : firstDealer;
}

/** Whether the match waits for a new deal: not over, and no hand in play. */
export function needsDeal(state: GameState): boolean {
  return !state.over && (state.hand === null || state.hand.end !== null);
}

/** Starts the next hand with `deal`, which must be the rules' whole deck. */
export function startHand(state: GameState, deal: Deal): Result<Outcome, string> {
  if (!needsDeal(state)) return err(state.over ? "the match is over" : "a hand is still in play");
  const { players } = state;
  if (!Number.isInteger(deal.dealer) || deal.dealer < 0 || deal.dealer >= players) return err("the dealer is not a seat");
  const sizes = [...deal.hands, ...deal.pozzetti];
  if (
    deal.hands.length !== players ||
    deal.pozzetti.length !== teamCount(players) ||
    sizes.some((h) => h.length !== HAND_SIZE) ||
    deal.discard.length !== 1
  ) {
    return err("the deal's piles have the wrong sizes");
  }
  const mismatch = deckMismatch(deal, makeDeck(state.rules.jokers));
  if (mismatch) return err(mismatch);
  const first = nextSeat(deal.dealer, players);
  const hand: HandState = {
    number: state.past.length + (state.hand ? 1 : 0),
    deal,
    hands: deal.hands.map((h) => h.slice()),
    stock: deal.stock,
    stockTop: 0,
    pile: deal.discard.slice(),
    melds: [],
    nextPozzetto: 0,
    pozzetti: new Array(teamCount(players)).fill(null),
    unseen: new Array(players).fill(false),
    turn: first,
    phase: "take",
    picked: null,
    turnIdle: false,
    idleTurns: 0,
    lastTurn: false,
    end: null,
    scores: null,
    log: null,
  };
  const past = state.hand ? [...state.past, state.hand] : state.past;
  const starter = state.starter ?? teamOf(first, players);
  const events: GameEvent[] = [
    { type: "handStarted", hand: hand.number, deal },
    { type: "turn", seat: first },
  ];
  return ok({ state: { ...state, past, hand, starter }, events });
}

/**
 * Applies a move as a client sent it (any JSON value) for `seat`. Returns the
 * new state and its events, or a refusal; the given state is never changed.
 */
export function applyMove(state: GameState, seat: unknown, input: unknown): Result<MoveOutcome, MoveError> {
  const move = parseMove(input);
  if (!move.ok) return move;
  if (!Number.isInteger(seat) || (seat as number) < 0 || (seat as number) >= state.players) {
    return refuse("BAD_MOVE", `seat must be a number from 0 to ${state.players - 1}`);
  }
  return play(state, seat as Seat, move.value);
}

/** Applies a well-formed move. */
export function play(state: GameState, seat: Seat, move: Move): Result<MoveOutcome, MoveError> {
  const hand = state.hand;
  if (state.over || !hand || hand.end) return refuse("HAND_OVER", state.over ? "the match is over" : "the hand is over");
  const t: Turn = { rules: state.rules, players: state.players, draft: draftOf(hand), events: [] };
  if (move.type === "resign") {
    t.draft.end = { reason: "resigned", closedBy: null };
    t.events.push({ type: "resigned", seat, team: teamOf(seat, state.players) });
  } else {
    if (seat !== hand.turn) return refuse("NOT_YOUR_TURN", `it is seat ${hand.turn}'s turn`);
    const step =
      move.type === "draw"
        ? drawCard(t, seat)
        : move.type === "pickup"
          ? pickUpPile(t, seat, move.play)
          : move.type === "discard"
            ? discardCard(t, seat, move.card)
            : playCards(t, seat, move);
    if (!step.ok) return step;
  }
  t.draft.log = { prev: hand.log, seat, move };
  let next: GameState = { ...state, hand: t.draft };
  if (t.draft.end) next = endHand(next, t.events, move.type === "resign" ? teamOf(seat, state.players) : null);
  return ok({ state: next, events: t.events, move });
}

function endHand(state: GameState, events: GameEvent[], resigned: Team | null): GameState {
  const hand = state.hand!;
  const scores = scoreHand(hand, state.rules, state.players);
  const totals = state.totals.map((total, team) => total + scores[team]!.total);
  const ended: HandState = { ...hand, scores };
  events.push({ type: "handEnded", hand: hand.number, end: hand.end!, scores, hands: hand.hands, deal: hand.deal });
  const handsPlayed = state.past.length + 1;
  const winner =
    resigned !== null
      ? leaderExcept(totals, resigned, state.starter ?? 0)
      : matchWinner(state.rules, totals, handsPlayed, state.starter ?? 0);
  const over = resigned !== null || winner !== undefined;
  if (over) events.push({ type: "matchEnded", winner: winner ?? null, totals });
  return { ...state, hand: ended, totals, over, winner: over ? (winner ?? null) : null };
}

/**
 * Ends the match outside a move, as a correspondence clock decides: a team
 * that ran out of time loses as if it had resigned (the hand in play is
 * scored, and the other team, or with three players the leader of the
 * others, wins); an aborted match ends with no result (the hand in play is
 * not scored). The hand in play ends with the ending's reason.
 */
export function endMatch(state: GameState, ending: MatchEnding): Result<Outcome, string> {
  if (state.over) return err("the match is over");
  const hand = state.hand;
  if (!hand || hand.end) return err("no hand is in play");
  if (ending.reason === "timeout" && !(Number.isInteger(ending.team) && ending.team >= 0 && ending.team < teamCount(state.players))) {
    return err("the late team is not a team");
  }
  const events: GameEvent[] = [];
  const closed: GameState = { ...state, hand: { ...hand, end: { reason: ending.reason, closedBy: null } }, ending };
  if (ending.reason === "timeout") return ok({ state: endHand(closed, events, ending.team), events });
  const scores: TeamScore[] = state.totals.map((_, team) => ({
    team,
    meldPoints: 0,
    handPoints: 0,
    burraco: 0,
    closing: 0,
    pozzetto: 0,
    base: 0,
    points: 0,
    total: 0,
  }));
  events.push({ type: "handEnded", hand: hand.number, end: closed.hand!.end!, scores, hands: hand.hands, deal: hand.deal });
  events.push({ type: "matchEnded", winner: null, totals: state.totals });
  return ok({ state: { ...closed, hand: { ...closed.hand!, scores }, over: true, winner: null }, events });
}

/**
 * After a hand: undefined while the match goes on. The match ends when a
 * team reaches the target (or after `hands` hands); the highest total wins,
 * and an exact tie either plays another hand or goes to the starting team.
 */
export function matchWinner(rules: Rules, totals: readonly number[], handsPlayed: number, starter: Team): Team | undefined {
  const best = Math.max(...totals);
  const finished = rules.hands !== null ? handsPlayed >= rules.hands : best >= rules.target;
  if (!finished) return undefined;
  const leaders = totals.flatMap((total, team) => (total === best ? [team] : []));
  if (leaders.length === 1) return leaders[0];
  if (rules.tie === "starter" && leaders.includes(starter)) return starter;
  return undefined;
}

/** After a resignation: the other team, or with three players the leader of the others. */
function leaderExcept(totals: readonly number[], loser: Team, starter: Team): Team {
  let winner = -1;
  for (let i = 0; i < totals.length; i++) {
    const team = (starter + i) % totals.length; // ties go to the earlier team in playing order
    if (team !== loser && (winner < 0 || totals[team]! > totals[winner]!)) winner = team;
  }
  return winner;
}
