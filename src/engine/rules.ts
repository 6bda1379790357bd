import { err, ok, type Result } from "./result.js";
import { PRESET_NAMES, type PresetName, type Rules, type RulesInput } from "./types.js";

export type { PresetName, Rules } from "./types.js";
export { PRESET_NAMES } from "./types.js";

const CLASSIC: Rules = {
  preset: "classic",
  jokers: true,
  sets: true,
  closeRequires: "any",
  closeByMelding: false,
  pozzettoDirect: true,
  discardPile: "open",
  aceToAce: false,
  semiClean: false,
  pozzettoToStock: false,
  doubleIfNoMelds: false,
  pozzettoPenaltyIfNoneTaken: true,
  sameRankSets: true,
  values: { two: 20, joker: 30 },
  bonus: { royal: 0, aceToAce: 0 },
  penalty: { noPozzetto: 100, unusedPozzetto: 0 },
  target: 2005,
  hands: null,
  tie: "extraHand",
};

/** The Italian online variants share these; each preset changes a few. */
const ONLINE: Rules = {
  ...CLASSIC,
  closeRequires: "clean",
  closeByMelding: true,
  aceToAce: true,
  values: { two: 10, joker: 20 },
  bonus: { royal: 500, aceToAce: 1000 },
  penalty: { noPozzetto: 100, unusedPozzetto: 100 },
  pozzettoToStock: true,
  target: 2000,
  tie: "starter",
};

export const PRESETS: Readonly<Record<PresetName, Rules>> = {
  classic: CLASSIC,
  aperto: { ...ONLINE, preset: "aperto", jokers: false, sets: false },
  "aperto-sporco": {
    ...ONLINE,
    preset: "aperto-sporco",
    closeRequires: "any",
    closeByMelding: false,
    pozzettoDirect: false,
    aceToAce: false,
    values: { two: 20, joker: 30 },
    bonus: { royal: 500, aceToAce: 0 },
    penalty: { noPozzetto: 100, unusedPozzetto: 0 },
  },
  chiuso: { ...ONLINE, preset: "chiuso", discardPile: "closed" },
  "chiuso-stcl": { ...ONLINE, preset: "chiuso-stcl", discardPile: "closed", sets: false },
  "chiuso-sporco": { ...ONLINE, preset: "chiuso-sporco", discardPile: "closed", closeRequires: "any" },
  // The table of the FIBur tournament code: classic, with semi-clean burraco and one set per rank.
  fibur: { ...CLASSIC, preset: "fibur", semiClean: true, sameRankSets: false },
};

type Kind = "boolean" | "points" | "positive" | readonly string[];

const FLAT: Record<string, Kind> = {
  jokers: "boolean",
  sets: "boolean",
  closeRequires: ["any", "clean"],
  closeByMelding: "boolean",
  pozzettoDirect: "boolean",
  discardPile: ["open", "closed"],
  aceToAce: "boolean",
  semiClean: "boolean",
  pozzettoToStock: "boolean",
  doubleIfNoMelds: "boolean",
  pozzettoPenaltyIfNoneTaken: "boolean",
  sameRankSets: "boolean",
  target: "positive",
  tie: ["extraHand", "starter"],
};

const NESTED: Record<string, readonly string[]> = {
  values: ["two", "joker"],
  bonus: ["royal", "aceToAce"],
  penalty: ["noPozzetto", "unusedPozzetto"],
};

function fits(value: unknown, kind: Kind): boolean {
  if (kind === "boolean") return typeof value === "boolean";
  if (kind === "points") return Number.isInteger(value) && (value as number) >= 0 && (value as number) <= 100000;
  if (kind === "positive") return Number.isInteger(value) && (value as number) > 0 && (value as number) <= 1000000;
  return typeof value === "string" && kind.includes(value);
}

function describe(kind: Kind): string {
  if (kind === "boolean") return "true or false";
  if (kind === "points") return "a whole number of points, 0 or more";
  if (kind === "positive") return "a whole number above 0";
  return kind.map((k) => JSON.stringify(k)).join(" or ");
}

/**
 * Reads rules written as a preset plus overrides (docs/rules.md §11). Unknown keys
 * and values of the wrong kind are errors, never silently ignored.
 */
export function parseRules(input: unknown): Result<Rules, string> {
  if (input === undefined || input === null) return ok(CLASSIC);
  if (typeof input !== "object" || Array.isArray(input)) return err("rules must be an object");
  const given = input as Record<string, unknown>;
  const presetName = given.preset ?? "classic";
  if (typeof presetName !== "string" || !(PRESET_NAMES as readonly string[]).includes(presetName)) {
    return err(`unknown preset ${JSON.stringify(presetName)}; presets: ${PRESET_NAMES.join(", ")}`);
  }
  const rules: Record<string, unknown> = { ...PRESETS[presetName as PresetName] };
  for (const [key, value] of Object.entries(given)) {
    if (key === "preset") continue;
    // Own keys only: "constructor" or "__proto__" must read as unknown options.
    const kind = Object.hasOwn(FLAT, key) ? FLAT[key] : undefined;
    if (kind) {
      if (!fits(value, kind)) return err(`rules.${key} must be ${describe(kind)}`);
      rules[key] = value;
    } else if (key === "hands") {
      if (value !== null && !fits(value, "positive")) return err("rules.hands must be null or a whole number above 0");
      rules.hands = value;
    } else if (Object.hasOwn(NESTED, key)) {
      if (typeof value !== "object" || value === null || Array.isArray(value)) return err(`rules.${key} must be an object`);
      const merged: Record<string, unknown> = { ...(rules[key] as object) };
      for (const [sub, points] of Object.entries(value)) {
        if (!NESTED[key]!.includes(sub)) return err(`unknown rule option ${key}.${sub}`);
        if (!fits(points, "points")) return err(`rules.${key}.${sub} must be ${describe("points")}`);
        merged[sub] = points;
      }
      rules[key] = merged;
    } else {
      return err(`unknown rule option ${JSON.stringify(key)}`);
    }
  }
  return ok(rules as unknown as Rules);
}

/** The shortest form of `rules`: the preset plus the options that differ from it. */
export function makeRules(rules: Rules): RulesInput {
  const base = PRESETS[rules.preset] as unknown as Record<string, unknown>;
  const out: Record<string, unknown> = { preset: rules.preset };
  for (const [key, value] of Object.entries(rules)) {
    if (key === "preset") continue;
    if (JSON.stringify(value) !== JSON.stringify(base[key])) out[key] = value;
  }
  return out;
}
