import { burracoOf, type HandState, isCleanBurraco, type Rules } from "../engine/index.js";

/** The burraco the rules ask for before closing (a clean one with `closeRequires: "clean"`). */
export function hasRequiredBurracoFor(hand: HandState, team: number, rules: Rules): boolean {
  for (const meld of hand.melds) {
    if (meld.team !== team) continue;
    const kind = burracoOf(meld, rules);
    if (kind !== null && (rules.closeRequires === "any" || isCleanBurraco(kind))) return true;
  }
  return false;
}
