/**
 * The browser tests' service, started once for all their files (vitest
 * globalSetup): the web client built from the current sources, then the
 * service as `npm start` runs it (wrangler dev, own storage), on a free port.
 * Its notifications are set as local development sets them (.dev.vars):
 * fresh VAPID keys, webhooks and push allowed to http://localhost (the
 * tests' own receivers), no DNS lookups, and every link a message carries
 * pointing at this service.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { vapidKeys } from "../../scripts/dev-vars.mjs";
import { freePort, root, startLocalService } from "../../scripts/local-service";

declare module "vitest" {
  export interface ProvidedContext {
    serviceUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  const port = await freePort();
  const keys = await vapidKeys();
  const vars = {
    PUBLIC_URL: `http://127.0.0.1:${port}`,
    NOTIFY_ALLOW_LOCAL_HTTP: "1",
    DNS_RESOLVER_URL: "",
    VAPID_PUBLIC_KEY: keys.publicKey,
    VAPID_PRIVATE_KEY: keys.privateKey,
  };
  // The build writes each file whole (atomic rename), so wrangler dev may start beside it.
  const [, service] = await Promise.all([
    promisify(execFile)(process.execPath, [join(root, "scripts/build-web.mjs")], { cwd: root }),
    startLocalService({ port, vars, entry: "src/server/dev/index.ts" }),
  ]);
  project.provide("serviceUrl", service.url);
  return () => service.stop();
}
