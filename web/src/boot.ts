import { askFirstSnapshot } from "./first-snapshot";
import { CATALOGS, startLanguage } from "./i18n/choice";

/**
 * The first script a page runs (web/index.html loads it `async`, beside
 * the app's script): it asks at once for the player's language catalog,
 * on the lobby for the lobby's chunk, and on a table's page for the table
 * itself. The app imports the same chunks when it starts (the browser's
 * module map has them by then) and takes the table's answer
 * (first-snapshot.ts), instead of asking for any of them only once its own
 * script has arrived and run.
 */
void CATALOGS[startLanguage()]().catch(() => undefined);
if (location.pathname === "/" || location.pathname === "/index.html") void import("./lobby/page").catch(() => undefined);
askFirstSnapshot();
