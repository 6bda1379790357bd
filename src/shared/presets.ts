import { PRESET_NAMES, type PresetName } from "../engine/rules";
import type { Language } from "./language";

export interface PresetText {
  readonly title: string;
  readonly text: string;
}

/**
 * The presets of docs/rules.md, in a sentence each, in English and Italian:
 * the lobby describes them with it, and link previews name them.
 */
export const PRESET_INFO: Readonly<Record<PresetName, PresetText & { readonly it: PresetText }>> = {
  classic: {
    title: "Classic",
    text: "The traditional game: jokers, sets and sequences, an open discard pile, close with any burraco; to 2005 points.",
    it: {
      title: "Classico",
      text: "Il gioco tradizionale: jolly, combinazioni e scale, scarti scoperti, si chiude con un burraco qualsiasi; a 2005 punti.",
    },
  },
  aperto: {
    title: "Aperto",
    text: "Open pile, no jokers and no sets (sequences only); closing needs a clean burraco; royal and ace-to-ace bonuses; to 2000.",
    it: {
      title: "Aperto",
      text: "Scarti scoperti, senza jolly né combinazioni (solo scale); per chiudere serve un burraco pulito; premi per il burraco reale e da asso ad asso; a 2000.",
    },
  },
  "aperto-sporco": {
    title: "Aperto sporco",
    text: "Open pile with jokers and sets; close with any burraco; the pozzetto only on the discard, never al volo; to 2000.",
    it: {
      title: "Aperto sporco",
      text: "Scarti scoperti, con jolly e combinazioni; si chiude con un burraco qualsiasi; il pozzetto solo con lo scarto, mai al volo; a 2000.",
    },
  },
  chiuso: {
    title: "Chiuso",
    text: "Closed pile: only its top card shows, and you pick it up only by playing that card at once; closing needs a clean burraco; to 2000.",
    it: {
      title: "Chiuso",
      text: "Scarti coperti: si vede solo la carta in cima, e si raccolgono solo giocandola subito; per chiudere serve un burraco pulito; a 2000.",
    },
  },
  "chiuso-stcl": {
    title: "Chiuso, sequences only",
    text: "Closed pile, no sets (sequences only), closing needs a clean burraco; to 2000.",
    it: {
      title: "Chiuso, solo scale",
      text: "Scarti coperti, senza combinazioni (solo scale), per chiudere serve un burraco pulito; a 2000.",
    },
  },
  "chiuso-sporco": {
    title: "Chiuso sporco",
    text: "Closed pile, close with any burraco (clean or dirty); to 2000.",
    it: {
      title: "Chiuso sporco",
      text: "Scarti coperti, si chiude con un burraco qualsiasi (pulito o sporco); a 2000.",
    },
  },
  fibur: {
    title: "FIBur tournament",
    text: "Classic as in FIBur tournaments: semi-clean burraco (150), and a team may lay only one set of each rank; to 2005.",
    it: {
      title: "Torneo FIBur",
      text: "Il classico dei tornei FIBur: burraco semipulito (150), e una squadra può calare una sola combinazione per ogni valore; a 2005.",
    },
  },
};

export const PRESET_LIST: readonly PresetName[] = PRESET_NAMES;

/** A preset's title and sentence in a language: the one place that picks the language's words from PRESET_INFO. */
export function presetText(name: PresetName, lang: Language): PresetText {
  // A switch rather than a test of one language: a language added to LANGUAGES without its words here does not compile.
  switch (lang) {
    case "en":
      return PRESET_INFO[name];
    case "it":
      return PRESET_INFO[name].it;
  }
}
