/**
 * The way back, offered once (identity/way-back.ts): the moment a player first has something to lose here — a seat
 * of theirs open at a table, games in their lobby — a player with no other device, no sign-in address and no
 * recovery code is asked how they would get their games back if they lost this device. This small part stays in the
 * table's and the lobby's scripts; the offer itself is a chunk of its own, loaded only when it may be shown.
 */

const OFFERED = "burraco.wayBackOffered";

/** Asked already on this page's life (the answer may be that nothing is needed): not asked again until a reload. */
let asked = false;

/** Whether this browser offered the way back before (once is enough: the devices panel always says where one stands). */
export function wayBackOffered(): boolean {
  try {
    return localStorage.getItem(OFFERED) !== null;
  } catch {
    // No storage (a private window that refuses it): never offered, rather than offered on every page.
    return true;
  }
}

function rememberWayBackOffered(): void {
  try {
    localStorage.setItem(OFFERED, new Date().toISOString());
  } catch {
    // Nothing to remember it in: wayBackOffered() says true there anyway.
  }
}

/** Whether the player is busy (their own turn at the table): the offer waits out of sight meanwhile. */
let busy = false;
/** The offer on screen, told when the player becomes busy or free. */
let shown: ((busy: boolean) => void) | null = null;

/** Offers the way back if it was never offered here (the chunk looks at the player first, and may offer nothing). */
export function offerWayBack(): void {
  if (asked || wayBackOffered()) return;
  asked = true;
  // Handed what it needs from here rather than importing this file back (no module imports itself back).
  void import("./way-back").then((m) => m.offer({ remember: rememberWayBackOffered, listen: listenBusy }));
}

/** The table says whether it is the player's turn: an offer on screen never covers their own turn. */
export function wayBackBusy(now: boolean): void {
  if (busy === now) return;
  busy = now;
  shown?.(now);
}

/** The offer on screen (way-back.ts) hears from here whether the player is busy; null once it is put away. */
function listenBusy(listener: ((busy: boolean) => void) | null): boolean {
  shown = listener;
  return busy;
}
