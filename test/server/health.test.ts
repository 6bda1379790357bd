import { env, exports } from "cloudflare:workers";
import { describe, expect, it } from "vitest";
import { ENGINE_VERSION } from "../../src/engine/version";

describe("worker", () => {
  it("runs inside the Workers runtime", () => {
    expect(navigator.userAgent).toBe("Cloudflare-Workers");
  });

  it("answers /api/health with the engine version", async () => {
    const response = await exports.default.fetch("http://burraco.test/api/health");
    expect(response.status).toBe(200);
    expect(response.headers.get("content-type")).toMatch(/application\/json/);
    const newest = (env as unknown as { TEST_MIGRATIONS: { name: string }[] }).TEST_MIGRATIONS.map((m) => m.name)
      .sort()
      .at(-1)!;
    expect(await response.json()).toEqual({ ok: true, engine: ENGINE_VERSION, schema: newest.replace(/\.sql$/, "") });
  });

  it("answers an unknown /api route with a 404 JSON error", async () => {
    const response = await exports.default.fetch("http://burraco.test/api/no-such-route");
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("NOT_FOUND");
    expect(typeof body.error.message).toBe("string");
  });

  it("runs against a D1 database with the migrations applied", async () => {
    const tables = await env.DB.prepare("SELECT name FROM sqlite_master WHERE type = 'table' AND name = 'games'").all();
    expect(tables.results).toHaveLength(1);
  });
});
