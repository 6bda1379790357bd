import { describe, expect, it } from "vitest";
import { call } from "./helpers";

describe("OpenAPI", () => {
  it("describes every route the Worker serves, as OpenAPI 3.1", async () => {
    const answer = await call("/api/openapi.json");
    expect(answer.status).toBe(200);
    const doc = answer.body;
    expect(doc.openapi).toBe("3.1.0");
    expect(Object.keys(doc.paths).sort()).toEqual([
      "/api/games",
      "/api/games/{id}",
      "/api/games/{id}/claim",
      "/api/games/{id}/events",
      "/api/games/{id}/moves",
      "/api/games/{id}/record",
      "/api/games/{id}/ws",
      "/api/me/games",
    ]);
    // Every $ref resolves.
    const refs = [...answer.text.matchAll(/"\$ref":"#\/components\/schemas\/(\w+)"/g)].map((m) => m[1]!);
    for (const name of refs) expect(doc.components.schemas).toHaveProperty(name);
  });
});
