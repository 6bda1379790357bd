import { askFirstSnapshot } from "./first-snapshot";
import { CATALOGS, PAGE_CATALOGS, startLanguage } from "./i18n/choice";
import { needsPageWords, pageOf, preloadPage } from "./pages";

/**
 * The first script a page runs (web/index.html loads it `async`, beside
 * the app's script): it asks at once for the page's own chunks (pages.ts),
 * the player's language catalog (with the other pages' words on any page
 * but a table), and on a table's page for the table itself. The app
 * imports the same chunks when it starts (the browser's module map has
 * them by then) and takes the table's answer (first-snapshot.ts), instead
 * of asking for any of them only once its own script has arrived and run.
 */
const page = pageOf(location.pathname);
preloadPage(page);
const lang = startLanguage();
void CATALOGS[lang]().catch(() => undefined);
if (needsPageWords(page)) void PAGE_CATALOGS[lang]().catch(() => undefined);
askFirstSnapshot();
