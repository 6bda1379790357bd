/**
 * How the browser tests start Debian's Chromium: one instance for all their
 * files, launched by service.ts (vitest globalSetup) beside the service,
 * which each file joins (helpers.ts, chromiumForFile). Launching one per
 * file cost each file a few seconds.
 *
 * Two builds of the same Chromium, both Debian's packages:
 * - `shell`, Chromium's headless shell (/usr/bin/chromium-headless-shell,
 *   package chromium-headless-shell; what Playwright itself runs for
 *   headless Chromium): the same Blink, V8, layout, touch and service
 *   workers, without the desktop browser's UI layer. It takes half the CPU
 *   of the full browser for the same pages (a table's layouts at five
 *   sizes: 8.6 s of Chromium's CPU against 17.6 s; the browser project as a
 *   whole 138 s against 256 s), and the browser tests are most of the
 *   suite's CPU: every test runs in it unless it needs the full browser.
 * - `full`, the desktop browser (/usr/bin/chromium) in its headless mode,
 *   for what only it does: showing a service worker's notification (the
 *   shell drops them: `getNotifications()` stays empty). test/browser/push.test.ts.
 */
import { existsSync } from "node:fs";
import type { LaunchOptions } from "playwright-core";

export type ChromiumBuild = "shell" | "full";

export const CHROMIUM: Readonly<Record<ChromiumBuild, { path: string; apt: string }>> = {
  shell: { path: "/usr/bin/chromium-headless-shell", apt: "chromium-headless-shell" },
  full: { path: "/usr/bin/chromium", apt: "chromium" },
};

export function chromiumLaunchOptions(build: ChromiumBuild = "shell"): LaunchOptions {
  const { path, apt } = CHROMIUM[build];
  if (!existsSync(path)) throw new Error(`${path} is missing: apt-get install -y ${apt} (.ci/run does it)`);
  // Every launch gets a fresh temporary profile (user-data dir), removed on close.
  return {
    executablePath: path,
    args: [
      "--headless",
      "--no-sandbox",
      "--disable-gpu",
      "--disable-quic",
      "--no-first-run",
      "--disable-background-networking",
      "--disable-component-update",
      "--disable-sync",
    ],
  };
}
