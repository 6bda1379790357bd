import { seededRandom } from "../engine/index.js";
import { beginnerMove } from "./beginner.js";
import { clubMove } from "./club.js";
import { EXPERT_DEFAULT, expertMove, type SearchBudget } from "./expert.js";
import { type BotInput, type Knowledge, knowledgeOf } from "./knowledge.js";
import { legalMove, type MoveNotation, writeMove } from "./notation.js";
import { sampleState } from "./sample.js";
import { Table } from "./table.js";

export type { SeenEvent } from "./history.js";
export type { BotInput } from "./knowledge.js";
export type { MoveNotation, PlayNotation } from "./notation.js";

export const BOT_LEVELS = ["beginner", "club", "expert"] as const;
export type BotLevel = (typeof BOT_LEVELS)[number];

export interface BotOptions {
  /** The expert's search: deals per decision, turns looked ahead, and an optional time limit on a caller's clock. */
  readonly search?: Partial<SearchBudget>;
}

/**
 * The computer player's next move for the seat whose view `input.view` is,
 * or null when that seat has nothing to play (not its turn, hand or match over).
 */
export function chooseMove(level: BotLevel, input: BotInput, seed: string | number, options: BotOptions = {}): MoveNotation | null {
  const k = knowledgeOf(input);
  if (!k) return null;
  const random = seededRandom(`${seed}`);
  const t = tableOf(k, seed);
  const chosen =
    level === "beginner"
      ? beginnerMove(t, random)
      : level === "club"
        ? clubMove(t)
        : expertMove(k, t, seed, { ...EXPERT_DEFAULT, ...options.search });
  return writeMove(legalMove(t, chosen));
}

/** The seat's table with the hidden cards filled in at random: what a heuristic player decides on. */
export function tableOf(k: Knowledge, seed: string | number): Table {
  const state = sampleState(k, seededRandom(`${seed}/table`));
  return new Table(state, k.seat, { known: k.known, discarded: k.discarded, pileUnknown: k.pile.filter((c) => c === null).length });
}
