/**
 * Plays hands and matches between computer players the way the room will:
 * each seat gets only `viewFor(state, seat)` and the hand's events through
 * `eventFor(event, seat, rules)`, and every move goes through `applyMove`.
 * Used by the bots' tests and by `npm run bench -- bots`.
 */
import {
  type BotInput,
  type BotLevel,
  type BotOptions,
  chooseMove,
  type Meter,
  type MoveNotation,
  type SeenEvent,
} from "../../src/bots/index.js";
import {
  applyMove,
  dealFromSeed,
  eventFor,
  type GameEvent,
  type GameState,
  needsDeal,
  newGame,
  nextDealer,
  type PlayerCount,
  type Rules,
  startHand,
  viewFor,
} from "../../src/engine/index.js";

export interface Seating {
  /** Names the player in timings; the level played unless `choose` is given. */
  readonly level: BotLevel | string;
  readonly options?: BotOptions;
  /** A player of its own (for experiments): the same input, the same answer. */
  readonly choose?: (input: BotInput, seed: string, meter: Meter) => MoveNotation | null;
}

export interface MoveTiming {
  readonly level: string;
  /** CPU milliseconds the move took to choose. */
  readonly ms: number;
  /** The work it took, counted (engine moves tried: see Meter in src/bots/table.ts). */
  readonly steps: number;
  /** Which turn of the driver's hands the move belongs to (a turn is several moves). */
  readonly turn: number;
}

export interface Driver {
  state: GameState;
  readonly histories: SeenEvent[][];
  readonly timings: MoveTiming[] | null;
  /** The number of the turn in play (unique over every driver). */
  turns: number;
}

const MAX_MOVES = 5000;

/** CPU milliseconds so far, of the whole process (this thread's own count is too coarse on Linux to time a move). */
function cpuNow(): number {
  const used = process.cpuUsage();
  return (used.user + used.system) / 1000;
}

/** Turns started by every driver: a turn's moves share its number. */
let turnsStarted = 0;

function record(d: Driver, events: readonly GameEvent[]): void {
  for (const event of events) {
    if (event.type === "handStarted") for (const h of d.histories) h.length = 0;
    d.histories.forEach((h, seat) => {
      const seen = eventFor(event, seat, d.state.rules);
      if (seen) h.push(seen);
    });
  }
}

export function newDriver(rules: Rules, players: PlayerCount, timed = false): Driver {
  return { state: newGame(rules, players), histories: Array.from({ length: players }, () => []), timings: timed ? [] : null, turns: 0 };
}

/**
 * Deals a hand (dealt from `seed`) and plays it out; throws on a refused move or a hand that never ends.
 * `watch` sees the whole table before each move (the bench counts what each side made of its hands).
 */
export function playHand(d: Driver, seats: readonly Seating[], seed: string, dealer: number, watch?: (state: GameState) => void): void {
  const started = startHand(d.state, dealFromSeed(seed, d.state.players, dealer, d.state.rules.jokers));
  if (!started.ok) throw new Error(started.error);
  d.state = started.value.state;
  record(d, started.value.events);
  for (let n = 0; !d.state.hand!.end; n++) {
    if (n > MAX_MOVES) throw new Error(`hand ${seed}: no end after ${MAX_MOVES} moves`);
    const seat = d.state.hand!.turn;
    watch?.(d.state);
    const { level, options, choose } = seats[seat]!;
    const input = { view: viewFor(d.state, seat), history: d.histories[seat]! };
    if (d.state.hand!.phase === "take") d.turns = ++turnsStarted;
    const meter: Meter = { steps: 0 };
    // CPU time, not wall time: on a busy machine the process waits its turn for a core.
    const start = d.timings ? cpuNow() : null;
    const move = choose
      ? choose(input, `${seed}/${n}`, meter)
      : chooseMove(level as BotLevel, input, `${seed}/${n}`, { ...options, meter });
    if (start !== null) d.timings!.push({ level, ms: cpuNow() - start, steps: meter.steps, turn: d.turns });
    if (!move) throw new Error(`hand ${seed}: ${level} at seat ${seat} found no move`);
    const result = applyMove(d.state, seat, move);
    if (!result.ok)
      throw new Error(
        `hand ${seed}: ${level} at seat ${seat} played ${JSON.stringify(move)}: ${result.error.code} ${result.error.message}`,
      );
    if (move.type === "resign") throw new Error(`hand ${seed}: ${level} at seat ${seat} resigned`);
    d.state = result.value.state;
    record(d, result.value.events);
  }
}

/** Plays a whole match; hand h is dealt from `${seed}/${h}`. Returns the final state. */
export function playMatch(d: Driver, seats: readonly Seating[], seed: string, firstDealer = 0): GameState {
  for (let h = 0; needsDeal(d.state); h++) {
    if (h > 60) throw new Error(`match ${seed}: no end after 60 hands`);
    playHand(d, seats, `${seed}/${h}`, nextDealer(d.state, firstDealer));
  }
  return d.state;
}
