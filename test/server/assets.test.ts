import { describe, expect, it } from "vitest";
import { call } from "./helpers";

/** The web client's files (web/dist, built before the tests): hashed names cached for good, the rest revalidated. */

describe("the web client's files", () => {
  it("serves hashed files immutable and the page, the service worker and a missing hashed file otherwise", async () => {
    const manifest = await call<{ main: string; boot: string; style: string; preload: string[] }>("/asset-manifest.json");
    expect(manifest.status).toBe(200);
    const { main, boot, style, preload } = manifest.body;
    for (const name of [main, boot, style, ...preload]) {
      expect(name).toMatch(/^assets\/[\w-]+-[A-Z0-9]{8}\.(js|css)$/);
      const file = await call(`/${name}`);
      expect(file.status, name).toBe(200);
      expect(file.headers.get("Cache-Control")).toBe("public, max-age=31536000, immutable");
      expect(file.headers.get("Content-Type")).not.toContain("text/html");
    }
    // The page names them, and preloads the chunks the app imports at once.
    const page = await call("/");
    expect(page.text).toContain(`src="/${main}"`);
    expect(page.text).toContain(`src="/${boot}"`);
    expect(page.text).toContain(`href="/${style}"`);
    for (const name of preload) expect(page.text).toContain(`<link rel="modulepreload" href="/${name}" />`);
    expect(page.headers.get("Cache-Control") ?? "").not.toContain("immutable");
    const worker = await call("/sw.js");
    expect(worker.status).toBe(200);
    expect(worker.headers.get("Cache-Control") ?? "").not.toContain("immutable");
    // A hashed name that does not exist is not the page cached for a year.
    const missing = await call("/assets/main-NOTTHERE.js");
    expect(missing.status).toBe(404);
    expect(missing.headers.get("Cache-Control") ?? "").not.toContain("immutable");
  });
});
