import { CATALOGS, startLanguage } from "./i18n/choice";

/**
 * The first script a page runs (web/index.html loads it `async`, beside
 * the app's script): it asks for the player's language catalog at once.
 * The app imports the same chunk when it starts, and gets it from the
 * browser's module map instead of fetching it only then.
 */
void CATALOGS[startLanguage()]().catch(() => undefined);
