/**
 * The way back, offered once (identity/way-back.ts): the moment a player first has something to lose here — a seat
 * of theirs open at a table, games in their lobby — a player with no other device, no sign-in address and no
 * recovery code is asked how they would get their games back if they lost this device. This small part stays in the
 * table's and the lobby's scripts; the offer itself is a chunk of its own, loaded only when it may be shown.
 */

import { wayBackOffered } from "./offer-state";

export { wayBackBusy } from "./offer-state";

/** Asked already on this page's life (the answer may be that nothing is needed): not asked again until a reload. */
let asked = false;

/** Offers the way back if it was never offered here (the chunk looks at the player first, and may offer nothing). */
export function offerWayBack(): void {
  if (asked || wayBackOffered()) return;
  asked = true;
  void import("./way-back").then((m) => m.offer());
}
