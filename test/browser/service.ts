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
    startLocalService(),
  ]);
  project.provide("serviceUrl", service.url);
  return () => service.stop();
}
