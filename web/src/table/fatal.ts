import { ApiError } from "../api";
import { t } from "../i18n/index";
import type { TableMode } from "./route";

/**
 * Refusals said in their own words: the game is gone, the seat was given a fresh link, this device was removed, the
 * seat is its player's (docs/identity.md), or a rated match's seat is not this player's to take (docs/ratings.md).
 */
const SAID = ["GAME_NOT_FOUND", "SEAT_REISSUED", "DEVICE_REMOVED", "SEAT_BOUND", "NOT_ESTABLISHED", "SAME_PERSON"] as const;
export type Fatal = "badSeat" | "badInvite" | "failed" | (typeof SAID)[number];

/** Why the table cannot be shown: what a refusal to open it means for the page. */
export function loadError(error: unknown, mode: TableMode): Fatal {
  if (!(error instanceof ApiError)) return "failed";
  // The game is gone; the creator gave this seat a fresh link (its old holder is told so, and what to do); this device
  // was removed from its player (the page says how to link it again); a rated match refuses this player its seat.
  const said = SAID.find((code) => code === error.code);
  if (said) return said;
  if (error.code === "BAD_TOKEN") return mode === "invite" ? "badInvite" : "badSeat";
  return "failed";
}

/** What the page says instead of the table, in the player's words. */
export function fatalText(fatal: Fatal): string {
  return fatal === "badSeat" || fatal === "badInvite" || fatal === "failed" ? t.load[fatal] : t.codes[fatal];
}
