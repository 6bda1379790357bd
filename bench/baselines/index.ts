/**
 * The club and expert players as they were before issue 20 (a copy of
 * src/bots at that time, frozen): fixed opponents for `npm run bench -- bots`,
 * so that later changes to src/bots are measured against a yardstick that
 * does not move with them. Never edit these files to follow src/bots; add a
 * new frozen copy instead.
 */

import type { BotInput } from "../../src/bots/index.js";
import type { MoveNotation } from "../../src/bots/notation.js";
import { makeMove, seededRandom } from "../../src/engine/index.js";
import { clubMove } from "./club.js";
import { EXPERT_DEFAULT, expertMove } from "./expert.js";
import { type Knowledge, knowledgeOf } from "./knowledge.js";
import { legalMove } from "./notation.js";
import { sampleState } from "./sample.js";
import { Table } from "./table.js";

export type BaselineLevel = "club" | "expert";

/** The frozen player's move, as `chooseMove` gave it before issue 20. */
export function baselineMove(level: BaselineLevel, input: BotInput, seed: string | number): MoveNotation | null {
  const k = knowledgeOf(input);
  if (!k) return null;
  const t = tableOf(k, seed);
  const chosen = level === "club" ? clubMove(t) : expertMove(k, t, seed, EXPERT_DEFAULT);
  return makeMove(legalMove(t, chosen));
}

function tableOf(k: Knowledge, seed: string | number): Table {
  const state = sampleState(k, seededRandom(`${seed}/table`));
  return new Table(state, k.seat, { known: k.known, discarded: k.discarded, pileUnknown: k.pile.filter((c) => c === null).length });
}
