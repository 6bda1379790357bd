/**
 * The browser tests' service and browser, started once for all their files
 * (vitest globalSetup): the web client built from the current sources, then
 * the service as `npm start` runs it (wrangler dev, own storage), on a free
 * port, and one Chromium (chromium.ts) that every file connects to.
 * Its notifications are set as local development sets them (.dev.vars):
 * fresh VAPID keys, webhooks and push allowed to http://localhost (the
 * tests' own receivers), no DNS lookups, and every link a message carries
 * pointing at this service. Its queues batch for 50 ms, not 5 s
 * (quickQueuesConfig), so a message the page waits for leaves at once.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import { chromium } from "playwright-core";
import type { TestProject } from "vitest/node";
import { vapidKeys } from "../../scripts/dev-vars.mjs";
import { root, startLocalService } from "../../scripts/local-service";
import { chromiumLaunchOptions } from "./chromium";

declare module "vitest" {
  export interface ProvidedContext {
    serviceUrl: string;
    /** The shared Chromium's address, for playwright's `chromium.connect` (helpers.ts, chromiumForFile). */
    chromiumEndpoint: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const keys = await vapidKeys();
  // Every link it sends names its own address, whichever free port it gets.
  const vars = (port: number) => ({
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NOTIFY_ALLOW_LOCAL_HTTP: "1",
    DNS_RESOLVER_URL: "",
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
  });
  // The build writes each file whole (atomic rename), so wrangler dev may start beside it.
  const [, service, browser] = await Promise.all([
    promisify(execFile)(process.execPath, [join(root, "scripts/build-web.mjs")], { cwd: root }),
    startLocalService({ vars, entry: "src/server/dev/index.ts", quickQueues: true }),
    // One Chromium for every file: each opens its own browser profiles (contexts) in it.
    chromium.launchServer(chromiumLaunchOptions()),
  ]);
  project.provide("serviceUrl", service.url);
  project.provide("chromiumEndpoint", browser.wsEndpoint());
  return async () => {
    await browser.close();
    await service.stop();
  };
}
