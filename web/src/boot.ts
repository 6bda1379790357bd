import { askFirstSnapshot } from "./first-snapshot";
import { startLanguage } from "./i18n/choice";
import { pageOf, preloadPage } from "./pages";

/**
 * The first script a page runs (web/index.html loads it `async`, beside
 * the app's script; built apart, in one file that imports nothing, so that
 * it runs as soon as it arrives): it asks at once for the page's own chunks
 * and the player's words (pages.ts: the table's, and on any other page the
 * other pages' too), and on a table's page for the table itself. The app
 * imports the same chunks when it starts (the browser has them, or has
 * them on their way, by then) and takes the table's answer
 * (first-snapshot.ts), instead of asking for any of them only once its own
 * script has arrived and run.
 */
preloadPage(pageOf(location.pathname), startLanguage());
askFirstSnapshot();
