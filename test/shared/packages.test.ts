import { readFileSync } from "node:fs";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { graphOf, root, sources } from "./imports";

/**
 * CONTRIBUTING's rule for packages: a library the Worker or the web client
 * runs is in `dependencies`, a tool in `devDependencies`, and every version
 * is pinned exactly (the api-types workspace's too), so that an install
 * next year builds what was tested.
 */

type Manifest = { dependencies?: Record<string, string>; devDependencies?: Record<string, string> };
const manifest = (path: string) => JSON.parse(readFileSync(join(root, path), "utf8")) as Manifest;
const project = manifest("package.json");

/** A version written exactly: no range, no tag (a pre-release such as miniflare's beta is exact too). */
const EXACT = /^\d+\.\d+\.\d+(-[0-9A-Za-z.-]+)?$/;

/** The package an import names: `preact/hooks` is preact's, `@hono/zod-openapi/x` @hono/zod-openapi's. */
const packageOf = (specifier: string) =>
  specifier
    .split("/")
    .slice(0, specifier.startsWith("@") ? 2 : 1)
    .join("/");

describe("the packages", () => {
  it("are pinned exactly", () => {
    const loose = ["package.json", "scripts/api-types/package.json"].flatMap((path) => {
      const { dependencies = {}, devDependencies = {} } = manifest(path);
      return Object.entries({ ...dependencies, ...devDependencies })
        .filter(([, version]) => !EXACT.test(version))
        .map(([name, version]) => `${path}: ${name} ${version}`);
    });
    expect(loose).toEqual([]);
  });

  it("that the Worker or the web client runs are dependencies, not tools", () => {
    const runs = new Set(
      [...graphOf([...sources("src"), ...sources("web/src")]).values()]
        .flat()
        // What runs: not a type, not the repository's own modules, not the platform's (node:, cloudflare:).
        .filter((edge) => !edge.typeOnly && !/^(src|web)\//.test(edge.to) && !/^(node|cloudflare):/.test(edge.to))
        .map((edge) => packageOf(edge.to)),
    );
    expect([...runs].filter((name) => !(name in (project.dependencies ?? {}))).sort()).toEqual([]);
    expect(runs.size).toBeGreaterThan(5);
  });
});
