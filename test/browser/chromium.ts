/**
 * How the browser tests start Debian's Chromium (/usr/bin/chromium): one
 * instance for all their files, launched by service.ts (vitest globalSetup)
 * beside the service, which each file joins (helpers.ts, chromiumForFile).
 * Launching one per file cost each file a few seconds.
 */
import { existsSync } from "node:fs";
import type { LaunchOptions } from "playwright-core";

export const CHROMIUM = "/usr/bin/chromium";

export function chromiumLaunchOptions(): LaunchOptions {
  if (!existsSync(CHROMIUM)) throw new Error(`${CHROMIUM} is missing: apt-get install -y chromium (.ci/run does it)`);
  // Every launch gets a fresh temporary profile (user-data dir), removed on close.
  return {
    executablePath: CHROMIUM,
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
