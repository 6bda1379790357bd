import { PRESET_NAMES, type PresetName } from "../../src/engine/rules";

/** The presets of docs/rules.md, in a sentence each, for the lobby. */
export const PRESET_INFO: Readonly<Record<PresetName, { title: string; text: string }>> = {
  classic: {
    title: "Classic",
    text: "The traditional game: jokers, sets and sequences, an open discard pile, close with any burraco; to 2005 points.",
  },
  aperto: {
    title: "Aperto",
    text: "Open pile, no jokers and no sets (sequences only); closing needs a clean burraco; royal and ace-to-ace bonuses; to 2000.",
  },
  "aperto-sporco": {
    title: "Aperto sporco",
    text: "Open pile with jokers and sets; close with any burraco; the pozzetto only on the discard, never al volo; to 2000.",
  },
  chiuso: {
    title: "Chiuso",
    text: "Closed pile: only its top card shows, and you pick it up only by playing that card at once; closing needs a clean burraco; to 2000.",
  },
  "chiuso-stcl": {
    title: "Chiuso, sequences only",
    text: "Closed pile, no sets (sequences only), closing needs a clean burraco; to 2000.",
  },
  "chiuso-sporco": {
    title: "Chiuso sporco",
    text: "Closed pile, close with any burraco (clean or dirty); to 2000.",
  },
};

export const PRESET_LIST: readonly PresetName[] = PRESET_NAMES;
