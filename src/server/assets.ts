import type { Context } from "hono";
import type { AppEnv } from "./env";

/**
 * The web client's files. Those under /assets/ are named by a hash of their
 * contents (scripts/build-web.mjs), so a name never changes its contents:
 * they are cached for a year without ever being checked again (the same
 * rule as web/dist/_headers, which Cloudflare applies only to assets it
 * serves without the Worker, and this Worker runs first). Everything else
 * (the page, the service worker, the manifest and icons) keeps the
 * platform's `max-age=0, must-revalidate`. A missing hashed file is a 404,
 * never the single-page app's page cached for a year under its name.
 */
export const IMMUTABLE = "public, max-age=31536000, immutable";

export async function serveAsset(c: Context<AppEnv>): Promise<Response> {
  const answer = await c.env.ASSETS.fetch(c.req.raw);
  if (!c.req.path.startsWith("/assets/")) return answer;
  if (!answer.ok || (answer.headers.get("Content-Type") ?? "").includes("text/html")) {
    if (answer.status === 304) return answer;
    return new Response("Not found", { status: 404, headers: { "Content-Type": "text/plain; charset=utf-8" } });
  }
  const cached = new Response(answer.body, answer);
  cached.headers.set("Cache-Control", IMMUTABLE);
  return cached;
}
