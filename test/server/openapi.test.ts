import { Validator } from "@cfworker/json-schema";
import { describe, expect, it } from "vitest";
import { app } from "../../src/server/app";
import { documentDigest } from "../../src/server/routes/openapi";
import { OPENAPI_DIGEST } from "../../web/src/api-paths";
import { call } from "./helpers";

type Json = null | boolean | number | string | Json[] | { [key: string]: Json };

/** Every object in the document holding an `example`, with where it is. */
function examples(node: Json, path: string, out: { path: string; holder: Record<string, Json> }[] = []) {
  if (Array.isArray(node)) for (const [i, n] of node.entries()) examples(n, `${path}[${i}]`, out);
  else if (node && typeof node === "object") {
    if ("example" in node) out.push({ path, holder: node });
    for (const [k, v] of Object.entries(node)) examples(v, `${path}.${k}`, out);
  }
  return out;
}

describe("OpenAPI", () => {
  it("is generated from the routes: every API route the Worker serves is documented, with every $ref resolving", async () => {
    const answer = await call("/api/openapi.json");
    expect(answer.status).toBe(200);
    const doc = answer.body;
    expect(doc.openapi).toBe("3.1.0");
    const documented = Object.entries(doc.paths as Record<string, Record<string, unknown>>)
      .flatMap(([path, ops]) => Object.keys(ops).map((method) => `${method.toUpperCase()} ${path.replace(/\{(\w+)\}/g, ":$1")}`))
      .sort();
    const served = app.routes
      .filter((r) => r.method !== "ALL" && r.path.startsWith("/api/") && r.path !== "/api/openapi.json")
      .map((r) => `${r.method} ${r.path.replace(/\/$/, "")}`)
      .sort();
    expect(documented).toEqual([...new Set(served)]);
    expect(documented).toContain("POST /api/games/:id/moves");
    expect(documented.filter((route) => route.includes("/api/dev/"))).toEqual([]);
    for (const name of answer.text.matchAll(/"\$ref":"#\/components\/schemas\/([\w-]+)"/g)) {
      expect(doc.components.schemas).toHaveProperty(name[1]!);
    }
  });

  it("holds examples that validate against the schemas they illustrate", async () => {
    const doc = (await call("/api/openapi.json")).body as { components: Json } & Record<string, Json>;
    const found = examples(doc, "$");
    expect(found.length).toBeGreaterThan(5);
    for (const { path, holder } of found) {
      const { example, ...schema } = holder;
      // A parameter or media type carries its example beside its schema; a schema carries it on itself.
      const target = (schema.schema as Record<string, Json> | undefined) ?? schema;
      const validator = new Validator({ ...target, components: doc.components } as never, "2020-12", false);
      const result = validator.validate(example);
      expect(result.valid, `${path}: ${JSON.stringify(result.errors.slice(0, 3))}`).toBe(true);
    }
  });

  it("is the document the web client's types were generated from (web/src/api-paths.ts: run `npm run api:types`)", async () => {
    const doc = (await call("/api/openapi.json")).body as { servers: unknown };
    expect(await documentDigest(doc)).toBe(OPENAPI_DIGEST);
  });
});
