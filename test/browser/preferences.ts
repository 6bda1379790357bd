/**
 * The notification preferences page, as notifications.test.ts and
 * push.test.ts open it: a fresh profile of a given size and language, the
 * permissions it is granted, and the page loaded.
 */
import type { Page } from "playwright-core";
import { type chromiumForFile, type Lang, newPage, type Size, serviceUrl } from "./helpers";

export interface PageOptions {
  readonly size?: Size;
  readonly lang?: Lang;
  /** Scanned by axe-core, which the page's content security policy would refuse. */
  readonly axe?: boolean;
  readonly permissions?: string[];
  /** Pushes reach the page through the app's service worker (helpers.ts, ContextOptions). */
  readonly serviceWorkers?: boolean;
}

export async function preferencesPage(chromium: ReturnType<typeof chromiumForFile>, options: PageOptions = {}): Promise<Page> {
  const context = await chromium.context({
    size: options.size,
    lang: options.lang,
    bypassCSP: options.axe,
    serviceWorkers: options.serviceWorkers,
  });
  if (options.permissions) await context.grantPermissions(options.permissions, { origin: serviceUrl() });
  return newPage(context);
}

/** The preferences page, loaded. */
export async function preferences(p: Page, query = ""): Promise<void> {
  await p.goto(`${serviceUrl()}/notifications${query}`);
  await p.locator('#subscriptions[aria-busy="false"]').waitFor();
}
