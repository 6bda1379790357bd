/**
 * What the way back's offer remembers (identity/offer.ts asks, the chunk identity/way-back.ts shows): whether this
 * browser offered it before, and whether the player is busy at the table. Apart from both so that the chunk, loaded
 * by offer.ts, does not import offer.ts back.
 */

const OFFERED = "burraco.wayBackOffered";

/** Whether this browser offered the way back before (once is enough: the devices panel always says where one stands). */
export function wayBackOffered(): boolean {
  try {
    return localStorage.getItem(OFFERED) !== null;
  } catch {
    // No storage (a private window that refuses it): never offered, rather than offered on every page.
    return true;
  }
}

export function rememberWayBackOffered(): void {
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

/** The table says whether it is the player's turn: an offer on screen never covers their own turn. */
export function wayBackBusy(now: boolean): void {
  if (busy === now) return;
  busy = now;
  shown?.(now);
}

/** The offer on screen (way-back.ts) hears from here whether the player is busy; null once it is put away. */
export function listenBusy(listener: ((busy: boolean) => void) | null): boolean {
  shown = listener;
  return busy;
}
