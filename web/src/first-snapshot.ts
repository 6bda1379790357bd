import { apiUrl } from "./api-url";
import { playerKey, storedPlayerKey } from "./store";

/**
 * A table's first snapshot, asked for by boot.ts as soon as the page opens,
 * while the app's script is still arriving and starting (on a slow phone,
 * most of a second): the table page then takes this answer instead of
 * asking only once it runs. Used once, and only by the table of the same
 * game opened with the same seat link; a page that asked first itself makes
 * this do nothing. boot.ts is built apart from the app (scripts/build-web.mjs),
 * each with its own copy of this module: the two meet on the page's global
 * object.
 */

interface Early {
  readonly id: string;
  readonly token: string | null;
  readonly answer: Promise<Response>;
}

interface Shared {
  early: Early | null;
  over: boolean;
}

const shared: Shared = ((globalThis as { burracoFirstSnapshot?: Shared }).burracoFirstSnapshot ??= { early: null, over: false });

export function askFirstSnapshot(): void {
  const table = /^\/game\/([A-Za-z0-9_-]{1,64})\/?$/.exec(location.pathname);
  // An embed is never a seat and follows by long polling; a notification's `?seat=N` is resolved by the app.
  if (shared.over || !table || window.top !== window.self || location.search !== "") return;
  const id = table[1]!;
  const token = new URLSearchParams(location.hash.slice(1)).get("seat");
  const headers: Record<string, string> = { Accept: "application/json" };
  if (token) {
    // A key this browser cannot keep would be boot.ts's own, not the one the app makes: the app asks itself then.
    const key = playerKey();
    if (storedPlayerKey() !== key) return;
    headers.Authorization = `Bearer ${token}`;
    headers["X-Player-Key"] = key;
  }
  shared.early = { id, token, answer: fetch(apiUrl("GET", "/api/games/{id}", { params: { id } }), { headers, cache: "no-store" }) };
}

/** The early answer for this game and seat link, once; null otherwise. */
export function takeFirstSnapshot(id: string, token: string | null): Promise<Response> | null {
  shared.over = true;
  const early = shared.early;
  shared.early = null;
  return early && early.id === id && early.token === token ? early.answer : null;
}
