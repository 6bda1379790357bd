import { chooseMove } from "../../bots/index";
import {
  applyMove,
  eventFor,
  type GameEvent,
  type GameState,
  isWildCard,
  type Move,
  makeCard,
  type Outcome,
  play,
  viewFor,
} from "../../engine/index";
import type { ComputerLevel } from "../../shared/wire/common";
import type { Table } from "./table";

/**
 * A computer player's whole turn. Each move is chosen by the computer
 * players (src/bots) from what the seat may know — its view, and the hand's
 * events as that seat saw them, each discard as it was made, as a player at
 * the table sees them — and applied by the engine, which judges it like any
 * player's. The seed is the game and its version, so that replaying a room's
 * decisions gives the same moves.
 */
export function computerTurn(table: Table, level: ComputerLevel): { move: Move; outcome: Outcome }[] {
  let state = table.state;
  const seat = state.hand!.turn;
  const start = table.handStarts[table.handStarts.length - 1] ?? 1;
  const events: GameEvent[] = table.entries.slice(start - 1).flatMap((e) => e.events);
  const played: { move: Move; outcome: Outcome }[] = [];
  const ours = (s: GameState) => !s.over && s.hand !== null && s.hand.end === null && s.hand.turn === seat;
  // A turn is a take, some plays and a discard: far fewer moves than this, whatever happens.
  for (let step = 0; step < 60 && ours(state); step++) {
    const history = events.map((e) => eventFor(e, seat, state.rules)).filter((e) => e !== null);
    const chosen = chooseMove(level, { view: viewFor(state, seat), history }, `${table.id}/${table.version + step}`);
    const moved = chosen ? applyMove(state, seat, chosen) : null;
    if (!moved?.ok) break;
    played.push({ move: moved.value.move, outcome: moved.value });
    events.push(...moved.value.events);
    state = moved.value.state;
  }
  // Never leave a turn unfinished: should the players find nothing, the turn ends as simply as the rules allow.
  return ours(state) ? [...played, ...simpleTurn(state)] : played;
}

/** Draw, lay nothing, and discard the card that costs least to give away (a natural card before a wild, the lowest first). */
export function simpleTurn(state: GameState): { move: Move; outcome: Outcome }[] {
  const seat = state.hand!.turn;
  const played: { move: Move; outcome: Outcome }[] = [];
  let now = state;
  const attempt = (move: Move) => {
    const result = play(now, seat, move);
    if (!result.ok) return false;
    played.push({ move, outcome: result.value });
    now = result.value.state;
    return true;
  };
  if (now.hand!.phase === "take" && !attempt({ type: "draw" }) && !attempt({ type: "pickup" })) return played;
  if (now.over || !now.hand || now.hand.end !== null || now.hand.turn !== seat) return played;
  const order = [...now.hand.hands[seat]!].sort((a, b) => cost(a) - cost(b));
  for (const card of order) if (attempt({ type: "discard", card })) break;
  return played;
}

/** Keeping wilds, then aces and high cards: what a careful player would rather not throw. */
function cost(card: number): number {
  if (isWildCard(card)) return 100;
  const rank = makeCard(card).slice(0, -1);
  return rank === "A" ? 15 : ["8", "9", "10", "J", "Q", "K"].includes(rank) ? 10 : 5;
}
