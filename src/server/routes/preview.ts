import { createRoute, type OpenAPIHono } from "@hono/zod-openapi";
import { LANGUAGES, languageOf } from "../../shared/language";
import { z } from "../../shared/wire/z";
import type { AppEnv } from "../env";
import { fail } from "../reply";
import { previewSvg } from "../unfurl/image";
import { publicSnapshot } from "../unfurl/public";
import { summarize } from "../unfurl/summary";
import { errors, serve } from "./define";

/**
 * The picture a game's link unfurls with (`og:image`): the public table as
 * a 1200 × 630 PNG. Its address carries the game's version, so each
 * version's picture may be kept by caches; it is drawn once per version
 * and language, by the renderer Worker (src/preview, through the PREVIEW
 * service binding), and kept in this Worker's cache under the version the
 * game had (whatever `v` the address says).
 */
export function servePreview(gamesApi: OpenAPIHono<AppEnv>): void {
  serve(
    gamesApi,
    createRoute({
      method: "get",
      path: "/{id}/preview.png",
      tags: ["games"],
      summary: "The game's picture for link previews",
      description:
        "A 1200 × 630 PNG of the public table: the players, their scores against the target, whose turn, the top of the discard pile and the melds. Never a hand, the stock or a pozzetto. `lang` (en or it) chooses the words; the page's `og:image` adds the game's version (`v`) so that caches keep one picture per version.",
      request: {
        params: z.object({ id: z.string().openapi({ param: { name: "id", in: "path" }, description: "The game's id." }) }),
        query: z.object({
          v: z
            .string()
            .optional()
            .openapi({ description: "The game's version (for caches; the picture always shows the game as it stands)." }),
          lang: z.enum(LANGUAGES).optional().openapi({ description: "The words' language; by default from Accept-Language." }),
        }),
      },
      responses: {
        200: { description: "The picture.", content: { "image/png": { schema: z.string().openapi({ format: "binary" }) } } },
        ...errors(400, 401, 403, 404, 429),
      },
    }),
    async (c) => {
      const { id } = c.get("game");
      const snap = await publicSnapshot(c, id);
      if (!snap) return fail(404, "GAME_NOT_FOUND", "No game with that id.");
      const query = c.req.valid("query");
      const lang = query.lang ?? languageOf(c.req.header("Accept-Language"));
      const cache = typeof caches === "undefined" ? null : await caches.open("previews");
      const key = new Request(`${new URL(c.req.url).origin}/api/games/${id}/preview.png?version=${snap.version}&lang=${lang}`);
      const kept = await cache?.match(key);
      if (kept) return withCaching(kept, query.v !== undefined);
      const drawn = await c.env.PREVIEW.fetch("https://preview.internal/", {
        method: "POST",
        body: previewSvg(snap, summarize(snap, lang)),
      });
      if (!drawn.ok) throw new Error(`the preview renderer answered ${drawn.status}`);
      const png = await drawn.arrayBuffer();
      // Kept a day whatever the address: the key names the version, whose picture never changes.
      const keep = new Response(png, { headers: { "Content-Type": "image/png", "Cache-Control": "public, max-age=86400" } });
      if (cache) c.executionCtx.waitUntil(cache.put(key, keep));
      return withCaching(new Response(png, { headers: { "Content-Type": "image/png" } }), query.v !== undefined);
    },
  );
}

/** A kept picture, with the caching its address allows (one with `v` names a version, so it never changes). */
function withCaching(kept: Response, versioned: boolean): Response {
  const answer = new Response(kept.body, { headers: { "Content-Type": "image/png" } });
  answer.headers.set("Cache-Control", versioned ? "public, max-age=86400" : "public, max-age=60");
  return answer;
}
