/**
 * The browser tests' service, started once for all their files (vitest
 * globalSetup): the web client built from the current sources, then the
 * service as `npm start` runs it (wrangler dev, own storage), on a free port.
 */
import { execFile } from "node:child_process";
import { join } from "node:path";
import { promisify } from "node:util";
import type { TestProject } from "vitest/node";
import { root, startLocalService } from "../../scripts/local-service";

declare module "vitest" {
  export interface ProvidedContext {
    serviceUrl: string;
  }
}

export default async function setup(project: TestProject): Promise<() => Promise<void>> {
  // The build writes each file whole (atomic rename), so wrangler dev may start beside it.
  const [, service] = await Promise.all([
    promisify(execFile)(process.execPath, [join(root, "scripts/build-web.mjs")], { cwd: root }),
    // DEV_TIME_TRAVEL lets a test move one game's time on (POST /api/dev/games/{id}/time): never set outside tests.
    startLocalService({ vars: { DEV_TIME_TRAVEL: "1" } }),
  ]);
  project.provide("serviceUrl", service.url);
  return () => service.stop();
}
