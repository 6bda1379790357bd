import { type Move, makeMove, seededRandom } from "../engine/index.js";
import { beginnerMove } from "./beginner.js";
import { clubMove } from "./club.js";
import { CLUB_THREE, expertBudget, expertThinking } from "./expert.js";
import { type BotInput, knowledgeOf } from "./knowledge.js";
import { legalMove, type MoveNotation } from "./notation.js";
import { tableOf } from "./sample.js";
import { Search, type SearchBudget } from "./search.js";
import type { Meter, Table } from "./table.js";
import { weightsFor } from "./values.js";

/**
 * The levels, weakest first: `beginner` plays legal, simple Burraco; `club` a solid heuristic game (which
 * thinks a little at a closed pile with three players); `expert` searches, more with three players and with partners at a closed pile.
 */
export const BOT_LEVELS = ["beginner", "club", "expert"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

/**
 * How much a level thinks at a table: its search's budget (expert.ts), or null where it decides on judgement
 * alone (the beginner always; the club but at a closed pile with three players, CLUB_THREE).
 */
export function budgetOf(level: BotLevel, t: Pick<Table, "rules" | "players">): SearchBudget | null {
  if (level === "expert") return expertBudget(t);
  return level === "club" && t.players === 3 && t.rules.discardPile === "closed" ? CLUB_THREE : null;
}

export interface BotOptions {
  /**
   * The search of a level that thinks, over its budget for the table (budgetOf: EXPERT_DEFAULT, or more or
   * less where measured to help): deals per decision, simulated turns per decision, turns looked ahead;
   * `timeMs` with the caller's `now()` stops it early on the caller's clock.
   */
  readonly search?: Partial<SearchBudget>;
  /** Counts the work the decision took (engine moves tried), for the budget test and the bench; it never changes the move. */
  readonly meter?: Meter;
}

/**
 * One decision of a level, which may take several calls to think through: a search (the expert's, and the
 * club's at a closed pile with three players) runs a given amount of counted work per call (`think`), and its
 * move is the same however the work is split (search.ts); the beginner, the club on its judgement, and a
 * search with nothing to compare decide at once.
 * Everything it does is counted on a meter of its own, and each call adds its part to the caller's.
 */
export class Decision {
  private readonly own: Meter = { steps: 0 };
  private counted = 0;
  private table: Table | null = null;
  private search: Search | null = null;
  private chosen: Move | null = null;

  /** The decision for the seat whose view `input.view` is; its first work (the judgement) counted on `options.meter`. */
  constructor(level: BotLevel, input: BotInput, seed: string | number, options: BotOptions = {}) {
    const k = knowledgeOf(input);
    if (k) {
      const t = tableOf(k, seed, this.own);
      this.table = t;
      const budget = budgetOf(level, t);
      if (level === "beginner") this.chosen = beginnerMove(t, seededRandom(`${seed}`));
      else if (!budget) this.chosen = clubMove(t, weightsFor(t.rules, t.players));
      else {
        const thinking = expertThinking(k, t, seed, { ...budget, ...options.search });
        if (thinking instanceof Search) this.search = thinking;
        else this.chosen = thinking;
      }
    }
    this.count(options.meter);
  }

  /** Whether the move is known (no more thinking to do). */
  get done(): boolean {
    return this.search === null || this.search.done;
  }

  /** The decision's own work so far, in counted steps. */
  get steps(): number {
    return this.own.steps;
  }

  /** Thinks on while the next rollout should fit in `steps` more counted work (at least one rollout if `steps` is positive); true once decided. */
  think(steps: number, meter?: Meter): boolean {
    this.search?.run(steps);
    this.count(meter);
    return this.done;
  }

  /**
   * The move in docs/record.md notation (thinking on to the end first if need be), or null when the seat has
   * nothing to play (not its turn, a spectator's view, the hand or the match over).
   */
  move(meter?: Meter): MoveNotation | null {
    if (!this.table) return null;
    if (this.search) {
      this.search.run(Number.POSITIVE_INFINITY);
      this.chosen = this.search.move();
    }
    const move = makeMove(legalMove(this.table, this.chosen!));
    this.count(meter);
    return move;
  }

  /** Adds the work done since the last call to the caller's meter. */
  private count(meter: Meter | undefined): void {
    if (meter) meter.steps += this.own.steps - this.counted;
    this.counted = this.own.steps;
  }
}
