/**
 * One hand of the room part (bench/bots-room.ts) played one invocation at a
 * time, as the room plays a computer's turn: every seat the same level, each
 * invocation within the room's counted work (src/server/room/computer.ts),
 * a decision not finished carried to the next. Nothing here reads a clock or
 * the platform: the same table runs in this process (bots-fresh.ts) and in
 * the Workers runtime (bots-workerd-worker.ts), and is timed from outside.
 */
import { Decision } from "../src/bots/index.js";
import {
  dealFromSeed,
  type GameEvent,
  type GameState,
  newGame,
  type PlayerCount,
  PRESETS,
  type PresetName,
  startHand,
} from "../src/engine/index.js";
import { type Decide, invocationMoves, newWork, Thoughts } from "../src/server/room/computer.js";
import type { ComputerLevel } from "../src/shared/wire/common.js";

/** What one invocation did. */
export interface Invoked {
  /** Its counted work. */
  readonly steps: number;
  /** It warmed a fresh isolate's players up and played no move (computer.ts). */
  readonly warmUp: boolean;
  /** The seat whose turn it played, and whether that turn is over (the hand's end included). */
  readonly seat: number;
  readonly turnOver: boolean;
  readonly handOver: boolean;
  /** The counted work of each decision finished in it. */
  readonly decisions: readonly number[];
}

export class RoomTable {
  readonly seed: string;
  private state: GameState;
  private readonly events: GameEvent[];
  private version = 0;
  /** A room's decision carried from one invocation to the next (computer.ts). */
  private readonly thoughts = new Thoughts();
  /** The decisions made and not yet counted: only the one still thinking is held on, as the room holds it. */
  private readonly made: Decision[] = [];
  private readonly decide: Decide = (lvl, input, seed, meter) => {
    const decision = new Decision(lvl, input, seed, { meter });
    this.made.push(decision);
    return decision;
  };

  constructor(
    readonly level: ComputerLevel,
    readonly preset: PresetName,
    readonly players: PlayerCount,
    hand: number,
  ) {
    this.seed = `room ${preset} ${players} ${hand}`;
    const game = newGame(PRESETS[preset], players);
    const started = startHand(game, dealFromSeed(this.seed, players, hand % players, game.rules.jokers));
    if (!started.ok) throw new Error(started.error);
    this.state = started.value.state;
    this.events = [...started.value.events];
  }

  /** One invocation of the room's alarm for the seat to play. */
  invoke(): Invoked {
    const seat = this.state.hand!.turn;
    const work = newWork();
    const at = this.version;
    const moves = invocationMoves(this.state, this.events, this.level, (i) => `${this.seed}/${at + i}`, work, this.thoughts, this.decide);
    if (!work.warmUp && moves.length === 0 && !work.thinking) throw new Error(`${this.seed}: an invocation with no move and no thought`);
    const finished = work.thinking ? this.made.length - 1 : this.made.length;
    const decisions = this.made.splice(0, finished).map((d) => d.steps);
    for (const m of moves) this.events.push(...m.outcome.events);
    this.state = moves.at(-1)?.outcome.state ?? this.state;
    this.version += moves.length;
    const handOver = this.state.hand!.end !== null;
    return { steps: work.steps, warmUp: !!work.warmUp, seat, turnOver: handOver || this.state.hand!.turn !== seat, handOver, decisions };
  }
}
