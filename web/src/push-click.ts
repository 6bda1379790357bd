/**
 * Where a click on a push notification leads (the service worker's
 * `notificationclick`, kept apart so that it is tested in Node): only this
 * app's own pages, and never another game's tab taken over.
 */

/**
 * The notification's link as a page of this app: its path, query and
 * fragment on this worker's own origin (the service's configured public
 * address may name this same app otherwise, localhost for 127.0.0.1);
 * never another site. No link: the lobby.
 */
export function ownUrl(url: unknown, origin: string): string {
  if (typeof url !== "string") return `${origin}/`;
  try {
    const target = new URL(url, origin);
    return new URL(`${target.pathname}${target.search}${target.hash}`, origin).href;
  } catch {
    return `${origin}/`;
  }
}

/**
 * Among the open tabs' addresses: the tab already on that very page is
 * brought forward; a tab on the same game (or page) goes to the link, which
 * may name the seat; anything else opens a new tab, so a tab on another
 * game or page stays as it is.
 */
export function clickTarget(tabs: readonly string[], url: string): { focus: number } | { navigate: number } | "open" {
  const same = tabs.indexOf(url);
  if (same >= 0) return { focus: same };
  const path = new URL(url).pathname;
  const game = tabs.findIndex((tab) => new URL(tab).pathname === path);
  return game >= 0 ? { navigate: game } : "open";
}
