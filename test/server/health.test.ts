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
    expect(await response.json()).toEqual({ ok: true, engine: ENGINE_VERSION });
  });

  it("answers an unknown /api route with a 404 JSON error", async () => {
    const response = await exports.default.fetch("http://burraco.test/api/no-such-route");
    expect(response.status).toBe(404);
    const body = (await response.json()) as { error: { code: string; message: string } };
    expect(body.error.code).toBe("NOT_FOUND");
    expect(typeof body.error.message).toBe("string");
  });

  it("runs against a D1 database with the migrations applied", async () => {
    const row = await env.DB.prepare("SELECT value FROM meta WHERE key = ?").bind("schema_version").first<{ value: string }>();
    expect(row?.value).toBe("2");
  });
});
