import { en as enTable } from "../../web/src/i18n/en";
import { enPages } from "../../web/src/i18n/en-pages";
import { it as itTable } from "../../web/src/i18n/it";
import { itPages } from "../../web/src/i18n/it-pages";

/**
 * Every word of the web client in each language, as a page other than the
 * table reads them (web/src/i18n/index.ts): the table's catalog with the
 * other pages' words. For the tests that look for a text on any page.
 */
export const en = { ...enTable, ...enPages };
export const it = { ...itTable, ...itPages };
